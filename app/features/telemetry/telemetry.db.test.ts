// Recording, rollup, retention and isolation of the app's measured performance, on the
// real database (both engines), and the /api/vitals endpoint's answers.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { identifyRequest, observeRequest, setRequestObserver } from "~/platform/request-timing.server";
import { recordRequest } from "~/features/telemetry/recorder.server";
import { flushTelemetry, getPerformance, recordVitals, rollupShop } from "~/features/telemetry/index.server";
import { action as vitalsAction } from "~/routes/api.vitals";
import { loader as settingsLoader } from "~/routes/_admin.settings";
import { loader as dashboardLoader } from "~/routes/_admin.dashboard";

const A = "perf-a.myshopify.com";
const B = "perf-b.myshopify.com";
let shopA: { id: string; timezone: string };
let shopB: { id: string; timezone: string };

beforeAll(async () => {
  // Shop A keeps its days in New York: 03:00 UTC is still the previous day there.
  shopA = await createShop({ domain: A, name: "Perf A", timezone: "America/New_York" });
  shopB = await createShop({ domain: B, name: "Perf B" });
  await installSession(A);
  await installSession(B);
});

afterEach(async () => {
  setRequestObserver(null);
  await prisma.requestSample.deleteMany();
  await prisma.vitalSample.deleteMany();
  await prisma.performanceDay.deleteMany();
});

function sample(
  shopId: string,
  at: string,
  serverMs: number,
  extra: Partial<{ status: number; staffKey: string }> = {},
) {
  return {
    shopId,
    at: new Date(at),
    kind: "page",
    status: extra.status ?? 200,
    serverMs,
    dbMs: serverMs / 4,
    dbQueries: 2,
    staffKey: extra.staffKey ?? "staff-1",
  };
}

describe("recording", () => {
  it("times a request, its database queries and its shop, and writes it in a batch", async () => {
    setRequestObserver(recordRequest);
    const request = new Request("http://app.test/dashboard");
    const response = await observeRequest(request, async () => {
      identifyRequest(request, shopA.id, "Sam Owner");
      await prisma.shop.findUnique({ where: { id: shopA.id } });
      await prisma.$queryRaw`SELECT 1`;
      return new Response("ok");
    });
    expect(response.status).toBe(200);
    // Nothing is written on the request path…
    expect(await prisma.requestSample.count()).toBe(0);
    // …until the batch is flushed.
    expect(await flushTelemetry()).toBe(1);
    const [row] = await prisma.requestSample.findMany();
    expect(row).toMatchObject({ shopId: shopA.id, kind: "page", status: 200, dbQueries: 2 });
    expect(row.dbMs).toBeGreaterThan(0);
    expect(row.serverMs).toBeGreaterThanOrEqual(row.dbMs!);
    // The staff member is a pseudonym, never the name.
    expect(row.staffKey).toBeTruthy();
    expect(row.staffKey).not.toContain("Sam");
  });

  it("writes samples that Prisma reads back with the same instant, and finds by time", async () => {
    const at = new Date("2026-11-25T10:15:30.123Z");
    recordRequest({
      shopId: shopA.id,
      staffKey: null,
      kind: "api",
      status: 201,
      serverMs: 4.5,
      dbMs: null,
      dbQueries: null,
      at,
    });
    recordVitals(shopA.id, [{ name: "CLS", value: 0.05 }], at);
    expect(await flushTelemetry()).toBe(2);
    const found = await prisma.requestSample.findMany({ where: { at: { gte: new Date(at.getTime() - 1), lte: at } } });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ at, kind: "api", status: 201, serverMs: 4.5, dbMs: null, staffKey: null });
    const vitals = await prisma.vitalSample.findMany({ where: { at: { gt: new Date(at.getTime() - 1) } } });
    expect(vitals).toMatchObject([{ shopId: shopA.id, at, metric: "CLS", value: 0.05 }]);
  });

  it("records a failed request as an error and ignores requests no shop was identified for", async () => {
    setRequestObserver(recordRequest);
    const failed = new Request("http://app.test/dashboard.data");
    await observeRequest(failed, async () => {
      identifyRequest(failed, shopA.id, "Sam Owner");
      return new Response("boom", { status: 500 });
    });
    await observeRequest(new Request("http://app.test/pricing"), async () => new Response("public"));
    const thrown = new Request("http://app.test/api/search");
    await expect(
      observeRequest(thrown, async () => {
        identifyRequest(thrown, shopA.id, "Sam Owner");
        throw new Error("thrown");
      }),
    ).rejects.toThrow("thrown");
    await flushTelemetry();
    const rows = await prisma.requestSample.findMany({ orderBy: { kind: "asc" } });
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["api", 500],
      ["data", 500],
    ]);
  });

  it("measures nothing when no observer is set (TELEMETRY=off)", async () => {
    const request = new Request("http://app.test/dashboard");
    await observeRequest(request, async () => {
      identifyRequest(request, shopA.id, "Sam Owner");
      return new Response("ok");
    });
    expect(await flushTelemetry()).toBe(0);
  });
});

