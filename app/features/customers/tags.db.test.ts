// Segments as Shopify tags: the job adds the tag to each customer of an enabled segment once
// (a second run sends nothing), removes it when the segment is turned off or the customer
// leaves it, and after a failure resumes where it stopped.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { JobHandler, JobQueue } from "~/platform/jobs/index.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { registerCustomerJobs, CUSTOMER_JOBS } from "./jobs.server";
import { recomputeShop } from "./recompute.server";
import { pendingTagChanges, segmentTag, setSegmentTagging } from "./tags.server";

type Call = { mutation: "tagsAdd" | "tagsRemove"; id: string; tags: string[] };
let calls: Call[] = [];
let failOn: string | null = null;

const graphql = async (query: string, options?: { variables?: Record<string, unknown> }) => {
  const mutation = query.includes("tagsAdd(") ? "tagsAdd" : "tagsRemove";
  const { id, tags } = options!.variables as { id: string; tags: string[] };
  if (failOn === id)
    return Response.json({ data: { [mutation]: { userErrors: [{ field: ["id"], message: "Customer is locked" }] } } });
  calls.push({ mutation, id, tags });
  return Response.json({ data: { [mutation]: { userErrors: [] } } });
};

const handlers = new Map<string, JobHandler<unknown>>();
const queued: { shopId: string }[] = [];
const queue = {
  engine: "sqlite",
  register: (name: string, h: JobHandler<unknown>) => void handlers.set(name, h),
  enqueue: async (_name: string, payload: { shopId: string }) => (queued.push(payload), "job"),
  schedule: () => {},
} as unknown as JobQueue;
registerCustomerJobs(queue, { adminFor: async () => ({ graphql }) });

/** Runs the tag job until it stops queueing itself. */
async function runTagJob(shopId: string) {
  queued.length = 0;
  await handlers.get(CUSTOMER_JOBS.tags)!({ shopId }, { id: "j", name: CUSTOMER_JOBS.tags, attempt: 1 });
  while (queued.length) {
    const next = queued.shift()!;
    await handlers.get(CUSTOMER_JOBS.tags)!(next, { id: "j", name: CUSTOMER_JOBS.tags, attempt: 1 });
  }
}

let shop: Awaited<ReturnType<typeof createShop>>;
let vipIds: string[];

beforeAll(async () => {
  shop = await createShop();
  const item = await createProduct(shop.id, { priceMinor: 5_000 });
  for (let i = 0; i < 12; i++) {
    const c = await prisma.customer.create({
      data: {
        shopId: shop.id,
        shopifyId: `gid://shopify/Customer/${100 + i}`,
        email: `t${i}@example.com`,
        createdAt: new Date("2025-01-01"),
      },
    });
    for (let k = 0; k <= i % 6; k++)
      await createOrder(shop.id, `2026-0${1 + k}-1${i % 9}`, [line(item, 1 + (i % 3))], { customerId: c.id });
  }
  await recomputeShop(shop, { now: new Date("2026-07-01T00:00:00Z") });
  vipIds = (
    await prisma.customerScore.findMany({ where: { shopId: shop.id, segment: "VIP" }, include: { customer: true } })
  ).map((s) => s.customer.shopifyId!);
  expect(vipIds.length).toBeGreaterThan(0);
});

describe("segment tags", () => {
  it("tags each VIP once; a second run sends nothing", async () => {
    await setSegmentTagging(shop.id, "VIP", true);
    expect(await pendingTagChanges(shop.id)).toBe(vipIds.length);
    calls = [];
    await runTagJob(shop.id);
    expect(calls.map((c) => c.id).sort()).toEqual([...vipIds].sort());
    for (const c of calls) expect(c).toMatchObject({ mutation: "tagsAdd", tags: [segmentTag("VIP")] });
    expect(await pendingTagChanges(shop.id)).toBe(0);
    calls = [];
    await runTagJob(shop.id);
    expect(calls).toEqual([]);
  });

  it("keeps the tag state across a whole-shop recompute", async () => {
    await recomputeShop(shop, { now: new Date("2026-07-01T00:00:00Z") });
    expect(await pendingTagChanges(shop.id)).toBe(0);
  });

  it("removes the tags when the segment is turned off, resuming after a failure", async () => {
    await setSegmentTagging(shop.id, "VIP", false);
    calls = [];
    failOn = [...vipIds].sort()[vipIds.length - 1]!;
    await expect(runTagJob(shop.id)).rejects.toThrow("Customer is locked");
    expect((await prisma.customerSegmentTag.findFirstOrThrow({ where: { shopId: shop.id } })).lastError).toBe(
      "Shopify refused the tag change: Customer is locked",
    );
    const done = calls.length;
    failOn = null;
    await runTagJob(shop.id);
    // The retry sends only what the failed run had not done.
    expect(calls.length).toBe(vipIds.length);
    expect(calls.slice(done).length).toBe(vipIds.length - done);
    for (const c of calls) expect(c).toMatchObject({ mutation: "tagsRemove", tags: [segmentTag("VIP")] });
    expect(await pendingTagChanges(shop.id)).toBe(0);
    expect((await prisma.customerSegmentTag.findFirstOrThrow({ where: { shopId: shop.id } })).lastError).toBeNull();
  });

  it("counts as pending exactly the customers the job then changes, in any mix of tags", async () => {
    const rows = await prisma.customerScore.findMany({
      where: { shopId: shop.id },
      select: { customerId: true, segment: true },
      orderBy: { customerId: "asc" },
    });
    const marks = ["VIP", "Regular", "New", "At-Risk", null];
    for (const [i, r] of rows.entries())
      await prisma.customerScore.update({
        where: { shopId_customerId: { shopId: shop.id, customerId: r.customerId } },
        data: { taggedSegment: i % 3 === 0 ? r.segment : marks[i % marks.length] },
      });
    await setSegmentTagging(shop.id, "VIP", true);
    await setSegmentTagging(shop.id, "Regular", true);
    const pending = await pendingTagChanges(shop.id);
    expect(pending).toBeGreaterThan(0);
    calls = [];
    await runTagJob(shop.id);
    expect(new Set(calls.map((c) => c.id)).size).toBe(pending);
    expect(await pendingTagChanges(shop.id)).toBe(0);
  });
});
