// Payment fees by gateway (docs/product/payment-fees.md): reached from Costs & Profit, a rule set
// through the dialog (its schema checked as typed), listed with its estimate, then deleted after a
// confirmation; a Viewer sees the reason and no enabled write control.
import { expect, test, type Page } from "@playwright/test";
import { openCostPage } from "./cost-pages";

const toast = (page: Page) => page.locator(".Polaris-Frame-Toast");

test.describe("payment fees", () => {
  test("a rule for a gateway is set, listed and deleted", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto("/costs");
    await openCostPage(page, "Payment fees");
    await page.getByRole("button", { name: "Add rule" }).click();
    const dialog = page.getByRole("dialog", { name: "Set fee rule" });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole("button", { name: "Save rule" });
    await expect(save).toBeDisabled();
    await dialog.getByLabel("Payment gateway").fill("paypal");
    await dialog.getByLabel("Rate (%)").fill("120");
    await expect(dialog.getByText(/Rate must be a percentage/)).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel("Rate (%)").fill("3.49");
    await dialog.getByLabel(/Fixed fee per order/).fill("0.49");
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page)).toContainText("Fee rule saved");
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: "paypal" });
    await expect(row).toContainText("3.49% + $0.49");
    await expect(row).toContainText("Rule (estimated)");

    await row.getByRole("button", { name: "Delete the rule for paypal" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the rule for paypal?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Fee rule deleted");
    await expect(page.getByRole("row").filter({ hasText: "paypal" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
