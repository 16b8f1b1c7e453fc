import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import { pdfText } from "../pdf-text";

// The demo seed has 60 invoices (INV-0001..INV-0060); the tests below run in order on one database.
const toast = (page: Page) => page.locator(".Polaris-Frame-Toast");
const card = (page: Page, number: string) => page.locator(`[data-invoice-number="${number}"]`);
const dialog = (page: Page) => page.getByRole("dialog");

test.describe.configure({ mode: "serial" });

test.describe("invoices", () => {
  test("lists the demo invoices and filters them by status", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto("/app/invoices");
    await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Invoices" }).first()).toBeVisible(); // sidebar entry
    await expect(card(page, "INV-0060")).toBeVisible();
    expect(await page.getByTestId("invoice-card").count()).toBe(60);

    await page.getByRole("tab", { name: "Draft" }).click();
    await expect(page).toHaveURL(/status=draft/);
    const drafts = page.getByTestId("invoice-card");
    await expect(drafts.first()).toBeVisible();
    for (const c of await drafts.all()) {
      await expect(c.getByText("Draft", { exact: true })).toBeVisible();
      await expect(c.getByRole("button", { name: /^Send invoice/ })).toBeVisible();
    }

    await page.getByRole("tab", { name: "Paid" }).click();
    await expect(page).toHaveURL(/status=paid/);
    await expect(page.getByTestId("invoice-card").first()).toBeVisible();
    for (const c of await page.getByTestId("invoice-card").all()) {
      await expect(c.getByText("Paid", { exact: true })).toBeVisible();
      await expect(c.getByRole("button", { name: /^Send invoice/ })).toHaveCount(0);
    }
    // Overdue invoices are sent and unpaid: they show under Sent, red.
    await page.getByRole("tab", { name: "Sent" }).click();
    await expect(page.getByText("Overdue", { exact: true }).first()).toBeVisible();
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  test("create: validation errors at their fields, then a new draft", async ({ page }) => {
    await page.goto("/app/invoices");
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    await expect(dialog(page).getByText("Create Smart Invoice")).toBeVisible();
    await dialog(page).getByRole("button", { name: "Create Invoice" }).click();
    await expect(dialog(page).getByText("Invalid email address")).toBeVisible();
    await expect(dialog(page).getByText("Customer name is required")).toBeVisible();
    await expect(dialog(page).getByText("Item name is required")).toBeVisible();
    await expect(toast(page)).toContainText("Failed to create invoice.");

    await dialog(page).getByLabel("Customer email").fill("e2e@example.com");
    await dialog(page).getByLabel("Customer name").fill("E2E Buyer");
    await dialog(page).getByLabel("Item name").first().fill("Wholesale earbuds");
    await dialog(page).getByLabel("Qty").first().fill("3");
    await dialog(page).getByLabel("Price").first().fill("19.99");
    await dialog(page).getByRole("button", { name: "Add Item" }).click();
    await dialog(page).getByLabel("Item name").nth(1).fill("Line to remove");
    await dialog(page).getByRole("button", { name: "Remove item 2" }).click();
    await expect(dialog(page).getByLabel("Item name")).toHaveCount(1);
    await dialog(page).getByLabel("Tax rate (%)").fill("8.25");
    await dialog(page).getByLabel("Shipping cost").fill("5");
    await dialog(page).getByRole("button", { name: "Create Invoice" }).click();

    await expect(toast(page)).toContainText("Invoice Created");
    await expect(dialog(page)).toHaveCount(0);
    const created = card(page, "INV-0061");
    await expect(created).toBeVisible();
    await expect(created.getByText("Draft", { exact: true })).toBeVisible();
    // 59.97 + 4.95 tax (8.25%, half up) + 5.00 shipping
    await expect(created).toContainText("$69.92");
  });

  test("view and send from the detail dialog; the outbox shows the e-mail", async ({ page }) => {
    await page.goto("/app/invoices");
    await card(page, "INV-0061").getByRole("button", { name: "View invoice INV-0061" }).click();
    await expect(dialog(page).getByText("Wholesale earbuds")).toBeVisible();
    await expect(dialog(page).getByText("Subtotal: $59.97")).toBeVisible();
    await expect(dialog(page).getByText("Tax (8.25%): $4.95")).toBeVisible();
    await expect(dialog(page).getByText("Created", { exact: true })).toBeVisible(); // timeline
    await dialog(page).getByRole("button", { name: "Send Invoice" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(toast(page)).toContainText("Invoice Sent");
    await expect(card(page, "INV-0061").getByText("Sent", { exact: true })).toBeVisible();
    await expect(card(page, "INV-0061").getByRole("button", { name: /^Send invoice/ })).toHaveCount(0);

    await page.goto("/app/outbox");
    const row = page.getByRole("row").filter({ hasText: "Invoice INV-0061 from Demo Store" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("e2e@example.com");
    await row.getByRole("button", { name: /^Open message/ }).click();
    await expect(dialog(page).getByText("invoice-INV-0061.pdf")).toBeVisible();
    await expect(dialog(page).frameLocator("iframe").getByText("Hello E2E Buyer,")).toBeVisible();
  });

  test("downloads the PDF, opens the hosted page, marks paid", async ({ page, context }) => {
    await page.goto("/app/invoices");
    await card(page, "INV-0061").getByRole("button", { name: "View invoice INV-0061" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog(page).getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("invoice-INV-0061.pdf");
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfText(pdf)).toContain("INV-0061");

    const link = await dialog(page).getByRole("link", { name: /\/i\// }).getAttribute("href");
    const hostedPath = new URL(link!).pathname;
    const hosted = await context.newPage();
    const response = await hosted.goto(hostedPath);
    expect(response?.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
    await expect(hosted.getByRole("heading", { name: "Invoice INV-0061" })).toBeVisible();
    await expect(hosted.getByTestId("amount-due")).toHaveText("$69.92");
    await expect(hosted.getByText("How to pay")).toBeVisible();
    await hosted.close();

    await dialog(page).getByRole("button", { name: "Mark as paid" }).click();
    await expect(toast(page)).toContainText("Invoice marked as paid");
    await expect(dialog(page).getByText("Viewed by the customer")).toBeVisible();
    await expect(dialog(page).getByText("Paid at:")).toBeVisible();
    await dialog(page).getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(card(page, "INV-0061").getByText("Paid", { exact: true })).toBeVisible();
  });
});
