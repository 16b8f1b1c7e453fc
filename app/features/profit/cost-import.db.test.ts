// Product costs in bulk: an import re-costs COGS from each row's effective day only, as a
// single edit does; a preview writes nothing; undo restores exactly; shop B never moves; the
// export is guarded against formula injection and reads back as an import that changes nothing.
import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { tableCounts } from "~tests/table-counts";
import { addProductCost } from "~/features/profit/costs.server";
import { rebuildRollups } from "~/features/profit/rollups.server";
import {
  applyCostImport,
  costExportResponse,
  previewCostImport,
  undoCostImport,
} from "~/features/profit/cost-import.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
let alphaVariantId: string;
const actorOf = (s: Shop) => ({ shop: s, staff: { email: "owner@x.test", name: "Owner" } });
const cogsOn = async (s: Shop, day: string) =>
  (await prisma.dailyRollup.findUnique({ where: { shopId_day: { shopId: s.id, day } } }))?.cogsMinor ?? 0;
const snapshot = async (s: Shop) => ({
  costs: (await prisma.productCost.findMany({ where: { shopId: s.id }, orderBy: { id: "asc" } })).map((c) => ({
    ...c,
    createdAt: undefined,
  })),
  rollups: await prisma.dailyRollup.findMany({ where: { shopId: s.id }, orderBy: { day: "asc" } }),
  products: await prisma.productDailyRollup.findMany({
    where: { shopId: s.id },
    orderBy: [{ day: "asc" }, { productId: "asc" }],
  }),
});

beforeEach(async () => {
  shop = await createShop({ name: "Costs" });
  other = await createShop({ name: "Other" });
  for (const s of [shop, other]) {
    const a = await createProduct(s.id, { title: "Alpha", sku: "A", priceMinor: 100_00, unitCostMinor: 40_00 });
    const b = await createProduct(s.id, { title: "Beta", sku: "B", priceMinor: 50_00, unitCostMinor: null });
    await createOrder(s.id, "2026-06-10", [line(a, 2), line(b, 1)]);
    await createOrder(s.id, "2026-06-20", [line(a, 1), line(b, 2)]);
    await rebuildRollups(s.id);
  }
  const v = await prisma.variant.findFirstOrThrow({ where: { shopId: shop.id, sku: "A" } });
  await prisma.variant.update({ where: { id: v.id }, data: { shopifyId: "gid://shopify/ProductVariant/777" } });
  alphaVariantId = "777";
});

describe("product cost import", () => {
  it("previews matched, changed and refused rows and writes nothing", async () => {
    await addProductCost(shop, { productName: "Beta", sku: "B", costPerUnit: "10", effectiveFrom: "2026-06-01" });
    const before = await tableCounts();
    const plan = await previewCostImport(
      shop,
      [
        "variant_id,sku,cost,effective_date",
        `${alphaVariantId},,45.00,2026-06-15`,
        ",B,12,2026-06-01",
        ",ZZZ,3,2026-06-01",
        ",B,=cmd|' /C calc'!A0,2026-06-01",
      ].join("\n"),
    );
    expect(plan.ok && plan.rows.map((r) => [r.sku, r.status, r.oldCostMinor, r.costPerUnitMinor])).toEqual([
      ["A", "new", 40_00, 45_00],
      ["B", "changed", 10_00, 12_00],
    ]);
    expect(plan.ok && plan.refused.map((r) => r.line)).toEqual([4, 5]);
    expect(await tableCounts()).toEqual(before);
  });

  it("applies each cost from its effective day only, as a single edit does", async () => {
    const single = await createShop({ name: "Single" });
    const a = await createProduct(single.id, { title: "Alpha", sku: "A", priceMinor: 100_00, unitCostMinor: 40_00 });
    await createOrder(single.id, "2026-06-10", [line(a, 2)]);
    await createOrder(single.id, "2026-06-20", [line(a, 1)]);
    await addProductCost(single, { productName: "Alpha", sku: "A", costPerUnit: "45.00", effectiveFrom: "2026-06-15" });

    const result = await applyCostImport(actorOf(shop), "sku,cost,effective_date\nA,45.00,2026-06-15\n", "costs.csv");
    expect(result.ok && result.written).toBe(1);
    expect(await cogsOn(shop, "2026-06-10")).toBe(80_00); // sold before the effective day: the synced 40 × 2
    expect(await cogsOn(shop, "2026-06-20")).toBe(45_00);
    expect(await cogsOn(shop, "2026-06-20")).toBe(await cogsOn(single, "2026-06-20"));
    expect(await cogsOn(shop, "2026-06-10")).toBe(await cogsOn(single, "2026-06-10"));
    // The incremental rollups equal a rebuild.
    const incremental = await snapshot(shop);
    await rebuildRollups(shop.id);
    expect((await snapshot(shop)).rollups.map((r) => [r.day, r.cogsMinor, r.uncostedUnits])).toEqual(
      incremental.rollups.map((r) => [r.day, r.cogsMinor, r.uncostedUnits]),
    );
  });

  it("undo restores exactly what was there, and shop B never moves", async () => {
    await addProductCost(shop, { productName: "Beta", sku: "B", costPerUnit: "10", effectiveFrom: "2026-06-01" });
    const before = await snapshot(shop);
    const otherBefore = await snapshot(other);
    await applyCostImport(actorOf(shop), "sku,cost,effective_date\nA,30,2026-06-01\nB,12,2026-06-01\n", null);
    expect(await cogsOn(shop, "2026-06-10")).toBe(2 * 30_00 + 12_00);
    expect(await snapshot(other)).toEqual(otherBefore);
    await expect(undoCostImport(actorOf(other))).rejects.toMatchObject({ status: 409 });
    await undoCostImport(actorOf(shop));
    expect(await snapshot(shop)).toEqual(before);
    expect(await snapshot(other)).toEqual(otherBefore);
    await expect(undoCostImport(actorOf(shop))).rejects.toMatchObject({ status: 409 });
    const audit = await prisma.auditEntry.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["costs.product_cost.import", "costs.product_cost.import_undo"]);
  });

  it("exports guarded cells that read back as an import changing nothing", async () => {
    await prisma.product.updateMany({ where: { shopId: shop.id, title: "Beta" }, data: { title: '=HYPERLINK("x")' } });
    await addProductCost(shop, { productName: "Alpha", sku: "A", costPerUnit: "41", effectiveFrom: "2026-06-01" });
    const text = await (await costExportResponse(shop)).text();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        sku: "A",
        variant_id: "777",
        product: "Alpha",
        variant: "Default",
        cost: "41.00",
        effective_date: "2026-06-01",
        source: "app",
      },
      expect.objectContaining({ sku: "B", product: '\'=HYPERLINK("x")', cost: "", source: "unknown" }),
    ]);
    const plan = await previewCostImport(shop, text);
    expect(plan.ok && plan.rows.map((r) => r.status)).toEqual(["unchanged"]);
    // B has no cost: its row is refused, never read as zero.
    expect(plan.ok && plan.refused.map((r) => r.line)).toEqual([3]);
  });
});
