// The nightly retention job on this engine's database: store data of a shop uninstalled more
// than 30 days ago anonymised (orders and invoices kept for the accounts), e-mails older than
// three years anonymised, usage samples older than two years deleted, a shop uninstalled more
// than seven years ago erased; batches of two rows so every step loops; another shop untouched;
// the run audit-logged with counts only, through the real job queue, moving the checklist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { createJobQueue, type JobQueue } from "~/platform/jobs/index.server";
import { compliance } from "./centre.server";
import { REDACTED_ADDRESS } from "./fulfil.server";
import {
  RETENTION_AUDIT_ACTION,
  RETENTION_JOBS,
  queueRetentionRuns,
  registerPrivacyJobs,
  runRetention,
} from "./retention.server";

const DAY = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

const person = (n: number) => ({
  email: `pat.${n}@example.com`,
  firstName: "Pat",
  lastName: `Retainova${n}`,
  phone: `+1555000${n}`,
  city: "Lyon",
  address1: `${n} Rue Longue`,
  zip: "69001",
  region: "ARA",
});

/** A shop with five customers, each with two orders, an invoice and a score, and e-mails of two ages. */
async function seedShop(uninstalledDaysAgo: number | null) {
  const shop = await createShop();
  if (uninstalledDaysAgo !== null)
    await prisma.shop.update({ where: { id: shop.id }, data: { uninstalledAt: daysAgo(uninstalledDaysAgo) } });
  const product = await createProduct(shop.id);
  for (let n = 1; n <= 5; n++) {
    const p = person(n);
    const customer = await prisma.customer.create({ data: { shopId: shop.id, shopifyId: `c${n}`, ...p } });
    for (const day of ["2026-01-05", "2026-02-06"]) {
      const order = await createOrder(shop.id, day, [line(product)], { customerId: customer.id, email: p.email });
      await prisma.order.updateMany({ where: { id: order.id }, data: { region: p.region } });
    }
    await prisma.invoice.create({
      data: {
        shopId: shop.id,
        number: `INV-${n}`,
        sequence: n,
        customerName: `${p.firstName} ${p.lastName}`,
        customerEmail: p.email,
        customerPhone: p.phone,
        customerAddress: p.address1,
        currency: "USD",
        subtotalMinor: 1000,
        taxMinor: 200,
        shippingMinor: 0,
        totalMinor: 1200,
        issueDate: "2026-02-06",
        dueInDays: 30,
        dueDate: "2026-03-08",
        publicToken: `retention-${shop.id}-${n}`,
      },
    });
    await prisma.customerScore.create({
      data: {
        shopId: shop.id,
        customerId: customer.id,
        searchText: `${p.firstName} ${p.lastName} ${p.email}`.toLowerCase(),
        sortName: `${p.firstName} ${p.lastName}`.toLowerCase(),
        orders: 2,
        totalSpentMinor: 20_000,
        frequency: 2,
        monetaryMinor: 20_000,
        segment: "loyal",
        rule: "test",
        computedAt: now,
      },
    });
    await prisma.privacyRequest.create({
      data: {
        shopId: shop.id,
        type: "access",
        email: p.email,
        requesterName: p.lastName,
        dueAt: daysAgo(-20),
        receivedAt: daysAgo(10),
      },
    });
  }
  for (const [age, tag] of [
    [4 * 365, "old"],
    [2 * 365, "recent"],
  ] as const)
    for (let n = 1; n <= 3; n++)
      await prisma.outboxMessage.create({
        data: {
          shopId: shop.id,
          kind: "invoice",
          toAddress: person(n).email,
          fromAddress: "shop@example.com",
          subject: `Hello ${person(n).lastName} (${tag})`,
          text: `Dear ${person(n).lastName}`,
          createdAt: daysAgo(age),
        },
      });
  for (const [age, n] of [
    [3 * 365, 3],
    [30, 2],
  ] as const)
    for (let i = 0; i < n; i++) {
      await prisma.requestSample.create({
        data: { shopId: shop.id, at: daysAgo(age), kind: "page", status: 200, serverMs: 10 },
      });
      await prisma.vitalSample.create({ data: { shopId: shop.id, at: daysAgo(age), metric: "LCP", value: 900 } });
    }
  return shop;
}

/** Every text cell of the shop's customer-bearing rows, to look for a person's data. */
async function shopText(shopId: string) {
  const rows = await Promise.all([
    prisma.customer.findMany({ where: { shopId } }),
    prisma.order.findMany({ where: { shopId } }),
    prisma.invoice.findMany({ where: { shopId } }),
    prisma.customerScore.findMany({ where: { shopId } }),
    prisma.privacyRequest.findMany({ where: { shopId } }),
  ]);
  return JSON.stringify(rows);
}

let live: { id: string };
let lapsed: { id: string };
let recentlyGone: { id: string };
let ancient: { id: string; domain: string };
const queues: JobQueue[] = [];

beforeAll(async () => {
  live = await seedShop(null);
  lapsed = await seedShop(40);
  recentlyGone = await seedShop(10);
  ancient = await createShop();
  await prisma.shop.update({ where: { id: ancient.id }, data: { uninstalledAt: daysAgo(8 * 365) } });
  await prisma.customer.create({ data: { shopId: ancient.id, shopifyId: "x1", ...person(9) } });
});

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
});

