// /ai-insights (docs/product/insights.md): Generate New Insights → the Processing Request overlay
// → the spec's notice → insights computed from the demo store → dismiss one with a reason → it
// stays gone after a reload; a Viewer reads but cannot act. The demo is left as found: the
// insights and runs this test made are deleted afterwards.
import Database from "better-sqlite3";
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";

function cleanUp() {
  const db = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""));
  try {
    db.prepare(`DELETE FROM "Insight"`).run();
    db.prepare(`DELETE FROM "InsightRun"`).run();
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

test("generate → overlay → notice → dismiss → reload", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/ai-insights");
  await expect(page.getByRole("heading", { name: "AI Insights", level: 1 })).toBeVisible();
  await expect(page.getByText("No insights yet")).toBeVisible();

  await page.getByRole("button", { name: "Generate New Insights" }).click();
  await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
  await expect(page.getByText("Processing Request")).toBeVisible();
  await expect(page.getByText("Analyzing data and generating insights...")).toBeVisible();
  await expect(
    page.getByText("AI Insights Generated: New insights have been generated based on your latest data."),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Processing Request")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate New Insights" })).toBeEnabled();
  await expect(page.getByText(/^Updated (just now|1 minute ago)$/)).toBeVisible();

  // The demo store has overdue invoices: a computed insight with its value, formula and evidence.
  const overdue = page.locator("[data-insight]").filter({ hasText: /overdue invoices?:/ });
  await expect(overdue).toBeVisible();
  await expect(overdue).toContainText("sum of the overdue invoices' totals");
  await expect(overdue).toContainText(/High confidence/);
  await expect(overdue).toContainText("Method:");
  const title = (await overdue.getByRole("heading").textContent())!;

  // The tab counts agree with the list.
  const all = Number((await page.getByRole("tab", { name: /All Insights/ }).textContent())!.match(/\((\d+)\)/)![1]);
  await expect(page.locator("[data-insight]")).toHaveCount(all);

  await overdue.getByRole("button", { name: "Dismiss" }).click();
  const dialog = page.getByRole("dialog", { name: "Dismiss insight" });
  await dialog.getByRole("button", { name: "Dismiss" }).click();
  await expect(dialog.getByText("Choose why you dismiss it")).toBeVisible();
  await dialog.getByLabel("Why dismiss it?").selectOption("already-handled");
  await dialog.getByRole("button", { name: "Dismiss" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("heading", { name: "AI Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: `All Insights (${all - 1})` })).toBeVisible();

  // The history lists it with its reason.
  await page.goto("/ai-insights/history");
  await expect(page.getByRole("heading", { name: "Insight history", level: 1 })).toBeVisible();
  const past = page.getByRole("row").filter({ hasText: title });
  await expect(past).toContainText("Dismissed");
  await expect(past).toContainText("Already handled");

  // The dashboard's card shows the top three and when the last run ended.
  await page.goto("/dashboard");
  const card = page.locator('[data-dashboard-slot="ai-insights"]');
  await expect(card.getByRole("heading", { name: "AI Insights" })).toBeVisible();
  await expect(card.getByText(/^Updated /)).toBeVisible();
  expect(errors).toEqual([]);
});

test("a Viewer reads the insights but cannot generate or act", async ({ page }) => {
  await page.goto("/ai-insights");
  await viewAs(page, /Sam Patel \(Viewer\)/);
  try {
    await page.goto("/ai-insights");
    await expect(page.getByRole("button", { name: "Generate New Insights" })).toBeDisabled();
    await expect(page.getByText("Viewers can't generate insights.")).toBeVisible();
    const first = page.locator("[data-insight]").first();
    if (await first.count()) await expect(first.getByRole("button", { name: "Mark done" })).toBeDisabled();
  } finally {
    await viewAs(page, /Alex Morgan \(Owner\)/);
  }
});
