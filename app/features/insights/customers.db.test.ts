// The customer detectors on the database: new customers' orders read through the customers
// feature (first order not cancelled, erased customers left out, one shop only) and judged by
// the new-customer detector. Shop A has 40 customers who first ordered in the summer for $40–$80
// and two this month for $900 and $1,500; shop B's $5,000 newcomer never reaches A's figures.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createShop } from "~tests/factories";
import { countValuableCustomers, newCustomersOrders, quietValuableCustomers } from "~/features/customers/index.server";
import { detectorsFor } from "./generate.server";

const TODAY = "2026-07-01";
const NOW = new Date("2026-07-01T15:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
let n = 0;

async function customer(
  shopId: string,
  orders: { day: string; minor: number; cancelled?: boolean }[],
  redacted = false,
) {
  const c = await prisma.customer.create({
    data: { shopId, email: `c${++n}@example.com`, redactedAt: redacted ? NOW : null },
  });
  await prisma.order.createMany({
    data: orders.map((o, i) => ({
      shopId,
      customerId: c.id,
      name: `#${n}-${i}`,
      processedAt: new Date(`${o.day}T12:00:00Z`),
      day: o.day,
      currency: "USD",
      grossSalesMinor: o.minor,
      totalMinor: o.minor,
      cancelledAt: o.cancelled ? NOW : null,
    })),
  });
  return c.id;
}

let big: string;
beforeAll(async () => {
  a = await createShop({ name: "Customers A" });
  b = await createShop({ name: "Customers B" });
  for (let i = 0; i < 40; i++) {
    const first = addDays("2026-03-01", i * 2);
    await customer(a.id, [
      { day: first, minor: 4_000 + (i % 9) * 500 },
      ...(i % 4 === 0 ? [{ day: addDays(first, 30), minor: 3_000 }] : []),
    ]);
  }
  big = await customer(a.id, [{ day: "2026-06-20", minor: 150_000 }]);
  await customer(a.id, [{ day: "2026-06-25", minor: 90_000 }]);
  // A cancelled first order does not make a customer new then; an erased customer is not read.
  await customer(a.id, [
    { day: "2026-02-01", minor: 5_000, cancelled: true },
    { day: "2026-06-10", minor: 5_000 },
  ]);
  await customer(a.id, [{ day: "2026-06-26", minor: 400_000 }], true);
  // An old customer who ordered again this month is not new.
  await customer(a.id, [
    { day: "2025-06-01", minor: 5_000 },
    { day: "2026-06-27", minor: 300_000 },
  ]);
  await customer(b.id, [{ day: "2026-06-28", minor: 500_000 }]);
});

describe("new customers' orders", () => {
  it("reads the orders of customers first ordering since the day, in order, for one shop", async () => {
    const rows = await newCustomersOrders(a.id, "2026-01-01");
    const customers = new Set(rows.map((r) => r.customerId));
    expect(customers.size).toBe(43);
    expect(rows.filter((r) => r.netMinor === 5_000 && r.day === "2026-06-10")).toHaveLength(1);
    expect(rows.some((r) => r.netMinor >= 300_000)).toBe(false);
    // Per customer, in time order.
    for (let i = 1; i < rows.length; i++)
      if (rows[i]!.customerId === rows[i - 1]!.customerId) expect(rows[i]!.day >= rows[i - 1]!.day).toBe(true);
  });

  it("groups the unusually large first orders into one finding with the top customer", async () => {
    const found = await detectorsFor(a, TODAY, NOW)
      .find((d) => d.name === "valuable-new-customers")!
      .run();
    expect(found).toHaveLength(1);
    expect(found[0]!.facts).toMatchObject({ customers: 2, largest: "$1,500.00", total: "$2,400.00" });
    expect(found[0]!.link).toBe("/customers?segment=new");
    expect(found[0]!.description).not.toContain(big);
    const none = await detectorsFor(b, TODAY, NOW)
      .find((d) => d.name === "valuable-new-customers")!
      .run();
    expect(none).toEqual([]);
  });
});

/**
 * A customer with a score as the recompute writes it: `orderDays` order days every `gap` days up
 * to `lastDay`, in `segment`, and optionally a change away from VIP on `leftVipOn`.
 */
async function scored(
  shopId: string,
  o: { segment: string; lastDay: string; gap: number; orderDays: number; leftVipOn?: string; deleted?: boolean },
) {
  const c = await prisma.customer.create({
    data: { shopId, email: `q${++n}@example.com`, deletedAt: o.deleted ? NOW : null },
  });
  const last = new Date(`${o.lastDay}T12:00:00Z`);
  await prisma.customerScore.create({
    data: {
      shopId,
      customerId: c.id,
      searchText: "",
      sortName: "",
      orders: o.orderDays,
      totalSpentMinor: 900_000,
      frequency: o.orderDays,
      monetaryMinor: 900_000,
      segment: o.segment,
      rule: "",
      computedAt: NOW,
      orderDays: o.orderDays,
      lastOrderAt: last,
      firstOrderAt: new Date(`${addDays(o.lastDay, -o.gap * (o.orderDays - 1))}T12:00:00Z`),
    },
  });
  if (o.leftVipOn)
    await prisma.customerSegmentChange.create({
      data: {
        shopId,
        customerId: c.id,
        fromSegment: "VIP",
        toSegment: o.segment,
        rule: "",
        changedAt: new Date(`${o.leftVipOn}T12:00:00Z`),
      },
    });
  return c.id;
}

describe("valuable customers going quiet", () => {
  let shopQ: Shop;
  let quietVip: string;
  let leftVip: string;
  beforeAll(async () => {
    const q = await createShop({ name: "Quiet A" });
    const other = await createShop({ name: "Quiet B" });
    // Every 9 days for a year, the last 40 days ago: a VIP still, and one who left VIP for
    // Regular 20 days ago (the churn model never called either At-Risk).
    quietVip = await scored(q.id, { segment: "VIP", lastDay: addDays(TODAY, -40), gap: 9, orderDays: 38 });
    leftVip = await scored(q.id, {
      segment: "Regular",
      lastDay: addDays(TODAY, -45),
      gap: 9,
      orderDays: 36,
      leftVipOn: addDays(TODAY, -20),
    });
    // Not read: a VIP who ordered last week, one who left VIP 120 days ago, a Regular never VIP,
    // a deleted customer, and shop B's quiet VIP.
    await scored(q.id, { segment: "VIP", lastDay: addDays(TODAY, -7), gap: 9, orderDays: 38 });
    await scored(q.id, {
      segment: "Regular",
      lastDay: addDays(TODAY, -150),
      gap: 9,
      orderDays: 30,
      leftVipOn: addDays(TODAY, -120),
    });
    await scored(q.id, { segment: "Regular", lastDay: addDays(TODAY, -60), gap: 9, orderDays: 20 });
    await scored(q.id, { segment: "VIP", lastDay: addDays(TODAY, -60), gap: 9, orderDays: 30, deleted: true });
    await scored(other.id, { segment: "VIP", lastDay: addDays(TODAY, -60), gap: 9, orderDays: 30 });
    shopQ = q;
  });

  it("reads VIPs, and customers who left VIP in the last 90 days, silent past the floor, for one shop", async () => {
    const rows = await quietValuableCustomers(
      shopQ.id,
      new Date(NOW.getTime() - 90 * 86_400_000),
      new Date(NOW.getTime() - 30 * 86_400_000),
    );
    expect(rows.map((r) => r.customerId).sort()).toEqual([quietVip, leftVip].sort());
  });

  it("counts every valuable customer with a rhythm, silent or not, as the VIPs the rule checks", async () => {
    // The two quiet ones and the VIP who ordered last week; not the deleted one, the one who left
    // VIP 120 days ago, the Regular never VIP, nor shop B's.
    const vipSince = new Date(NOW.getTime() - 90 * 86_400_000);
    expect(await countValuableCustomers(shopQ.id, vipSince, 4)).toBe(3);
    expect(await countValuableCustomers(shopQ.id, vipSince, 37)).toBe(2);
  });

  it("finds them as one card, naming the rhythm and silence of the one worth most", async () => {
    const [f, ...rest] = await detectorsFor(shopQ, TODAY, NOW)
      .find((d) => d.name === "vip-at-risk")!
      .run();
    expect(rest).toEqual([]);
    expect(f!.title).toBe("2 VIP customers have gone quiet");
    expect(f!.facts).toMatchObject({ customers: 2, spend: "$18,000.00", topUsualGapDays: 9 });
    expect([quietVip, leftVip].map((id) => `/customers/${id}`)).toContain(f!.link);
  });
});
