// /costs/fees through its route: the gateways and rules of the signed-in shop only, 400 with field
// errors and nothing written for a bad rule, 403 for a Viewer, 404 for another shop's rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { createShop } from "~tests/factories";
import { runReestimates } from "~tests/reestimates";
import { installTeam, requestAs } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import * as fees from "~/routes/_admin.costs_.fees";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

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

const post = async (role: "owner" | "viewer", fields: Record<string, string>) =>
  call(
    fees.action as Handler,
    await requestAs(role, shop.domain, "/costs/fees", { method: "POST", body: new URLSearchParams(fields) }),
  );

beforeAll(async () => {
  shop = await createShop({ domain: "fees-screen.myshopify.com" });
  other = await createShop({ domain: "fees-screen-other.myshopify.com" });
  // Seats for the whole team: a Viewer is refused for the role, not for want of a seat.
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
  otherRuleId = (
    await prisma.paymentFeeRule.create({ data: { shopId: other.id, gateway: "stripe", rateBps: 250, fixedMinor: 25 } })
  ).id;
  const base = { day: "2026-06-10", currency: "USD", grossSalesMinor: 10_00, totalMinor: 10_00, name: "#1" };
  await prisma.order.create({
    data: { ...base, shopId: shop.id, processedAt: new Date(), gateways: "paypal", paymentFeeSource: "none" },
  });
  await prisma.order.create({
    data: { ...base, shopId: other.id, processedAt: new Date(), gateways: "stripe", paymentFeeSource: "rule" },
  });
});
afterAll(stopJobQueue);

describe("/costs/fees", () => {
  it("lists the shop's own gateways and rules, with its unknown orders", async () => {
    const page = await call(fees.loader as Handler, await requestAs("viewer", shop.domain, "/costs/fees"));
    expect(page.status).toBe(200);
    expect(page.body.rows).toEqual([{ gateway: "paypal", orders: 1, unknown: 1, actual: 0, rule: null }]);
    expect(page.body.unknown).toBe(1);
  });

  it("answers 400 with each bad field and writes nothing", async () => {
    const before = await tableCounts();
    const bad = await post("owner", { intent: "saveFeeRule", gateway: "", rate: "abc", fixed: "-1" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["fixed", "gateway", "rate"]);
    expect((await post("owner", { intent: "dropTables" })).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a Viewer with 403 and writes nothing", async () => {
    const refused = await post("viewer", { intent: "saveFeeRule", gateway: "paypal", rate: "3", fixed: "0.30" });
    expect(refused.status).toBe(403);
    expect(refused.body.refused).toMatch(/Viewer/);
    expect(await prisma.paymentFeeRule.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("answers 404 for another shop's rule and leaves it", async () => {
    const theirs = await post("owner", { intent: "deleteFeeRule", id: otherRuleId });
    expect(theirs.status).toBe(404);
    expect(await prisma.paymentFeeRule.count({ where: { id: otherRuleId } })).toBe(1);
  });

  it("saves a rule and estimates the gateway's orders", async () => {
    const saved = await post("owner", { intent: "saveFeeRule", gateway: "paypal", rate: "3", fixed: "0.30" });
    expect(saved).toEqual({ status: 200, body: { ok: true, intent: "saveFeeRule" } });
    // The save answered before the re-estimate: the screen shows it queued until the job ran.
    const queued = await call(fees.loader as Handler, await requestAs("owner", shop.domain, "/costs/fees"));
    expect(queued.body.reestimate).toMatchObject({ kind: "fees", state: "queued" });
    await runReestimates();
    const order = await prisma.order.findFirstOrThrow({
      where: { shopId: shop.id },
      select: { paymentFeesMinor: true, paymentFeeSource: true },
    });
    expect(order).toEqual({ paymentFeesMinor: 30 + 30, paymentFeeSource: "rule" });
    const page = await call(fees.loader as Handler, await requestAs("owner", shop.domain, "/costs/fees"));
    expect(page.body.rows[0].rule).toMatchObject({ rate: "3", fixed: "0.30" });
    expect(page.body.unknown).toBe(0);
    expect(page.body.reestimate).toMatchObject({ state: "done", done: 1, total: 1 });
  });
});
