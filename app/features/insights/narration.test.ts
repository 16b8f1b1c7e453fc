// The narration check on hand-written cases: every number a language model writes must be one the
// app computed, written as computed; anything else keeps the template text.
import { describe, expect, it } from "vitest";
import { allowedNumbers, checkNarration, narrationPrompt, numbersIn, type NarrationSource } from "./narration";

const source: NarrationSource = {
  title: "Revenue fell 38.2% on Tuesday",
  description: "Revenue on 2026-11-24 was $1,234.56 against an expected $1,998.00 (±3.5 robust σ over 56 days).",
  facts: { observedMinor: 123456, expectedMinor: 199800, drop: 0.382, days: 56, day: "2026-11-24" },
};

describe("numbersIn", () => {
  it("reads grouped, decimal and plain numbers, and leaves punctuation out", () => {
    expect(numbersIn("$1,234.56, then 12.5% of 3 orders.")).toEqual([1234.56, 12.5, 3]);
    expect(numbersIn("no figures here")).toEqual([]);
    expect(numbersIn("on 2026-11-24")).toEqual([2026, 11, 24]);
  });
});

describe("checkNarration", () => {
  it("accepts a rewording that uses only the computed numbers, exactly as written", () => {
    const text = "Tuesday's revenue, $1,234.56, was 38.2% under the $1,998.00 expected from the last 56 days.";
    expect(checkNarration(text, source)).toEqual({ ok: true, text });
  });

  it("accepts the facts' own values and dates", () => {
    expect(checkNarration("Sales dropped on 2026-11-24, 56 days into the baseline.", source).ok).toBe(true);
  });

  it("refuses a rounded or invented number, and names it", () => {
    expect(checkNarration("Revenue was about $1,235, down 38%.", source)).toEqual({
      ok: false,
      reason: "numbers",
      stray: [1235, 38],
    });
    expect(checkNarration("You lost $764 this week.", source)).toMatchObject({ ok: false, stray: [764] });
  });

  it("refuses an empty or overlong answer and tidies white space", () => {
    expect(checkNarration("  \n ", source)).toMatchObject({ ok: false, reason: "empty" });
    expect(checkNarration("word ".repeat(200), source)).toMatchObject({ ok: false, reason: "too-long" });
    expect(checkNarration("Revenue\n fell   38.2%.", source)).toEqual({ ok: true, text: "Revenue fell 38.2%." });
  });

  it("allows nothing beyond the title, the text and the facts", () => {
    expect([...allowedNumbers(source)].sort((a, b) => a - b)).toEqual(
      [0.382, 3.5, 11, 24, 38.2, 56, 1234.56, 1998, 2026, 123456, 199800].sort((a, b) => a - b),
    );
  });
});

describe("narrationPrompt", () => {
  it("gives the model the title, the computed text and the facts", () => {
    const prompt = narrationPrompt(source);
    expect(prompt).toContain(source.title);
    expect(prompt).toContain(source.description);
    expect(prompt).toContain('"observedMinor":123456');
  });
});
