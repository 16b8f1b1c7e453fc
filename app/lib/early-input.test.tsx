// @vitest-environment jsdom
// Input on an admin page before hydration: kept by the boot script the server puts in the page,
// replayed once React has hydrated, so React's state ends as the user left the page.
import { act, useState } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { BOOT_SCRIPT, EARLY_SCRIPT } from "./boot-after-paint";
import { replayEarlyInput } from "./early-input";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A Save whose handler checks the form's state, as Add Customer's does. */
function SaveForm() {
  const [email, setEmail] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <div>
      <input aria-label="E-mail" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="button" onClick={() => setSaved(email.includes("@") ? email : "invalid")}>
        Save
      </button>
      <output>{JSON.stringify({ saved })}</output>
    </div>
  );
}

function Form() {
  const [query, setQuery] = useState("");
  const [days, setDays] = useState("30");
  const [vip, setVip] = useState(false);
  const [opened, setOpened] = useState(0);
  return (
    <div>
      <input aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <select aria-label="Timeframe" value={days} onChange={(e) => setDays(e.target.value)}>
        <option value="30">30</option>
        <option value="90">90</option>
      </select>
      <input type="checkbox" aria-label="VIP" checked={vip} onChange={(e) => setVip(e.target.checked)} />
      <button type="button" onClick={() => setOpened((n) => n + 1)}>
        <span>Menu</span>
      </button>
      <output>{JSON.stringify({ query, days, vip, opened })}</output>
    </div>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  delete window.ppEarly;
});

/** The head's script, the server's markup, then the body's script (jsdom does not paint: it restores at once). */
function serverPage(page = <Form />, beforeScripts?: (app: HTMLElement) => void) {
  document.body.innerHTML = `<div id="app">${renderToString(page)}</div><template></template>`;
  beforeScripts?.(document.getElementById("app")!);
  new Function(EARLY_SCRIPT)();
  // The script reads the template before it and removes itself; run it as the page would.
  const script = document.createElement("script");
  document.body.append(script);
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  new Function(BOOT_SCRIPT)();
  return document.getElementById("app")!;
}

const state = (app: HTMLElement) => JSON.parse(app.querySelector("output")!.textContent!);

