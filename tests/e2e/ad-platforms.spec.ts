// Connecting a demo ad platform (docs/product/ad-platforms.md): Settings → Integrations' Connect
// goes through the demo's consent page and the OAuth callback, the replayed pages are synced by
// the same code as a real store's, and the P&L's Meta Ads line and Ad spend total move together.
import { expect, test, type Page } from "@playwright/test";

const amount = async (page: Page, key: string) =>
  Number(await page.getByTestId(`pnl-${key}`).getAttribute("data-amount"));

test("connect Meta Ads from Settings → Integrations and see its spend on the P&L", async ({ page }) => {
  await page.goto("/costs");
  const metaBefore = await amount(page, "ad:meta_ads");
  const totalBefore = await amount(page, "adSpend");

  await page.goto("/settings?tab=integrations");
  const row = page.locator("#integration-meta_ads");
  await expect(row).toHaveAttribute("data-status", "pending");
  await row.getByRole("button", { name: "Connect Meta Ads" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations#integration-meta_ads$/, { timeout: 30_000 });
  const connected = page.locator("#integration-meta_ads");
  await expect(connected).toHaveAttribute("data-status", "connected");
  await expect(connected).toContainText("Demo account: recorded pages replayed.");
  await expect(connected.getByRole("checkbox", { name: /Demo Meta Ads/ })).toBeChecked();
  await expect(connected).toContainText("Last error: None");

  await page.goto("/costs");
  const metaAfter = await amount(page, "ad:meta_ads");
  const totalAfter = await amount(page, "adSpend");
  expect(metaAfter).toBeGreaterThan(0);
  expect(metaAfter).not.toBe(metaBefore);
  // The total moved by exactly the channel's change: the rollups agree with the channel rows.
  expect(totalAfter - totalBefore).toBe(metaAfter - metaBefore);

  // Disconnect after confirming, so the suite's later tests see the demo's integrations as seeded.
  await page.goto("/settings?tab=integrations", { waitUntil: "networkidle" });
  await page.locator("#integration-meta_ads").getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect Meta Ads?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.locator("#integration-meta_ads")).toHaveAttribute("data-status", "pending");
});
