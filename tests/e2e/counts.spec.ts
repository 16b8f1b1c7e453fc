// One number per question (issue 35 item 3): the same customer count on Customers and in
// Settings → Data, members that are customers and tiers that add up to them, one average order
// value that is net sales ÷ orders, funnel visitors that are the sessions, and paid traffic
// beside the ad spend, read off the pages as a merchant reads them.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const int = (text: string | null | undefined) => Number((text ?? "").replace(/[^0-9]/g, ""));
const cents = (text: string | null | undefined) => Math.round(Number((text ?? "").replace(/[^0-9.-]/g, "")) * 100);
const figure = (page: Page, key: string) => page.getByTestId(`figure-${key}`).getByTestId("figure-value").textContent();

test("customers, members and tiers agree across screens", async ({ page }) => {
  await page.goto("/customers");
  const line = (await page.getByTestId("customer-count").textContent()) ?? "";
  const customers = int(line.split("·")[0]);
  expect(customers).toBeGreaterThan(0);

  await page.goto("/settings?tab=data");
  expect(int(await page.locator("#synced-customers").textContent())).toBe(customers);
  const redacted = /(\d[\d,]*) redacted/.exec(line);
  if (redacted) await expect(page.locator("#synced-customers-redacted")).toContainText(`${redacted[1]} redacted`);

  await page.goto("/loyalty");
  const card = page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Total members" }) })
    .last();
  const members = int(await card.getByRole("paragraph").first().textContent());
  expect(members).toBeLessThanOrEqual(customers);
  await expect(card).toContainText(`Of ${customers.toLocaleString("en-US")} customers`);
  await expect(page.locator("#tier-total")).toContainText(`${members.toLocaleString("en-US")} members in all`);
});

test("one average order value, visitors as sessions, paid traffic beside ad spend", async ({ page }) => {
  await page.goto("/analytics");
  const [net, orders, aov] = await Promise.all([
    figure(page, "netSales"),
    figure(page, "orders"),
    figure(page, "averageOrderValue"),
  ]);
  expect(Math.abs(cents(aov) - cents(net) / int(orders))).toBeLessThanOrEqual(1);
  await expect(page.getByTestId("figure-averageOrderValue")).toContainText("Net sales ÷ orders");
  const sessions = int(await figure(page, "sessions"));
  await expect(page.getByTestId("funnel-visitors")).toContainText(sessions.toLocaleString("en-US"));
  await expect(page.getByTestId("visitors-note")).toContainText(`${sessions.toLocaleString("en-US")} sessions`);
  await expect(page.getByTestId("paid-traffic-note")).toContainText("paid sessions");

  // The dashboard's card (the same 30 days) shows the same figure, with the same label.
  await page.goto("/dashboard");
  const card = page.getByTestId("metric-averageOrderValue");
  await expect(card).toContainText("Net sales ÷ orders");
  await expect(card.getByTestId("metric-value")).toHaveText(aov ?? "");
});