describe("the retention run", () => {
  it("anonymises a lapsed shop's store data in batches, keeping orders and invoices for the accounts", async () => {
    const ordersBefore = await prisma.order.aggregate({ where: { shopId: lapsed.id }, _sum: { totalMinor: true } });
    const summary = await runRetention(lapsed.id, { now, batchSize: 2 });
    expect(summary).toMatchObject({
      customersAnonymised: 5,
      ordersAnonymised: 10,
      invoicesAnonymised: 5,
      scoresDeleted: 5,
      requestsAnonymised: 5,
      messagesAnonymised: 3,
      usageRowsDeleted: 6,
      accountErased: false,
    });
    const text = await shopText(lapsed.id);
    for (let n = 1; n <= 5; n++) {
      expect(text).not.toContain(person(n).email);
      expect(text).not.toContain(person(n).lastName);
      expect(text).not.toContain(person(n).address1);
    }
    // Kept, without the person: the orders with their figures, the invoices.
    expect(await prisma.order.count({ where: { shopId: lapsed.id } })).toBe(10);
    const ordersAfter = await prisma.order.aggregate({ where: { shopId: lapsed.id }, _sum: { totalMinor: true } });
    expect(ordersAfter._sum.totalMinor).toBe(ordersBefore._sum.totalMinor);
    expect(await prisma.invoice.count({ where: { shopId: lapsed.id, customerEmail: REDACTED_ADDRESS } })).toBe(5);
    expect(await prisma.customer.count({ where: { shopId: lapsed.id, redactedAt: null } })).toBe(0);
  });

  it("anonymises only e-mails past three years and deletes only usage samples past two", async () => {
    const messages = await prisma.outboxMessage.findMany({
      where: { shopId: lapsed.id },
      orderBy: { createdAt: "asc" },
    });
    expect(messages.slice(0, 3).every((m) => m.toAddress === REDACTED_ADDRESS && !m.text.includes("Retainova"))).toBe(
      true,
    );
    expect(messages.slice(3).every((m) => m.toAddress !== REDACTED_ADDRESS && m.subject.includes("recent"))).toBe(true);
    expect(await prisma.requestSample.count({ where: { shopId: lapsed.id } })).toBe(2);
    expect(await prisma.vitalSample.count({ where: { shopId: lapsed.id } })).toBe(2);
  });

  it("is idempotent: a second run finds nothing left", async () => {
    const again = await runRetention(lapsed.id, { now, batchSize: 2 });
    expect(again).toMatchObject({
      customersAnonymised: 0,
      ordersAnonymised: 0,
      invoicesAnonymised: 0,
      scoresDeleted: 0,
      requestsAnonymised: 0,
      messagesAnonymised: 0,
      usageRowsDeleted: 0,
    });
  });

  it("leaves the store data of an installed shop, and of one uninstalled only 10 days ago", async () => {
    for (const shop of [live, recentlyGone]) {
      const summary = await runRetention(shop.id, { now, batchSize: 2 });
      expect(summary).toMatchObject({ customersAnonymised: 0, ordersAnonymised: 0, messagesAnonymised: 3 });
      const text = await shopText(shop.id);
      for (let n = 1; n <= 5; n++) expect(text).toContain(person(n).lastName);
      expect(await prisma.customerScore.count({ where: { shopId: shop.id } })).toBe(5);
    }
  });

  it("lets the event loop run between its batches, so the worker keeps answering", async () => {
    const shop = await seedShop(40);
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const before = turns;
    const summary = await runRetention(shop.id, { now, batchSize: 2 });
    const during = turns - before;
    ticking = false;
    expect(summary).toMatchObject({ ordersAnonymised: 10 });
    // Ten orders in batches of two, among the other passes' batches: a turn between each.
    expect(during).toBeGreaterThanOrEqual(5);
  });

  it("erases a shop seven years after it left, with everything it owned", async () => {
    expect(await runRetention(ancient.id, { now })).toMatchObject({ accountErased: true });
    expect(await prisma.shop.count({ where: { id: ancient.id } })).toBe(0);
    expect(await prisma.customer.count({ where: { shopId: ancient.id } })).toBe(0);
  });

  it("logs each run with counts only, never a person's data", async () => {
    const entries = await prisma.auditEntry.findMany({ where: { shopId: lapsed.id, action: RETENTION_AUDIT_ACTION } });
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0].after!)).toMatchObject({ ordersAnonymised: expect.any(Number) });
    expect(JSON.stringify(entries)).not.toMatch(/Retainova|example\.com/);
  });
});

describe("the nightly job", () => {
  it("queues one run per shop per day through the queue and turns the checklist's retention item done", async () => {
    const shop = await createShop();
    const item = async () => (await compliance(shop.id)).items.find((i) => i.id === "retention")!;
    expect((await item()).done).toBe(false);
    const queue = createJobQueue();
    queues.push(queue);
    registerPrivacyJobs(queue);
    const queued = await queueRetentionRuns(queue);
    expect(queued).toBe(await prisma.shop.count());
    // A second tick the same day queues nothing more.
    expect(await queueRetentionRuns(queue)).toBe(0);
    await queue.runDue({ names: [RETENTION_JOBS.shop] });
    expect((await item()).done).toBe(true);
    const { score } = await compliance(shop.id);
    expect(score).toBeGreaterThan(0);
  });
});