describe("the daily rollup", () => {
  const now = new Date("2026-03-10T15:00:00Z"); // 11:00 on 10 March in New York

  it("rolls finished days into PerformanceDay, deletes their raw rows and keeps today's", async () => {
    await prisma.requestSample.createMany({
      data: [
        // 8 March (New York): two sessions of staff-1 (gap over 30 min), one of staff-2, one error.
        sample(shopA.id, "2026-03-08T14:00:00Z", 100),
        sample(shopA.id, "2026-03-08T14:10:00Z", 200),
        sample(shopA.id, "2026-03-08T15:00:00Z", 300, { status: 502 }),
        sample(shopA.id, "2026-03-08T14:20:00Z", 400, { staffKey: "staff-2" }),
        // 03:00 UTC on 10 March is 23:00 on 9 March in New York.
        sample(shopA.id, "2026-03-10T03:00:00Z", 50),
        // Today.
        sample(shopA.id, "2026-03-10T14:00:00Z", 70),
      ],
    });
    recordVitals(shopA.id, [{ name: "LCP", value: 1800 }], new Date("2026-03-08T14:00:05Z"));
    await flushTelemetry();

    const result = await rollupShop(shopA, now);
    expect(result).toMatchObject({ requests: 5, vitals: 1 });
    const days = await prisma.performanceDay.findMany({ where: { shopId: shopA.id }, orderBy: { day: "asc" } });
    expect(days.map((d) => [d.day, d.requests, d.errors, d.sessions])).toEqual([
      ["2026-03-08", 4, 1, 3],
      ["2026-03-09", 1, 0, 1],
    ]);
    expect(days[0].dbMsSum).toBeCloseTo(250);
    expect(days[0].lcpP75).toBeCloseTo(1800, -2);
    const left = await prisma.requestSample.findMany({ where: { shopId: shopA.id } });
    expect(left.map((r) => r.serverMs)).toEqual([70]);
    expect(await prisma.vitalSample.count()).toBe(0);

    // A late sample of a rolled-up day is added to it, not lost; running again changes nothing else.
    await prisma.requestSample.create({ data: sample(shopA.id, "2026-03-09T16:00:00Z", 900) });
    await rollupShop(shopA, now);
    await rollupShop(shopA, now);
    const nine = await prisma.performanceDay.findUnique({
      where: { shopId_day: { shopId: shopA.id, day: "2026-03-09" } },
    });
    expect(nine?.requests).toBe(2);
  });

  it("the 7-day report adds stored days and today's raw samples", async () => {
    await prisma.requestSample.createMany({
      data: [
        sample(shopA.id, "2026-03-08T14:00:00Z", 100),
        sample(shopA.id, "2026-03-08T14:05:00Z", 100, { status: 500 }),
        sample(shopA.id, "2026-03-10T14:00:00Z", 100),
        sample(shopA.id, "2026-03-10T14:01:00Z", 100),
        // Older than the period: 2 March is outside 4–10 March.
        sample(shopA.id, "2026-03-02T14:00:00Z", 5000),
      ],
    });
    await rollupShop(shopA, now);
    const report = await getPerformance(shopA, now);
    expect(report.from).toBe("2026-03-04");
    expect(report.to).toBe("2026-03-10");
    expect(report.figures.requests).toBe(4);
    expect(report.figures.errorRate).toBe(0.25);
    expect(report.figures.dbAvgMs).toBe(25);
    expect(report.figures.sessions).toBe(2);
    expect(Math.abs(report.figures.p95Ms! / 100 - 1)).toBeLessThanOrEqual(0.025);
    expect(report.days).toHaveLength(7);
    expect(report.days.find((d) => d.day === "2026-03-10")?.requests).toBe(2);
  });

  it("deletes stored days older than 12 months", async () => {
    const row = { requests: 1, errors: 0, serverMsSum: 1, dbMsSum: 0, sessions: 1, histograms: "{}" };
    await prisma.performanceDay.createMany({
      data: [
        { shopId: shopA.id, day: "2025-03-09", ...row },
        { shopId: shopA.id, day: "2025-03-10", ...row },
        { shopId: shopB.id, day: "2025-03-09", ...row },
      ],
    });
    expect((await rollupShop(shopA, now)).expiredDays).toBe(1);
    const kept = await prisma.performanceDay.findMany({ orderBy: [{ shopId: "asc" }, { day: "asc" }] });
    // Shop B's old day is shop B's to expire.
    expect(kept.map((d) => [d.shopId === shopA.id ? "A" : "B", d.day]).sort()).toEqual([
      ["A", "2025-03-10"],
      ["B", "2025-03-09"],
    ]);
  });
});

