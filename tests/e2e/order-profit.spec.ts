// /costs/orders in the demo (docs/product/costs-orders.md): reached from Cost Management, filtered
// to orders with missing parts (each row says what is unknown), and an order's profit breakdown
// opened from its row (lines with their cost source, the fees, shipping and the sum).
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";
import { openCostPage } from "./cost-pages";

const rows = (page: Page) => page.locator(".Polaris-IndexTable tbody tr");

test("filter the Orders profit view to missing parts and open an order's breakdown", async ({ page }) => {
  await page.goto("/costs");
  await openCostPage(page, "Profit per order", "Order profit");
  await expect(rows(page)).toHaveCount(50);
  // Unknown shipping: a cost entered by an earlier test (an import, a push) cannot resolve it.
  await page.getByLabel("Missing parts").selectOption("shipping");
  await expect(page).toHaveURL(/missing=shipping/);
  // Every row, once the filtered list has replaced the first one, names what it lacks.
  await expect.poll(async () => (await rows(page).allInnerTexts()).every((t) => /Shipping unknown/.test(t))).toBe(true);
  const first = rows(page).first().getByRole("link");
  const name = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole("heading", { name: `Order ${name}: profit`, level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Unit cost at sale" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Profit", exact: true })).toBeVisible();
  await expect(page.getByText("Unknown").first()).toBeVisible();
  // Back to the same filtered list.
  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page).toHaveURL(/\/costs\/orders\?.*missing=shipping/);
});
