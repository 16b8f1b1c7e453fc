// Settings → API Keys and the public API against the running server (docs/product/public-api.md):
// create a key, copy it from the one dialog that shows it, send every /api-docs example with it
// and compare status and shape with the documented answer, then revoke it and see 401. The demo
// is left as found: the keys, idempotency rows and the records the examples created are deleted
// afterwards.
import Database from "better-sqlite3";
import { expect, test } from "./hydrated";
import { EXAMPLES, shapeOf } from "../../app/features/public-api/examples";

// Ids the examples captured (`{invoiceId}`, `{costId}`, `{expenseId}`, `{campaignId}`), filled into later paths.
const captured: Record<string, string> = {};

test.afterAll(() => {
  const db = new Database((process.env.DATABASE_URL ?? "").replace(/^file:/, ""));
  try {
    db.prepare(`DELETE FROM "ApiKey" WHERE "name" = 'E2E key'`).run();
    db.prepare(`DELETE FROM "ApiIdempotentRequest"`).run();
    const tables = {
      invoiceId: "Invoice",
      costId: "ProductCost",
      expenseId: "OperatingExpense",
      campaignId: "LoyaltyCampaign",
    } as const;
    for (const [name, table] of Object.entries(tables))
      if (captured[name]) db.prepare(`DELETE FROM "${table}" WHERE "id" = ?`).run(captured[name]);
  } finally {
    db.close();
  }
});

test.describe.configure({ mode: "serial" });

// The key made by the first test, revoked by the second.
let key = "";
let storeId = "";

test("create a key, copy it once, run the documented examples with it", async ({ page, request }) => {
  // Twenty-odd documented calls, writes among them, on a machine other runs share.
  test.setTimeout(180_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("Calls this month")).toBeVisible();
  storeId = (await page
    .getByText(/^Store id for the API paths/)
    .locator("code")
    .textContent())!;

  await page.getByRole("button", { name: "Create API key" }).click();
  await page.getByLabel("Name").fill("E2E key");
  // Read is ticked for every resource; the examples also write invoices, costs, expenses and loyalty campaigns.
  for (const resource of ["Invoices", "Costs", "Loyalty"]) await page.getByLabel(`${resource}: write`).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const field = page.getByLabel("API key", { exact: true });
  await expect(field).toHaveValue(/^pp_live_[0-9A-Za-z]{43}$/);
  key = await field.inputValue();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.getByRole("button", { name: "Done" }).click();
  // Shown once: gone from the page, listed by its last four only.
  await expect(page.getByLabel("API key", { exact: true })).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(key);
  const row = page.getByRole("row").filter({ hasText: "E2E key" });
  await expect(row).toContainText(`pp_live_…${key.slice(-4)}`);

  captured.storeId = storeId;
  for (const example of EXAMPLES) {
    const path = example.path.replace(/\{(\w+)\}/g, (_, name: string) => captured[name] ?? `{${name}}`);
    const answer = await request.fetch(path, {
      method: example.method,
      headers: { ...example.headers, Authorization: `Bearer ${key}` },
      data: example.body,
    });
    const body = await answer.json();
    expect([example.title, answer.status()]).toEqual([example.title, example.status]);
    expect(answer.headers()["x-request-id"]).toMatch(/^req_/);
    expect([example.title, shapeOf(body)]).toEqual([example.title, shapeOf(example.response)]);
    if (example.capture) captured[example.capture] = body.data.id;
  }
});

test("revoke the key: the API refuses it at once", async ({ page, request }) => {
  await page.goto("/settings/api-keys");
  const row = page.getByRole("row").filter({ hasText: "E2E key" });
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  const refused = await request.get(`/api/v1/stores/${storeId}/analytics`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("api_key_revoked");
});

test("/api-docs renders the OpenAPI document's endpoints in four tabs", async ({ page }) => {
  await page.goto("/api-docs");
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Base URL")).toBeVisible();
  await page.getByRole("tab", { name: "Endpoints" }).click();
  await expect(page.getByText("/stores/{storeId}/analytics", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Examples" }).click();
  await expect(page.getByText(EXAMPLES[0].title)).toBeVisible();
  await expect(page.getByRole("link", { name: "Get API Access" })).toHaveAttribute("href", "/dashboard");
});