describe("shop isolation", () => {
  it("a shop's performance never includes another shop's samples", async () => {
    const now = new Date();
    await prisma.requestSample.createMany({
      data: [
        { ...sample(shopA.id, now.toISOString(), 10), status: 200 },
        { ...sample(shopB.id, now.toISOString(), 9000), status: 500 },
        { ...sample(shopB.id, now.toISOString(), 9000), status: 500 },
      ],
    });
    recordVitals(shopB.id, [{ name: "LCP", value: 9000 }]);
    await flushTelemetry();
    const a = await getPerformance(shopA, now);
    expect(a.figures.requests).toBe(1);
    expect(a.figures.errorRate).toBe(0);
    expect(a.figures.vitals.LCP.count).toBe(0);
    const b = await getPerformance(shopB, now);
    expect(b.figures.requests).toBe(2);
    expect(b.figures.vitals.LCP.count).toBe(1);
  });
});

describe("POST /api/vitals", () => {
  const post = async (body: string, shop = A) =>
    (await vitalsAction({
      request: await bearerRequest(shop, "/api/vitals", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      }),
      params: {},
      context: {},
    })) as Response;

  it("keeps a valid report for the caller's shop (204)", async () => {
    const res = await post(
      JSON.stringify({
        metrics: [
          { name: "LCP", value: 1234 },
          { name: "CLS", value: 0.05 },
        ],
      }),
    );
    expect(res.status).toBe(204);
    await flushTelemetry();
    const rows = await prisma.vitalSample.findMany({ orderBy: { metric: "asc" } });
    expect(rows.map((r) => [r.shopId, r.metric, r.value])).toEqual([
      [shopA.id, "CLS", 0.05],
      [shopA.id, "LCP", 1234],
    ]);
  });

  it("answers 400 with field errors for bad input, 413 for a large body, and keeps nothing", async () => {
    for (const body of [
      "not json",
      "{}",
      JSON.stringify({ metrics: [{ name: "FID", value: 1 }] }),
      JSON.stringify({ metrics: [{ name: "LCP", value: -5 }] }),
      JSON.stringify({ metrics: [{ name: "LCP", value: "fast" }] }),
    ]) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
    expect((await post(JSON.stringify({ metrics: [], pad: "x".repeat(4000) }))).status).toBe(413);
    await flushTelemetry();
    expect(await prisma.vitalSample.count()).toBe(0);
  });

  it("drops a client's samples past its hourly budget without an error (204, nothing kept)", async () => {
    const body = JSON.stringify({ metrics: [{ name: "LCP", value: 900 }] });
    for (let i = 0; i < 240; i++) expect((await post(body, B)).status).toBe(204);
    await flushTelemetry();
    const kept = await prisma.vitalSample.count({ where: { shopId: shopB.id } });
    expect((await post(body, B)).status).toBe(204);
    await flushTelemetry();
    expect(await prisma.vitalSample.count({ where: { shopId: shopB.id } })).toBe(kept);
  });

  it("refuses an unauthenticated report", async () => {
    const request = new Request("http://localhost/api/vitals", { method: "POST", body: "{}" });
    let status = 0;
    try {
      const res = (await vitalsAction({ request, params: {}, context: {} })) as Response;
      status = res.status;
    } catch (thrown) {
      status = thrown instanceof Response ? thrown.status : -1;
    }
    expect([401, 302, 410]).toContain(status);
    expect(await prisma.vitalSample.count()).toBe(0);
  });
});

describe("the screens' loaders", () => {
  it("Settings loads the report only when the Performance tab is open; the dashboard always", async () => {
    await prisma.requestSample.create({ data: sample(shopA.id, new Date().toISOString(), 42) });
    const load = async (path: string, loader: typeof settingsLoader | typeof dashboardLoader) =>
      (await loader({ request: await bearerRequest(A, path), params: {}, context: {} })) as {
        performance: { figures: { requests: number } } | null;
      };
    expect((await load("/settings?tab=performance", settingsLoader)).performance?.figures.requests).toBe(1);
    expect((await load("/settings?tab=plan", settingsLoader)).performance).toBeNull();
    expect((await load("/dashboard", dashboardLoader)).performance?.figures.requests).toBe(1);
  });
});
