// Label cost CSV imports (docs/decisions/092): preview (writes nothing), import (under the
// shop's write lock, the plan made again inside the transaction, rollups moved by each order's
// difference) and undo of the last import (refused when an order it wrote changed since).
import { prisma, withShopWriteLock, type DbClient } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { chunks } from "~/lib/chunks";
import { CostsRefused } from "~/features/profit/refused";
import { recordCsvImport } from "~/features/profit/csv-import-record.server";
import { planLabelImport, readLabelRows, type StoredLabelOrder } from "~/features/profit/label-import";
import { setOrderParts } from "~/features/profit/order-parts.server";
import { moveShippingDays, reestimateShippingIn } from "~/features/profit/shipping-rules.server";
import { rebuildRollupMonths } from "~/features/profit/rollups.server";

type ShopRef = { id: string; currency: string; timezone: string };
type AuditActor = Actor & { shop: ShopRef };

type LabelValue = { costMinor: number | null; source: string | null };
type LabelChange = { orderId: string; day: string; cancelled: boolean; before: LabelValue; after: LabelValue };

/** The shop's orders a file names, by number with and without "#" (SQLite binds at most 999 values). */
async function ordersNamed(db: DbClient, shopId: string, refs: string[]): Promise<StoredLabelOrder[]> {
  const out: StoredLabelOrder[] = [];
  for (const slice of chunks(refs, 400)) {
    const rows = await db.order.findMany({
      where: { shopId, name: { in: slice.flatMap((r) => [r, `#${r}`]) } },
      select: {
        id: true,
        name: true,
        day: true,
        cancelledAt: true,
        shippingCostMinor: true,
        shippingCostSource: true,
      },
    });
    for (const r of rows) out.push({ ...r, cancelled: r.cancelledAt !== null });
  }
  return out;
}

async function plan(db: DbClient, shop: ShopRef, text: string) {
  const parsed = readLabelRows(text, shop);
  if (!parsed.ok) return parsed;
  const refs = [...new Set(parsed.rows.map((r) => r.ref))];
  return planLabelImport(parsed, await ordersNamed(db, shop.id, refs));
}

/** What a file would write, read against the shop's orders. Writes nothing. */
export async function previewLabelImport(shop: ShopRef, text: string) {
  return plan(prisma, shop, text);
}

/**
 * Sets each named order's label cost to the sum of its labels in the file (source import),
 * all or nothing, keeping what each held before so the import can be undone.
 */
export async function applyLabelImport(actor: AuditActor, text: string, fileName: string | null) {
  const shop = actor.shop;
  const months = new Set<string>();
  const result = await withShopWriteLock(
    shop.id,
    async (tx) => {
      const planned = await plan(tx, shop, text);
      if (!planned.ok) return planned;
      const changes: LabelChange[] = [];
      for (const row of planned.rows) {
        if (row.status === "unchanged") continue;
        changes.push({
          orderId: row.orderId,
          day: row.day,
          cancelled: row.cancelled,
          before: { costMinor: row.oldCostMinor, source: row.oldSource },
          after: { costMinor: row.costMinor, source: "import" },
        });
      }
      await setOrderParts(
        tx,
        shop.id,
        "shipping",
        changes.map((c) => [c.orderId, c.after.costMinor, "import"] as const),
      );
      await moveShippingDays(
        tx,
        shop.id,
        changes.map((c) => ({
          day: c.day,
          cancelled: c.cancelled,
          before: c.before.costMinor,
          after: c.after.costMinor,
        })),
        months,
      );
      const importId = await recordCsvImport(tx, actor, {
        shopId: shop.id,
        kind: "label_cost",
        audit: "costs.label_cost.import",
        fileName,
        changes,
        refused: planned.refused.length,
      });
      return { ...planned, importId, written: changes.length };
    },
    { timeoutMs: 300_000 },
  );
  await rebuildRollupMonths(shop.id, months);
  return result;
}

/**
 * Undoes the shop's last label import: each order gets back what it held before, then the
 * rules estimate again (they may have changed since). Refused (409) when an order it wrote
 * has another label cost now.
 */
export async function undoLabelImport(actor: AuditActor) {
  const shop = actor.shop;
  const months = new Set<string>();
  const result = await withShopWriteLock(
    shop.id,
    async (tx) => {
      const last = await tx.csvImport.findFirst({
        where: { shopId: shop.id, kind: "label_cost" },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      if (!last || last.status !== "applied") throw new CostsRefused(409, "There is no import to undo.");
      const changes = JSON.parse(last.changes) as LabelChange[];
      type Now = {
        name: string;
        day: string;
        cancelledAt: Date | null;
        shippingCostMinor: number | null;
        shippingCostSource: string | null;
      };
      const now = new Map<string, Now>();
      for (const slice of chunks(
        changes.map((c) => c.orderId),
        500,
      ))
        for (const o of await tx.order.findMany({
          where: { shopId: shop.id, id: { in: slice } },
          select: {
            id: true,
            name: true,
            day: true,
            cancelledAt: true,
            shippingCostMinor: true,
            shippingCostSource: true,
          },
        }))
          now.set(o.id, o);
      for (const c of changes) {
        const o = now.get(c.orderId);
        if (o && (o.shippingCostMinor !== c.after.costMinor || o.shippingCostSource !== c.after.source))
          throw new CostsRefused(409, `Order ${o.name} has another label cost since the import; undo refused.`);
      }
      const present = changes.filter((c) => now.has(c.orderId));
      await setOrderParts(
        tx,
        shop.id,
        "shipping",
        present.map((c) => [c.orderId, c.before.costMinor, c.before.source] as const),
      );
      await moveShippingDays(
        tx,
        shop.id,
        // The order as it is now (it may have been cancelled since) decides the rollup it moves.
        present.map((c) => {
          const o = now.get(c.orderId)!;
          return {
            day: o.day,
            cancelled: o.cancelledAt !== null,
            before: c.after.costMinor,
            after: c.before.costMinor,
          };
        }),
        months,
      );
      await reestimateShippingIn(tx, shop.id, months);
      const { count } = await tx.csvImport.updateMany({
        where: { id: last.id, shopId: shop.id, status: "applied" },
        data: { status: "undone", undoneAt: new Date() },
      });
      if (count === 0) throw new CostsRefused(409, "The import was undone already.");
      await recordAudit(
        actor,
        "costs.label_cost.import_undo",
        "CsvImport",
        last.id,
        { written: changes.length },
        null,
        tx,
      );
      return { restored: present.length };
    },
    { timeoutMs: 300_000 },
  );
  await rebuildRollupMonths(shop.id, months);
  return result;
}
