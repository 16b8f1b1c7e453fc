// Saved dashboards through the Analytics screen's action: the plan's limits (none on Starter,
// 5 on Pro, unlimited on Enterprise) with the upgrade path, names of 1–60 characters unique per
// shop, rename and delete, an audit entry for each write, and another shop's never reachable.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { action, loader } from "~/routes/_admin.analytics._index";

const A = "dashboards-a.myshopify.com";
const B = "dashboards-b.myshopify.com";
let shopA: { id: string; domain: string };
let shopB: { id: string; domain: string };

async function post(shop: string, fields: Record<string, string>, role: "owner" | "viewer" = "owner") {
  const request = await requestAs(role, shop, "/analytics", { method: "POST", body: new URLSearchParams(fields) });
  try {
    const result = (await action({ request, params: {}, context: {} })) as { data: unknown; init: { status?: number } };
    return { status: result.init?.status ?? 200, body: result.data as Record<string, any> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {} };
    throw thrown;
  }
}

const create = (shop: string, name: string, extra: Record<string, string> = {}) =>
  post(shop, {
    intent: "createDashboard",
    name,
    cards: "netSales,orders",
    timeframe: "7d",
    comparison: "yearAgo",
    ...extra,
  });

const setPlan = (id: string, plan: string) => prisma.shop.update({ where: { id }, data: { plan } });

beforeAll(async () => {
  shopA = await createShop({ domain: A });
  shopB = await createShop({ domain: B });
  await installTeam(shopA);
  await installTeam(shopB);
});

describe("saved dashboards", () => {
  it("Starter has none: 403 with the upgrade path, nothing written", async () => {
    await setPlan(shopA.id, "starter");
    const res = await create(A, "Weekly");
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/Starter plan includes 0 custom dashboards\. Upgrade to Pro/);
    expect(res.body.upgradeUrl).toBe("/settings?tab=plan");
    expect(await prisma.customDashboard.count({ where: { shopId: shopA.id } })).toBe(0);
  });

  it("Pro keeps 5, names validated and unique per shop, and the saved view opens", async () => {
    await setPlan(shopA.id, "pro");
    expect((await create(A, "   ")).body.fieldErrors.name).toEqual(["Enter a name"]);
    expect((await create(A, "x".repeat(61))).body.fieldErrors.name).toEqual(["Use at most 60 characters"]);
    expect((await create(A, "Bad\u0000name")).body.fieldErrors.name).toHaveLength(1);
    expect((await create(A, "Bad", { cards: "netSales,secretSauce" })).status).toBe(400);
    expect((await create(A, "Bad", { timeframe: "14d" })).body.fieldErrors.timeframe).toEqual([
      "Must be one of 7d, 30d, 90d, 1y",
    ]);
    const first = await create(A, "x".repeat(60));
    expect(first.status).toBe(200);
    expect((await create(A, "x".repeat(60))).body.fieldErrors.name).toEqual([
      "A dashboard with this name already exists",
    ]);
    // The same name in another shop is fine.
    await setPlan(shopB.id, "pro");
    expect((await create(B, "x".repeat(60))).status).toBe(200);
    for (const name of ["Two", "Three", "Four", "Five"]) expect((await create(A, name)).status).toBe(200);
    const sixth = await create(A, "Six");
    expect(sixth.status).toBe(403);
    expect(sixth.body.error).toMatch(/Pro plan includes 5 custom dashboards\. Upgrade to Enterprise/);

    const id = first.body.id as string;
    const request = await requestAs("viewer", A, `/analytics?dashboard=${id}&timeframe=7d&comparison=yearAgo`);
    const view = (await loader({ request, params: {}, context: {} })) as any;
    expect(view.active).toMatchObject({ id, cards: ["netSales", "orders"], timeframe: "7d", comparison: "yearAgo" });
    expect(view.dashboards).toHaveLength(5);
    expect(view.allowance).toMatchObject({ used: 5, max: 5, canCreate: false });
    expect(view.canWrite).toBe(false);
    expect(await prisma.auditEntry.count({ where: { shopId: shopA.id, action: "dashboard.create" } })).toBe(5);
  });

  it("Enterprise is unlimited", async () => {
    await setPlan(shopA.id, "enterprise");
    expect((await create(A, "Six")).status).toBe(200);
    expect((await create(A, "Seven")).status).toBe(200);
  });

  it("renames and deletes, never another shop's, and a viewer may not", async () => {
    const mine = await prisma.customDashboard.findFirstOrThrow({ where: { shopId: shopA.id, name: "Two" } });
    const theirs = await prisma.customDashboard.findFirstOrThrow({ where: { shopId: shopB.id } });
    expect((await post(A, { intent: "renameDashboard", id: mine.id, name: "Three" })).body.fieldErrors.name).toEqual([
      "A dashboard with this name already exists",
    ]);
    expect((await post(A, { intent: "renameDashboard", id: mine.id, name: "Weekly view" })).status).toBe(200);
    expect((await post(A, { intent: "renameDashboard", id: theirs.id, name: "Mine now" })).status).toBe(404);
    expect((await post(A, { intent: "deleteDashboard", id: theirs.id })).status).toBe(404);
    expect((await post(A, { intent: "deleteDashboard", id: mine.id }, "viewer")).status).toBe(403);
    expect(await prisma.customDashboard.findUnique({ where: { id: theirs.id } })).toMatchObject({ name: theirs.name });
    expect((await post(A, { intent: "deleteDashboard", id: mine.id })).status).toBe(200);
    expect(await prisma.customDashboard.findUnique({ where: { id: mine.id } })).toBeNull();
    expect(await prisma.auditEntry.count({ where: { shopId: shopA.id, action: "dashboard.delete" } })).toBe(1);
    // Another shop's dashboard id in the URL is a 404, not its figures.
    const request = await requestAs("owner", A, `/analytics?dashboard=${theirs.id}`);
    await expect(loader({ request, params: {}, context: {} })).rejects.toMatchObject({ init: { status: 404 } });
  });
});
