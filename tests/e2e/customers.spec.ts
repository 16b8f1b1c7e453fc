// /customers in the demo (docs/decisions/052-customer-segments.md): tabs and the segment filter
// change the list on the server, a search with no match shows the spec's text, Add Customer shows
// field errors and then the new customer, and Export downloads a CSV.
import { expect, test, type Download, type Page } from "@playwright/test";
import fs from "node:fs";

const rows = (page: Page) => page.locator("#customers-list tbody tr");
const badges = (page: Page) => page.locator("#customers-list tbody tr .Polaris-Badge");

test.describe("customers", () => {
  test("tabs and the segment filter change the list", async ({ page }) => {
    await page.goto("/customers");
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(25);
    await page.getByRole("tab", { name: "VIP" }).click();
    await expect(page).toHaveURL(/segment=vip/);
    await expect(badges(page).first()).toHaveText(/VIP$/);
    for (const text of await badges(page).allTextContents()) expect(text).toMatch(/VIP$/);
    await page.getByLabel("Segment").selectOption("New");
    await expect(page).toHaveURL(/segment=new/);
    await expect(page.getByRole("tab", { name: "New", selected: true })).toBeVisible();
    await expect(badges(page).first()).toHaveText(/New$/);
    for (const text of await badges(page).allTextContents()) expect(text).toMatch(/New$/);
    // The reason behind a label, on demand.
    await rows(page)
      .first()
      .getByRole("button", { name: /why .+ is New$/ })
      .click();
    await expect(page.getByRole("dialog")).toContainText("Rule: New");
  });

  test("a search with no match shows the spec's empty text", async ({ page }) => {
    await page.goto("/customers");
    await page.getByPlaceholder("Search by name or e-mail").fill("zzqqxx");
    await expect(page).toHaveURL(/q=zzqqxx/);
    await expect(page.getByText('No customers found matching "zzqqxx"')).toBeVisible();
  });

  test("Add Customer shows field errors, then the new customer", async ({ page }) => {
    await page.goto("/customers");
    await page.getByRole("link", { name: "Add Customer" }).click();
    await expect(page).toHaveURL(/\/customers\/new/);
    await page.getByRole("textbox", { name: "First name" }).fill("Quinn");
    await page.getByRole("textbox", { name: "E-mail" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Phone" }).fill("555");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();
    await expect(page.getByText("Enter the phone in international format, like +14155550123")).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail" }).fill("quinn.e2e@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("+14155550199");
    await page.getByLabel("Customer agreed to receive marketing e-mails").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Quinn", level: 1 })).toBeVisible();
    await expect(page.getByText(/^(Success)?Subscribed$/)).toBeVisible();
    await page.goto("/customers?q=quinn.e2e");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("quinn.e2e@example.com");
  });

  test("Export downloads the view as CSV", async ({ page, context }) => {
    await page.goto("/customers?segment=vip");
    const download = new Promise<Download>((resolve) => {
      page.on("download", resolve);
      context.on("page", (popup) => popup.on("download", resolve));
    });
    await page.getByRole("link", { name: "Export" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/customers-vip-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain("Segment");
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines.slice(1)) expect(line).toContain(",VIP,");
  });
});
