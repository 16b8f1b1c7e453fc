// Shipping label costs end to end (docs/decisions/092): the recorded bulk orders imported into two
// shops with their weight and shipping country, estimated by the merchant's rules (country over
// zone, weight bands, per item), labels imported from a CSV winning over rules, an order webhook
// estimating without overwriting an imported label, the undo, the rollups, the P&L line's source
// and the missing-cost count following every step, and shop B untouched by shop A.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { importOrders } from "~/features/store-sync/import.server";
import { orderFromRest } from "~/features/store-sync/normalize";
import { upsertOrder } from "~/features/store-sync/writes.server";
import type { RestOrder } from "~/features/store-sync/admin-types";
import {
  CostsRefused,
  deleteShippingRule,
  getProfitAndLoss,
  importIntent,
  missingCosts,
  rebuildRollups,
  saveShippingRule,
  shippingCoverage,
  ShippingRuleNotFound,
} from "~/features/profit/index.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { createShop } from "~tests/factories";
import { runReestimates } from "~tests/reestimates";
import { tableCounts } from "~tests/table-counts";

const FIXTURES = path.join(process.cwd(), "tests", "fixtures", "shopify");
const JUNE = { from: "2026-06-01", to: "2026-06-30" };
const NOW = new Date("2026-06-30T16:00:00Z");

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
const actor = (shop: Shop) => ({ shop, staff: { email: "owner@example.com", name: "Owner" } });

const order = (shop: Shop, number: number | string) =>
  prisma.order.findUniqueOrThrow({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: `gid://shopify/Order/${number}` } },
    select: {
      shippingCostMinor: true,
      shippingCostSource: true,
      shippingCountryCode: true,
      totalWeightGrams: true,
    },
  });
const costs = async (shop: Shop) =>
  Promise.all(
    [1001, 1002, 1003].map(async (n) => {
      const o = await order(shop, n);
      return [o.shippingCostMinor, o.shippingCostSource];
    }),
  );

async function rollupLabels(shop: Shop) {
  const { _sum } = await prisma.dailyRollup.aggregate({
    where: { shopId: shop.id, day: { gte: JUNE.from, lte: JUNE.to } },
    _sum: { shippingCostMinor: true, unknownShippingCostOrders: true },
  });
  return { cost: _sum.shippingCostMinor ?? 0, unknown: _sum.unknownShippingCostOrders ?? 0 };
}
const pnlLine = async (shop: Shop) =>
  (await getProfitAndLoss(shop, 30, NOW)).lines.find((l) => l.key === "shippingCost")!;

const rule = (fields: Record<string, string>) =>
  ({
    country: "",
    zoneName: "",
    zoneCountries: "",
    amount: "",
    bands: "",
    ...fields,
  }) as Parameters<typeof saveShippingRule>[1];

const upload = (intent: string, text: string | null) => ({
  ok: true as const,
  text,
  fileName: "shipstation.csv",
  values: { intent },
});

beforeAll(async () => {
  a = await createShop({ domain: "ship-a.myshopify.com", currency: "USD", timezone: "America/New_York" });
  b = await createShop({ domain: "ship-b.myshopify.com", currency: "USD", timezone: "America/New_York" });
  for (const shop of [a, b]) {
    await importOrders(shop, fs.createReadStream(path.join(FIXTURES, "bulk-orders.jsonl")));
    await rebuildRollups(shop.id);
  }
});
afterAll(stopJobQueue);

describe("orders read from Shopify", () => {
  it("keep the weight and the shipping country's code; no label and no rule is unknown, never zero", async () => {
    expect(await order(a, 1001)).toEqual({
      shippingCostMinor: null,
      shippingCostSource: "none",
      shippingCountryCode: "US",
      totalWeightGrams: 1250,
    });
    expect(await order(a, 1002)).toMatchObject({ shippingCountryCode: "DE", totalWeightGrams: 480 });
    // The POS order has no shipping address: nothing shipped, no label to pay.
    expect(await order(a, 1003)).toMatchObject({
      shippingCostMinor: 0,
      shippingCostSource: "rule",
      shippingCountryCode: null,
    });
    // 1003 is cancelled, so two orders count.
    expect(await rollupLabels(a)).toEqual({ cost: 0, unknown: 2 });
    expect((await missingCosts(a.id, JUNE)).unknownLabelOrders).toBe(2);
    expect((await pnlLine(a)).source).toBe("2 orders unknown");
  });
});

