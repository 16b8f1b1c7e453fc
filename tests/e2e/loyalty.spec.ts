// /loyalty in the demo (docs/decisions/056): a tier added, edited and deleted with the
// spec's notices after a dry-run preview (a dated one counted as of its date, decision 066); a campaign created, one limited
// to a collection (decision 072); settings saved. The figures
// and tier members come from the seeded ledger.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const dialog = (page: Page) => page.getByRole("dialog");
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

test("a tier is previewed, added, edited and deleted with the spec's notices", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/loyalty?tab=tiers");
  await expect(page.getByRole("tab", { name: "Tier Management", selected: true })).toBeVisible();
  await expect(page.getByText("Bronze", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Add tier" }).click();
  await dialog(page).getByLabel("Tier name").fill("Diamond");
  await dialog(page).getByLabel("Minimum spend").fill("3000");
  await dialog(page).getByLabel("Benefits (one per line)").fill("Early access\n\nPersonal shopper");
  await dialog(page).getByRole("button", { name: "Preview changes" }).click();
  // The dry run: members between $3,000 and $5,000 move up from Gold.
  await expect(dialog(page).getByText(/^\d+ customers? moves? up, 0 down$/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Add tier" }).click();
  await expect(notice(page, "Tier created: Diamond tier has been added to your program.")).toBeVisible();
  await expect(page.getByText("Early access, Personal shopper")).toBeVisible();

  // Edit: an empty field keeps its value; only the name changes.
  await page.getByRole("button", { name: "Edit Diamond" }).click();
  await dialog(page).getByLabel("Tier name").fill("Diamond Elite");
  // A later date: the dry run counts the moves as of that day (decision 066) and says so.
  const effectiveOn = dialog(page).getByLabel("Minimum spend and multiplier take effect on");
  await effectiveOn.fill("2099-01-01");
  await dialog(page).getByRole("button", { name: "Preview changes" }).click();
  await expect(dialog(page).getByText("Preview as of 2099-01-01")).toBeVisible();
  await expect(dialog(page).getByText(/^Counted as of 2099-01-01, when the change takes effect/)).toBeVisible();
  await effectiveOn.fill("");
  await dialog(page).getByRole("button", { name: "Preview changes" }).click();
  await expect(dialog(page).getByText("0 customers move up, 0 down")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Save tier" }).click();
  await expect(notice(page, "Tier updated: Diamond Elite tier has been updated.")).toBeVisible();
  await expect(page.getByText("$3,000.00").first()).toBeVisible();

  await page.getByRole("button", { name: "Delete Diamond Elite" }).click();
  await dialog(page).getByRole("button", { name: "Preview changes" }).click();
  await expect(dialog(page).getByText(/^0 customers move up, \d+ down$/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete tier" }).click();
  await expect(notice(page, "Tier deleted: Diamond Elite tier has been removed from your program.")).toBeVisible();
  await expect(page.getByText("Diamond Elite", { exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a campaign is created and listed", async ({ page }) => {
  await page.goto("/loyalty?tab=campaigns");
  await expect(page.getByText("Holiday Bonus")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "New Campaign" }).first().click();
  await dialog(page).getByLabel("Campaign name").fill("Spring Triple");
  await dialog(page).getByLabel("Description").fill("Three times the points");
  await dialog(page).getByLabel("Reward multiplier").fill("0");
  await dialog(page).getByRole("button", { name: "Create campaign" }).click();
  await expect(dialog(page).getByText("Reward multiplier must be more than 0")).toBeVisible();
  await dialog(page).getByLabel("Reward multiplier").fill("3");
  await dialog(page).getByLabel("When campaigns overlap").selectOption("multiply");
  await dialog(page).getByRole("button", { name: "Create campaign" }).click();
  await expect(notice(page, "Campaign created: Your new loyalty campaign has been created.")).toBeVisible();
  await expect(page.getByText("Spring Triple")).toBeVisible();
});

test("a campaign limited to a collection is created and listed with it", async ({ page }) => {
  await page.goto("/loyalty?tab=campaigns");
  // The seeded past campaign limited to the demo's Audio collection (decision 072).
  await expect(page.getByText("Audio products").first()).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "New Campaign" }).first().click();
  await dialog(page).getByLabel("Campaign name").fill("Wearables Week");
  await dialog(page).getByLabel("Reward multiplier").fill("2.5");
  const select = dialog(page).getByLabel("Only for products in collection");
  // The store's collections, imported (here seeded), in title order.
  await expect(select.locator("option")).toHaveText(["All products", "Audio", "Staff Picks", "Wearables"]);
  await select.selectOption({ label: "Wearables" });
  await dialog(page).getByRole("button", { name: "Create campaign" }).click();
  await expect(notice(page, "Campaign created: Your new loyalty campaign has been created.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Wearables Week" });
  await expect(row).toContainText("Wearables products");
  await expect(row).toContainText("×2.5");
});

test("settings are saved with the spec's notice and kept", async ({ page }) => {
  await page.goto("/loyalty");
  await expect(page.getByText("Program health")).toBeVisible();
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await dialog(page).getByLabel("Program name").fill("VIP Club");
  await dialog(page).getByLabel("Points value").fill("0.02");
  await dialog(page).getByRole("button", { name: "Save settings" }).click();
  await expect(notice(page, "Settings saved: Loyalty program settings have been updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("VIP Club")).toBeVisible();
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await expect(dialog(page).getByLabel("Points value")).toHaveValue("0.02");
});

test("a campaign is edited, paused, resumed, ended and deleted, the last two confirmed (decision 081)", async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/loyalty?tab=campaigns");
  await page.getByRole("main").getByRole("button", { name: "New Campaign" }).first().click();
  await dialog(page).getByLabel("Campaign name").fill("Lifecycle Double");
  await dialog(page).getByRole("button", { name: "Create campaign" }).click();
  await expect(notice(page, "Campaign created: Your new loyalty campaign has been created.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Lifecycle Double" });
  const menu = (item: string) => async () => {
    await page.getByRole("button", { name: "Actions for Lifecycle Double" }).click();
    await page.locator(".Polaris-Popover").getByRole("button", { name: item, exact: true }).click();
  };
  await expect(row).toContainText("Active");

  await menu("Edit")();
  await dialog(page).getByLabel("Reward multiplier").fill("0.5");
  await dialog(page).getByRole("button", { name: "Save campaign" }).click();
  await expect(dialog(page).getByText("A bonus multiplier must be more than 1")).toBeVisible();
  await dialog(page).getByLabel("Reward multiplier").fill("3");
  await dialog(page).getByRole("button", { name: "Save campaign" }).click();
  await expect(notice(page, "Campaign updated: Lifecycle Double has been updated.")).toBeVisible();
  await expect(row).toContainText("×3");

  await menu("Pause")();
  await expect(row).toContainText("Paused");
  await menu("Resume")();
  await expect(row).toContainText("Active");

  await menu("End now")();
  await expect(dialog(page).getByText(/This cannot be undone/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "End campaign" }).click();
  await expect(row).toContainText("Ended");
  await page.getByRole("button", { name: "Actions for Lifecycle Double" }).click();
  const items = page.locator(".Polaris-Popover").getByRole("button");
  await expect(items).toHaveText(["Delete"]);
  await items.first().click();
  await dialog(page).getByRole("button", { name: "Delete campaign" }).click();
  await expect(
    notice(page, "Campaign deleted: Lifecycle Double has been deleted. Points it already awarded stay."),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Lifecycle Double" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the liability shows its redemption rate's method, and the merchant's own rate is saved with the save bar", async ({
  page,
}) => {
  await page.goto("/loyalty");
  const card = page.getByRole("main");
  await expect(card.getByText("Redemption rate (observed)")).toBeVisible();
  await expect(
    card.getByText(
      /^Liability = face value × redemption rate\. Points redeemed ÷ points earned over the last 12 months/,
    ),
  ).toBeVisible();
  const field = card.getByLabel("Your redemption rate (%)");
  await field.fill("101");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(card.getByText("Redemption rate must be a percentage from 0 to 100, or empty")).toBeVisible();
  await field.fill("25");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(card.getByText("Redemption rate (your rate)")).toBeVisible();
  await expect(card.getByText("25.0%")).toBeVisible();
  await field.fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(card.getByText("Redemption rate (observed)")).toBeVisible();
});
