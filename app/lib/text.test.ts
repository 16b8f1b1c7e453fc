import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStorableText, unstorableText } from "~/lib/text";

describe("storable text", () => {
  it("refuses NUL and unpaired surrogates, accepts every well-formed text", () => {
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("x\uD800")).toBe(false);
    expect(isStorableText("\uDFFFy")).toBe(false);
    expect(isStorableText("𝒳😀 café")).toBe(true);
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => isStorableText(s.replaceAll("\u0000", ""))));
  });

  it("names the path of each bad string, keys included", () => {
    expect(
      unstorableText({ customer: { name: "ok", email: "a\u0000" }, items: [{ title: "\uD800" }], ["k\uDC00"]: 1 }),
    ).toEqual({
      "customer.email": [expect.any(String)],
      "items.0.title": [expect.any(String)],
      "?": [expect.any(String)],
    });
    expect(unstorableText({ a: ["fine", 1, null, { b: true }] })).toEqual({});
  });
});
