import { readFile } from "node:fs/promises";
import { expect, test } from "./hydrated";

const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.-]/g, "")) * 100);

test.describe("analytics", () => {
  test("timeframe and comparison change the chart and the cards", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    for (const title of ["Order Trends", "Traffic Sources", "Conversion Funnel", "Top Regions", "Export Data"])
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Organic search").first()).toBeVisible();
    await expect(page.getByText("United States").first()).toBeVisible();

    const netSales = page.getByTestId("figure-netSales").getByTestId("figure-value");
    const path = page.locator('path[data-series="Net sales"]');
    const cmpPath = page.locator('path[data-series="Net sales, previous period"]');
    const before = await netSales.textContent();
    const d = await path.getAttribute("d");

    await page.getByLabel("Timeframe").selectOption("7d");
    await expect(page).toHaveURL(/timeframe=7d/);
    await expect(netSales).not.toHaveText(before ?? "");
    await expect(path).not.toHaveAttribute("d", d ?? "");

    const cmpBefore = await cmpPath.getAttribute("d");
    await page.getByLabel("Compare with").selectOption("yearAgo");
    await expect(page).toHaveURL(/comparison=yearAgo/);
    // Last year is compared only when the store has data for most of it; otherwise the page says
    // so and draws no comparison line (docs/product/costs.md#comparable-periods).
    const lastYear = page.locator('path[data-series="Net sales, last year"]');
    await expect(page.getByText(/vs same period last year|no comparable period/).first()).toBeVisible();
    if (await page.getByText(/vs same period last year/).count())
      await expect(lastYear).not.toHaveAttribute("d", cmpBefore ?? "");
    else {
      await expect(lastYear).toHaveCount(0);
      await expect(cmpPath).toHaveCount(0);
    }

    await page.getByLabel("Timeframe").selectOption("1y");
    await expect(page.getByText(/Weekly, weeks starting/)).toBeVisible();
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  test("the glossary opens from a card", async ({ page }) => {
    await page.goto("/analytics");
    await page.getByTestId("figure-averageOrderValue").getByRole("link", { name: "How is this calculated?" }).click();
    await expect(page).toHaveURL(/\/analytics\/glossary#averageOrderValue$/);
    await expect(page.getByRole("heading", { level: 1, name: "How figures are calculated" })).toBeVisible();
    await expect(page.getByTestId("glossary-averageOrderValue")).toContainText("Net sales ÷ orders");
    await expect(page.getByTestId("glossary-averageOrderValue")).toBeInViewport();
  });

  test("Export downloads a CSV whose totals match the screen", async ({ page }) => {
    await page.goto("/analytics?timeframe=30d");
    const screenNet = money(await page.getByTestId("figure-netSales").getByTestId("figure-value").textContent());
    const screenOrders = Number(
      (await page.getByTestId("figure-orders").getByTestId("figure-value").textContent())?.replace(/,/g, ""),
    );
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/analytics-daily-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    await expect(page.getByTestId("export-done")).toContainText("Exported 30 rows");
    const text = await readFile((await file.path()) as string, "utf8");
    const [head, ...rows] = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r\n/)
      .map((l) => l.split(","));
    expect(rows).toHaveLength(30);
    const sum = (name: string) => rows.reduce((s, r) => s + Number(r[head.indexOf(name)]), 0);
    expect(Math.round(sum("Net sales (USD)") * 100)).toBe(screenNet);
    expect(sum("Orders")).toBe(screenOrders);
  });

  test("a saved dashboard keeps its figures, timeframe and comparison, and can be renamed and deleted", async ({
    page,
  }) => {
    await page.goto("/analytics?timeframe=90d&comparison=yearAgo");
    await expect(page.getByTestId("saved-dashboard").filter({ hasText: "Weekly sales" })).toBeVisible();
    await page.getByRole("button", { name: "Save as dashboard" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a name")).toBeVisible();
    await page.getByRole("textbox", { name: "Name" }).fill("Quarter vs last year");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByTestId("saved-dashboard").filter({ hasText: "Quarter vs last year" });
    await expect(saved).toBeVisible();
    await page.goto("/analytics");
    await saved.click();
    await expect(page.getByRole("heading", { level: 1, name: "Analytics: Quarter vs last year" })).toBeVisible();
    await expect(page.getByLabel("Timeframe")).toHaveValue("90d");
    await expect(page.getByLabel("Compare with")).toHaveValue("yearAgo");

    const row = page.locator("div").filter({ has: saved }).last();
    await row.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Quarterly");
    await page.getByRole("button", { name: "Rename", exact: true }).last().click();
    await expect(page.getByTestId("saved-dashboard").filter({ hasText: "Quarterly" })).toBeVisible();
    await page
      .locator("div")
      .filter({ has: page.getByTestId("saved-dashboard").filter({ hasText: "Quarterly" }) })
      .last()
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("saved-dashboard").filter({ hasText: "Quarterly" })).toHaveCount(0);
  });
});
