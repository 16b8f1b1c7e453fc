// The full import of a shop's Shopify data, as a resumable state machine stored in
// ImportRun (docs/decisions/032-bulk-import-design.md):
//
//   products → collections → customers → orders → rollups → done
//
// (the rollups step also reads the recent abandoned checkouts, checkouts-import.server.ts)
//
// Each data phase runs one bulk query, waits for it (or for a bulk query already
// running in the shop), then streams the JSONL result and writes it in batches.
// Every batch commits together with the run's resume point (linesDone), so after a
// crash the phase continues after the last committed line; writes are keyed by
// Shopify id, so a repeated line or a second import changes nothing.
import { dialect, prisma, sql, sqlOn, withShopWriteLock, type Prisma } from "~/db.server";
import { rebuildRollups } from "~/features/profit/index.server";
import { applyInventoryLevel, upsertCustomer, upsertProduct, type SyncShop } from "~/features/store-sync/writes.server";
import { writeOrderBatch, type OrderBatch } from "~/features/store-sync/order-batch.server";
import { inSlices } from "~/lib/chunks";
import { AdminApiError, type AdminGraphql, type RequestOptions } from "~/features/store-sync/admin-client.server";
import {
  addCollectionProducts,
  setCollectionProducts,
  upsertCollection,
} from "~/features/store-sync/collections.server";
import type {
  BulkCollection,
  BulkCustomer,
  BulkInventoryLevel,
  BulkLineItem,
  BulkOrder,
  BulkProduct,
  BulkVariant,
} from "~/features/store-sync/admin-types";
import {
  downloadJsonl,
  eachLine,
  getBulkOperation,
  isFinished,
  lines,
  startBulkQuery,
} from "~/features/store-sync/bulk.server";
import {
  customerFromBulk,
  inventoryLevelFromBulk,
  lineFromBulk,
  orderFromBulk,
  productFromBulk,
  type SyncOrder,
  type SyncOrderLine,
} from "~/features/store-sync/normalize";
import {
  bulkQueryText,
  COLLECTIONS_BULK_QUERY,
  CUSTOMERS_BULK_QUERY,
  ordersBulkQuery,
  PRODUCTS_BULK_QUERY,
} from "~/features/store-sync/queries";
import { describeError } from "~/lib/log-safe";
import { importAbandonedCheckouts } from "~/features/store-sync/checkouts-import.server";

export const PHASES = ["products", "collections", "customers", "orders", "rollups"] as const;
export type Phase = (typeof PHASES)[number] | "done";
type DataPhase = "products" | "collections" | "customers" | "orders";

const ORDER_HISTORY_DAYS = 60;
const LEASE_MS = 2 * 60_000;

export type ImportDeps = {
  graphql: AdminGraphql;
  /** Opens a bulk result file as a byte stream (default: download it). */
  openResult?: (url: string) => Promise<AsyncIterable<Uint8Array | string>>;
  /** Records per committed batch. */
  batchSize?: number;
  request?: RequestOptions;
  now?: () => Date;
};

export type StepResult =
  | { state: "continue" }
  | { state: "wait"; delayMs: number }
  | { state: "done" }
  | { state: "failed"; error: string }
  | { state: "busy" };

type Run = NonNullable<Awaited<ReturnType<typeof prisma.importRun.findUnique>>>;

const ACTIVE = ["queued", "running"];

/** Whether the granted scopes include the whole order history. */
export function hasAllOrdersScope(scope: string | null | undefined): boolean {
  return (scope ?? "")
    .split(",")
    .map((s) => s.trim())
    .includes("read_all_orders");
}

/**
 * Creates an import run for the shop, or returns the one already queued or running
 * (a second Resync while importing does not start a second import).
 */
export async function createImportRun(
  shopId: string,
  { reason, allOrders, now = new Date() }: { reason: "install" | "resync" | "retry"; allOrders: boolean; now?: Date },
) {
  return prisma.$transaction(async (tx) => {
    const active = await tx.importRun.findFirst({
      where: { shopId, status: { in: ACTIVE } },
      orderBy: { startedAt: "desc" },
    });
    if (active) return { run: active, created: false };
    const since = allOrders ? null : new Date(now.getTime() - ORDER_HISTORY_DAYS * 86_400_000);
    const run = await tx.importRun.create({ data: { shopId, reason, ordersSince: since, startedAt: now } });
    return { run, created: true };
  });
}