describe("input before hydration", () => {
  it("is replayed once hydrated: typed text, a choice, a check and a button's click", async () => {
    const app = serverPage();
    const search = app.querySelector<HTMLInputElement>("input[aria-label=Search]")!;
    const timeframe = app.querySelector("select")!;
    const vip = app.querySelector<HTMLInputElement>("input[type=checkbox]")!;
    search.value = "inv-0007";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    timeframe.value = "90";
    timeframe.dispatchEvent(new Event("change", { bubbles: true }));
    vip.click();
    app.querySelector("span")!.click();

    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    expect(state(app)).toEqual({ query: "", days: "30", vip: false, opened: 0 });
    await act(() => replayEarlyInput());
    expect(state(app)).toEqual({ query: "inv-0007", days: "90", vip: true, opened: 1 });
    expect(search.value).toBe("inv-0007");
    expect(vip.checked).toBe(true);
  });

  it("leaves a file input to the user (a script cannot set its value) and replays the rest", async () => {
    const app = serverPage();
    const file = document.createElement("input");
    file.type = "file";
    document.body.append(file);
    window.ppEarly!.items.push({ el: file, value: "C:\\fakepath\\costs.csv" });
    app.querySelector("span")!.click();
    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    await expect(act(() => replayEarlyInput())).resolves.not.toThrow();
    expect(state(app).opened).toBe(1);
  });

  it("is kept until replayed, hydration included, then answered by React; never twice", async () => {
    const app = serverPage();
    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    // Hydrated but not yet replayed: the click and a choice are kept, not answered by React.
    act(() => app.querySelector("button")!.click());
    const timeframe = app.querySelector("select")!;
    act(() => {
      timeframe.value = "90";
      timeframe.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(state(app)).toMatchObject({ opened: 0, days: "30" });
    await act(() => replayEarlyInput());
    expect(state(app)).toMatchObject({ opened: 1, days: "90" });
    act(() => app.querySelector("button")!.click());
    await act(() => replayEarlyInput());
    expect(state(app).opened).toBe(2);
  });

  it("lets React render the typed values before a later click, so the click's handler reads them", async () => {
    const app = serverPage(<SaveForm />);
    const email = app.querySelector("input")!;
    email.value = "not-an-email";
    email.dispatchEvent(new Event("input", { bubbles: true }));
    email.value = "quinn@example.com";
    email.dispatchEvent(new Event("input", { bubbles: true }));
    act(() => {
      root = hydrateRoot(app, <SaveForm />);
    });
    // Save pressed while React hydrates: it waits for the typed value.
    app.querySelector("button")!.click();
    await act(() => replayEarlyInput());
    expect(state(app)).toEqual({ saved: "quinn@example.com" });
  });

  it("replays a value typed before the head's script ran, which no kept event carries, before the kept click", async () => {
    // The field was parsed and typed into while the rest of the page was still arriving.
    const app = serverPage(<SaveForm />, (page) => {
      page.querySelector("input")!.value = "quinn@example.com";
    });
    act(() => {
      root = hydrateRoot(app, <SaveForm />);
    });
    app.querySelector("button")!.click();
    await act(() => replayEarlyInput());
    expect(state(app)).toEqual({ saved: "quinn@example.com" });
  });

  it("keeps a click from the head on, before the body's script has run", async () => {
    document.body.innerHTML = `<div id="app">${renderToString(<Form />)}</div>`;
    new Function(EARLY_SCRIPT)();
    const app = document.getElementById("app")!;
    app.querySelector("button")!.click();
    expect(window.ppEarly?.touched).toBe(false);
    app.querySelector("input")!.dispatchEvent(new Event("input", { bubbles: true }));
    expect(window.ppEarly?.touched).toBe(true);
    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    await act(() => replayEarlyInput());
    expect(state(app).opened).toBe(1);
  });

  it("replays a check made before any script ran, and leaves unchanged and hidden fields alone", async () => {
    function Choices() {
      const [vip, setVip] = useState(false);
      const [changes, setChanges] = useState(0);
      const changed = () => setChanges((n) => n + 1);
      return (
        <div>
          <input
            type="checkbox"
            aria-label="VIP"
            checked={vip}
            onChange={(e) => {
              setVip(e.target.checked);
              changed();
            }}
          />
          <input type="hidden" name="token" value="t" />
          <input aria-label="Note" defaultValue="as served" onChange={changed} />
          <output>{JSON.stringify({ vip, changes })}</output>
        </div>
      );
    }
    const app = serverPage(<Choices />, (page) => {
      page.querySelector<HTMLInputElement>("input[type=checkbox]")!.checked = true;
    });
    act(() => {
      root = hydrateRoot(app, <Choices />);
    });
    await act(() => replayEarlyInput());
    expect(state(app)).toEqual({ vip: true, changes: 1 });
  });

  it("holds React's other discrete events until hydrated (answering one, React 18 hydrates synchronously and can fail)", async () => {
    const seen: string[] = [];
    function Pad() {
      return (
        <div
          role="button"
          tabIndex={0}
          onPointerDown={() => seen.push("pointerdown")}
          onMouseDown={() => seen.push("mousedown")}
          onKeyDown={() => seen.push("keydown")}
          onFocus={() => seen.push("focus")}
        >
          Pad
        </div>
      );
    }
    const app = serverPage(<Pad />);
    const pad = app.querySelector<HTMLElement>("[role=button]")!;
    const press = () => {
      pad.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      pad.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
      pad.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "a" }));
      pad.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    };
    act(() => {
      root = hydrateRoot(app, <Pad />);
    });
    press();
    expect(seen).toEqual([]);
    await act(() => replayEarlyInput());
    act(press);
    expect(seen).toEqual(["pointerdown", "mousedown", "keydown", "focus"]);
  });
});
