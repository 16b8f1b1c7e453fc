import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";
import fs from "node:fs";
import { pdfText } from "../pdf-text";

// The demo seed has 60 invoices (INV-0001..INV-0060); the tests below run in order on one database.
const toast = (page: Page) => page.locator(".Polaris-Frame-Toast");
/** The invoice the create test made; the tests after it use it. */
let number = "INV-0061";
const row = (page: Page, number: string) => page.getByRole("row").filter({ hasText: number });
const rows = (page: Page) => page.getByTestId("invoice-row");
const dialog = (page: Page) => page.getByRole("dialog");
const search = (page: Page) => page.getByPlaceholder("Search by number, customer name or e-mail");

/**
 * What does not fit the viewport: an element reaching past its edges (unless a box that hides
 * its overflow cuts it off), and any button or link cut by a clipping or scrolling box, such
 * as a table that scrolls sideways inside its card.
 */
function misfits(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const name = (el: Element) => `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      let [left, right] = [r.left, r.right];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow !== "hidden" && overflow !== "clip") continue;
        const box = a.getBoundingClientRect();
        [left, right] = [Math.max(left, box.left), Math.min(right, box.right)];
      }
      if (right > left && (right > width + 1 || left < -1)) found.push(`wider than the viewport: ${name(el)}`);
    }
    for (const el of Array.from(document.querySelectorAll("button, a[href], [role=button]"))) {
      if (!shown(el) || el.closest("[aria-hidden=true]")) continue;
      const r = el.getBoundingClientRect();
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === "visible") continue;
        const box = a.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          found.push(`cut off: ${name(el)}`);
          break;
        }
      }
    }
    return found;
  });
}

test.describe.configure({ mode: "serial" });

test.describe("invoices", () => {
  test("lists the demo invoices in a table: pages, status filters, search", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto("/app/invoices");
    await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    for (const heading of ["Number", "Customer", "Status", "Due date", "Amount"])
      await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(20);
    await expect(rows(page).first()).toHaveAttribute("data-invoice-number", "INV-0060");
    await expect(page.getByText("1–20 of 60")).toBeVisible();

    // Server-side pages in the URL: they survive a reload.
    await page.getByRole("button", { name: "Next page of invoices" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("21–40 of 60")).toBeVisible();
    await page.reload();
    await expect(rows(page).first()).toHaveAttribute("data-invoice-number", "INV-0040");

    // Each status under its own tab, the spec's four plus Overdue and Void.
    for (const [tab, label] of [
      ["Draft", "Draft"],
      ["Overdue", "Overdue"],
      ["Void", "Void"],
      ["Paid", "Paid"],
      ["Sent", "Sent"],
    ]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page).toHaveURL(new RegExp(`status=${tab.toLowerCase()}`));
      await expect(page).not.toHaveURL(/page=/);
      await expect(rows(page).first()).toBeVisible();
      const statuses = page
        .getByRole("row")
        .locator(".Polaris-Badge")
        .filter({ hasNotText: /Weekly|Monthly|Daily|Yearly/ });
      // The URL changes before the new rows arrive: wait for them before reading every row.
      await expect(statuses.first()).toHaveText(new RegExp(`${label}$`));
      for (const badge of await statuses.all()) await expect(badge).toHaveText(new RegExp(`${label}$`)); // after its tone, read to screen readers
    }
    const draftSend = page.getByRole("button", { name: /^Send invoice/ });
    await expect(draftSend).toHaveCount(0); // only drafts can be sent

    // Search by number, by customer e-mail (any case), and a search with no result.
    await page.getByRole("tab", { name: "All" }).click();
    await search(page).fill("inv-0042");
    await expect(page).toHaveURL(/q=inv-0042/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-invoice-number", "INV-0042");
    const email = /[\w.+-]+@[\w.-]+/.exec((await row(page, "INV-0042").textContent())!)![0];
    await search(page).fill(email.toUpperCase());
    await expect(rows(page).first()).toBeVisible();
    for (const r of await page.getByRole("row").filter({ hasText: "INV-" }).all()) await expect(r).toContainText(email);
    await search(page).fill("no-such-customer-anywhere");
    await expect(page.getByText("No invoices found")).toBeVisible();
    await page.reload();
    await expect(search(page)).toHaveValue("no-such-customer-anywhere");
    await expect(page.getByText("No invoices found")).toBeVisible();
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  test("create: percent tax message, live total, then a new draft", async ({ page }) => {
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
    const total = dialog(page).getByTestId("invoice-live-total");
    await expect(total).toContainText("Total USD$59.97");
    await dialog(page).getByRole("button", { name: "Add Item" }).click();
    await dialog(page).getByLabel("Item name").nth(1).fill("Line to remove");
    await dialog(page).getByLabel("Price").nth(1).fill("10");
    await expect(total).toContainText("Total USD$69.97");
    await dialog(page).getByRole("button", { name: "Remove item 2" }).click();
    await expect(dialog(page).getByLabel("Item name")).toHaveCount(1);

    await dialog(page).getByLabel("Tax rate (%)").fill("150");
    await dialog(page).getByRole("button", { name: "Create Invoice" }).click();
    await expect(dialog(page).getByText("Tax rate must be between 0% and 100%")).toBeVisible();
    await dialog(page).getByLabel("Tax rate (%)").fill("8.25");
    await dialog(page).getByLabel("Shipping cost").fill("5");
    // 59.97 + 4.95 tax (8.25%, half up) + 5.00 shipping, as the server will store it
    await expect(total).toContainText("Subtotal$59.97");
    await expect(total).toContainText("Tax (8.25%)$4.95");
    await expect(total).toContainText("Shipping$5.00");
    await expect(total).toContainText("Total USD$69.92");
    await dialog(page).getByRole("button", { name: "Create Invoice" }).click();

    await expect(toast(page)).toContainText("Invoice Created");
    await expect(dialog(page)).toHaveCount(0);
    // The next number after the seed's 60, or later when an earlier spec (the API's examples) took one.
    const created = row(page, "E2E Buyer");
    await expect(created).toBeVisible();
    number = (await created.getByTestId("invoice-row").getAttribute("data-invoice-number"))!;
    expect(number).toMatch(/^INV-00(6[1-9]|[7-9]\d)$/);
    await expect(created.getByText("Draft", { exact: true })).toBeVisible();
    await expect(created).toContainText("$69.92");
  });

  test("view and send from the detail dialog; the outbox shows the e-mail, its links open in a new tab", async ({
    page,
  }) => {
    await page.goto("/app/invoices");
    await page.getByRole("button", { name: `View invoice ${number}` }).click();
    await expect(dialog(page).getByText("Wholesale earbuds")).toBeVisible();
    await expect(dialog(page).getByText("Subtotal: $59.97")).toBeVisible();
    await expect(dialog(page).getByText("Tax (8.25%): $4.95")).toBeVisible();
    await expect(dialog(page).getByText("Created", { exact: true })).toBeVisible(); // timeline
    await dialog(page).getByRole("button", { name: "Send Invoice" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(toast(page)).toContainText("Invoice Sent");
    await expect(row(page, number).getByText("Sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Send invoice ${number}` })).toHaveCount(0);

    await page.goto("/app/outbox");
    const message = page.getByRole("row").filter({ hasText: `Invoice ${number} from Demo Store` });
    await expect(message).toBeVisible();
    await expect(message).toContainText("e2e@example.com");
    await message.getByRole("link", { name: /^Open message/ }).click();
    await expect(page).toHaveURL(/\/app\/outbox\/[A-Za-z0-9_-]+$/);
    await expect(dialog(page).getByText(`invoice-${number}.pdf`)).toBeVisible();
    const frame = dialog(page).frameLocator("iframe");
    await expect(frame.getByText("Hello E2E Buyer,")).toBeVisible();
    await expect(frame.getByText("Tax (8.25%)")).toBeVisible();
    await expect(frame.getByText("Shipping", { exact: true })).toBeVisible();
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      frame.getByRole("link", { name: `View invoice ${number} online` }).click(),
    ]);
    await expect(popup).toHaveURL(/\/i\/[A-Za-z0-9_-]{32}$/);
    await expect(popup.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
    await popup.close();
    await expect(frame.getByText("Hello E2E Buyer,")).toBeVisible(); // the frame itself did not navigate
  });

  test("downloads the PDF, opens the hosted page, marks paid after confirming", async ({ page, context }) => {
    await page.goto("/app/invoices");
    await page.getByRole("button", { name: `View invoice ${number}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog(page).getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfText(pdf)).toContain(number);
    expect(pdfText(pdf)).not.toContain("DRAFT");

    const link = await dialog(page).getByRole("link", { name: /\/i\// }).getAttribute("href");
    const hostedPath = new URL(link!).pathname;
    const hosted = await context.newPage();
    const response = await hosted.goto(hostedPath);
    expect(response?.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
    await expect(hosted.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
    await expect(hosted.getByTestId("amount-due")).toHaveText("$69.92");
    await expect(hosted.getByText("How to pay")).toBeVisible();
    await hosted.close();

    // Mark as paid asks first; Cancel changes nothing.
    await dialog(page).getByRole("button", { name: "Mark as paid" }).click();
    await expect(dialog(page).getByText(`Mark ${number} as paid?`)).toBeVisible();
    await expect(dialog(page)).toContainText("E2E Buyer paid $69.92");
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page).getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
    await expect(dialog(page).getByText("Paid at:")).toHaveCount(0);
    await dialog(page).getByRole("button", { name: "Mark as paid" }).click();
    await dialog(page).getByRole("button", { name: "Mark as paid" }).click();
    await expect(toast(page)).toContainText("Invoice marked as paid");
    await expect(dialog(page).getByText("Viewed by the customer")).toBeVisible();
    await expect(dialog(page).getByText("Paid at:")).toBeVisible();
    await dialog(page).getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(row(page, number).getByText("Paid", { exact: true })).toBeVisible();
  });

  test("void asks first, in a destructive confirmation", async ({ page }) => {
    await page.goto("/app/invoices?status=sent");
    const number = (await rows(page).first().getAttribute("data-invoice-number"))!;
    await page.getByRole("button", { name: `View invoice ${number}` }).click();
    await dialog(page).getByRole("button", { name: "Void", exact: true }).click();
    await expect(dialog(page).getByText(`Void ${number}?`)).toBeVisible();
    const confirm = dialog(page).getByRole("button", { name: "Void invoice" });
    await expect(confirm).toHaveClass(/Polaris-Button--toneCritical/);
    await confirm.click();
    await expect(toast(page)).toContainText("Invoice voided");
    await dialog(page).getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(row(page, number)).toHaveCount(0); // no longer under Sent
    await page.getByRole("tab", { name: "Void" }).click();
    await expect(row(page, number).getByText("Void", { exact: true })).toBeVisible();
  });

  test("a draft can be deleted after confirming", async ({ page }) => {
    await page.goto("/app/invoices?status=draft");
    const number = (await rows(page).first().getAttribute("data-invoice-number"))!;
    await page.getByRole("button", { name: `View invoice ${number}` }).click();
    await dialog(page).getByRole("button", { name: "Delete draft" }).click();
    await expect(dialog(page).getByText(`Delete draft ${number}?`)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Delete draft" }).click();
    await expect(toast(page)).toContainText("Draft deleted");
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/invoices\?status=draft$/);
    await expect(row(page, number)).toHaveCount(0);
    await search(page).fill(number);
    await expect(page.getByText("No invoices found")).toBeVisible();
  });
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the invoice list, the create dialog and the outbox fit the screen", async ({ page }) => {
      // After hydration: the phone layout of the tables is chosen by Polaris' breakpoints in the browser.
      await page.goto("/app/invoices", { waitUntil: "networkidle" });
      await expect(rows(page).first()).toBeVisible();
      expect(await misfits(page)).toEqual([]);
      await page
        .getByRole("button", { name: /^Create Invoice/ })
        .first()
        .click();
      await dialog(page).getByLabel("Qty").first().fill("12");
      await expect(dialog(page).getByLabel("Qty").first()).toBeInViewport();
      // The value is readable, not squeezed away: room for a few digits, and "12" shown whole.
      const qty = dialog(page).getByLabel("Qty").first();
      expect((await qty.boundingBox())!.width).toBeGreaterThanOrEqual(40);
      expect(await qty.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
      expect(await misfits(page)).toEqual([]);

      await page.goto("/app/outbox", { waitUntil: "networkidle" });
      await expect(page.getByRole("link", { name: /^Open message/ }).first()).toBeVisible();
      expect(await misfits(page)).toEqual([]);
      await page
        .getByRole("link", { name: /^Open message/ })
        .first()
        .click();
      await expect(
        dialog(page)
          .frameLocator("iframe")
          .getByText(/^Hello /),
      ).toBeVisible();
      expect(await misfits(page)).toEqual([]);
    });
  });
}
