// @vitest-environment jsdom
// Input on an admin page before hydration: kept by the boot script the server puts in the page,
// replayed once React has hydrated, so React's state ends as the user left the page.
import { act, useState } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { BOOT_SCRIPT } from "./boot-after-paint";
import { replayEarlyInput, stopKeepingEarlyInput } from "./early-input";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

/** The server's markup, then the boot script (its template already restored: jsdom does not paint). */
function serverPage() {
  document.body.innerHTML = `<div id="app">${renderToString(<Form />)}</div><template></template>`;
  // The script reads the template before it and removes itself; run it as the page would.
  const script = document.createElement("script");
  document.body.append(script);
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  new Function(BOOT_SCRIPT)();
  return document.getElementById("app")!;
}

const state = (app: HTMLElement) => JSON.parse(app.querySelector("output")!.textContent!);

describe("input before hydration", () => {
  it("is replayed once hydrated: typed text, a choice, a check and a button's click", () => {
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

    stopKeepingEarlyInput();
    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    expect(state(app)).toEqual({ query: "", days: "30", vip: false, opened: 0 });
    act(() => replayEarlyInput());
    expect(state(app)).toEqual({ query: "inv-0007", days: "90", vip: true, opened: 1 });
    expect(search.value).toBe("inv-0007");
    expect(vip.checked).toBe(true);
  });

  it("leaves a file input to the user (a script cannot set its value) and replays the rest", () => {
    const app = serverPage();
    const file = document.createElement("input");
    file.type = "file";
    document.body.append(file);
    window.ppEarly!.items.push({ el: file, value: "C:\\fakepath\\costs.csv" });
    app.querySelector("span")!.click();
    stopKeepingEarlyInput();
    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    expect(() => act(() => replayEarlyInput())).not.toThrow();
    expect(state(app).opened).toBe(1);
  });

  it("is not kept once hydration has started (React answers it), nor replayed twice", () => {
    const app = serverPage();
    stopKeepingEarlyInput();
    act(() => {
      root = hydrateRoot(app, <Form />);
    });
    act(() => app.querySelector("button")!.click());
    act(() => replayEarlyInput());
    act(() => replayEarlyInput());
    expect(state(app).opened).toBe(1);
  });
});
