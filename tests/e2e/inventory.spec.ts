// /inventory (docs/decisions/054-inventory-planning.md): alert cards, filters and advanced
// filters change the list; Reorder → a draft purchase order → its PDF; a bulk edit; Add
// Product with field errors, then success; Edit's price and cost with field errors, then saved.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const rows = (page: Page) => page.getByRole("main").locator("tbody tr");
const countText = async (page: Page) =>
  Number(
    ((await page.getByText(/variants · sorted by lost revenue per day/).textContent()) ?? "")
      .split(" ")[0]
      .replace(/,/g, ""),
  );

test("alert cards, search, status and advanced filters change the list", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/inventory");
  const total = await countText(page);
  expect(total).toBeGreaterThan(100);

  await page.getByRole("button", { name: /Out of stock\s*\d/ }).click();
  await expect(page).toHaveURL(/alert=out/);
  await expect.poll(() => countText(page)).toBeLessThan(total);
  await expect(rows(page).first()).toContainText("Out of Stock");

  await page.getByRole("button", { name: "Show all", exact: true }).click();
  await expect(page).not.toHaveURL(/alert=/);
  await page.getByLabel("Status").selectOption("low");
  await expect(page).toHaveURL(/status=low/);
  await expect(rows(page).first()).toContainText("Low Stock");

  await page.getByLabel("Status").selectOption("");
  await page.getByRole("button", { name: "Advanced Filters" }).click();
  await page.getByLabel("Dead stock only").check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/dead=1/);
  await expect.poll(() => countText(page)).toBeLessThan(total);

  await page.goto("/inventory");
  await page.getByLabel("Search products").fill("zzz-no-such-product");
  await expect(page.getByText("No variants match")).toBeVisible();

  // The maths behind a row.
  await page.goto("/inventory");
  await rows(page).first().getByRole("button", { name: "Show the maths" }).click();
  await expect(rows(page).first()).toContainText(/Velocity .*\/day/);
  expect(errors).toEqual([]);
});

test("the location filter shows that location's figures, and the alert cards follow it", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/inventory");
  const outEverywhere = Number(
    ((await page.getByRole("button", { name: /Out of stock\s*\d/ }).textContent()) ?? "")
      .match(/\d[\d,]*/)![0]
      .replace(/,/g, ""),
  );
  const location = page.getByLabel("Location", { exact: true });
  await page.getByRole("button", { name: "Advanced Filters" }).click();
  await expect(location).toBeVisible();
  await location.selectOption({ index: 2 });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/location=/);
  await expect(page.getByText(/variants · sorted by lost revenue per day at Location/)).toBeVisible();
  await expect(page.getByText(/^Figures at Location/)).toBeVisible();
  // Available reads "this location's of the variant's", and the maths says how the demand was split.
  await expect(rows(page).first()).toContainText(/\d of \d/);
  await rows(page).first().getByRole("button", { name: "Show the maths" }).click();
  await expect(rows(page).first()).toContainText(/At Location \S+: [\d.]+% of the variant's demand/);

  // The out-of-stock card counts this location, and clicking it keeps the location.
  const outHere = page.getByRole("button", { name: /Out of stock\s*\d/ });
  const count = Number(((await outHere.textContent()) ?? "").match(/\d[\d,]*/)![0].replace(/,/g, ""));
  // The demo stocks every item at both locations: a variant out of stock is out at each of them.
  expect(count).toBeGreaterThanOrEqual(outEverywhere);
  await outHere.click();
  await expect(page).toHaveURL(/alert=out/);
  await expect(page).toHaveURL(/location=/);
  await expect.poll(() => countText(page)).toBe(count);
  if (count > 0) await expect(rows(page).first()).toContainText("Out of Stock");
  expect(errors).toEqual([]);
});

