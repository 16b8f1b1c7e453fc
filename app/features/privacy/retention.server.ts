// The nightly retention job (admin-and-public.md §9; decision 104): each shop's data past its
// retention period is deleted, or anonymised where the merchant must keep the record, in short
// batches under the shop's write lock, and the run is audit-logged with counts only.
import { prisma, sqlOn, withShopWriteLock, type Prisma } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { describeError } from "~/lib/log-safe";
import { nextTurn } from "~/lib/steps";
import { REDACTED_ADDRESS, REDACTED_NAME } from "./fulfil.server";
import { CUSTOMER_PERSONAL_DATA_CLEARED, ORDER_PERSONAL_DATA_CLEARED } from "./personal-data";

type Tx = Prisma.TransactionClient;
const DAY = 86_400_000;

/** The periods of the spec (docs/product/public-site.md#gdpr-gdpr), in days. */
export const RETENTION_PERIODS = {
  /** Store analytics data: the subscription plus 30 days. */
  storeDataAfterUninstall: 30,
  /** Account data: the life of the account plus 7 years. */
  accountDataAfterUninstall: 7 * 365 + 2,
  /** Usage data: 2 years. */
  usageData: 2 * 365 + 1,
  /** Communication data: 3 years from the last interaction (each message is one). */
  communicationData: 3 * 365 + 1,
} as const;

/** Rows per transaction: short enough that the shop's screens and webhooks wait little meanwhile, and
 * under SQLite's bound-parameter limit for the ids of one statement. */
export const RETENTION_BATCH = 500;

/** Orders per transaction (plus the rest of the batch's last day): they are cleared by a range of
 * days, not a list of ids, so a batch binds three values whatever its size. */
export const RETENTION_ORDER_BATCH = 5_000;

export const RETENTION_AUDIT_ACTION = "privacy.retention.run";
export const RETENTION_JOBS = { nightly: "privacy.retention.nightly", shop: "privacy.retention.shop" } as const;

export type RetentionSummary = {
  /** Store data of an uninstalled shop, past the subscription plus 30 days. */
  customersAnonymised: number;
  ordersAnonymised: number;
  invoicesAnonymised: number;
  scoresDeleted: number;
  requestsAnonymised: number;
  /** E-mails older than 3 years: address and content removed, the record that one was sent kept. */
  messagesAnonymised: number;
  /** Request and vital samples older than 2 years. */
  usageRowsDeleted: number;
  /** The account itself, 7 years after uninstall: the shop and everything it owns erased. */
  accountErased: boolean;
};

/** What a run did, in words, from its audit entry's summary (counts only). */
export function describeRetention(after: string | null): string {
  const s = (after ? JSON.parse(after) : {}) as Partial<RetentionSummary>;
  return [
    `${s.customersAnonymised ?? 0} customers, ${s.ordersAnonymised ?? 0} orders and ${s.invoicesAnonymised ?? 0} invoices anonymised`,
    `${s.messagesAnonymised ?? 0} e-mails anonymised`,
    `${s.usageRowsDeleted ?? 0} usage records deleted`,
  ].join("; ");
}

const systemActor = (shopId: string): Actor => ({
  shop: { id: shopId },
  staff: { email: "system", name: "Retention job" },
});

/**
 * Runs `step` in batches, each its own transaction holding the shop's write lock, until a batch
 * finds fewer rows than `size`. `step` returns how many rows it looked at (for the loop) and how
 * many it changed (for the summary); `after` carries a keyset between batches. The event loop runs
 * between two batches: on SQLite every statement completes synchronously, so without the pause a
 * run over a large store would hold off the worker's requests until it ended.
 */
async function inBatches<K>(
  shopId: string,
  size: number,
  start: K,
  step: (tx: Tx, after: K) => Promise<{ seen: number; changed: number; next: K }>,
): Promise<number> {
  let after = start;
  let total = 0;
  for (;;) {
    const { seen, changed, next } = await withShopWriteLock(shopId, (tx) => step(tx, after));
    total += changed;
    after = next;
    if (seen < size) return total;
    await nextTurn();
  }
}

