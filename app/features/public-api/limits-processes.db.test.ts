// The limits are kept in the database, so they hold across processes and restarts (issue 39:
// "the hourly limit exact (±0) under 2 workers × 200 concurrent requests; the monthly quota exact
// across a restart"). Each worker is a separate Node process with its own Prisma client on this
// file's database (tests/workers/api-calls.ts), calling the v1 handler with one key.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { planFor } from "~/features/billing";
import { createApiKey } from "./keys.server";
import type { Scope } from "./keys";
import { windowOf } from "./limits";
import { usage } from "./limits.server";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
const worker = path.resolve("tests/workers/api-calls.ts");

/** Starts a worker process: `count` concurrent calls; resolves to its answers by status. */
async function workerCalls(key: string, storeId: string, count: number): Promise<Record<string, number>> {
  const { stdout } = await run(tsx, [worker, key, storeId, String(count)], {
    env: process.env,
    maxBuffer: 1 << 20,
    timeout: 240_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

let shop: { id: string; plan: string };
let key: string;

beforeAll(async () => {
  shop = await prisma.shop.update({
    where: { id: (await createShop({ name: "Two workers" })).id },
    data: { plan: "starter" },
  });
  key = (
    await createApiKey({ shop, staff: { email: "o@example.com", name: "O" } }, "load", ["invoices:read"] as Scope[])
  ).key;
});

describe("limits across processes", () => {
  it("keeps the hourly limit exact with 2 processes × 200 concurrent calls on one key", async () => {
    const hourly = planFor("starter").apiCallsPerHour!;
    const now = new Date();
    // 150 calls left in this hour; the month has room for all of them.
    await prisma.apiUsageWindow.create({
      data: { shopId: shop.id, window: windowOf("hourly", now).key, calls: hourly - 150 },
    });
    const [one, two] = await Promise.all([workerCalls(key, shop.id, 200), workerCalls(key, shop.id, 200)]);
    expect((one["200"] ?? 0) + (two["200"] ?? 0)).toBe(150);
    expect((one["429"] ?? 0) + (two["429"] ?? 0)).toBe(250);
    const use = await usage(shop, now);
    expect(use.find((u) => u.kind === "hourly")!.used).toBe(hourly);
    // Refused calls gave back what they took from the month.
    expect(use.find((u) => u.kind === "monthly")!.used).toBe(150);
  }, 300_000);

  it("keeps the monthly quota's count across a restart: a new process goes on from the stored count", async () => {
    const monthly = planFor("starter").apiCallsPerMonth!;
    const now = new Date();
    await prisma.apiUsageWindow.deleteMany({ where: { shopId: shop.id } });
    await prisma.apiUsageWindow.create({
      data: { shopId: shop.id, window: windowOf("monthly", now).key, calls: monthly - 30 },
    });
    // The first process makes 20 calls and exits; the next one, started afresh, gets only the 10 left.
    expect(await workerCalls(key, shop.id, 20)).toEqual({ "200": 20 });
    expect(await workerCalls(key, shop.id, 20)).toEqual({ "200": 10, "429": 10 });
    const use = await usage(shop, now);
    expect(use.find((u) => u.kind === "monthly")!.used).toBe(monthly);
  }, 300_000);
});
