// Shopify's cost per item and the app's product costs (docs/decisions/091): the import reads
// every page of productVariants (recorded answers, each document validated against the Admin
// schema subset) and refuses what it cannot use with the reason; the push marks pushed only
// what Shopify accepted; the source-of-truth setting is respected; shop B never moves.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { createProduct, createShop } from "~tests/factories";
import { fixture, jsonResponse, schemaErrors } from "~tests/shopify-admin";
import { tableCounts } from "~tests/table-counts";
import type { AdminGraphql } from "~/features/store-sync/index.server";
import { addProductCost, applyCostImport, setCostSource } from "~/features/profit/index.server";
import {
  applyShopifyCostImport,
  previewShopifyCostImport,
  pushCostsToShopify,
  undoShopifyCostImport,
} from "~/features/store-sync/cost-per-item.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
const actorOf = (s: Shop) => ({ shop: { ...s }, staff: { email: "owner@x.test", name: "Owner" } });
const noWait = { sleep: async () => {} };

/** A local Shopify: checks each document against the schema subset and answers from recordings. */
function fakeShopify({ refuse = new Set<string>(), throttleFirst = false } = {}) {
  const seen: { op: string; variables: Record<string, unknown> }[] = [];
  let throttled = !throttleFirst;
  const graphql: AdminGraphql = async (query, options) => {
    const invalid = schemaErrors(query);
    if (invalid) return invalid;
    const variables = options?.variables ?? {};
    if (!throttled) {
      throttled = true;
      return jsonResponse(fixture("throttled.json"));
    }
    if (/ProfitShopifyCosts/.test(query)) {
      seen.push({ op: "read", variables });
      return jsonResponse(
        fixture(variables.after ? "product-variants-costs-page-2.json" : "product-variants-costs-page-1.json"),
      );
    }
    if (/ProfitInventoryItemCost/.test(query)) {
      seen.push({ op: "update", variables });
      const id = String(variables.id);
      return jsonResponse(
        fixture(refuse.has(id) ? "inventory-item-update-user-errors.json" : "inventory-item-update.json"),
      );
    }
    throw new Error("unexpected document");
  };
  return { admin: { graphql, options: noWait }, seen };
}

beforeEach(async () => {
  shop = await createShop({ name: "Costs", currency: "USD", timezone: "America/New_York" });
  other = await createShop({ name: "Other", currency: "USD" });
  for (const s of [shop, other]) {
    for (const [sku, cost, item] of [
      ["A", 40_00, "201"],
      ["B", null, "204"],
      ["C", 5_00, "205"],
      ["E", 9_00, "203"],
    ] as const) {
      await createProduct(s.id, { title: `Product ${sku}`, sku, unitCostMinor: cost });
      await prisma.variant.updateMany({
        where: { shopId: s.id, sku },
        data: { inventoryItemId: `gid://shopify/InventoryItem/${item}` },
      });
    }
  }
});

const costsOf = async (s: Shop) =>
  (await prisma.productCost.findMany({ where: { shopId: s.id }, orderBy: { sku: "asc" } })).map((c) => [
    c.sku,
    c.effectiveFrom,
    c.costPerUnitMinor,
  ]);

describe("import from Shopify", () => {
  it("reads every page, refuses what it cannot use with the reason, and writes nothing on preview", async () => {
    const { admin, seen } = fakeShopify({ throttleFirst: true });
    const before = await tableCounts();
    const plan = await previewShopifyCostImport(shop, admin, null);
    expect(seen.map((s) => s.variables.after ?? null)).toEqual([null, "eyJsYXN0X2lkIjoxMDN9"]);
    if (!plan.ok) throw new Error("plan refused");
    expect(plan.rows.map((r) => [r.sku, r.status, r.oldCostMinor, r.costPerUnitMinor])).toEqual([
      ["A", "new", 40_00, 41_50],
      ["B", "new", null, 12_00],
    ]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      "Variant 102: no SKU in Shopify; costs are matched by SKU, so add one in Shopify first",
      "Variant 103 (E): cost is in EUR, not the shop's USD",
      "Variant 105 (C): no cost per item in Shopify",
      "Variant 106 (ZZ): not in this app yet; wait for the store sync",
    ]);
    expect(plan.rows.every((r) => r.effectiveFrom === dayInZone(new Date(), "America/New_York"))).toBe(true);
    expect(await tableCounts()).toEqual(before);
  });

  it("applies from the chosen day, undoes exactly, and leaves the other shop alone", async () => {
    const { admin } = fakeShopify();
    const result = await applyShopifyCostImport(actorOf(shop), admin, "2026-06-01");
    expect(result.ok && result.written).toBe(2);
    expect(await costsOf(shop)).toEqual([
      ["A", "2026-06-01", 41_50],
      ["B", "2026-06-01", 12_00],
    ]);
    expect(await costsOf(other)).toEqual([]);
    const record = await prisma.csvImport.findFirstOrThrow({ where: { shopId: shop.id } });
    expect([record.kind, record.rowsWritten]).toEqual(["shopify_cost", 2]);
    // A second import of the same costs changes nothing.
    const again = await applyShopifyCostImport(actorOf(shop), admin, "2026-06-01");
    expect(again.ok && again.written).toBe(0);
    await prisma.csvImport.deleteMany({ where: { shopId: shop.id, rowsWritten: 0 } });
    expect(await undoShopifyCostImport(actorOf(shop))).toEqual({ restored: 2 });
    expect(await costsOf(shop)).toEqual([]);
    await expect(undoShopifyCostImport(actorOf(other))).rejects.toMatchObject({ status: 409 });
  });
});

