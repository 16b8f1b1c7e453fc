// A Viewer over every admin screen (docs/decisions/079-roles-in-the-page.md): no error page, no
// uncaught error, every write control disabled (with the reason where the screen gives one), and a
// write the server refuses anyway (the role changed while the dialog was open) shown as a toast
// with the page left as it was.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

async function viewAs(page: Page, label: RegExp) {
  await page.waitForLoadState("networkidle");
  const select = page.getByLabel("View the demo as");
  const value = (await select.locator("option").filter({ hasText: label }).getAttribute("value"))!;
  await select.selectOption(value);
  await expect(select).toHaveValue(value);
  await page.waitForLoadState("networkidle");
}

/** Page errors and console errors, except the browser's own line for a refused request when one is expected. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  let refusalExpected = false;
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.name}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (refusalExpected && /status of 403/.test(m.text())) return;
    errors.push(`console: ${m.text()}`);
  });
  return { errors, expectRefusal: () => (refusalExpected = true) };
}

// Buttons whose name says they change the shop's data; on a Viewer's screen each must be disabled.
// (A member's own notification preferences and their "Send test" are anyone's: api.notifications.)
const WRITE =
  /^(New |Add |Create |Save|Record |Edit |Delete |Adjust |Redeem |Reorder |Send (?!test)|Import |Invite|Remove |Snooze )/;

async function expectNoErrorPage(page: Page, url: string) {
  await expect(page.getByText("This page could not be loaded"), url).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 }).first(), url).toBeVisible();
}

/** The write controls a Viewer could press on this screen ("url: name"). */
async function enabledWrites(page: Page, url: string): Promise<string[]> {
  const enabled: string[] = [];
  for (const button of await page.getByRole("button", { name: WRITE }).all()) {
    if (!(await button.isVisible()) || (await button.isDisabled())) continue;
    const name = (await button.getAttribute("aria-label")) ?? (await button.innerText());
    enabled.push(`${url}: ${name.trim()}`);
  }
  return enabled;
}

const SCREENS = [
  "/dashboard",
  "/analytics",
  "/customers",
  "/customers/rules",
  "/inventory",
  "/inventory/settings",
  "/inventory/suppliers",
  "/inventory/purchase-orders",
  "/costs",
  "/loyalty?tab=overview",
  "/loyalty?tab=tiers",
  "/loyalty?tab=campaigns",
  "/loyalty?tab=analytics",
  "/app/invoices",
  "/settings?tab=general",
  "/settings?tab=notifications",
  "/settings?tab=team",
];

test("a Viewer opens every admin screen: no error page, no uncaught error, every write control disabled", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { errors } = watchErrors(page);
  const enabled: string[] = [];
  await page.goto("/dashboard");
  await viewAs(page, /Sam Patel \(Viewer\)/);
  for (const url of SCREENS) {
    await page.goto(url, { waitUntil: "networkidle" });
    await expectNoErrorPage(page, url);
    enabled.push(...(await enabledWrites(page, url)));
  }
  // A variant's planning page, reached from the list.
  await page.goto("/inventory", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Edit", exact: true }).first().click();
  await page.waitForURL(/\/inventory\/[^/]+$/);
  await page.waitForLoadState("networkidle");
  await expectNoErrorPage(page, page.url());
  enabled.push(...(await enabledWrites(page, "/inventory/{variant}")));
  expect(enabled).toEqual([]);

  // The reasons the screens give.
  await page.goto("/loyalty?tab=overview", { waitUntil: "networkidle" });
  await expect(page.getByText("Viewers can't adjust or redeem points.")).toBeVisible();
  await page.goto("/inventory/settings", { waitUntil: "networkidle" });
  await expect(page.getByText("Viewers can't change planning settings.")).toBeVisible();
  await page.goto("/inventory", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Bulk Actions" }).click();
  // Each menu item carries its reason (Polaris's helpText, part of the item's name).
  for (const item of ["Edit planning settings", "Create purchase orders"])
    await expect(
      page.getByRole("button", { name: `${item} Viewers can't reorder or change planning.`, exact: true }),
    ).toBeDisabled();

  expect(errors).toEqual([]);
});

test("a write refused by the server is a toast and the page stays as it was", async ({ page, context }) => {
  const { errors, expectRefusal } = watchErrors(page);
  await page.goto("/loyalty?tab=overview", { waitUntil: "networkidle" });
  await viewAs(page, /Alex Morgan \(Owner\)/);
  await page.getByRole("button", { name: "Adjust points" }).click();
  const dialog = page.getByRole("dialog", { name: "Adjust points" });
  await dialog.getByLabel("Customer e-mail").fill("nobody@example.com");
  await dialog.getByLabel("Points (negative to take)").fill("5");
  await dialog.getByLabel("Reason").fill("Goodwill");

  // Meanwhile the same browser becomes the Viewer (another tab switches the demo's member).
  const other = await context.newPage();
  await other.goto("/dashboard");
  await viewAs(other, /Sam Patel \(Viewer\)/);
  await other.close();

  expectRefusal();
  await dialog.getByRole("button", { name: "Record adjustment" }).click();
  await expect(page.getByText(/Your role \(Viewer\) cannot do this/).first()).toBeVisible();
  await expect(page.getByText("This page could not be loaded")).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toHaveValue("Goodwill");
  await expect(page.getByRole("heading", { name: "Loyalty", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);

  await viewAs(page, /Alex Morgan \(Owner\)/);
});

test("a Viewer who opens a page the role may not by its address stays in the app, told why", async ({ page }) => {
  const { errors, expectRefusal } = watchErrors(page);
  await page.goto("/dashboard", { waitUntil: "networkidle" });
  await viewAs(page, /Sam Patel \(Viewer\)/);
  expectRefusal();
  for (const url of ["/customers/campaigns/new", "/customers/new", "/inventory/new", "/settings/api-keys"]) {
    await page.goto(url, { waitUntil: "networkidle" });
    await expect(page.getByText("You don't have access to this page"), url).toBeVisible();
    await expect(page.getByText(/Your role \(Viewer\) cannot do this/), url).toBeVisible();
    // The shell is still there: the navigation leads on.
    await expect(page.getByRole("link", { name: "Dashboard" }).first(), url).toBeVisible();
  }
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);

  await viewAs(page, /Alex Morgan \(Owner\)/);
});
