// Product costs in bulk (docs/product/costs.md#product-costs-in-bulk): the export names the
// store's SKUs; a cost CSV with one bad row shows that row's error in the preview, writes
// nothing until confirmed, and the good rows are applied after confirming.
import { expect, test } from "./hydrated";
import { parse } from "csv-parse/sync";

test("import a cost CSV with one bad row: the row error shown, the good rows applied after confirming", async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  const exported = await page.request.get("/costs/product-costs");
  expect(exported.headers()["content-type"]).toMatch(/text\/csv/);
  const rows = (parse(await exported.text(), { columns: true, bom: true }) as Record<string, string>[]).filter(
    (r) => r.sku,
  );
  expect(rows.length).toBeGreaterThan(2);
  const [a, b] = rows;
  const csv = [
    "sku,cost,effective_date",
    `${a.sku},1.11,2026-01-05`,
    `${b.sku},2.22,2026-01-05`,
    `NO-SUCH-SKU-E2E,3.33,2026-01-05`,
  ].join("\n");

  // A file chosen before the page's scripts have run is not replayed (a script cannot set a
  // file input; decision 085): the user picks it again. Here the page is ready first.
  await page.goto("/costs", { waitUntil: "networkidle" });
  // The only file input on /costs is the bulk card's.
  const card = page.getByRole("main");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "costs.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(card).toContainText("Line 4: No variant with SKU NO-SUCH-SKU-E2E");
  await expect(card).toContainText("1 refused");
  await expect(card).toContainText("$1.11");

  // Nothing written yet: the export still shows the old costs.
  const before = parse(await (await page.request.get("/costs/product-costs")).text(), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];
  expect(before.find((r) => r.sku === a.sku)?.cost).toBe(a.cost);

  await card.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(card).toContainText("Imported: 2 rows written, 1 refused");
  await expect(card).toContainText("Last import: costs.csv, 2 rows");
  const after = parse(await (await page.request.get("/costs/product-costs")).text(), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];
  expect(after.find((r) => r.sku === a.sku)).toMatchObject({
    cost: "1.11",
    effective_date: "2026-01-05",
    source: "app",
  });
  expect(after.find((r) => r.sku === b.sku)).toMatchObject({ cost: "2.22", source: "app" });
  expect(errors).toEqual([]);
});
