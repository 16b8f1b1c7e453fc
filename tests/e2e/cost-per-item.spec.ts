// Cost per item in Shopify (docs/product/costs.md#cost-per-item-in-shopify) on the demo store,
// whose local variants stand for Shopify: the push asks first and lists its result, the import
// previews, and making Shopify the source of truth takes the push away.
import { expect, test } from "./hydrated";

test("push after a confirmation, preview an import, and make Shopify the source of truth", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/costs");
  const main = page.getByRole("main");
  await expect(main).toContainText("Cost per item in Shopify");

  const dialog = page.getByRole("dialog");
  await main.getByRole("button", { name: "Push to Shopify" }).click();
  await expect(dialog).toContainText("Push costs to Shopify?");
  await dialog.getByRole("button", { name: "Push to Shopify" }).click();
  await expect(main).toContainText(/pushed, 0 refused by Shopify|nothing was pushed/);

  await main.getByRole("button", { name: "Preview import from Shopify" }).click();
  await expect(main).toContainText(/\d+ refused/);
  await expect(main.getByRole("button", { name: /Import \d+ costs from Shopify/ })).toBeVisible();

  await main.getByLabel("Source of truth").selectOption("shopify");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(main.getByRole("button", { name: "Push to Shopify" })).toHaveCount(0);
  await main.getByLabel("Source of truth").selectOption("app");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(main.getByRole("button", { name: "Push to Shopify" })).toBeVisible();
  expect(errors).toEqual([]);
});
