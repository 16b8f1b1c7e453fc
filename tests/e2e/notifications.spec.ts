// Settings → Notifications (docs/product/settings.md#notifications): the member's own events ×
// channels, kept after a reload; Send test puts an e-mail in the outbox and an item in the bell.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";
import { DEFAULT_CHANNELS } from "~/features/notifications/events";

const saveButton = (page: Page) => page.getByRole("main").getByRole("button", { name: "Save", exact: true });

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  const res = await page.request.post("/api/notifications", { data: { intent: "save", channels: DEFAULT_CHANNELS } });
  expect(res.status()).toBe(200);
  await page.close();
});

test("a channel toggled and saved is kept after a reload", async ({ page }) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/settings?tab=notifications");
  await expect(page.getByRole("tab", { name: "Notifications", selected: true })).toBeVisible();
  const stockByEmail = page.getByLabel("Stock alerts by E-mail");
  await expect(stockByEmail).not.toBeChecked();
  await expect(page.getByLabel("Overdue invoices by E-mail")).toBeChecked();
  await expect(saveButton(page)).toBeDisabled();

  await stockByEmail.check();
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await expect(page.getByText("Notification choices saved.")).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel("Stock alerts by E-mail")).toBeChecked();
  await expect(saveButton(page)).toBeDisabled();
  expect(errors).toEqual([]);
});

test("a Slack URL that is not a Slack webhook is refused on the field", async ({ page }) => {
  await page.goto("/settings?tab=notifications");
  await page.getByLabel("Slack incoming-webhook URL").fill("https://example.com/services/T0/B0/x");
  await saveButton(page).click();
  await expect(page.getByText("Enter a Slack incoming-webhook URL (https://hooks.slack.com/services/…)")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Slack incoming-webhook URL")).toHaveValue("");
});

test("Send test: an e-mail in the outbox, an item in the bell", async ({ page }) => {
  await page.goto("/settings?tab=notifications");
  await page.getByRole("button", { name: /^Send test e-mail/ }).click();
  await expect(page.getByText(/^Test e-mail sent to .+@.+\.$/)).toBeVisible();

  await page.getByRole("button", { name: /^Send test to the bell/ }).click();
  await expect(page.getByText("A test item is in the bell for the next hour.")).toBeVisible();
  await page.getByRole("button", { name: /^Notifications,/ }).click();
  await expect(page.getByText("Test notification: the bell works")).toBeVisible();

  await page.goto("/app/outbox");
  await expect(page.getByRole("row").filter({ hasText: "Test notification from Profit Pilot" }).first()).toBeVisible();
});
