// What the user did on an admin page before it was hydrated, kept by the page's boot script
// (lib/boot-after-paint.ts) and done again once React answers (docs/decisions/085-scripts-after-first-paint.md).

/** A click on a button, or a field's value (and check) as the user last left it. */
export type EarlyInput = { el: Element; value?: string; checked?: boolean };

declare global {
  interface Window {
    ppEarly?: { open: boolean; items: EarlyInput[]; touched?: boolean; go?: () => void };
  }
}

// The prototype's setters change a field without React's value tracker seeing it, so the event
// that follows reads as a change (what a user's typing or choosing does).
function setNative(
  el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  key: "value" | "checked",
  v: unknown,
) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), key)?.set?.call(el, v);
}

const NOT_TYPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/**
 * Fields whose value (or check) the page holds but React has not seen and no kept event carries:
 * changed before the head's script ran, or restored by the browser. Hydrating, React leaves a
 * field's value as it is and sets its default to its own state, so the two differ. A radio only
 * where it is now the chosen one (its group's others follow). Selects are not read: hydrating,
 * React selects its own option again (a kept change carries the user's).
 */
function unseenFields(kept: EarlyInput[]): EarlyInput[] {
  const keptFields = new Set(kept.filter((item) => item.value !== undefined).map((item) => item.el));
  const unseen: EarlyInput[] = [];
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (keptFields.has(el) || el.disabled) continue;
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      const changed = el.type === "radio" ? el.checked && !el.defaultChecked : el.checked !== el.defaultChecked;
      if (changed) unseen.push({ el, value: el.value, checked: el.checked });
    } else if (!(el instanceof HTMLInputElement && NOT_TYPED.has(el.type)) && el.value !== el.defaultValue) {
      unseen.push({ el, value: el.value });
    }
  }
  return unseen;
}

// A field's replayed event queues React's state update; it renders after the current task.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Replays the kept input once, in order, after the fields changed without a kept event: each
 * button's click, each field's last value. Before a click that follows a field, React renders what
 * the fields set, so the button's handler reads the values the user typed (a Save that validates
 * the form sees the form as it was left).
 */
export async function replayEarlyInput(): Promise<void> {
  const kept = window.ppEarly;
  if (!kept) return;
  // From here on React answers events itself (the boot script kept them until now, hydration
  // included: a click React answered during hydration would run before the values kept ahead of it).
  kept.open = false;
  delete window.ppEarly;
  const items = [...unseenFields(kept.items), ...kept.items];
  const lastOfField = new Map<Element, EarlyInput>();
  for (const item of items) if (item.value !== undefined) lastOfField.set(item.el, item);
  let fieldsSet = false;
  for (const item of items) {
    const { el } = item;
    if (item.value === undefined) {
      if (fieldsSet) await nextTask();
      fieldsSet = false;
      if (el.isConnected && el instanceof HTMLElement) el.click();
    } else if (el.isConnected && lastOfField.get(el) === item) {
      fieldsSet = true;
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        // React's state is still the server's; a click from the other state brings it to the user's.
        if (item.checked === undefined) continue;
        el.checked = !item.checked;
        el.click();
      } else if (el instanceof HTMLSelectElement) {
        el.value = item.value;
        el.dispatchEvent(new Event("change", { bubbles: true }));
      } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        // A file input's value cannot be set by a script: the user picks the file again.
        if (el.type === "file") continue;
        el.value = item.value === "" ? " " : "";
        setNative(el, "value", item.value);
        el.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
  }
}
