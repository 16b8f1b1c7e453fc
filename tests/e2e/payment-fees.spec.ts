// Payment fees by gateway (docs/product/payment-fees.md): reached from Costs & Profit, where the
// demo's gateways show where their fees come from (Shopify Payments' own, PayPal's rule, manual
// unknown); a rule set for the unknown gateway through the dialog (its schema checked as typed),
// listed with its estimate, then deleted after a confirmation, leaving the gateway unknown again.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";
import { openCostPage } from "./cost-pages";

const toast = (page: Page) => page.locator(".Polaris-Frame-Toast");

test.describe("payment fees", () => {
  test("a rule for a gateway is set, listed and deleted", async ({ page }) => {
    test.setTimeout(150_000);
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto("/costs");
    await openCostPage(page, "Payment fees");
    const gateway = (name: string) => page.getByRole("row").filter({ hasText: name });
    await expect(gateway("shopify_payments")).toContainText("Shopify Payments ·");
    await expect(gateway("paypal")).toContainText("Rule (estimated)");
    await expect(gateway("paypal")).toContainText("3.49% + $0.49");
    await expect(gateway("manual")).toContainText("Unknown ·");

    await page.getByRole("button", { name: "Add rule" }).click();
    const dialog = page.getByRole("dialog", { name: "Set fee rule" });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole("button", { name: "Save rule" });
    await expect(save).toBeDisabled();
    await dialog.getByLabel("Payment gateway").fill("manual");
    await dialog.getByLabel("Rate (%)").fill("120");
    await expect(dialog.getByText(/Rate must be a percentage/)).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel("Rate (%)").fill("1.5");
    await dialog.getByLabel(/Fixed fee per order/).fill("0.25");
    await expect(save).toBeEnabled();
    await save.click();
    // The save answers at once; the gateway's orders are re-estimated by a background job
    // (docs/decisions/126), and the screen refreshes itself until it is done.
    await expect(toast(page)).toContainText("Fee rule saved — re-estimating orders");
    await expect(dialog).toBeHidden();
    const row = gateway("manual");
    await expect(row).toContainText("1.5% + $0.25");
    await expect(row).toContainText("Rule (estimated)", { timeout: 60_000 });
    await expect(page.getByText(/Re-estimating fees/)).toHaveCount(0, { timeout: 60_000 });

    await row.getByRole("button", { name: "Delete the rule for manual" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the rule for manual?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Fee rule deleted — re-estimating orders");
    // Its orders' fees are unknown again, as the demo had them, once the job has run.
    await expect(gateway("manual")).toContainText("Unknown ·", { timeout: 60_000 });
    await expect(gateway("manual")).toContainText("—");
    expect(errors).toEqual([]);
  });
});
