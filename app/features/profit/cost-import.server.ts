// Product costs in bulk (docs/product/costs.md#product-costs-in-bulk): a CSV export of every
// variant's current cost, and an import (preview, confirm, undo of the last one) that adds or
// changes ProductCost rows and re-costs the lines they match through applyCostChange, as a
// single edit in the Costs screen does.
import { prisma, type DbClient } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { fileNamePart } from "~/lib/export-formats";
import { minorToDecimalString } from "~/lib/money";
import { exportResponse } from "~/platform/tabular-export.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { applyCostChange } from "~/features/profit/rollup-costs.server";
import { effectiveUnitCost, overridesFor, type CostKey } from "~/features/profit/costs-rule";
import { planCostImport, type CostPlanRow, type CostVariant, type StoredCost } from "~/features/profit/cost-import";
import type { ImportPlan } from "~/lib/csv-import";
import { CostsRefused } from "~/features/profit/refused";
import { recordCsvImport } from "~/features/profit/csv-import-record.server";
import { assertAppOwnsCosts } from "~/features/profit/cost-source.server";

type ShopRef = { id: string; currency: string; timezone: string; domain?: string };
type AuditActor = Actor & { shop: ShopRef };

export async function variantsOf(db: DbClient, shopId: string): Promise<CostVariant[]> {
  const rows = await db.variant.findMany({
    where: { shopId },
    select: { id: true, shopifyId: true, sku: true, unitCostMinor: true, product: { select: { title: true } } },
  });
  return rows.map((v) => ({
    id: v.id,
    shopifyId: v.shopifyId,
    sku: v.sku,
    productTitle: v.product.title,
    unitCostMinor: v.unitCostMinor,
  }));
}

async function planFor(db: DbClient, shop: ShopRef, text: string) {
  const today = dayInZone(new Date(), shop.timezone);
  const stored = await db.productCost.findMany({ where: { shopId: shop.id } });
  return { plan: planCostImport(text, shop, today, await variantsOf(db, shop.id), stored), stored };
}

/** What a file would write, read against the shop's variants and costs. Writes nothing. */
export async function previewCostImport(shop: ShopRef, text: string) {
  return (await planFor(prisma, shop, text)).plan;
}

type CostChange = {
  id: string;
  before: { costPerUnitMinor: number } | null;
  after: { costPerUnitMinor: number; sku: string; productName: string; effectiveFrom: string };
};

/** Adds and changes the file's costs, all or nothing, keeping what each held before for undo. */
export async function applyCostImport(actor: AuditActor, text: string, fileName: string | null) {
  await assertAppOwnsCosts(prisma, actor.shop.id);
  return applyPlannedCosts(actor, { kind: "product_cost", fileName, audit: "costs.product_cost.import" }, (tx) =>
    planFor(tx, actor.shop, text),
  );
}

export type CostImportKind = "product_cost" | "shopify_cost";

/**
 * Writes a cost import's plan (made inside the transaction, against the costs as they are)
 * and keeps what each row held before, for undo. Shared by the CSV and Shopify imports.
 */
export async function applyPlannedCosts(
  actor: AuditActor,
  run: { kind: CostImportKind; fileName: string | null; audit: string },
  planIn: (tx: DbClient) => Promise<{ plan: ImportPlan<CostPlanRow>; stored: StoredCost[] }>,
) {
  const shop = actor.shop;
  return prisma.$transaction(
    async (tx) => {
      const { plan, stored } = await planIn(tx);
      if (!plan.ok) return plan;
      const changes: CostChange[] = [];
      for (const row of plan.rows) {
        const after = {
          costPerUnitMinor: row.costPerUnitMinor,
          sku: row.sku,
          productName: row.productName,
          effectiveFrom: row.effectiveFrom,
        };
        if (row.status === "unchanged") continue;
        if (row.existingId) {
          await tx.productCost.update({
            where: { id: row.existingId },
            data: { costPerUnitMinor: row.costPerUnitMinor },
          });
          changes.push({ id: row.existingId, before: { costPerUnitMinor: row.oldCostMinor! }, after });
        } else {
          const created = await tx.productCost.create({ data: { shopId: shop.id, ...after } });
          changes.push({ id: created.id, before: null, after });
        }
      }
      await applyCostChange(tx, shop.id, keysOf(changes), stored);
      const importId = await recordCsvImport(tx, actor, {
        shopId: shop.id,
        kind: run.kind,
        audit: run.audit,
        fileName: run.fileName,
        changes,
        refused: plan.refused.length,
      });
      return { ...plan, importId, written: changes.length };
    },
    { timeout: 120_000 },
  );
}

const keysOf = (changes: CostChange[]): CostKey[] => {
  const seen = new Map(changes.map((c) => [c.after.sku, { sku: c.after.sku, productName: c.after.productName }]));
  return [...seen.values()];
};