test("Reorder makes a draft purchase order whose PDF downloads", async ({ page }) => {
  await page.goto("/inventory?alert=out");
  await rows(page)
    .first()
    .getByRole("button", { name: /^Reorder / })
    .click();
  await expect(page).toHaveURL(/\/inventory\/purchase-orders\/[^/]+$/);
  await expect(page.getByText("Draft", { exact: true }).first()).toBeVisible();
  const href = `${new URL(page.url()).pathname}/pdf`;
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("button", { name: /^Mark as ordered/ }).click();
  await expect(page.getByText(/Marked as ordered/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Receive" })).toBeVisible();
});

test("a second Reorder adds to the supplier's open draft, and says so", async ({ page }) => {
  const reorder = async () => {
    await page.goto("/inventory?alert=out");
    await rows(page)
      .nth(1)
      .getByRole("button", { name: /^Reorder / })
      .click();
    await expect(page).toHaveURL(/\/inventory\/purchase-orders\/[^/?]+/);
    return new URL(page.url()).pathname;
  };
  const first = await reorder();
  expect(await reorder()).toBe(first);
  await expect(page.getByText(/Already on this supplier's open draft/)).toBeVisible();
});

test("a supplier without open purchase orders can be deleted after a confirmation", async ({ page }) => {
  await page.goto("/inventory/suppliers");
  await page.getByRole("button", { name: "Add supplier" }).first().click();
  await page.getByLabel("Name").fill("E2E Temporary Supplier");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Supplier saved")).toBeVisible();
  await page.getByRole("button", { name: "Delete E2E Temporary Supplier" }).click();
  await expect(page.getByRole("dialog")).toContainText("Delete E2E Temporary Supplier?");
  await page.getByRole("button", { name: "Delete supplier" }).click();
  await expect(page.getByText("E2E Temporary Supplier deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete E2E Temporary Supplier/ })).toHaveCount(0);
  // A supplier with an open order keeps its Delete off, with the reason.
  await expect(page.getByRole("button", { name: /open purchase order/ }).first()).toBeDisabled();
});

test("a bulk edit sets the lead time of the selected variants", async ({ page }) => {
  await page.goto("/inventory?sort=title");
  await rows(page).nth(0).getByRole("checkbox").check({ force: true });
  await rows(page).nth(1).getByRole("checkbox").check({ force: true });
  await page.getByRole("button", { name: "Edit planning" }).click();
  await page.getByLabel("Lead time (days)").fill("400");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead time must be from 0 to 365")).toBeVisible();
  await page.getByLabel("Lead time (days)").fill("45");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Updated 2 variants").first()).toBeVisible();
  await rows(page).nth(0).getByRole("button", { name: "Show the maths" }).click();
  await expect(rows(page).nth(0)).toContainText("√45");
});

test("Add Product shows field errors, then adds the product", async ({ page }) => {
  await page.goto("/inventory");
  await page
    .getByRole("button", { name: "Add Product" })
    .or(page.getByRole("link", { name: "Add Product" }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/inventory\/new$/);
  await page.getByLabel("Price (USD)").fill("-3");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("SKU is required")).toBeVisible();
  await expect(page.getByText(/Price must be an amount/)).toBeVisible();

  await page.getByLabel("Title").fill("E2E Desk Lamp");
  await page.getByLabel("SKU").fill("E2E-LAMP-1");
  await page.getByLabel("Price (USD)").fill("24.50");
  await page.getByLabel("Cost per unit (USD)").fill("9.10");
  await page.getByLabel("Initial stock").fill("12");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page).toHaveURL(/\/inventory\/[^/]+\?added=1$/);
  await expect(page.getByRole("heading", { name: "E2E Desk Lamp" })).toBeVisible();
  await page.goto("/inventory?q=E2E-LAMP-1");
  await expect(rows(page)).toHaveCount(1);
});

test("Edit changes the price and cost: field errors first, then saved and on the Costs screen", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/inventory?sort=title");
  await rows(page).first().getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/\/inventory\/[^/?]+$/);
  await expect(page.getByRole("heading", { name: "Price and cost" })).toBeVisible();
  await page.getByLabel("Price (USD)").fill("-1");
  await page.getByLabel("Unit cost (USD)").fill("abc");
  await page.getByRole("button", { name: "Save price and cost" }).click();
  await expect(page.getByText(/Price must be an amount/)).toBeVisible();
  await expect(page.getByText(/Cost must be an amount/)).toBeVisible();

  await page.getByLabel("Price (USD)").fill("123.45");
  await page.getByLabel("Unit cost (USD)").fill("55.55");
  await page.getByRole("button", { name: "Save price and cost" }).click();
  await expect(page.getByText(/Price and cost \(from \d{4}-\d{2}-\d{2}\) saved/)).toBeVisible();
  // The stored price feeds the planning figures; the cost is a dated product cost.
  await expect(page.getByText("$123.45").first()).toBeVisible();
  await expect(page.getByLabel("Price (USD)")).toHaveValue("123.45");
  await page.goto("/costs");
  await expect(page.getByText("$55.55").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("Planning settings change the velocity window, and the maths says so", async ({ page }) => {
  await page.goto("/inventory/settings");
  await page.getByLabel("Sales velocity window").selectOption("14");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/Velocity is now measured over 14 days/)).toBeVisible();
  await page.goto("/inventory");
  await rows(page).first().getByRole("button", { name: "Show the maths" }).click();
  await expect(rows(page).first()).toContainText(/in-stock days of 14\)/);
  await page.goto("/inventory/settings");
  await page.getByLabel("Sales velocity window").selectOption("30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/Velocity is now measured over 30 days/)).toBeVisible();
});
