// Every admin and public route at 1366×900 and 390×844: nothing wider than the viewport
// (outside a box that scrolls on purpose), no visible button outside it, no console errors.
// The browser is in New York at 1366 px and in Tokyo at 390 px (the demo store is in New York),
// so the same sweep finds a hydration error (#418/#425) from a date formatted in the browser's
// zone on every screen (issue 35 item 7); time-zones.spec.ts checks the dates a merchant reads.
// At 1366 px also: no card scrolls sideways, and no visible action sits outside its card's
// box (a table column pushed past the card's right edge, reachable only by scrolling it).
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";
import { demoRows, everyAdminScreen } from "./admin-routes";

const PUBLIC = [
  "/",
  "/features",
  "/features/smart-invoicing",
  "/integrations",
  "/pricing",
  "/about",
  "/blog",
  "/blog/true-net-profit-for-shopify-stores",
  "/careers",
  "/contact",
  "/security",
  "/gdpr",
  "/privacy-policy",
  "/terms",
];

type Offender = { what: string; left: number; right: number };

/**
 * Elements wider than the viewport and visible buttons outside it, ignoring what a scrolling
 * box clips; with `cards`, also cards that scroll sideways and actions outside their card.
 */
async function offenders(page: Page, cards: boolean): Promise<Offender[]> {
  return page.evaluate((cards) => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const out: { what: string; left: number; right: number }[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push({ what: "document scrolls sideways", left: 0, right: document.documentElement.scrollWidth });
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Polaris's Layout reaches past the page's padding on purpose (its sections pad back in).
      if (el.matches(".Polaris-Layout")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.position === "fixed") continue;
      const isButton = el.matches("button, [role=button], a.Polaris-Button, input[type=submit]");
      const tooWide = r.width > width + 1 && !clipped(el);
      const outside = isButton && (r.right > width + 1 || r.left < -1) && !clipped(el);
      if (tooWide || outside) out.push({ what: describe(el), left: Math.round(r.left), right: Math.round(r.right) });
    }
    if (cards) out.push(...cardOffenders(describe));
    return out.slice(0, 10);

    /** Cards (Polaris's ShadowBevel) with a box inside that scrolls sideways, and actions outside a card's box. */
    function cardOffenders(name: (el: Element) => string) {
      const found: { what: string; left: number; right: number }[] = [];
      const CARD = ".Polaris-ShadowBevel, .Polaris-LegacyCard";
      for (const card of document.querySelectorAll(CARD)) {
        const box = card.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        for (const el of [card, ...card.querySelectorAll("*")]) {
          if (el !== card && el.closest(CARD) !== card) continue; // a card inside: checked on its own
          const style = getComputedStyle(el);
          if ((style.overflowX === "auto" || style.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1)
            found.push({ what: `${name(el)} scrolls sideways in a card`, left: 0, right: el.scrollWidth });
        }
        const actions = card.querySelectorAll("button, [role=button], a[href], input[type=submit]");
        for (const a of actions) {
          if (a.closest(CARD) !== card) continue;
          const r = a.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || getComputedStyle(a).visibility === "hidden") continue;
          // Hidden by a collapsed ancestor (height 0, overflow hidden): not visible, not an offender.
          let collapsed = false;
          for (let p = a.parentElement; p && p !== card; p = p.parentElement) {
            const q = p.getBoundingClientRect();
            if (getComputedStyle(p).overflowY !== "visible" && (r.bottom <= q.top || r.top >= q.bottom))
              collapsed = true;
          }
          if (!collapsed && (r.right > box.right + 1 || r.left < box.left - 1))
            found.push({ what: `${name(a)} outside its card`, left: Math.round(r.left), right: Math.round(r.right) });
        }
      }
      return found;
    }
  }, cards);
}

for (const { viewport, timezoneId } of [
  { viewport: { width: 1366, height: 900 }, timezoneId: "America/New_York" },
  { viewport: { width: 390, height: 844 }, timezoneId: "Asia/Tokyo" },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, timezoneId });

    for (const area of ["admin", "public"] as const) {
      test(`every ${area} route fits and logs no errors`, async ({ page }) => {
        test.setTimeout(180_000);
        const all = area === "admin" ? everyAdminScreen() : [...PUBLIC, `/i/${demoRows().token}`];
        const errors: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
        });
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        const problems: Record<string, Offender[]> = {};
        for (const path of all) {
          const response = await page.goto(path, { waitUntil: "networkidle" });
          expect(response?.status(), path).toBeLessThan(400);
          const found = await offenders(page, viewport.width >= 1366);
          if (found.length) problems[path] = found;
        }
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
        expect(problems).toEqual({});
        expect(errors).toEqual([]);
      });
    }
  });
}
