// Settings → Integrations on the demo store (docs/product/settings.md#integrations): each row's
// status comes from the seeded records, and Connect Now on /integrations lands on its row.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const row = (page: Page, id: string) => page.locator(`#integration-${id}`);

test("the tab shows every integration with the status its records give", async ({ page }) => {
  await page.goto("/settings?tab=integrations");
  const expected: [string, string][] = [
    ["shopify", "Connected"],
    // The app now requests read_reports (the Analytics screen), so the demo grants it.
    ["shopify-analytics", "Connected"],
    ["email", "Pending"],
    ["stripe", "Disconnected"],
    ["paypal", "Connected"],
  ];
  for (const [id, status] of expected) {
    await expect(row(page, id)).toHaveAttribute("data-status", status.toLowerCase());
    await expect(row(page, id).locator(".Polaris-Badge").first()).toContainText(status);
  }
  await expect(row(page, "email")).toContainText("Outbox only");
  for (const id of ["stripe", "paypal"])
    await expect(row(page, id).getByRole("link", { name: "Invoice settings" })).toHaveAttribute(
      "href",
      "/app/invoices/settings",
    );

  const shopify = row(page, "shopify");
  // Every requested permission is granted in the demo; the seeded rejected delivery is the last error.
  // Every scope the app requests, each write scope with its implied read.
  await expect(shopify.locator("[data-scope]")).toHaveCount(12);
  await expect(shopify.getByText("Not granted")).toHaveCount(0);
  // In words, not the receiver's raw reason.
  await expect(shopify).toContainText(
    "Shopify sent an updated order that the app could not use, so it was skipped: unexpected or missing values (line item 1 price).",
  );
  await expect(shopify).not.toContainText("payload does not match");
  await shopify.getByRole("button", { name: "Show topics" }).click();
  const topics = shopify.getByRole("table");
  await expect(topics.getByRole("row", { name: /orders\/create/ })).toContainText("Applied");
  await expect(topics.getByRole("row", { name: /orders\/updated/ })).toContainText("line item 1 price");
  await expect(topics.getByRole("row", { name: /shop\/redact/ })).toContainText("Never");
});

test("Connect Now on /integrations lands on the matching row, outlined and focused", async ({ page }) => {
  await page.goto("/integrations");
  await page.getByRole("tab", { name: "Payment" }).click();
  await page.getByRole("article", { name: "PayPal" }).getByRole("link", { name: "Connect Now" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations#integration-paypal$/);
  await expect(row(page, "paypal")).toBeFocused();
  await expect(row(page, "paypal")).toHaveAttribute("aria-current", "location");
  await expect(row(page, "paypal")).toBeInViewport();
  await expect(row(page, "shopify")).not.toHaveAttribute("aria-current", "location");

  // Shopify Plus is part of the Shopify connection: its Connect Now opens the Shopify row.
  await page.goto("/integrations");
  await page.getByRole("article", { name: "Shopify Plus" }).getByRole("link", { name: "Connect Now" }).click();
  await expect(page).toHaveURL(/#integration-shopify$/);
  await expect(row(page, "shopify")).toBeFocused();
});
