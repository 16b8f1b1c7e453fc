// /customers/campaigns (docs/product/engagement.md): create a win-back campaign, start it, the job
// queue sends it to the demo's at-risk customers (hold-out excepted), open a message in the outbox
// and follow its tracked link to the shop; the click shows on the campaign. A Viewer reads only
// (SMS settings included).
// The demo is left as found: the campaign (with its sends) and its messages are deleted afterwards.
import Database from "better-sqlite3";
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const NAME = "E2E win-back";
const SUBJECT = "E2E we miss you";

function cleanUp() {
  const db = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""));
  try {
    db.prepare(`DELETE FROM "OutboxMessage" WHERE "subject" LIKE ?`).run(`${SUBJECT}%`);
    db.prepare(`DELETE FROM "EngagementCampaign" WHERE "name" = ?`).run(NAME);
  } finally {
    db.close();
  }
}

test.beforeAll(cleanUp);
test.afterAll(cleanUp);

async function viewAs(page: Page, label: RegExp) {
  await page.waitForLoadState("networkidle");
  const select = page.getByLabel("View the demo as");
  const value = (await select.locator("option").filter({ hasText: label }).first().getAttribute("value"))!;
  await select.selectOption(value);
  await expect(select).toHaveValue(value);
  await page.waitForLoadState("networkidle");
}

test("create a win-back campaign, send it, open a message in the outbox and click its link", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/customers");
  await page.getByRole("link", { name: "Campaigns" }).first().click();
  await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create campaign" }).click();

  await page.getByLabel("Name").fill(NAME);
  await expect(page.getByLabel("Audience or trigger")).toHaveValue("win_back");
  await page.getByLabel("Subject").fill(`${SUBJECT}, {{ first_name }}`);
  // No quiet hours, so the test sends whatever the time of day.
  await page.getByLabel("Quiet hours from (hour)").fill("0");
  await page.getByLabel("Quiet hours until (hour)").fill("0");
  // A template that does not render is refused at save, with its line.
  await page.getByLabel("Message", { exact: true }).fill("Hi {{ first_name }},\n\n{{ nickname }}");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Line 3: unknown merge field/)).toBeVisible();
  await page.getByLabel("Message", { exact: true }).fill("Hi {{ first_name }},\n\nCome back: {{ shop_url }}");
  await page.getByRole("button", { name: "Preview with a customer" }).click();
  await expect(page.getByTestId("campaign-preview")).toContainText("Come back: https://demo-store.myshopify.com");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/customers\/campaigns\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("Pause the campaign to change it.")).toBeVisible();
  // The job queue plans and sends within seconds.
  const sent = page.locator("p", { hasText: /^Sent$/ }).locator("xpath=following-sibling::p[1]");
  await expect
    .poll(
      async () => {
        await page.reload();
        return Number((await sent.textContent()) ?? "0");
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  await page.goto("/app/outbox");
  const message = page.getByRole("row").filter({ hasText: SUBJECT }).first();
  await expect(message).toBeVisible();
  await message.getByRole("link", { name: /^Open message/ }).click();
  const frame = page.getByRole("dialog").frameLocator("iframe");
  await expect(frame.getByText(/Come back:/)).toBeVisible();
  await expect(frame.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  const href = (await frame.getByRole("link", { name: "https://demo-store.myshopify.com" }).getAttribute("href"))!;
  expect(href).toMatch(/\/e\/c\/[\w-]+\?/);
  const click = await page.request.get(href, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe("https://demo-store.myshopify.com");
  // The same link pointed elsewhere is refused: no open redirect.
  const elsewhere = new URL(href);
  elsewhere.searchParams.set("u", "https://evil.example.com");
  expect((await page.request.get(elsewhere.toString(), { maxRedirects: 0 })).status()).toBe(404);

  await page.goto("/customers/campaigns");
  const row = page.getByRole("row").filter({ hasText: NAME });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Win-back");
  // The click rate, read from the column its header names.
  const headers = await page.getByRole("columnheader").allInnerTexts();
  const clickRate = headers.findIndex((h) => h.trim() === "Click rate");
  expect(clickRate).toBeGreaterThan(0);
  await expect(row.getByRole("cell").nth(clickRate)).not.toHaveText("0.0%");
  expect(errors).toEqual([]);
});

test("a Viewer sees the campaigns and their figures but cannot create or change one", async ({ page }) => {
  await page.goto("/customers/campaigns");
  await viewAs(page, /Viewer/);
  await page.goto("/customers/campaigns");
  await expect(page.getByRole("row").filter({ hasText: "Thank-you follow-up" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create campaign" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
  await page.getByRole("link", { name: "Thank-you follow-up" }).click();
  await expect(page.getByText("Inflated by privacy features", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Name")).toBeDisabled();
  // SMS settings: the status only (the demo has no Twilio account), no credentials form.
  await page.goto("/customers/campaigns/sms");
  await expect(page.getByText("Not connected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Twilio" })).toHaveCount(0);
  await viewAs(page, /Owner/);
});
