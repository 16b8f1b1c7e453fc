import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

// At most one toast is shown at a time.
const toast = (page: Page) => page.locator(".Polaris-Frame-Toast");

test.describe("dashboard", () => {
  test("shows six metrics and the chart follows the timeframe", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto("/dashboard");
    await expect(page.getByText("Demo store", { exact: true })).toBeVisible();
    // Outside the admin, App Bridge's script would redirect the page: the demo never loads it.
    expect(await page.locator('script[src*="app-bridge"]').count()).toBe(0);
    await expect(page.getByText("Demo Store", { exact: true })).toBeVisible();
    await expect(page.getByText("Pro plan")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Analytics Dashboard" })).toBeVisible();
    for (const key of ["revenue", "orders", "conversionRate", "averageOrderValue", "netProfit", "totalCosts"])
      await expect(page.getByTestId(`metric-${key}`)).toBeVisible();
    await expect(page.getByTestId("metric-netProfit")).toContainText(/margin|No margin data/);

    const chart = page.getByTestId("trend-chart");
    const revenuePath = chart.locator('path[data-series="Revenue"]');
    const before = await revenuePath.getAttribute("d");
    const ordersBefore = await page.getByTestId("metric-orders").getByTestId("metric-value").textContent();

    await page.getByLabel("Timeframe").selectOption("90");
    await expect(page).toHaveURL(/days=90/);
    await expect(page.getByText("vs previous 90 days").first()).toBeVisible();
    await expect(revenuePath).not.toHaveAttribute("d", before ?? "");
    const ordersAfter = await page.getByTestId("metric-orders").getByTestId("metric-value").textContent();
    expect(Number(ordersAfter?.replace(/,/g, ""))).toBeGreaterThan(Number(ordersBefore?.replace(/,/g, "")));

    await page.getByLabel("Timeframe").selectOption("365");
    await expect(page).toHaveURL(/days=365/);
    await expect(page.getByText("Top Performing Products")).toBeVisible();
    // Calendar weeks (from Sunday by default, Settings → General); the last one says it is not over, on focus as on hover.
    await expect(
      page.getByText(/Weekly totals, weeks starting Sunday; the last point is this week so far/),
    ).toBeVisible();
    await page.getByTestId("chart-pointer").focus();
    await expect(page.getByTestId("chart-tooltip")).toContainText("(so far)");
    await expect(page.getByTestId("chart-tooltip")).toContainText("Revenue: $");
    await page.keyboard.press("Home");
    await expect(page.getByTestId("chart-tooltip")).not.toContainText("(so far)");
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  test("an unknown path shows the not-found screen", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });
});

test.describe("costs", () => {
  const money = (text: string | null) => Number((text ?? "").replace(/[^0-9.-]/g, ""));

  test("adding a product cost and an expense changes net profit", async ({ page }) => {
    await page.goto("/costs");
    await expect(page.getByRole("heading", { name: "Cost Management", level: 1 })).toBeVisible();
    const netProfit = page.getByTestId("costs-net-profit");
    const start = money(await netProfit.textContent());
    // "28 of 240": variants sold in the period without a cost, of all sold.
    const [uncosted, sold] = ((await page.getByTestId("costs-uncosted").textContent()) ?? "").split(" of ").map(Number);
    expect(uncosted).toBeGreaterThan(0);
    expect(sold).toBeGreaterThan(uncosted);
    await expect(page.getByTestId("missing-sentence")).toHaveText(
      `${uncosted} of ${sold} variants sold in this period have no cost.`,
    );

    // A product sold without a cost: add one through the dialog.
    await page
      .getByRole("button", { name: /^Add cost for/ })
      .first()
      .click();
    const costDialog = page.getByRole("dialog", { name: "Add Product Cost" });
    await expect(costDialog).toBeVisible();
    await expect(costDialog.getByLabel("Product name")).not.toHaveValue("");
    const save = costDialog.getByRole("button", { name: "Save Product Cost" });
    await expect(save).toBeDisabled();
    await costDialog.getByLabel("Cost per unit").fill("25.00");
    await costDialog.getByLabel("Effective from").fill("2025-01-01");
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page)).toHaveText("Product Cost Added — Product cost has been saved successfully.");
    await expect(costDialog).toBeHidden();
    await expect(netProfit).not.toHaveText(
      new RegExp(`^\\$${start.toLocaleString("en-US", { minimumFractionDigits: 2 }).replace(/\$/g, "")}$`),
    );
    const afterCost = money(await netProfit.textContent());
    expect(afterCost).toBeLessThan(start);

    // A one-time expense today lowers net profit by exactly its amount.
    await page.getByRole("button", { name: "Add Expense" }).click();
    const expenseDialog = page.getByRole("dialog", { name: "Add Expense" });
    await expect(expenseDialog.getByLabel("Category")).toHaveValue("other");
    const saveExpense = expenseDialog.getByRole("button", { name: "Save Expense" });
    await expect(saveExpense).toBeDisabled();
    await expenseDialog.getByLabel("Description").fill("Pop-up market stall");
    await expenseDialog.getByLabel("Amount").fill("1000");
    await saveExpense.click();
    await expect(toast(page)).toHaveText("Expense Added — Operating expense has been recorded successfully.");
    await expect(page.getByRole("cell", { name: "Pop-up market stall", exact: true })).toBeVisible();
    await expect.poll(async () => money(await netProfit.textContent())).toBeCloseTo(afterCost - 1000, 2);

    // A typo fixed: 1000 → 100, then deleted after confirming; profit follows each step.
    const row = page.getByRole("row").filter({ hasText: "Pop-up market stall" });
    await row.getByRole("button", { name: "Edit Pop-up market stall" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Expense" });
    await expect(editDialog.getByLabel("Amount")).toHaveValue("1000.00");
    await editDialog.getByLabel("Amount").fill("100");
    await editDialog.getByRole("button", { name: "Save Expense" }).click();
    await expect(toast(page)).toHaveText("Expense updated");
    await expect.poll(async () => money(await netProfit.textContent())).toBeCloseTo(afterCost - 100, 2);
    await row.getByRole("button", { name: "Delete Pop-up market stall" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete expense?" });
    await expect(confirm).toContainText("cannot be undone");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Expense deleted");
    await expect(page.getByRole("cell", { name: "Pop-up market stall", exact: true })).toHaveCount(0);
    await expect.poll(async () => money(await netProfit.textContent())).toBeCloseTo(afterCost, 2);
  });

  test("the profit and loss adds up to the dashboard, and every line opens what makes it up", async ({ page }) => {
    for (const days of ["30", "365"]) {
      await page.goto(`/costs?days=${days}`);
      const amount = async (key: string) => Number(await page.getByTestId(`pnl-${key}`).getAttribute("data-amount"));
      const [revenue, totalCosts, netProfit] = [
        await amount("revenue"),
        await amount("totalCosts"),
        await amount("netProfit"),
      ];
      expect(revenue - totalCosts).toBe(netProfit);
      let parts = 0;
      for (const key of ["cogs", "adSpend", "shippingCost", "paymentFees", "expenses", "loyalty"])
        parts += await amount(key);
      expect(parts).toBe(totalCosts);
      expect((await amount("grossSales")) - (await amount("discounts")) - (await amount("refunds"))).toBe(
        await amount("netSales"),
      );
      // The same figures as the dashboard's cards for the same timeframe.
      const cents = (text: string | null) => Math.round(money(text) * 100);
      await page.goto(`/dashboard?days=${days}`);
      const card = (key: string) => page.getByTestId(`metric-${key}`).getByTestId("metric-value").textContent();
      expect(cents(await card("revenue"))).toBe(revenue);
      expect(cents(await card("totalCosts"))).toBe(totalCosts);
      expect(cents(await card("netProfit"))).toBe(netProfit);
    }
    await page.goto("/costs?days=30");
    const cogs = Number(await page.getByTestId("pnl-cogs").getAttribute("data-amount"));
    await page.getByRole("link", { name: "Cost of goods: what makes it up" }).click();
    await expect(page).toHaveURL(/line=cogs/);
    const dialog = page.getByRole("dialog", { name: "Cost of goods: what makes it up" });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.locator("tfoot, .Polaris-DataTable__Footer, .Polaris-DataTable__TableRow--total").first(),
    ).toContainText((cogs / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }));
  });

  test("an invalid amount shows its field error and cannot be saved silently", async ({ page }) => {
    await page.goto("/costs");
    await page.getByRole("button", { name: "Add Product Cost" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Product Cost" });
    await dialog.getByLabel("Product name").fill("Gift box");
    await dialog.getByLabel("Cost per unit").fill("-4");
    await expect(dialog.getByText(/Cost per unit must be an amount of 0 or more/)).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, navigates and closes", async ({ page }) => {
    await page.goto("/dashboard");
    const toggle = page.getByRole("button", { name: /toggle menu/i });
    await toggle.click();
    const nav = page.locator("nav").filter({ has: page.getByRole("link", { name: "Costs & Profit" }) });
    await expect(nav.getByRole("link", { name: "Back to Home" })).toBeVisible();
    await nav.getByRole("link", { name: "Costs & Profit" }).click();
    await expect(page).toHaveURL(/\/costs$/);
    await expect(page.getByRole("heading", { name: "Cost Management", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Back to Home" })).not.toBeInViewport();

    // The back button returns to the previous page.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