/** Customers, orders, invoices, scores and requests of a shop whose subscription ended long enough ago. */
async function anonymiseStoreData(shopId: string, batchSize: number | undefined, now: Date) {
  const size = batchSize ?? RETENTION_BATCH;
  const customersAnonymised = await inBatches(shopId, size, null, async (tx) => {
    const ids = (
      await tx.customer.findMany({ where: { shopId, redactedAt: null }, select: { id: true }, take: size })
    ).map((c) => c.id);
    if (!ids.length) return { seen: 0, changed: 0, next: null };
    const { count } = await tx.customer.updateMany({
      where: { shopId, id: { in: ids } },
      data: { ...CUSTOMER_PERSONAL_DATA_CLEARED, redactedAt: now },
    });
    return { seen: ids.length, changed: count, next: null };
  });
  // Orders walk the (shopId, day) index once, whole days at a time: a batch reads the day on which
  // its `orderSize`-th order falls (a range step through the index, never a scan from the start),
  // then one UPDATE clears every order of the days up to it, so a batch is `orderSize` orders plus
  // the rest of its last day. The last batch, which finds no such day, clears the days left.
  const orderSize = batchSize ?? RETENTION_ORDER_BATCH;
  const ordersAnonymised = await inBatches(shopId, orderSize, "", async (tx, after) => {
    const q = sqlOn(tx);
    const end = await q
      .selectFrom("Order")
      .select("day")
      .where("shopId", "=", shopId)
      .where("day", ">", after)
      .orderBy("day")
      .offset(orderSize - 1)
      .limit(1)
      .executeTakeFirst();
    const result = await q
      .updateTable("Order")
      .set(ORDER_PERSONAL_DATA_CLEARED)
      .where("shopId", "=", shopId)
      .where("day", ">", after)
      .$if(end !== undefined, (qb) => qb.where("day", "<=", end!.day))
      .where((eb) => eb.or([eb("email", "is not", null), eb("region", "is not", null)]))
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    return end ? { seen: orderSize, changed, next: end.day } : { seen: 0, changed, next: after };
  });
  const invoicesAnonymised = await inBatches(shopId, size, null, async (tx) => {
    const ids = (
      await tx.invoice.findMany({
        where: { shopId, customerEmail: { not: REDACTED_ADDRESS } },
        select: { id: true },
        take: size,
      })
    ).map((i) => i.id);
    if (!ids.length) return { seen: 0, changed: 0, next: null };
    const { count } = await tx.invoice.updateMany({
      where: { shopId, id: { in: ids } },
      data: {
        customerName: REDACTED_NAME,
        customerEmail: REDACTED_ADDRESS,
        customerPhone: null,
        customerAddress: null,
      },
    });
    // The stored PDFs carry the names; they are rendered again from the anonymised invoice.
    await tx.invoicePdf.deleteMany({ where: { shopId, invoiceId: { in: ids } } });
    return { seen: ids.length, changed: count, next: null };
  });
  const scoresDeleted = await inBatches(shopId, size, null, async (tx) => {
    const ids = (await tx.customerScore.findMany({ where: { shopId }, select: { customerId: true }, take: size })).map(
      (s) => s.customerId,
    );
    if (!ids.length) return { seen: 0, changed: 0, next: null };
    const { count } = await tx.customerScore.deleteMany({ where: { shopId, customerId: { in: ids } } });
    return { seen: ids.length, changed: count, next: null };
  });
  const requestsAnonymised = await inBatches(shopId, size, null, async (tx) => {
    const ids = (
      await tx.privacyRequest.findMany({
        where: { shopId, OR: [{ email: { not: null } }, { requesterName: { not: null } }] },
        select: { id: true },
        take: size,
      })
    ).map((r) => r.id);
    if (!ids.length) return { seen: 0, changed: 0, next: null };
    const { count } = await tx.privacyRequest.updateMany({
      where: { shopId, id: { in: ids } },
      data: { email: null, requesterName: null },
    });
    return { seen: ids.length, changed: count, next: null };
  });
  return { customersAnonymised, ordersAnonymised, invoicesAnonymised, scoresDeleted, requestsAnonymised };
}

async function anonymiseOldMessages(shopId: string, size: number, before: Date) {
  return inBatches(shopId, size, null, async (tx) => {
    const ids = (
      await sqlOn(tx)
        .selectFrom("OutboxMessage")
        .select("id")
        .where("shopId", "=", shopId)
        .where("createdAt", "<", before)
        .where("toAddress", "<>", REDACTED_ADDRESS)
        .limit(size)
        .execute()
    ).map((m) => m.id);
    if (!ids.length) return { seen: 0, changed: 0, next: null };
    const { count } = await tx.outboxMessage.updateMany({
      where: { shopId, id: { in: ids } },
      data: { toAddress: REDACTED_ADDRESS, subject: "[redacted]", text: "[redacted]", html: null, headers: null },
    });
    return { seen: ids.length, changed: count, next: null };
  });
}

