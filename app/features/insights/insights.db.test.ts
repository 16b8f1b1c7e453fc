// The insight engine on the database, through the real job queue of this engine with two
// queue instances playing two app servers: one open run per shop, each run executed once,
// findings stored per shop, the lifecycle's guarded transitions, and isolation between shops.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays, dayInZone } from "~/lib/dates";
import { createShop } from "~tests/factories";
import { createJobQueue } from "~/platform/jobs/index.server";
import type { JobQueue } from "~/platform/jobs/types";
import { GENERATE_JOB, getRun, lastRun, registerInsightJobs, requestRun } from "./runs.server";
import { listInsights } from "./list.server";
import { actOnInsight } from "./actions.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
const queues: JobQueue[] = [];
const today = dayInZone(new Date(), "UTC");
const dipDay = addDays(today, -3);

/** 100 days of rollups with a weekly rhythm; `dip` halves-and-more one day's sales. */
async function rollups(shopId: string, dip: boolean) {
  const data = Array.from({ length: 100 }, (_, i) => {
    const day = addDays(today, -(100 - i));
    const w = new Date(`${day}T00:00:00Z`).getUTCDay();
    let orders = (w === 0 || w === 6 ? 40 : 20) + ((i * 7) % 5) - 2;
    if (dip && day === dipDay) orders = 5;
    return { shopId, day, ordersCount: orders, grossSalesMinor: orders * 5_000 };
  });
  await prisma.dailyRollup.createMany({ data });
}

async function runAll() {
  // Both instances work the queue at once: each run's job executes once.
  const ran = await Promise.all(queues.map((q) => q.runDue({ names: [GENERATE_JOB] })));
  return ran.reduce((s, n) => s + n, 0);
}

beforeAll(async () => {
  a = await createShop({ name: "Shop A" });
  b = await createShop({ name: "Shop B" });
  await rollups(a.id, true);
  await rollups(b.id, false);
  // Shop B has a seller about to run out (the inventory plan's figures).
  await prisma.inventoryPlan.create({
    data: {
      variantId: "variant-b-1",
      shopId: b.id,
      productId: "product-b-1",
      title: "Trail Runner",
      category: "Wearables",
      priceMinor: 9_000,
      available: 6,
      committed: 0,
      onOrder: 0,
      leadTimeDays: 14,
      serviceLevel: 0.95,
      daysOfStock: 30,
      minOrderQty: 1,
      casePack: 1,
      velocity: 3,
      sigma: 1,
      inStockDays: 30,
      unitsInWindow: 90,
      safetyStock: 4,
      reorderPoint: 46,
      computedReorderPoint: 46,
      daysOfCover: 2,
      stockOutDay: addDays(today, 2),
      suggestedQty: 60,
      // As the inventory feature stores it for a variant still in stock (planning.ts).
      lostRevenuePerDayMinor: 0,
      status: "low-stock",
      stockBar: 25,
      needsReorder: true,
      overstock: false,
      deadStock: false,
      computedAt: new Date(),
    },
  });
  for (let i = 0; i < 2; i++) {
    const q = createJobQueue();
    registerInsightJobs(q);
    queues.push(q);
  }
});

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
});

describe("insight runs", () => {
  it("keeps one open run per shop: a second request answers the first run", async () => {
    const first = await requestRun(a.id, "manual", new Date(), queues[0]);
    const again = await requestRun(a.id, "manual", new Date(), queues[1]);
    expect(first.created).toBe(true);
    expect(again).toEqual({ run: first.run, created: false });
    expect(first.run.status).toBe("queued");
    expect(await runAll()).toBe(1);
    const done = await getRun(a.id, first.run.id);
    expect(done?.status).toBe("done");
    expect(done?.found).toBeGreaterThan(0);
    // Closed: the next request opens a new run.
    const next = await requestRun(a.id, "manual", new Date(), queues[0]);
    expect(next.created).toBe(true);
    expect(next.run.id).not.toBe(first.run.id);
    await runAll();
    expect((await lastRun(a.id))?.id).toBe(next.run.id);
  });

  it("stores the sales dip for shop A, with its evidence, and nothing of A for B", async () => {
    const list = await listInsights(a.id);
    const dip = list.insights.find((i) => i.kind === "sales-anomaly");
    expect(dip?.subject.id).toBe(`revenue:down:${dipDay}`);
    expect(dip?.category).toBe("marketing");
    expect(dip?.evidence.method).toContain("median");
    expect(dip?.band).toMatch(/High|Medium|Low/);
    expect(list.counts.marketing).toBeGreaterThanOrEqual(1);
    expect((await listInsights(b.id)).insights).toEqual([]);
  });

  it("finds B's stock-out in B's run; A never sees it, and A's run id is not B's", async () => {
    const { run } = await requestRun(b.id, "manual", new Date(), queues[1]);
    await runAll();
    const listB = await listInsights(b.id);
    expect(listB.insights.map((i) => i.kind)).toEqual(["stockout"]);
    // A coming stock-out is priced at what a day out of stock loses: 3 a day × $90 × 12 days short.
    expect(listB.insights[0]!.potentialValueMinor).toBe(3 * 9_000 * 12);
    expect(listB.counts).toMatchObject({ all: 1, inventory: 1, marketing: 0 });
    expect((await listInsights(a.id)).insights.some((i) => i.kind === "stockout")).toBe(false);
    expect(await getRun(a.id, run.id)).toBeNull();
  });

  it("answers another shop's insight as not found and an illegal move as a conflict", async () => {
    const [insightB] = (await listInsights(b.id)).insights;
    await expect(actOnInsight(a.id, { intent: "done", id: insightB!.id })).rejects.toMatchObject({ status: 404 });
    await actOnInsight(b.id, { intent: "dismiss", id: insightB!.id, reason: "already-handled" });
    await expect(actOnInsight(b.id, { intent: "done", id: insightB!.id })).rejects.toMatchObject({ status: 409 });
    expect((await listInsights(b.id)).insights).toEqual([]);
    const row = await prisma.insight.findUniqueOrThrow({ where: { id: insightB!.id } });
    expect(row).toMatchObject({ status: "dismissed", dismissReason: "already-handled", statusFigure: 2 });
  });

  it("keeps a dismissed subject quiet on the next run until its figure moves materially", async () => {
    await requestRun(b.id, "manual", new Date(), queues[0]);
    await runAll();
    expect((await listInsights(b.id)).insights).toEqual([]);
    // Cover falls from 2 days to 1: a material move, the insight is back as new.
    await prisma.inventoryPlan.update({ where: { variantId: "variant-b-1" }, data: { available: 3 } });
    await requestRun(b.id, "manual", new Date(), queues[0]);
    await runAll();
    const back = (await listInsights(b.id)).insights;
    expect(back.map((i) => [i.kind, i.status])).toEqual([["stockout", "new"]]);
  });

  it("records feedback, snoozes and reopens", async () => {
    const [insight] = (await listInsights(b.id)).insights;
    await actOnInsight(b.id, { intent: "feedback", id: insight!.id, feedback: "useful" });
    await actOnInsight(b.id, { intent: "snooze", id: insight!.id, until: addDays(today, 7) });
    expect((await listInsights(b.id)).insights).toEqual([]);
    await actOnInsight(b.id, { intent: "reopen", id: insight!.id });
    const [reopened] = (await listInsights(b.id)).insights;
    expect(reopened).toMatchObject({ status: "seen", feedback: "useful", snoozedUntil: null });
  });
});
