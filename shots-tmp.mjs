import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3201";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [1366, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/api-docs`);
  await page.getByRole("tab", { name: "Examples" }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/api-docs-examples-${width}.png`, fullPage: false });
  await page.getByRole("tab", { name: "Endpoints" }).click();
  await page.getByText("/stores/{storeId}/invoices/{invoiceId}/send").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/api-docs-endpoints-${width}.png`, fullPage: false });
  await page.close();
}
await browser.close();