describe("push to Shopify", () => {
  it("sends the app's costs that differ, shows each row's userErrors and marks pushed only what Shopify took", async () => {
    await addProductCost(shop, {
      productName: "Product A",
      sku: "A",
      costPerUnit: "45.00",
      effectiveFrom: "2026-01-01",
    });
    await addProductCost(shop, {
      productName: "Product B",
      sku: "B",
      costPerUnit: "13.00",
      effectiveFrom: "2026-01-01",
    });
    // C's cost comes from Shopify itself: nothing to push.
    const { admin, seen } = fakeShopify({ refuse: new Set(["gid://shopify/InventoryItem/204"]) });
    const rows = await pushCostsToShopify(actorOf(shop), admin);
    expect(seen.filter((s) => s.op === "update").map((s) => s.variables)).toEqual([
      { id: "gid://shopify/InventoryItem/201", input: { cost: "45.00" } },
      { id: "gid://shopify/InventoryItem/204", input: { cost: "13.00" } },
    ]);
    expect(rows).toEqual([
      { sku: "A", productName: "Product A", fromMinor: 41_50, toMinor: 45_00, ok: true, errors: [] },
      {
        sku: "B",
        productName: "Product B",
        fromMinor: 12_00,
        toMinor: 13_00,
        ok: false,
        errors: ["Cost must be less than 1000000000"],
      },
    ]);
    const variants = await prisma.variant.findMany({ where: { shopId: shop.id }, orderBy: { sku: "asc" } });
    expect(variants.map((v) => [v.sku, v.unitCostMinor])).toEqual([
      ["A", 45_00],
      ["B", null],
      ["C", 5_00],
      ["E", 9_00],
    ]);
    const otherA = await prisma.variant.findFirstOrThrow({ where: { shopId: other.id, sku: "A" } });
    expect(otherA.unitCostMinor).toBe(40_00);
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { shopId: shop.id, action: "costs.product_cost.push_to_shopify" },
    });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({ pushed: 1, failed: 1 });
  });

  it("in the demo store reads and writes the local variants", async () => {
    await prisma.shop.update({ where: { id: shop.id }, data: { isDemo: true } });
    const demo = { ...shop, isDemo: true };
    await addProductCost(demo, {
      productName: "Product A",
      sku: "A",
      costPerUnit: "44.00",
      effectiveFrom: "2026-01-01",
    });
    const noNetwork: AdminGraphql = async () => {
      throw new Error("the demo store calls no Shopify");
    };
    const rows = await pushCostsToShopify(actorOf(demo), { graphql: noNetwork });
    expect(rows.map((r) => [r.sku, r.fromMinor, r.toMinor, r.ok])).toEqual([["A", 40_00, 44_00, true]]);
    expect((await prisma.variant.findFirstOrThrow({ where: { shopId: shop.id, sku: "A" } })).unitCostMinor).toBe(44_00);
    const plan = await previewShopifyCostImport(demo, { graphql: noNetwork }, "2026-02-01");
    // Shopify's costs are the local variants' own here: importing them changes nothing.
    if (!plan.ok) throw new Error("plan refused");
    expect(plan.rows.map((r) => [r.sku, r.status])).toEqual([
      ["A", "unchanged"],
      ["C", "unchanged"],
      ["E", "unchanged"],
    ]);
    expect(plan.refused.map((r) => r.reason)).toEqual([expect.stringMatching(/\(B\): no cost per item in Shopify$/)]);
  });
});

describe("the source of truth", () => {
  it("when Shopify's, the app's own cost edits and pushes are refused (409) and the import from Shopify still runs", async () => {
    await setCostSource(actorOf(shop), "shopify");
    const before = await tableCounts();
    await expect(
      addProductCost(shop, { productName: "Product A", sku: "A", costPerUnit: "1.00", effectiveFrom: "2026-01-01" }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(applyCostImport(actorOf(shop), "sku,cost\nA,1.00", "f.csv")).rejects.toMatchObject({ status: 409 });
    const { admin, seen } = fakeShopify();
    await expect(pushCostsToShopify(actorOf(shop), admin)).rejects.toMatchObject({ status: 409 });
    expect(seen).toEqual([]);
    expect(await tableCounts()).toEqual(before);
    // The other shop keeps this app as its source.
    await addProductCost(other, {
      productName: "Product A",
      sku: "A",
      costPerUnit: "1.00",
      effectiveFrom: "2026-01-01",
    });
    const imported = await applyShopifyCostImport(actorOf(shop), admin, null);
    expect(imported.ok && imported.written).toBe(2);
  });
});
