// The admin shell (docs/product/admin-shell.md): the header search, the bell, the
// sidebar's icons, the back arrow, heading order and named buttons on every admin page.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });
const results = (page: Page) => page.locator(".Polaris-TopBar-Search");

/** The admin pages a merchant can open (each dialog route over its list too). */
const ADMIN_PAGES = [
  "/dashboard",
  "/inventory",
  "/inventory/purchase-orders",
  "/inventory/suppliers",
  "/inventory/new",
  "/inventory/settings",
  "/costs",
  "/app/invoices",
  "/app/invoices/new",
  "/app/invoices/settings",
  "/app/outbox",
  "/settings?tab=general",
  "/settings?tab=plan",
  "/settings?tab=integrations",
  "/settings?tab=data",
];

test.describe("header search", () => {
  test('"revenue" finds the dashboard, and the keyboard opens it', async ({ page }) => {
    await page.goto("/costs");
    await searchBox(page).fill("revenue");
    const dashboard = results(page).getByRole("menuitem", { name: "Dashboard" });
    await expect(dashboard).toBeVisible();
    await expect(results(page).getByText("Screens")).toBeVisible();
    await searchBox(page).press("ArrowDown");
    await expect(dashboard).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Analytics Dashboard" })).toBeVisible();
    await expect(searchBox(page)).toHaveValue("");
  });

  test("an invoice number finds the invoice; arrows, Enter and Escape work", async ({ page }) => {
    await page.goto("/dashboard");
    await searchBox(page).fill("inv-0007");
    const invoice = results(page).getByRole("menuitem", { name: /^INV-0007 · / });
    await expect(invoice).toBeVisible();
    await expect(results(page).getByText("Invoices", { exact: true })).toBeVisible();
    // Escape closes the list (and empties the field); typing again reopens it.
    await searchBox(page).press("Escape");
    await expect(invoice).toBeHidden();
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue("");
    await searchBox(page).pressSequentially("INV-0007");
    await expect(invoice).toBeVisible();
    // Tab moves into the results; Escape there closes them and returns to the field, text kept.
    await searchBox(page).press("Tab");
    await expect(invoice).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(invoice).toBeHidden();
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue("INV-0007");
    // ArrowDown reopens the list, and moves into it.
    await page.keyboard.press("ArrowDown");
    await expect(invoice).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(invoice).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/invoices\/[^/]+$/);
    await expect(page.getByRole("dialog")).toContainText("INV-0007");
  });

  test("products, customers and nothing-found", async ({ page }) => {
    await page.goto("/dashboard");
    const found = await (await page.request.get("/api/search?q=a")).json();
    const product = found.products[0];
    const customer = found.customers[0];
    expect(product && customer).toBeTruthy();
    await searchBox(page).fill(product.title);
    await expect(
      results(page)
        .getByRole("menuitem", { name: new RegExp(product.title) })
        .first(),
    ).toHaveAttribute("href", "/costs");
    await searchBox(page).fill(customer.title);
    await expect(results(page).getByText("Customers", { exact: true })).toBeVisible();
    await searchBox(page).fill("zzqqxx no such thing");
    await expect(results(page).getByText("Nothing found for “zzqqxx no such thing”")).toBeVisible();
    expect((await page.request.get(`/api/search?q=${"x".repeat(101)}`)).status()).toBe(400);
  });
});

