// Every admin and public route at 1366×900 and 390×844: nothing wider than the viewport
// (outside a box that scrolls on purpose), no visible button outside it, no console errors.
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";

function demoRows() {
  const db = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""), { readonly: true });
  try {
    const invoice = db
      .prepare(`SELECT "id", "publicToken" AS token FROM "Invoice" WHERE "status" = 'sent' ORDER BY "sequence" LIMIT 1`)
      .get() as { id: string; token: string };
    return { invoiceId: invoice.id, token: invoice.token };
  } finally {
    db.close();
  }
}

const ADMIN = [
  "/dashboard",
  "/dashboard?days=365",
  "/analytics",
  "/analytics?timeframe=1y&comparison=yearAgo",
  "/analytics/glossary",
  "/customers",
  "/customers?segment=vip&sort=orders",
  "/customers/new",
  "/customers/rules",
  "/inventory",
  "/inventory?status=low",
  "/inventory/new",
  "/inventory/settings",
  "/inventory/suppliers",
  "/inventory/purchase-orders",
  "/loyalty",
  "/loyalty?tab=tiers",
  "/loyalty?tab=campaigns",
  "/loyalty?tab=analytics",
  "/costs",
  "/costs?days=365&line=cogs",
  "/app/invoices",
  "/app/invoices/new",
  "/app/invoices/settings",
  "/app/outbox",
  "/settings?tab=plan",
  "/settings?tab=integrations",
  "/settings?tab=data",
  "/settings?tab=general",
  "/settings?tab=team",
  "/settings?tab=audit",
  "/settings?tab=performance",
];

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

/** Elements wider than the viewport and visible buttons outside it, ignoring what a scrolling box clips. */
async function offenders(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
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
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.position === "fixed") continue;
      const isButton = el.matches("button, [role=button], a.Polaris-Button, input[type=submit]");
      const tooWide = r.width > width + 1 && !clipped(el);
      const outside = isButton && (r.right > width + 1 || r.left < -1) && !clipped(el);
      if (tooWide || outside) out.push({ what: describe(el), left: Math.round(r.left), right: Math.round(r.right) });
    }
    return out.slice(0, 10);
  });
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [area, paths] of [
      ["admin", ADMIN],
      ["public", PUBLIC],
    ] as const) {
      test(`every ${area} route fits and logs no errors`, async ({ page }) => {
        test.setTimeout(180_000);
        const { invoiceId, token } = demoRows();
        const all = area === "admin" ? [...paths, `/app/invoices/${invoiceId}`] : [...paths, `/i/${token}`];
        const errors: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
        });
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        const problems: Record<string, Offender[]> = {};
        for (const path of all) {
          const response = await page.goto(path, { waitUntil: "networkidle" });
          expect(response?.status(), path).toBeLessThan(400);
          const found = await offenders(page);
          if (found.length) problems[path] = found;
        }
        expect(problems).toEqual({});
        expect(errors).toEqual([]);
      });
    }
  });
}
