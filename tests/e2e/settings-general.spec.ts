// Settings → General (docs/product/settings.md#general): one Save Changes through the
// contextual save bar (the demo runs outside Shopify's admin), disabled until something
// changed, Discard, and the settings applied after a reload: the theme on <html> from
// the server render, the week start in the dashboard's chart note.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const saveBar = (page: Page) => page.locator(".Polaris-Frame-ContextualSaveBar");
const theme = (page: Page) => page.getByLabel("Theme", { exact: true });
const monday = (page: Page) => page.getByLabel("Weeks start on Monday");
const pageSave = (page: Page) => page.getByRole("main").getByRole("button", { name: "Save Changes" });

/** The stored settings back to the defaults, so the other browser tests see the usual admin. */
async function reset(page: Page) {
  const response = await page.request.post("/settings/general", {
    form: { intent: "general", theme: "light", reportingTimezone: "", currency: "USD" },
  });
  expect(response.status()).toBe(200);
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await reset(page);
  await page.close();
});

test("a change is saved through the save bar and applied after reload; Discard restores", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/settings");
  await expect(page.getByRole("tab", { name: "General", selected: true })).toBeVisible();
  await expect(page.getByLabel("Currency")).toHaveValue("USD");
  await expect(page.getByText("From Shopify", { exact: true })).toBeVisible();
  await expect(pageSave(page)).toBeDisabled();
  await expect(saveBar(page)).toHaveCount(0);

  // Discard puts the stored values back and closes the bar.
  await theme(page).selectOption("dark");
  await expect(saveBar(page)).toBeVisible();
  await expect(pageSave(page)).toBeEnabled();
  await saveBar(page).getByRole("button", { name: "Discard" }).click();
  await expect(theme(page)).toHaveValue("light");
  await expect(saveBar(page)).toHaveCount(0);
  await expect(pageSave(page)).toBeDisabled();

  // Save through the bar.
  await theme(page).selectOption("dark");
  await monday(page).check();
  await saveBar(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
  await expect(page.locator("html")).toHaveClass(/p-theme-dark-experimental/);

  // The server renders the theme: the HTML as sent is already dark.
  const html = await (await page.request.get("/settings")).text();
  expect(html).toMatch(/<html[^>]*class="p-theme-dark-experimental"/);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(theme(page)).toHaveValue("dark");
  await expect(monday(page)).toBeChecked();
  const background = await page.locator(".Polaris-Frame").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe("rgb(26, 26, 26)");

  await page.goto("/dashboard?days=365");
  await expect(
    page.getByText(/^Weekly totals, weeks starting Monday; the last point is this week so far/),
  ).toBeVisible();

  // Back to light through the page's own button.
  await page.goto("/settings");
  await theme(page).selectOption("light");
  await monday(page).uncheck();
  await pageSave(page).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page.locator("html")).not.toHaveClass(/p-theme-dark-experimental/);
  await page.goto("/dashboard?days=365");
  await expect(page.getByText(/^Weekly totals, weeks starting Sunday/)).toBeVisible();
  // A light page does not wait for the dark theme's stylesheet.
  expect(await (await page.request.get("/dashboard")).text()).not.toMatch(/admin-dark[^"]*\.css/);
  expect(errors).toEqual([]);
});

test("auto follows the system's colour scheme, decided in the page's head and live after", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/settings");
  await theme(page).selectOption("auto");
  await saveBar(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  // The server cannot know the scheme: a script in <head> sets the class before the first paint.
  const html = await (await page.request.get("/settings")).text();
  expect(html).toMatch(/<html[^>]*data-theme="auto"/);
  expect(html).toContain("prefers-color-scheme: dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/p-theme-dark-experimental/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/p-theme-dark-experimental/);
  await reset(page);
});

test("an unknown time zone is refused with its field error and nothing changes", async ({ page }) => {
  const response = await page.request.post("/settings/general", {
    form: { intent: "general", theme: "dark", reportingTimezone: "Mars/Olympus_Mons", currency: "USD" },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Unknown time zone");
  await page.goto("/settings");
  await expect(theme(page)).toHaveValue("light");
});

test("a Viewer sees the tab read only", async ({ page }) => {
  await page.goto("/settings");
  const viewAs = page.getByLabel("View the demo as");
  const owner = await viewAs.inputValue();
  const viewer = await viewAs.locator("option", { hasText: "(Viewer)" }).first().getAttribute("value");
  await viewAs.selectOption(viewer ?? "");
  await expect(page.getByText("Only an Owner or Admin can change these settings.")).toBeVisible();
  await expect(theme(page)).toBeDisabled();
  await expect(monday(page)).toBeDisabled();
  await expect(pageSave(page)).toBeDisabled();
  await page.getByLabel("View the demo as").selectOption(owner);
  await expect(theme(page)).toBeEnabled();
});
