// The marketing figures (decision 093) on Analytics and on the P&L's ad spend lines: MER is net
// sales ÷ ad spend and POAS gross profit ÷ ad spend of the figures shown beside them, the two
// screens agree for the same 30 days, and every channel shows ROAS both ways, each a value or
// "—" with its reason.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.-]/g, "")) * 100);
const amount = async (page: Page, key: string) =>
  Number(await page.getByTestId(`pnl-${key}`).getAttribute("data-amount"));
const value = async (page: Page, testId: string) => {
  const v = await page.getByTestId(testId).first().getAttribute("data-value");
  return v === "" || v === null ? null : Number(v);
};

test("Analytics' Marketing card: MER, POAS and CAC from the figures beside them, ROAS both ways per channel", async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/analytics?timeframe=30d");
  await expect(page.getByRole("heading", { name: "Marketing" })).toBeVisible();
  const netSales = money(await page.getByTestId("figure-netSales").getByTestId("figure-value").textContent());
  const spend = await value(page, "marketing-adSpend");
  expect(spend).toBeGreaterThan(0);
  const mer = await value(page, "marketing-mer");
  expect(mer).toBeCloseTo(netSales / spend!, 6);
  await expect(page.getByTestId("marketing-mer").getByTestId("marketing-value")).toHaveText(`${mer!.toFixed(2)}×`);
  expect(await value(page, "marketing-poas")).toBeGreaterThan(0);
  await expect(page.getByTestId("marketing-new-customers")).toContainText(/New customers: [\d,]+/);
  const cac = await value(page, "marketing-cac");
  const shown = page.getByTestId("marketing-cac").getByTestId("marketing-value");
  if (cac === null) await expect(shown).toHaveText("—");
  else await expect(shown).toHaveText(/^\$[\d,]+\.\d\d$/);

  // Every channel: a ROAS as the platform reports and one from orders, each a multiple or "—" with why.
  const cells = page.locator('[data-testid^="platform-roas-"], [data-testid^="attributed-roas-"]');
  expect(await cells.count()).toBeGreaterThanOrEqual(2);
  for (const cell of await cells.all()) await expect(cell).toHaveText(/^(\d+\.\d\d×|— \S.+)$/);
  await expect(page.getByText("Infinity")).toHaveCount(0);
  await expect(page.getByText("NaN")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the P&L's Ad spend line carries MER, POAS and CAC, each channel line ROAS both ways, as Analytics", async ({
  page,
}) => {
  await page.goto("/costs?days=30");
  const spend = await amount(page, "adSpend");
  expect(spend).toBeGreaterThan(0);
  const mer = await value(page, "pnl-figure-mer");
  expect(mer).toBeCloseTo((await amount(page, "netSales")) / spend, 6);
  expect(await value(page, "pnl-figure-poas")).toBeCloseTo((await amount(page, "grossProfit")) / spend, 6);
  await expect(page.getByTestId("pnl-adSpend").getByTestId("pnl-figure-cac")).toContainText("CAC");

  const channels = page.locator('[data-testid^="pnl-ad:"]');
  expect(await channels.count()).toBeGreaterThan(0);
  for (const line of await channels.all()) {
    await expect(line.getByTestId("pnl-figure-platformRoas")).toHaveText(/ROAS as the platform reports (\d+\.\d\d×|—)/);
    await expect(line.getByTestId("pnl-figure-attributedRoas")).toHaveText(/ROAS from orders (\d+\.\d\d×|—)/);
  }

  // The same 30 days of the shop: the two screens show the same MER.
  await page.goto("/analytics?timeframe=30d");
  expect(await value(page, "marketing-mer")).toBeCloseTo(mer!, 10);
});
