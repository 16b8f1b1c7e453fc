// The daily traffic read against recorded ShopifyQL answers: each document the job sends is
// validated against the Admin schema (as Shopify would), sessions and the funnel land in the
// traffic tables and the daily rollup, and a missing scope or approval is recorded as such.
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { fixture, jsonResponse, schemaErrors } from "~tests/shopify-admin";
import {
  backfillTraffic,
  ImportStillRunning,
  queueTrafficBackfill,
  registerAnalyticsJobs,
  syncTraffic,
  trafficStatus,
} from "~/features/analytics/index.server";
import { createJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import { dailyMetrics, getAnalytics } from "~/features/analytics/index.server";

const NOW = new Date("2026-11-24T18:00:00Z");
const SCOPE = "read_orders,read_products,read_reports";

/** A store answering from recordings: traffic, then funnel (by the query text), checked against the schema. */
function recordedStore(answers: { traffic: string; funnel: string }) {
  const sent: string[] = [];
  const graphql = async (query: string, options?: { variables?: Record<string, unknown> }) => {
    const invalid = schemaErrors(query);
    if (invalid) return invalid;
    const q = String(options?.variables?.query ?? "");
    sent.push(q);
    return jsonResponse(fixture(q.includes("referrer_source") ? answers.traffic : answers.funnel));
  };
  return { graphql, sent };
}

describe("the daily ShopifyQL read", () => {
  it("stores sessions by source and the funnel per day, and the rollup's sessions", async () => {
    const shop = await createShop({ timezone: "America/New_York" });
    const store = recordedStore({ traffic: "shopifyql-traffic.json", funnel: "shopifyql-funnel.json" });
    expect(await syncTraffic(shop, store.graphql, SCOPE, NOW)).toBe("ok");
    // The first read backfills a year, ending today in the shop's zone.
    expect(store.sent[0]).toBe(
      "FROM sessions SHOW sessions GROUP BY referrer_source TIMESERIES day SINCE 2025-11-25 UNTIL 2026-11-24",
    );
    const traffic = await prisma.trafficDay.findMany({
      where: { shopId: shop.id },
      orderBy: [{ day: "asc" }, { source: "asc" }],
      select: { day: true, source: true, sessions: true },
    });
    expect(traffic).toEqual([
      { day: "2026-11-23", source: "direct", sessions: 280 },
      { day: "2026-11-23", source: "email", sessions: 120 },
      { day: "2026-11-23", source: "organic_search", sessions: 420 },
      { day: "2026-11-23", source: "social", sessions: 180 },
      { day: "2026-11-24", source: "organic_search", sessions: 400 },
      { day: "2026-11-24", source: "unknown", sessions: 20 },
    ]);
    const funnel = await prisma.funnelDay.findFirst({ where: { shopId: shop.id, day: "2026-11-23" } });
    // Shopify reports no product views: stored as not reported, never as 0.
    expect(funnel).toMatchObject({ visitors: 1000, productViews: null, addToCart: 80, purchases: 25 });
    const rollup = await prisma.dailyRollup.findUnique({
      where: { shopId_day: { shopId: shop.id, day: "2026-11-24" } },
    });
    expect(rollup?.sessions).toBe(420);
    expect(await trafficStatus({ ...shop, isDemo: false })).toBe("ok");
    const screen = await getAnalytics(shop, "7d", "previous", NOW);
    expect(screen.figures.values.sessions).toBe(1420);
    expect(screen.funnel[3].count).toBe(34);
    const [visitors, views, cart] = screen.funnel;
    expect(views).toMatchObject({ step: "productViews", count: null, stepRate: null, visitorRate: null, change: null });
    // Add to cart has no "of the previous step" rate when that step is not reported; its rate of visitors stays.
    expect(cart.stepRate).toBeNull();
    expect(cart.visitorRate).toBeCloseTo((cart.count ?? 0) / (visitors.count ?? 1));
    // The export's daily rows say the same: no figure rather than 0.
    const daily = await dailyMetrics(shop, { from: "2026-11-23", to: "2026-11-24" });
    expect(daily.map((d) => d.values.productViews)).toEqual([null, null]);

    // The next read starts two days before the last day read, and replaces those days.
    const again = recordedStore({ traffic: "shopifyql-traffic.json", funnel: "shopifyql-funnel.json" });
    await syncTraffic(shop, again.graphql, SCOPE, new Date("2026-11-25T18:00:00Z"));
    expect(again.sent[0]).toContain("SINCE 2026-11-22 UNTIL 2026-11-25");
    expect(await prisma.trafficDay.count({ where: { shopId: shop.id } })).toBe(6);
  });

  it("without read_reports, records what is missing and asks Shopify nothing", async () => {
    const shop = await createShop();
    const store = recordedStore({ traffic: "shopifyql-traffic.json", funnel: "shopifyql-funnel.json" });
    expect(await syncTraffic(shop, store.graphql, "read_orders,read_products", NOW)).toBe("missing_scope");
    expect(store.sent).toEqual([]);
    expect(await trafficStatus({ ...shop, isDemo: false })).toBe("missing_scope");
  });

  it("records a missing protected customer data approval, and a parse error with its text", async () => {
    const shop = await createShop();
    const denied = recordedStore({ traffic: "shopifyql-access-denied.json", funnel: "shopifyql-funnel.json" });
    expect(await syncTraffic(shop, denied.graphql, SCOPE, NOW)).toBe("missing_pcd");
    expect(await prisma.trafficDay.count({ where: { shopId: shop.id } })).toBe(0);
    const broken = recordedStore({ traffic: "shopifyql-traffic.json", funnel: "shopifyql-parse-error.json" });
    expect(await syncTraffic(shop, broken.graphql, SCOPE, NOW)).toBe("failed");
    const state = await prisma.analyticsSync.findUnique({ where: { shopId: shop.id } });
    expect(state?.message).toContain("Unknown column");
    // A failed read writes nothing: no half-read days.
    expect(await prisma.trafficDay.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("a store that was never read says so", async () => {
    const shop = await createShop();
    expect(await trafficStatus({ ...shop, isDemo: false })).toBe("never");
    expect(await trafficStatus({ ...shop, isDemo: true })).toBe("ok");
  });
});

describe("the backfill at install", () => {
  const queues: JobQueue[] = [];
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
  });

  async function installed() {
    const shop = await createShop({ timezone: "America/New_York" });
    await prisma.session.create({
      data: {
        id: `offline_${shop.domain}`,
        shop: shop.domain,
        state: "",
        isOnline: false,
        scope: SCOPE,
        accessToken: "x",
      },
    });
    return shop;
  }

  it("is queued once at install and reads the year without waiting for the daily run", async () => {
    const shop = await installed();
    const store = recordedStore({ traffic: "shopifyql-traffic.json", funnel: "shopifyql-funnel.json" });
    const queue = createJobQueue();
    queues.push(queue);
    registerAnalyticsJobs(queue, { adminFor: async () => ({ graphql: store.graphql }) });
    expect(await queueTrafficBackfill(shop.id, queue)).toBe(true);
    // A second install (the hook runs again on every OAuth) queues nothing more.
    expect(await queueTrafficBackfill(shop.id, queue)).toBe(false);
    await queue.runDue({ names: ["analytics.traffic.backfill"] });
    expect(store.sent).toHaveLength(2);
    expect(store.sent[0]).toMatch(/GROUP BY referrer_source TIMESERIES day SINCE \d{4}-\d{2}-\d{2} UNTIL/);
    expect(await prisma.trafficDay.count({ where: { shopId: shop.id } })).toBe(6);
    expect(await trafficStatus({ ...shop, isDemo: false })).toBe("ok");
    // Read once: a later install does not queue it again, and the job itself does nothing more.
    expect(await queueTrafficBackfill(shop.id, queue)).toBe(false);
    expect(await backfillTraffic(shop.id, async () => ({ graphql: store.graphql }))).toBeNull();
    expect(store.sent).toHaveLength(2);
  });

  it("waits while the store import is queued or running, so the import's rollup rebuild keeps the sessions", async () => {
    const shop = await installed();
    const store = recordedStore({ traffic: "shopifyql-traffic.json", funnel: "shopifyql-funnel.json" });
    const adminFor = async () => ({ graphql: store.graphql });
    const run = await prisma.importRun.create({ data: { shopId: shop.id, status: "running", phase: "orders" } });
    await expect(backfillTraffic(shop.id, adminFor)).rejects.toBeInstanceOf(ImportStillRunning);
    expect(store.sent).toEqual([]);
    await prisma.importRun.update({ where: { id: run.id }, data: { status: "succeeded", phase: "done" } });
    expect(await backfillTraffic(shop.id, adminFor)).toBe("ok");
    expect(await prisma.trafficDay.count({ where: { shopId: shop.id } })).toBe(6);
  });
});