/** Retry of a failed run: the same run continues from where it stopped. */
export async function retryImportRun(shopId: string, runId: string) {
  const { count } = await prisma.importRun.updateMany({
    where: { id: runId, shopId, status: "failed" },
    data: {
      status: "queued",
      error: null,
      attempts: 0,
      lockedUntil: null,
      finishedAt: null,
      reason: "retry",
      // A failed bulk operation cannot be resumed: the phase asks for a new one.
      bulkOperationId: null,
      bulkStatus: null,
      bulkUrl: null,
      bulkObjectCount: 0,
      linesDone: 0,
    },
  });
  return count > 0;
}

async function acquire(runId: string, now: Date): Promise<Run | null> {
  const { count } = await prisma.importRun.updateMany({
    where: { id: runId, status: { in: ACTIVE }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { status: "running", lockedUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count ? prisma.importRun.findUnique({ where: { id: runId } }) : null;
}

const release = (runId: string, data: Prisma.ImportRunUpdateInput = {}) =>
  prisma.importRun.update({ where: { id: runId }, data: { ...data, lockedUntil: null } });

/**
 * What the merchant sees about a failed step: Shopify's own answer, or a plain
 * sentence. Internal errors (database, code) go to the server log only.
 */
export function importErrorMessage(error: unknown): string {
  if (error instanceof AdminApiError) return `Shopify answered: ${error.message}`;
  console.error(`[store-sync] import step failed: ${describeError(error)}`);
  return "The import stopped because of an internal error. Retry continues where it stopped.";
}

/** Marks a run failed (shown with Retry). */
export async function failImportRun(runId: string, error: string) {
  await prisma.importRun.update({
    where: { id: runId },
    data: { status: "failed", error, lockedUntil: null, finishedAt: new Date() },
  });
}

const nextPhase = (phase: Phase): Phase => (phase === "done" ? "done" : (PHASES[PHASES.indexOf(phase) + 1] ?? "done"));
const resetBulk = { bulkOperationId: null, bulkStatus: null, bulkUrl: null, bulkObjectCount: 0, linesDone: 0 };

function bulkQueryFor(run: Run, phase: DataPhase): string {
  if (phase === "products") return bulkQueryText(PRODUCTS_BULK_QUERY, {});
  if (phase === "collections") return bulkQueryText(COLLECTIONS_BULK_QUERY, {});
  if (phase === "customers") return bulkQueryText(CUSTOMERS_BULK_QUERY, {});
  return ordersBulkQuery(run.ordersSince);
}

/**
 * Advances a run by one step. Returns what the caller should do next: continue at
 * once, wait (a bulk operation is running), or stop. Throws on an unexpected error
 * after recording it; the run stays resumable.
 */
export async function runImportStep(runId: string, deps: ImportDeps): Promise<StepResult> {
  const now = deps.now?.() ?? new Date();
  const run = await acquire(runId, now);
  if (!run) {
    const current = await prisma.importRun.findUnique({ where: { id: runId }, select: { status: true } });
    if (!current) return { state: "failed", error: "Import run not found" };
    if (current.status === "succeeded") return { state: "done" };
    if (current.status === "failed") return { state: "failed", error: "failed" };
    return { state: "busy" };
  }
  const shop = await prisma.shop.findUnique({
    where: { id: run.shopId },
    select: { id: true, currency: true, timezone: true },
  });
  if (!shop) {
    await failImportRun(run.id, "The shop no longer exists");
    return { state: "failed", error: "The shop no longer exists" };
  }
  try {
    const phase = run.phase as Phase;
    if (phase === "done") {
      await release(run.id, { status: "succeeded", finishedAt: run.finishedAt ?? now });
      return { state: "done" };
    }
    if (phase === "rollups") {
      // The recent abandoned checkouts first (a page or a few; the customers exist by now).
      await importAbandonedCheckouts(shop, deps.graphql, now, deps.request);
      await rebuildRollups(shop.id);
      await release(run.id, { phase: "done", status: "succeeded", finishedAt: now, error: null });
      return { state: "done" };
    }
    return await dataPhaseStep(run, phase, shop, deps);
  } catch (error) {
    const message = importErrorMessage(error);
    // An expired result file cannot be read again: ask for a new bulk operation.
    const expired = error instanceof AdminApiError && error.code === "RESULT_EXPIRED";
    await release(run.id, { error: message, attempts: { increment: 1 }, ...(expired ? resetBulk : {}) });
    throw error;
  }
}

async function dataPhaseStep(run: Run, phase: DataPhase, shop: SyncShop, deps: ImportDeps): Promise<StepResult> {
  if (!run.bulkOperationId) {
    const started = await startBulkQuery(deps.graphql, bulkQueryFor(run, phase), deps.request);
    if (!started.started) {
      // Another bulk query (ours from a lost run, or another tool's) is running: wait for it.
      await release(run.id, { bulkStatus: `WAITING:${started.running?.status ?? "UNKNOWN"}` });
      return { state: "wait", delayMs: 10_000 };
    }
    await release(run.id, {
      bulkOperationId: started.operation.id,
      bulkStatus: started.operation.status,
      linesDone: 0,
    });
    return { state: "wait", delayMs: 2_000 };
  }
  if (run.bulkStatus !== "COMPLETED") {
    const op = await getBulkOperation(deps.graphql, run.bulkOperationId, deps.request);
    const objectCount = Number(op.objectCount ?? 0);
    if (!isFinished(op)) {
      await release(run.id, { bulkStatus: op.status, bulkObjectCount: objectCount });
      return { state: "wait", delayMs: Math.min(2_000 + objectCount, 30_000) };
    }
    if (op.status !== "COMPLETED") {
      const error = `Shopify's bulk export of ${phase} ${op.status.toLowerCase()}${op.errorCode ? ` (${op.errorCode})` : ""}.`;
      await failImportRun(run.id, error);
      await prisma.importRun.update({ where: { id: run.id }, data: { bulkStatus: op.status } });
      return { state: "failed", error };
    }
    await release(run.id, { bulkStatus: "COMPLETED", bulkUrl: op.url ?? null, bulkObjectCount: objectCount });
    return { state: "continue" };
  }
  if (run.bulkUrl) {
    const source = await (deps.openResult ?? downloadJsonl)(run.bulkUrl);
    const writer =
      phase === "products"
        ? importProducts
        : phase === "collections"
          ? importCollections
          : phase === "customers"
            ? importCustomers
            : importOrders;
    await writer(shop, source, { fromLine: run.linesDone, batchSize: deps.batchSize, runId: run.id });
  }
  await release(run.id, { phase: nextPhase(phase), ...resetBulk, error: null });
  return { state: "continue" };
}

// ── JSONL writers (also used by bench/import.ts) ─────────────────────────────

export type Progress = { linesDone: number; products?: number; variants?: number; customers?: number; orders?: number };
export type WriterOptions = {
  /** Lines already committed by an earlier attempt; they are skipped. */
  fromLine?: number;
  batchSize?: number;
  /** The run whose resume point and counts commit with each batch (none in the benchmark). */
  runId?: string;
};

/** The run's resume point and counts, in the batch's own transaction (Prisma). */
async function checkpoint(tx: Prisma.TransactionClient, runId: string | undefined, p: Progress) {
  if (!runId) return;
  await tx.importRun.update({
    where: { id: runId },
    data: {
      linesDone: p.linesDone,
      productsCount: { increment: p.products ?? 0 },
      variantsCount: { increment: p.variants ?? 0 },
      customersCount: { increment: p.customers ?? 0 },
      ordersCount: { increment: p.orders ?? 0 },
      lockedUntil: new Date(Date.now() + LEASE_MS),
    },
  });
}

/** The record type of a global id ("gid://shopify/Order/1" → "Order"). */
const typeOf = (id: unknown) => {
  if (typeof id !== "string") return "";
  // The same as id.split("/")[3], without building the array (this runs for every line).
  let from = -1;
  for (let i = 0; i < 3; i++) {
    from = id.indexOf("/", from + 1);
    if (from === -1) return "";
  }
  const to = id.indexOf("/", from + 1);
  return to === -1 ? id.slice(from + 1) : id.slice(from + 1, to);
};

async function* rows(source: AsyncIterable<Uint8Array | string>, fromLine: number) {
  let lineNo = 0;
  for await (const text of lines(source)) {
    lineNo++;
    if (lineNo <= fromLine) continue;
    yield { lineNo, row: JSON.parse(text) as Record<string, unknown> };
  }
}

export async function importProducts(
  shop: SyncShop,
  source: AsyncIterable<Uint8Array | string>,
  options: WriterOptions = {},
) {
  const batchSize = options.batchSize ?? 250;
  let products = new Map<string, { row: BulkProduct; variants: BulkVariant[] }>();
  let lateVariants: BulkVariant[] = [];
  let levels: BulkInventoryLevel[] = [];
  let pending = 0;
  let lastLine = options.fromLine ?? 0;

  const flush = async (linesDone: number) => {
    const batch = { products, lateVariants, levels };
    products = new Map();
    lateVariants = [];
    levels = [];
    pending = 0;
    await withShopWriteLock(shop.id, async (tx) => {
      let variantCount = 0;
      const itemOfVariant = new Map<string, string>();
      for (const { row, variants } of batch.products.values()) {
        const p = productFromBulk(row, variants, shop.currency);
        await upsertProduct(tx, shop, p, { removeMissingVariants: false });
        variantCount += p.variants.length;
        for (const v of p.variants) if (v.inventoryItemId) itemOfVariant.set(v.shopifyId, v.inventoryItemId);
      }
      // Variants whose product was written by an earlier batch.
      const parents = new Map<string, BulkVariant[]>();
      for (const v of batch.lateVariants) parents.set(v.__parentId, [...(parents.get(v.__parentId) ?? []), v]);
      for (const [productId, variants] of parents) {
        const product = await tx.product.findUnique({
          where: { shopId_shopifyId: { shopId: shop.id, shopifyId: productId } },
        });
        if (!product) continue;
        const known = await tx.variant.findMany({
          where: { shopId: shop.id, productId: product.id },
          select: { shopifyId: true },
        });
        const p = productFromBulk(
          {
            id: productId,
            title: product.title,
            productType: product.category,
            updatedAt: (product.shopifyUpdatedAt ?? new Date()).toISOString(),
            featuredMedia: product.imageUrl ? { preview: { image: { url: product.imageUrl } } } : null,
          },
          variants,
          shop.currency,
        );
        // Written through the same upsert (the product fields are unchanged), adding the variants.
        await upsertProduct(tx, shop, p, { removeMissingVariants: false });
        variantCount += variants.filter((v) => !known.some((k) => k.shopifyId === v.id)).length;
        for (const v of p.variants) if (v.inventoryItemId) itemOfVariant.set(v.shopifyId, v.inventoryItemId);
      }
      const unknownVariants = [
        ...new Set(batch.levels.map((l) => l.__parentId).filter((id) => !itemOfVariant.has(id))),
      ];
      if (unknownVariants.length) {
        const rows = await inSlices(unknownVariants, (ids) =>
          tx.variant.findMany({
            where: { shopId: shop.id, shopifyId: { in: ids } },
            select: { shopifyId: true, inventoryItemId: true },
          }),
        );
        for (const r of rows) if (r.shopifyId && r.inventoryItemId) itemOfVariant.set(r.shopifyId, r.inventoryItemId);
      }
      for (const l of batch.levels) {
        const item = itemOfVariant.get(l.__parentId);
        if (item) await applyInventoryLevel(tx, shop, inventoryLevelFromBulk(l, item));
      }
      await checkpoint(tx, options.runId, { linesDone, products: batch.products.size, variants: variantCount });
    });
  };

  for await (const { lineNo, row } of rows(source, options.fromLine ?? 0)) {
    const type = typeOf(row.id);
    if (type === "Product") {
      if (products.size >= batchSize || pending >= batchSize * 20) await flush(lineNo - 1);
      products.set(row.id as string, { row: row as unknown as BulkProduct, variants: [] });
    } else if (type === "ProductVariant") {
      const v = row as unknown as BulkVariant;
      const parent = products.get(v.__parentId);
      if (parent) parent.variants.push(v);
      else lateVariants.push(v);
    } else if (type === "InventoryLevel") {
      levels.push(row as unknown as BulkInventoryLevel);
    }
    pending++;
    lastLine = lineNo;
  }
  await flush(lastLine);
}

/**
 * The collections phase (decision 072): each collection with its products, a product row
 * carrying its collection's id as __parentId. A collection's membership is replaced by the
 * products read with it; products whose collection was written by an earlier batch are added.
 */
export async function importCollections(
  shop: SyncShop,
  source: AsyncIterable<Uint8Array | string>,
  options: WriterOptions = {},
) {
  const batchSize = options.batchSize ?? 250;
  let collections = new Map<string, { row: BulkCollection; products: string[] }>();
  let late = new Map<string, string[]>();
  let pending = 0;
  let lastLine = options.fromLine ?? 0;
  const flush = async (linesDone: number) => {
    const batch = { collections, late };
    collections = new Map();
    late = new Map();
    pending = 0;
    await withShopWriteLock(shop.id, async (tx) => {
      for (const { row, products } of batch.collections.values()) {
        const written = await upsertCollection(tx, shop, {
          shopifyId: row.id,
          title: row.title,
          handle: row.handle,
          smart: !!row.ruleSet,
          updatedAt: new Date(row.updatedAt),
        });
        if (!written) continue;
        await setCollectionProducts(tx, shop, written.id, products);
        await tx.collection.update({ where: { id: written.id }, data: { productsReadAt: new Date() } });
      }
      for (const [collection, products] of batch.late) await addCollectionProducts(tx, shop, collection, products);
      await checkpoint(tx, options.runId, { linesDone });
    });
  };
  for await (const { lineNo, row } of rows(source, options.fromLine ?? 0)) {
    const type = typeOf(row.id);
    if (type === "Collection") {
      if (collections.size >= batchSize || pending >= batchSize * 40) await flush(lineNo - 1);
      collections.set(row.id as string, { row: row as unknown as BulkCollection, products: [] });
    } else if (type === "Product") {
      const parentId = String(row.__parentId);
      const parent = collections.get(parentId);
      if (parent) parent.products.push(row.id as string);
      else late.set(parentId, [...(late.get(parentId) ?? []), row.id as string]);
    }
    pending++;
    lastLine = lineNo;
  }
  await flush(lastLine);
}

export async function importCustomers(
  shop: SyncShop,
  source: AsyncIterable<Uint8Array | string>,
  options: WriterOptions = {},
) {
  const batchSize = options.batchSize ?? 500;
  let batch: BulkCustomer[] = [];
  let lastLine = options.fromLine ?? 0;
  const flush = async (linesDone: number) => {
    const current = batch;
    batch = [];
    await withShopWriteLock(shop.id, async (tx) => {
      for (const c of current) await upsertCustomer(tx, shop, customerFromBulk(c));
      await checkpoint(tx, options.runId, { linesDone, customers: current.length });
    });
  };
  for await (const { lineNo, row } of rows(source, options.fromLine ?? 0)) {
    if (typeOf(row.id) === "Customer") batch.push(row as unknown as BulkCustomer);
    lastLine = lineNo;
    if (batch.length >= batchSize) await flush(lineNo);
  }
  await flush(lastLine);
}

export async function importOrders(
  shop: SyncShop,
  source: AsyncIterable<Uint8Array | string>,
  options: WriterOptions = {},
) {
  // 5,000 orders per transaction: each commit copies every index page it touched into
  // the WAL, so fewer, larger commits write less; 10,000 saved little more and cost
  // ~15 MB of peak memory (docs/decisions/032-bulk-import-design.md).
  const batchSize = options.batchSize ?? 5_000;
  // Rows are normalized as they are read (the parsed JSON is dropped at once); an
  // order's lines are appended to its normalized record, as orderFromBulk would.
  let orders = new Map<string, SyncOrder>();
  let late: { orderShopifyId: string; line: SyncOrderLine }[] = [];
  let pending = 0;
  let lastLine = options.fromLine ?? 0;
  let total = 0;

  const flush = async (linesDone: number) => {
    const batch: OrderBatch = { orders: [...orders.values()], lateLines: late };
    orders = new Map();
    late = [];
    pending = 0;
    total += await withShopWriteLock(shop.id, async (tx) => {
      // The batch's rows refer to the shop: it must still exist, under the lock.
      if (!(await tx.shop.findUnique({ where: { id: shop.id }, select: { id: true } })))
        throw new Error("The shop no longer exists");
      const written = await writeOrderBatch(tx, shop, batch);
      await checkpoint(tx, options.runId, { linesDone, orders: written });
      return written;
    });
  };

  const fromLine = options.fromLine ?? 0;
  await eachLine(source, (lineNo, text) => {
    if (lineNo <= fromLine) return;
    const row = JSON.parse(text) as Record<string, unknown>;
    const type = typeOf(row.id);
    let flushing: Promise<void> | undefined;
    if (type === "Order") {
      if (orders.size >= batchSize || pending >= batchSize * 10) flushing = flush(lineNo - 1);
      orders.set(row.id as string, orderFromBulk(row as unknown as BulkOrder, [], shop.currency));
    } else if (type === "LineItem") {
      const l = row as unknown as BulkLineItem;
      const line = lineFromBulk(l, shop.currency);
      const parent = orders.get(l.__parentId);
      if (parent) parent.lines.push(line);
      else late.push({ orderShopifyId: l.__parentId, line });
    }
    pending++;
    lastLine = lineNo;
    return flushing;
  });
  await flush(lastLine);
  // SQLite: the write-ahead log copied back into the database file, so the rollup rebuild
  // that follows reads the pages from one place.
  if (dialect === "sqlite") await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(sqlOn(prisma));
  return total;
}

/** Runs steps until the run finishes or has to wait; the caller schedules the wait. */
export async function driveImport(runId: string, deps: ImportDeps, { maxSteps = 1_000 } = {}): Promise<StepResult> {
  for (let i = 0; i < maxSteps; i++) {
    const result = await runImportStep(runId, deps);
    if (result.state !== "continue") return result;
  }
  return { state: "wait", delayMs: 0 };
}
