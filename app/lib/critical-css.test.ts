import { describe, expect, it } from "vitest";
import { criticalCss, htmlClasses, parseSheet } from "./critical-css";

const SHEET = `@charset "UTF-8";
/* tokens */
:root,.p-theme-light{--p-space-100:0.25rem}
.p-theme-dark{--p-space-100:1rem}
html,body{margin:0}
.Card{padding:var(--p-space-100)}
.Card .Card__Title,.Modal__Title{font-weight:600}
.Modal{position:fixed}
.Button:not(.Button--disabled):hover{color:red}
.Icon[data-x="a.Hidden"]{width:20px}
@media (min-width:48em){.Card{padding:2rem}.Modal{inset:0}}
@media print{.Modal{display:none}}
@keyframes spin{to{transform:rotate(1turn)}}
.Content::after{content:"}{"}
`;

const page = (html: string) => criticalCss(parseSheet(SHEET), htmlClasses(html));

describe("criticalCss", () => {
  const html = `<html class="p-theme-light"><body><div class="Card"><h2 class="Card__Title">T</h2><button class="Button">B</button><span class="Icon"></span></div></body></html>`;
  const css = page(html);

  it("keeps the rules whose every class the page uses, and class-less rules", () => {
    expect(css).toContain(":root,.p-theme-light{--p-space-100:0.25rem}");
    expect(css).toContain("html,body{margin:0}");
    expect(css).toContain(".Card{padding:var(--p-space-100)}");
    // One matching selector keeps the whole rule.
    expect(css).toContain(".Card .Card__Title,.Modal__Title{font-weight:600}");
  });

  it("leaves out rules for markup the page does not have", () => {
    expect(css).not.toContain(".Modal{position:fixed}");
    expect(css).not.toContain(".p-theme-dark{");
    expect(css).not.toContain(".Content::after");
  });

  it("does not require classes inside :not() or attribute values", () => {
    expect(css).toContain(".Button:not(.Button--disabled):hover{color:red}");
    expect(css).toContain('.Icon[data-x="a.Hidden"]{width:20px}');
  });

  it("keeps a media query with only the rules kept inside it, and keyframes whole", () => {
    expect(css).toContain("@media (min-width:48em){.Card{padding:2rem}}");
    expect(css).not.toContain("@media print");
    expect(css).toContain("@keyframes spin{to{transform:rotate(1turn)}}");
    expect(css).not.toContain("@charset");
  });

  it("reads braces inside strings as text", () => {
    expect(page(`<p class="Content"></p>`)).toContain('.Content::after{content:"}{"}');
  });

  it("keeps the rules in the stylesheet's order, so the cascade is the stylesheet's", () => {
    const all = page(`<div class="Card Modal Modal__Title Content Button Icon p-theme-dark"></div>`);
    const order = [
      ".p-theme-dark{",
      ".Card{",
      ".Modal{position",
      "@media (min-width",
      "@media print",
      ".Content::after",
    ];
    const at = order.map((s) => all.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("cannot end the inline style element early", () => {
    const evil = criticalCss(parseSheet('.A::after{content:"</style><script>"}'), new Set(["A"]));
    expect(evil).not.toMatch(/<\/style/i);
  });
});
