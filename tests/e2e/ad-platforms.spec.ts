// The demo's ad platforms (docs/product/ad-platforms.md): the seed connected Google Ads, Meta Ads
// and TikTok Ads through the same OAuth and sync code as a real store's, against replayed
// reports. Disconnecting keeps the spend already read; connecting again from Settings →
// Integrations goes through the demo's consent page and the callback, and re-reading the same
// days replaces them with the same pages: the P&L's Meta Ads line and Ad spend total come back
// to the cent, nothing counted twice.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const amount = async (page: Page, key: string) =>
  Number(await page.getByTestId(`pnl-${key}`).getAttribute("data-amount"));

test("the demo's platforms are connected; Meta Ads disconnected and connected again re-reads the same spend", async ({
  page,
}) => {
  // Two full-page round trips through Settings and the P&L, and a year of three platforms re-read.
  test.setTimeout(120_000);
  await page.goto("/costs");
  const metaBefore = await amount(page, "ad:meta_ads");
  const totalBefore = await amount(page, "adSpend");
  expect(metaBefore).toBeGreaterThan(0);
  expect(await amount(page, "ad:google_ads")).toBeGreaterThan(0);
  expect(await amount(page, "ad:tiktok_ads")).toBeGreaterThan(0);

  await page.goto("/settings?tab=integrations", { waitUntil: "networkidle" });
  for (const platform of ["google_ads", "meta_ads", "tiktok_ads"])
    await expect(page.locator(`#integration-${platform}`)).toHaveAttribute("data-status", "connected");
  const row = page.locator("#integration-meta_ads");
  await expect(row).toContainText("Demo account: recorded pages replayed.");
  await expect(row.getByRole("checkbox", { name: /Demo Meta Ads/ })).toBeChecked();

  // Disconnect after confirming: the tokens go, the spend already read stays.
  await row.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect Meta Ads?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.locator("#integration-meta_ads")).toHaveAttribute("data-status", "pending");
  await page.goto("/costs");
  expect(await amount(page, "ad:meta_ads")).toBe(metaBefore);

  // Connect again: the year is read again from the same replayed pages.
  await page.goto("/settings?tab=integrations", { waitUntil: "networkidle" });
  await page.locator("#integration-meta_ads").getByRole("button", { name: "Connect Meta Ads" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations#integration-meta_ads$/, { timeout: 30_000 });
  const connected = page.locator("#integration-meta_ads");
  await expect(connected).toHaveAttribute("data-status", "connected");
  await expect(connected.getByRole("checkbox", { name: /Demo Meta Ads/ })).toBeChecked();
  await expect(connected).toContainText("Last error: None");

  await page.goto("/costs");
  expect(await amount(page, "ad:meta_ads")).toBe(metaBefore);
  expect(await amount(page, "adSpend")).toBe(totalBefore);
});