test("bell: named for assistive tech, and each item opens the screen that resolves it", async ({ page }) => {
  await page.goto("/dashboard");
  const bell = page.getByRole("button", { name: /^Notifications, \d+ items? needs? attention$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const items = page.getByRole("menuitem");
  // A click before hydration opens the menu once the page is hydrated (decision 085): wait for it.
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++)
    await expect(items.nth(i)).toHaveAttribute(
      "href",
      /^\/(costs|app\/invoices|settings|dashboard|inventory|insights|ai-insights)/,
    );
  await page.getByRole("menuitem", { name: /variants sold in the last 30 days ha(s|ve) no cost/ }).click();
  await expect(page).toHaveURL(/\/costs\?days=30$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cost Management" })).toBeVisible();
});

test("every sidebar entry has an icon and reads like the others", async ({ page }) => {
  await page.goto("/settings");
  const nav = page.locator("nav");
  const links = nav.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(5);
  for (const link of await links.all()) await expect(link.locator("svg")).toHaveCount(1);
  const fontSize = (name: string) => nav.getByRole("link", { name }).evaluate((el) => getComputedStyle(el).fontSize);
  expect(await fontSize("Settings")).toBe(await fontSize("Dashboard"));
});

test.describe("back arrow", () => {
  test("after a full page load it goes to the dashboard, not out of the app", async ({ page }) => {
    await page.goto("/");
    await page.goto("/costs");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("inside the app it goes back, even after a reload", async ({ page }) => {
    // Wait for hydration each time: a link clicked before it is a full page load, not an in-app one.
    // The network going quiet is not enough on a loaded machine: hydration is done when the root
    // layout has replayed the early input and removed `window.ppEarly` (lib/early-input.ts).
    await page.goto("/costs", { waitUntil: "networkidle" });
    await page.waitForFunction(() => !("ppEarly" in window));
    await page.locator("nav").getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // The entry is remembered in an effect after the navigation commits; a reload in the same
    // instant (only a test is that fast) would come before it.
    await page.waitForFunction(() =>
      (sessionStorage.getItem("pp.admin-history") ?? "").includes(`"${(history.state as { key?: string })?.key}"`),
    );
    await page.reload({ waitUntil: "networkidle" });
    await page.waitForFunction(() => !("ppEarly" in window));
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/costs$/);
  });
});

/** Levels of the visible headings in document order (h1–h6 and role="heading"). */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1,h2,h3,h4,h5,h6,[role=heading]")]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest("[aria-hidden=true]"))
      .map((el) => ({
        level: Number(el.getAttribute("aria-level") ?? el.tagName.slice(1)),
        text: (el.textContent ?? "").trim().slice(0, 40),
      })),
  );

/** Visible buttons and links with no accessible name (no text, aria-label, labelledby or title). */
const unnamedControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, a[href], [role=button], [role=menuitem]")]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest("[aria-hidden=true]"))
      .filter((el) => {
        const labelledBy = el.getAttribute("aria-labelledby");
        const named =
          (el.innerText ?? "").trim() ||
          el.getAttribute("aria-label")?.trim() ||
          el.getAttribute("title")?.trim() ||
          (labelledBy && document.getElementById(labelledBy)?.textContent?.trim()) ||
          el.querySelector("img[alt]:not([alt=''])");
        return !named;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );

/** What breaks the heading outline: not starting at the one h1, or skipping a level. */
async function outlineProblems(page: Page, url: string): Promise<string[]> {
  const levels = await headingLevels(page);
  const problems: string[] = [];
  if (levels.filter((h) => h.level === 1).length !== 1)
    problems.push(`${url}: ${levels.filter((h) => h.level === 1).length} h1`);
  if (levels[0]?.level !== 1) problems.push(`${url}: starts with h${levels[0]?.level} "${levels[0]?.text}"`);
  for (let i = 1; i < levels.length; i++)
    if (levels[i].level > levels[i - 1].level + 1)
      problems.push(
        `${url}: h${levels[i].level} "${levels[i].text}" after h${levels[i - 1].level} "${levels[i - 1].text}"`,
      );
  return problems;
}

for (const width of [1366, 390]) {
  test(`headings in order and every button named on each admin page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    const problems: string[] = [];
    for (const url of ADMIN_PAGES) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      problems.push(...(await outlineProblems(page, url)));
      problems.push(...(await unnamedControls(page)).map((html) => `${url}: unnamed ${html}`));
    }
    expect(problems).toEqual([]);
  });
}
