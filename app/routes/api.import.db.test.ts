// The import's status and Resync/Retry API, and the job that runs the import, with
// the Admin API served from recorded fixtures.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { shopifyAdminFor } from "~/jobs.server";
import { createJobQueue, stopJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import { importAfterAuth, registerStoreSyncJobs } from "~/features/store-sync/index.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { fixture, fixtureStore, jsonResponse, stubAdminApi } from "~tests/shopify-admin";
import { action, loader } from "~/routes/api.import";
import { loader as dashboardLoader } from "~/routes/_admin.dashboard";

const SHOP = "import-api.myshopify.com";
let shopId: string;
let queue: JobQueue;
let restore: (() => void) | null = null;

const args = (request: Request) => ({ request, params: {}, context: {} });
const post = async (body: unknown) =>
  (await action(
    args(
      await bearerRequest(SHOP, "/api/import", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      }),
    ),
  )) as Response;
const status = async () => ((await loader(args(await bearerRequest(SHOP, "/api/import")))) as Response).json();

/** Runs the queue until the shop's latest import stops. */
async function runJobs() {
  for (let i = 0; i < 50; i++) {
    await queue.runDue({ names: ["store-sync.import"] });
    const run = await prisma.importRun.findFirst({ where: { shopId }, orderBy: { startedAt: "desc" } });
    if (run && (run.status === "succeeded" || run.status === "failed")) return run;
  }
  throw new Error("the import job did not finish");
}

beforeAll(async () => {
  shopId = (await createShop({ domain: SHOP, timezone: "America/New_York" })).id;
  await installSession(SHOP);
  queue = createJobQueue();
  registerStoreSyncJobs(queue, { adminFor: shopifyAdminFor, delay: () => 0 });
});

afterEach(() => {
  restore?.();
  restore = null;
});

afterAll(async () => {
  await queue.stop();
  await stopJobQueue();
});

describe("/api/import", () => {
  it("reports that nothing was imported yet", async () => {
    expect(await status()).toMatchObject({ state: "none", percent: 0 });
  });

  it("answers 400 for an unknown intent", async () => {
    const res = await post({ intent: "explode" });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toBeTruthy();
  });

  it("Resync queues one import, and the job imports the store", async () => {
    const res = await post({ intent: "resync" });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ state: "queued", phaseLabel: "Waiting to start" });
    // A second click while it runs does not start a second import.
    expect((await post({ intent: "resync" })).status).toBe(202);
    expect(await prisma.importRun.count({ where: { shopId } })).toBe(1);

    restore = stubAdminApi(fixtureStore().route).restore;
    const run = await runJobs();
    expect(run.status).toBe("succeeded");
    expect(await status()).toMatchObject({
      state: "succeeded",
      percent: 100,
      counts: { orders: 3, customers: 2, products: 2 },
    });
    const days = await prisma.dailyRollup.findMany({ where: { shopId }, orderBy: { day: "asc" } });
    expect(days.map((d) => [d.day, d.grossSalesMinor, d.refundsMinor])).toEqual([
      ["2026-06-09", 250_00, 0],
      ["2026-06-12", 100_00, 0],
      ["2026-06-15", 0, 20_00],
    ]);
  });

  it("shows a failed import on the dashboard and Retry resumes it", async () => {
    restore = stubAdminApi(
      fixtureStore(undefined, {
        beforeGraphql: (op, attempt) =>
          op === "StoreSyncBulkOperation" && attempt === 1
            ? jsonResponse(fixture("bulk-operation-failed.json"))
            : undefined,
      }).route,
    ).restore;
    expect((await post({ intent: "resync" })).status).toBe(202);
    const failed = await runJobs();
    expect(failed.status).toBe("failed");
    const dashboard = (await dashboardLoader(args(await bearerRequest(SHOP, "/dashboard")))) as {
      importStatus: { state: string; error: string };
    };
    expect(dashboard.importStatus).toMatchObject({ state: "failed", error: expect.stringContaining("failed") });

    expect((await post({ intent: "retry", runId: "someone-elses" })).status).toBe(409);
    expect((await post({ intent: "retry", runId: failed.id })).status).toBe(202);
    expect((await runJobs()).status).toBe("succeeded");
    expect(await prisma.order.count({ where: { shopId } })).toBe(3);
  });
});

describe("after install", () => {
  it("queues a full import once, and again only after a re-install", async () => {
    const shop = await createShop({ domain: "fresh-install.myshopify.com" });
    const first = await importAfterAuth(shop.id, { reinstalled: true, scope: "read_orders,read_products" });
    expect(first).toMatchObject({ status: "queued", reason: "install" });
    expect(first?.ordersSince).not.toBeNull(); // no read_all_orders: the last 60 days
    // Re-auth of an installed shop (token refresh) does not import again.
    expect(await importAfterAuth(shop.id, { reinstalled: false, scope: "read_orders" })).toBeNull();
    await prisma.importRun.updateMany({ where: { shopId: shop.id }, data: { status: "succeeded" } });
    const again = await importAfterAuth(shop.id, { reinstalled: true, scope: "read_orders,read_all_orders" });
    expect(again?.id).not.toBe(first?.id);
    expect(again?.ordersSince).toBeNull();
  });
});