describe("shipping rules", () => {
  it("estimate past orders by weight band and per item, and move the rollups and the P&L", async () => {
    await saveShippingRule(
      actor(a),
      rule({ scope: "country", country: "us", basis: "weight", bands: "0-1000: 5.20\n1000-2000: 8.75" }),
    );
    await saveShippingRule(
      actor(a),
      rule({ scope: "zone", zoneName: "Europe", zoneCountries: "DE, FR", basis: "item", amount: "7.50" }),
    );
    // Two saves in a row: the queued runs end on both rules.
    expect(await runReestimates()).toBeGreaterThan(0);
    expect(await costs(a)).toEqual([
      [875, "rule"],
      [750, "rule"],
      [0, "rule"],
    ]);
    expect(await rollupLabels(a)).toEqual({ cost: 875 + 750, unknown: 0 });
    const line = await pnlLine(a);
    expect(line.amountMinor).toBe(16_25);
    expect(line.source).toBe("Estimated by rule $16.25");
    expect(line.unknown).toBeUndefined();
    expect((await missingCosts(a.id, JUNE)).unknownLabelOrders).toBe(0);
    expect(await shippingCoverage(a)).toMatchObject({ imported: 0, estimated: 2, unknown: 0 });
  });

  it("let a country's own rule win over its zone's", async () => {
    await saveShippingRule(actor(a), rule({ scope: "country", country: "DE", basis: "order", amount: "6" }));
    await runReestimates();
    expect((await order(a, 1002)).shippingCostMinor).toBe(600);
    expect(await rollupLabels(a)).toEqual({ cost: 875 + 600, unknown: 0 });
  });

  it("refuse a second rule for the same place and a zone sharing a country with another", async () => {
    const before = await tableCounts();
    await expect(
      saveShippingRule(actor(a), rule({ scope: "country", country: "US", basis: "order", amount: "1" })),
    ).rejects.toMatchObject({ fieldErrors: { country: [expect.stringMatching(/already exists/)] } });
    await expect(
      saveShippingRule(
        actor(a),
        rule({ scope: "zone", zoneName: "EU", zoneCountries: "FR NL", basis: "item", amount: "1" }),
      ),
    ).rejects.toMatchObject({
      fieldErrors: { zoneCountries: [expect.stringMatching(/FR already in the zone Europe/)] },
    });
    expect(await tableCounts()).toEqual(before);
  });
});

const LABELS = [
  "Order Number,Ship Date,Carrier,Shipping Cost,Insurance Cost,Currency,Tracking Number",
  "1001,2026-06-11,USPS,9.10,0.40,USD,9400A",
  // A return label of the same order adds up.
  "#1001,2026-06-20,USPS,4.50,,USD,9400R",
  "7777,2026-06-12,UPS,6.00,,USD,1ZX",
].join("\n");