async function deleteOldUsage(shopId: string, size: number, before: Date) {
  let total = 0;
  for (const table of ["requestSample", "vitalSample"] as const)
    total += await inBatches(shopId, size, null, async (tx) => {
      const where = { shopId, at: { lt: before } };
      const ids =
        table === "requestSample"
          ? (await tx.requestSample.findMany({ where, select: { id: true }, take: size })).map((r) => r.id)
          : (await tx.vitalSample.findMany({ where, select: { id: true }, take: size })).map((r) => r.id);
      if (!ids.length) return { seen: 0, changed: 0, next: null };
      const { count } =
        table === "requestSample"
          ? await tx.requestSample.deleteMany({ where: { shopId, id: { in: ids } } })
          : await tx.vitalSample.deleteMany({ where: { shopId, id: { in: ids } } });
      return { seen: ids.length, changed: count, next: null };
    });
  return total;
}

const EMPTY: RetentionSummary = {
  customersAnonymised: 0,
  ordersAnonymised: 0,
  invoicesAnonymised: 0,
  scoresDeleted: 0,
  requestsAnonymised: 0,
  messagesAnonymised: 0,
  usageRowsDeleted: 0,
  accountErased: false,
};

/**
 * One shop's retention run: what is past its period goes, and the run is audit-logged (counts
 * only) so the checklist's retention item is done for 24 hours. Idempotent: a second run finds
 * nothing left to do. Returns null for a shop that does not exist.
 */
export async function runRetention(
  shopId: string,
  { now = new Date(), batchSize }: { now?: Date; batchSize?: number } = {},
): Promise<RetentionSummary | null> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { domain: true, uninstalledAt: true } });
  if (!shop) return null;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  if (shop.uninstalledAt && shop.uninstalledAt < ago(RETENTION_PERIODS.accountDataAfterUninstall)) {
    // Nothing is kept beyond the account's period: the shop goes as shop/redact erases it (the
    // shop feature's eraseShop; importing it here would close a cycle through store-sync).
    await prisma.$transaction(
      async (tx) => {
        await tx.session.deleteMany({ where: { shop: shop.domain } });
        await tx.shop.deleteMany({ where: { id: shopId } });
      },
      { timeout: 120_000 },
    );
    return { ...EMPTY, accountErased: true };
  }
  const summary: RetentionSummary = { ...EMPTY };
  if (shop.uninstalledAt && shop.uninstalledAt < ago(RETENTION_PERIODS.storeDataAfterUninstall))
    Object.assign(summary, await anonymiseStoreData(shopId, batchSize, now));
  summary.messagesAnonymised = await anonymiseOldMessages(
    shopId,
    batchSize ?? RETENTION_BATCH,
    ago(RETENTION_PERIODS.communicationData),
  );
  summary.usageRowsDeleted = await deleteOldUsage(
    shopId,
    batchSize ?? RETENTION_BATCH,
    ago(RETENTION_PERIODS.usageData),
  );
  await recordAudit(systemActor(shopId), RETENTION_AUDIT_ACTION, "Shop", shopId, null, summary);
  return summary;
}

/** Every shop's run queued once a day (a retried schedule does not queue twice). */
export async function queueRetentionRuns(queue: Pick<JobQueue, "enqueue">, now = new Date()): Promise<number> {
  const shops = await prisma.shop.findMany({ select: { id: true } });
  const day = now.toISOString().slice(0, 10);
  let queued = 0;
  for (const { id } of shops)
    if (await queue.enqueue(RETENTION_JOBS.shop, { shopId: id }, { singletonKey: `${id}:${day}` })) queued++;
  return queued;
}

export function registerPrivacyJobs(queue: JobQueue) {
  queue.register<{ shopId: string }>(RETENTION_JOBS.shop, async ({ shopId }) => {
    try {
      await runRetention(shopId);
    } catch (error) {
      console.error(`[privacy] retention run failed: ${describeError(error)}`);
      throw error;
    }
  });
  queue.register(RETENTION_JOBS.nightly, async () => void (await queueRetentionRuns(queue)));
  queue.schedule(RETENTION_JOBS.nightly, "23 1 * * *");
}