/**
 * Undoes the shop's last cost import: added costs are deleted, changed ones get their old
 * cost back, and the lines they match are re-costed. Refused (409) when one was changed or
 * deleted since.
 */
export async function undoCostImport(actor: AuditActor, kind: CostImportKind = "product_cost") {
  const shop = actor.shop;
  if (kind === "product_cost") await assertAppOwnsCosts(prisma, shop.id);
  return prisma.$transaction(
    async (tx) => {
      const last = await tx.csvImport.findFirst({
        where: { shopId: shop.id, kind },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      if (!last || last.status !== "applied") throw new CostsRefused(409, "There is no import to undo.");
      const changes = JSON.parse(last.changes) as CostChange[];
      const before = await tx.productCost.findMany({ where: { shopId: shop.id } });
      const now = new Map(before.map((c) => [c.id, c]));
      for (const c of changes) {
        const row = now.get(c.id);
        if (!row || row.costPerUnitMinor !== c.after.costPerUnitMinor || row.effectiveFrom !== c.after.effectiveFrom)
          throw new CostsRefused(
            409,
            `The cost of ${c.after.sku} from ${c.after.effectiveFrom} was changed after the import; undo refused.`,
          );
      }
      for (const c of changes)
        if (c.before)
          await tx.productCost.update({ where: { id: c.id }, data: { costPerUnitMinor: c.before.costPerUnitMinor } });
        else await tx.productCost.delete({ where: { id: c.id } });
      await applyCostChange(tx, shop.id, keysOf(changes), before);
      const { count } = await tx.csvImport.updateMany({
        where: { id: last.id, shopId: shop.id, status: "applied" },
        data: { status: "undone", undoneAt: new Date() },
      });
      if (count === 0) throw new CostsRefused(409, "The import was undone already.");
      await recordAudit(
        actor,
        kind === "product_cost" ? "costs.product_cost.import_undo" : "costs.shopify_cost.import_undo",
        "CsvImport",
        last.id,
        { written: changes.length },
        null,
        tx,
      );
      return { restored: changes.length };
    },
    { timeout: 120_000 },
  );
}

type ExportRow = {
  sku: string;
  variantId: string;
  product: string;
  variant: string;
  cost: string;
  effectiveDate: string;
  source: string;
};

/** Every variant with the cost its sales count at today, and where that cost comes from. */
export async function costExportRows(shop: ShopRef, now = new Date()): Promise<ExportRow[]> {
  const today = dayInZone(now, shop.timezone);
  const [variants, costs] = await Promise.all([
    prisma.variant.findMany({
      where: { shopId: shop.id },
      select: {
        id: true,
        shopifyId: true,
        sku: true,
        title: true,
        unitCostMinor: true,
        costUpdatedAt: true,
        product: { select: { title: true } },
      },
      orderBy: [{ sku: "asc" }, { id: "asc" }],
    }),
    prisma.productCost.findMany({ where: { shopId: shop.id } }),
  ]);
  return variants.map((v) => {
    const overrides = overridesFor(costs, v.sku, v.product.title);
    const applied = overrides.filter((o) => o.effectiveFrom <= today).at(-1);
    const cost = effectiveUnitCost(today, v.unitCostMinor, overrides);
    return {
      sku: v.sku ?? "",
      variantId: (v.shopifyId ?? v.id).replace(/^gid:\/\/shopify\/ProductVariant\//, ""),
      product: v.product.title,
      variant: v.title,
      cost: cost === null ? "" : minorToDecimalString(cost, shop.currency),
      effectiveDate: applied?.effectiveFrom ?? (v.costUpdatedAt ? dayInZone(v.costUpdatedAt, shop.timezone) : ""),
      source: applied ? "app" : cost === null ? "unknown" : "shopify",
    };
  });
}

/** The CSV export: the import reads the same columns back (sku, variant_id, cost, effective_date). */
export async function costExportResponse(shop: ShopRef, now = new Date()) {
  const rows = await costExportRows(shop, now);
  const col = (key: keyof ExportRow, header: string) => ({ key, header, value: (r: ExportRow) => r[key] });
  return exportResponse({
    format: "csv",
    fileName: `${fileNamePart(shop.domain ?? "store")}-product-costs-${dayInZone(now, shop.timezone)}`,
    totalRows: rows.length,
    sheets: [
      {
        name: "Product costs",
        columns: [
          col("sku", "sku"),
          col("variantId", "variant_id"),
          col("product", "product"),
          col("variant", "variant"),
          col("cost", "cost"),
          col("effectiveDate", "effective_date"),
          col("source", "source"),
        ],
        rows,
      },
    ],
  });
}