describe("label cost import", () => {
  it("previews matched and refused rows and writes nothing", async () => {
    const before = await tableCounts();
    const preview = await importIntent(actor(a), "label_cost", upload("preview", LABELS));
    expect(preview?.status).toBe(200);
    expect(preview?.body.summary).toMatchObject({
      counts: { new: 1, changed: 0, unchanged: 0, refused: 1 },
      refused: [{ line: 4, reason: "No order #7777 in this store" }],
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("writes each order's labels summed, over the rule's estimate, with the rollups and the P&L", async () => {
    const done = await importIntent(actor(a), "label_cost", upload("import", LABELS));
    expect(done?.body).toMatchObject({ ok: true, written: 1 });
    expect(await order(a, 1001)).toMatchObject({ shippingCostMinor: 14_00, shippingCostSource: "import" });
    expect(await rollupLabels(a)).toEqual({ cost: 14_00 + 600, unknown: 0 });
    expect((await pnlLine(a)).source).toBe("Labels imported $14.00 · Estimated by rule $6.00");
  });

  it("is never replaced by a rule change", async () => {
    await saveShippingRule(actor(a), rule({ scope: "rest", basis: "order", amount: "30" }));
    const us = await prisma.shippingRule.findFirstOrThrow({ where: { shopId: a.id, scopeKey: "country:US" } });
    await deleteShippingRule(actor(a), us.id);
    await runReestimates();
    expect(await order(a, 1001)).toMatchObject({ shippingCostMinor: 14_00, shippingCostSource: "import" });
  });

  it("is kept by an order webhook, which estimates other orders by rule", async () => {
    const payload = JSON.parse(fs.readFileSync(path.join(FIXTURES, "webhook-order.json"), "utf8")) as RestOrder;
    const same = {
      ...payload,
      id: 1001,
      admin_graphql_api_id: "gid://shopify/Order/1001",
      name: "#1001",
      updated_at: "2026-06-21T00:00:00Z",
    };
    await upsertOrder(prisma, a, orderFromRest(same, "USD"));
    expect(await order(a, 1001)).toMatchObject({ shippingCostMinor: 14_00, shippingCostSource: "import" });
    // A new order to Canada: no Canada rule, so "everywhere else" (30.00) estimates it.
    await upsertOrder(prisma, a, orderFromRest(payload, "USD"));
    expect(await order(a, payload.id)).toMatchObject({
      shippingCostMinor: 30_00,
      shippingCostSource: "rule",
      shippingCountryCode: "CA",
      totalWeightGrams: 900,
    });
  });

  it("undoes the last import to the rules' estimate, once", async () => {
    const undone = await importIntent(actor(a), "label_cost", upload("undo", null));
    expect(undone?.body).toMatchObject({ ok: true, restored: 1 });
    // The US rule was deleted since: "everywhere else" estimates it now.
    expect(await order(a, 1001)).toMatchObject({ shippingCostMinor: 30_00, shippingCostSource: "rule" });
    const again = await importIntent(actor(a), "label_cost", upload("undo", null));
    expect(again?.status).toBe(409);
  });

  it("refuses the undo when an imported order has another label since", async () => {
    const again = await importIntent(actor(a), "label_cost", upload("import", LABELS));
    expect(again?.body).toMatchObject({ ok: true, written: 1 });
    // Changed after the import (as a later import of another file would).
    await prisma.order.updateMany({
      where: { shopId: a.id, shopifyId: "gid://shopify/Order/1001" },
      data: { shippingCostMinor: 1 },
    });
    const refused = await importIntent(actor(a), "label_cost", upload("undo", null));
    expect(refused?.body).toMatchObject({
      ok: false,
      fieldErrors: { _form: [expect.stringMatching(/#1001 has another label cost/)] },
    });
    expect(refused?.status).toBe(409);
  });
});

describe("another shop", () => {
  it("is untouched by shop A's rules and labels, and cannot change A's rules", async () => {
    expect(await costs(b)).toEqual([
      [null, "none"],
      [null, "none"],
      [0, "rule"],
    ]);
    expect(await rollupLabels(b)).toEqual({ cost: 0, unknown: 2 });
    expect(await prisma.shippingRule.count({ where: { shopId: b.id } })).toBe(0);
    const ofA = await prisma.shippingRule.findFirstOrThrow({ where: { shopId: a.id } });
    await expect(deleteShippingRule(actor(b), ofA.id)).rejects.toBeInstanceOf(ShippingRuleNotFound);
    await expect(
      saveShippingRule(actor(b), rule({ scope: "rest", basis: "order", amount: "1" }), ofA.id),
    ).rejects.toBeInstanceOf(CostsRefused);
    expect(await prisma.shippingRule.count({ where: { id: ofA.id } })).toBe(1);
    // B's labels file names A's order numbers too: only B's orders are matched.
    await importIntent(actor(b), "label_cost", upload("import", "Order Number,Shipping Cost\n1002,2.00"));
    expect((await order(b, 1002)).shippingCostMinor).toBe(200);
    expect((await order(a, 1002)).shippingCostMinor).toBe(600);
  });
});
