// /costs/shipping through its route, as the browser calls it (a signed multipart post): the
// signed-in shop's rules only, 400 with field errors and nothing written for a bad rule, 403 for
// a Viewer, 404 for another shop's rule, a 20 MB label file a 413 with nothing written, and an
// Owner's rule and label import estimating and costing the shop's orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { createShop } from "~tests/factories";
import { runReestimates } from "~tests/reestimates";
import { installTeam, requestAs } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import * as shipping from "~/routes/_admin.costs_.shipping";

type Handler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;

async function call(handler: Handler, request: Request) {
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null as any };
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (withInit?.type === "DataWithResponseInit")
    return { status: withInit.init?.status ?? 200, body: withInit.data as any };
  return { status: 200, body: result as any };
}

let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;
let otherRuleId: string;

async function post(role: "owner" | "viewer", fields: Record<string, string>, file?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== undefined) form.set("file", new Blob([file], { type: "text/csv" }), "labels.csv");
  return call(
    shipping.action as Handler,
    await requestAs(role, shop.domain, "/costs/shipping", { method: "POST", body: form }),
  );
}

beforeAll(async () => {
  shop = await createShop({ domain: "shipping-screen.myshopify.com" });
  other = await createShop({ domain: "shipping-screen-other.myshopify.com" });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
  otherRuleId = (
    await prisma.shippingRule.create({
      data: { shopId: other.id, scope: "rest", scopeKey: "rest", basis: "order", amountMinor: 500 },
    })
  ).id;
  const base = {
    day: "2026-06-10",
    currency: "USD",
    grossSalesMinor: 10_00,
    totalMinor: 10_00,
    processedAt: new Date(),
  };
  await prisma.order.create({
    data: { ...base, shopId: shop.id, name: "#1", shippingCountryCode: "GB", shippingCostSource: "none" },
  });
  await prisma.order.create({
    data: {
      ...base,
      shopId: other.id,
      name: "#1",
      shippingCountryCode: "GB",
      shippingCostSource: "rule",
      shippingCostMinor: 500,
    },
  });
});
afterAll(stopJobQueue);

describe("/costs/shipping", () => {
  it("lists the shop's own rules and its unknown orders", async () => {
    const page = await call(shipping.loader as Handler, await requestAs("viewer", shop.domain, "/costs/shipping"));
    expect(page.status).toBe(200);
    expect(page.body.rules).toEqual([]);
    expect(page.body.coverage).toMatchObject({ imported: 0, estimated: 0, unknown: 1 });
    expect(page.body.coverage.unknownCountries).toEqual([{ code: "GB", name: "United Kingdom", orders: 1 }]);
  });

  it("answers 400 with each bad field and writes nothing", async () => {
    const before = await tableCounts();
    const bad = await post("owner", {
      intent: "saveShippingRule",
      scope: "country",
      country: "XX",
      basis: "order",
      amount: "-1",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["amount", "country"]);
    const bands = await post("owner", {
      intent: "saveShippingRule",
      scope: "rest",
      basis: "weight",
      bands: "0-500: 1\n400-900: 2",
    });
    expect(bands.status).toBe(400);
    expect(bands.body.fieldErrors.bands[0]).toMatch(/overlap/);
    expect((await post("owner", { intent: "dropTables" })).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a Viewer with 403 for every intent and writes nothing", async () => {
    const before = await tableCounts();
    for (const intent of ["saveShippingRule", "deleteShippingRule", "preview", "import", "undo"]) {
      const refused = await post(
        "viewer",
        { intent, scope: "rest", basis: "order", amount: "1" },
        "Order Number,Shipping Cost\n1,2",
      );
      expect(refused.status).toBe(403);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 404 for another shop's rule and leaves it", async () => {
    for (const intent of ["deleteShippingRule", "saveShippingRule"]) {
      const theirs = await post("owner", { intent, id: otherRuleId, scope: "rest", basis: "order", amount: "9" });
      expect(theirs.status).toBe(404);
    }
    expect(await prisma.shippingRule.findUniqueOrThrow({ where: { id: otherRuleId } })).toMatchObject({
      amountMinor: 500,
    });
  });

  it("refuses a 20 MB label file with 413 and writes nothing", async () => {
    const before = await tableCounts();
    const big = "Order Number,Shipping Cost\n" + "1,1.00\n".repeat(3_000_000);
    expect((await post("owner", { intent: "import" }, big)).status).toBe(413);
    expect(await tableCounts()).toEqual(before);
  });

  it("saves a rule that estimates the shop's orders, and imports a label over it", async () => {
    const saved = await post("owner", {
      intent: "saveShippingRule",
      scope: "country",
      country: "gb",
      basis: "order",
      amount: "4.25",
    });
    expect(saved).toEqual({ status: 200, body: { ok: true, intent: "saveShippingRule" } });
    await runReestimates();
    const estimated = await prisma.order.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(estimated).toMatchObject({ shippingCostMinor: 4_25, shippingCostSource: "rule" });
    const imported = await post("owner", { intent: "import" }, "Order Number,Shipping Cost\n#1,3.10\n2,1");
    expect(imported.body).toMatchObject({ ok: true, written: 1, summary: { counts: { new: 1, refused: 1 } } });
    expect(await prisma.order.findFirstOrThrow({ where: { shopId: shop.id } })).toMatchObject({
      shippingCostMinor: 3_10,
      shippingCostSource: "import",
    });
    // The other shop's order #1 is not this shop's.
    expect(await prisma.order.findFirstOrThrow({ where: { shopId: other.id } })).toMatchObject({
      shippingCostMinor: 500,
    });
    const page = await call(shipping.loader as Handler, await requestAs("owner", shop.domain, "/costs/shipping"));
    expect(page.body.rules).toMatchObject([{ where: "United Kingdom (GB)", basis: "order", amount: "4.25" }]);
    expect(page.body.last).toMatchObject({ fileName: "labels.csv", rowsWritten: 1 });
  });
});
