// Product costs and operating expenses entered in the Costs screen.
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";
import type { HttpAnswerableError } from "~/platform/http.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { dayInZone } from "~/lib/dates";
import { decimalStringToMinor, minorToDecimalString, tooManyDecimals } from "~/lib/money";
import type { OperatingExpenseInput, ProductCostInput } from "~/features/profit/costs-schema";
import { applyCostChange } from "~/features/profit/rollup-costs.server";
import { touchShopData } from "~/features/profit/rollup-bumps.server";
import { assertAppOwnsCosts } from "~/features/profit/cost-source.server";

type ShopRef = { id: string; currency: string; timezone: string };

type ProductCostRow = Awaited<ReturnType<typeof prisma.productCost.findMany>>[number];
type ExpenseRow = Awaited<ReturnType<typeof prisma.operatingExpense.findMany>>[number];

export function productCostDto(shop: ShopRef, r: ProductCostRow) {
  return {
    id: r.id,
    productName: r.productName,
    sku: r.sku,
    costPerUnit: minorToDecimalString(r.costPerUnitMinor, shop.currency),
    costPerUnitMinor: r.costPerUnitMinor,
    supplier: r.supplier,
    effectiveFrom: r.effectiveFrom,
    createdAt: r.createdAt.toISOString(),
  };
}

export type Page<T> = { rows: T[]; page: number; pages: number; total: number };

function pageOf(page: number, total: number, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { page: current, pages, skip: (current - 1) * size };
}

/** One page of the shop's product costs, newest first. */
export async function pageOfProductCosts(shop: ShopRef, page: number, size: number) {
  const total = await prisma.productCost.count({ where: { shopId: shop.id } });
  const p = pageOf(page, total, size);
  const rows = await prisma.productCost.findMany({
    where: { shopId: shop.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip: p.skip,
    take: size,
  });
  return { rows: rows.map((r) => productCostDto(shop, r)), page: p.page, pages: p.pages, total };
}

/** One page of the shop's operating expenses, latest date first. */
export async function pageOfOperatingExpenses(shop: ShopRef, page: number, size: number) {
  const total = await prisma.operatingExpense.count({ where: { shopId: shop.id } });
  const p = pageOf(page, total, size);
  const rows = await prisma.operatingExpense.findMany({
    where: { shopId: shop.id },
    orderBy: [{ date: "desc" }, { createdAt: "desc" }, { id: "asc" }],
    skip: p.skip,
    take: size,
  });
  return { rows: rows.map((r) => expenseDto(shop, r)), page: p.page, pages: p.pages, total };
}

export async function listProductCosts(shop: ShopRef) {
  const rows = await prisma.productCost.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => productCostDto(shop, r));
}

/**
 * One page for the public API, newest first: `limit` costs after the cost `startingAfter` (keyset
 * on createdAt, then id) and whether more follow; null when `startingAfter` is not the shop's.
 */
export async function listProductCostsAfter(shop: ShopRef, limit: number, startingAfter?: string) {
  let after: { createdAt: Date; id: string } | undefined;
  if (startingAfter) {
    const cursor = await prisma.productCost.findFirst({
      where: { id: startingAfter, shopId: shop.id },
      select: { createdAt: true, id: true },
    });
    if (!cursor) return null;
    after = cursor;
  }
  const rows = await prisma.productCost.findMany({
    where: {
      shopId: shop.id,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return { rows: rows.slice(0, limit).map((r) => productCostDto(shop, r)), hasMore: rows.length > limit };
}

function costMinor(shop: ShopRef, input: ProductCostInput): number {
  const finer = tooManyDecimals(input.costPerUnit, shop.currency);
  if (finer) throw new FieldError({ costPerUnit: [finer] });
  const costPerUnitMinor = decimalStringToMinor(input.costPerUnit, shop.currency);
  if (costPerUnitMinor === null)
    throw new FieldError({ costPerUnit: [`Cost per unit is too large for ${shop.currency}`] });
  return costPerUnitMinor;
}

/** 404 for an id that is not one of this shop's rows (another shop's looks the same as none). */
export class CostNotFound extends Error implements HttpAnswerableError {
  readonly status = 404;
  constructor(what: string) {
    super(`${what} not found`);
    this.name = "CostNotFound";
  }
  responseBody(): Record<string, unknown> {
    return { error: this.message, code: "not_found" };
  }
}

export async function addProductCost(shop: ShopRef, input: ProductCostInput) {
  const costPerUnitMinor = costMinor(shop, input);
  return prisma.$transaction(
    async (tx) => {
      await assertAppOwnsCosts(tx, shop.id);
      const before = await tx.productCost.findMany({ where: { shopId: shop.id } });
      const created = await tx.productCost.create({
        data: {
          shopId: shop.id,
          productName: input.productName,
          sku: input.sku ?? null,
          supplier: input.supplier ?? null,
          costPerUnitMinor,
          effectiveFrom: input.effectiveFrom ?? dayInZone(new Date(), shop.timezone),
        },
      });
      await applyCostChange(tx, shop.id, [created], before);
      return created;
    },
    { timeout: 60_000 },
  );
}

/**
 * Changes a product cost: the lines its old and new SKU or product match are re-costed,
 * so COGS moves from the (old and new) effective dates on.
 */
export async function updateProductCost(shop: ShopRef, id: string, input: ProductCostInput) {
  const costPerUnitMinor = costMinor(shop, input);
  return prisma.$transaction(
    async (tx) => {
      await assertAppOwnsCosts(tx, shop.id);
      const before = await tx.productCost.findMany({ where: { shopId: shop.id } });
      const old = before.find((c) => c.id === id);
      if (!old) throw new CostNotFound("Product cost");
      const updated = await tx.productCost.update({
        where: { id },
        data: {
          productName: input.productName,
          sku: input.sku ?? null,
          supplier: input.supplier ?? null,
          costPerUnitMinor,
          effectiveFrom: input.effectiveFrom ?? old.effectiveFrom,
        },
      });
      await applyCostChange(tx, shop.id, [old, updated], before);
      return updated;
    },
    { timeout: 60_000 },
  );
}

/** Deletes a product cost; the lines it costed fall back to the synced cost or another entered one. */
export async function deleteProductCost(shop: ShopRef, id: string) {
  await prisma.$transaction(
    async (tx) => {
      await assertAppOwnsCosts(tx, shop.id);
      const before = await tx.productCost.findMany({ where: { shopId: shop.id } });
      const old = before.find((c) => c.id === id);
      if (!old) throw new CostNotFound("Product cost");
      await tx.productCost.delete({ where: { id } });
      await applyCostChange(tx, shop.id, [old], before);
    },
    { timeout: 60_000 },
  );
}

export function expenseDto(shop: ShopRef, r: ExpenseRow) {
  return {
    id: r.id,
    category: r.category,
    description: r.description,
    amount: minorToDecimalString(r.amountMinor, shop.currency),
    amountMinor: r.amountMinor,
    date: r.date,
    recurring: r.recurring,
    recurringInterval: r.recurringInterval,
  };
}

export async function listOperatingExpenses(shop: ShopRef) {
  const rows = await prisma.operatingExpense.findMany({
    where: { shopId: shop.id },
    orderBy: [{ date: "desc" }, { createdAt: "desc" }],
  });
  return rows.map((r) => expenseDto(shop, r));
}

/**
 * One page of expenses for the public API in the screen's order (latest date first, then newest
 * entered): `limit` expenses after the expense `startingAfter` (keyset on date, createdAt, id) and
 * whether more follow; null when `startingAfter` is not the shop's.
 */
export async function listOperatingExpensesAfter(shop: ShopRef, limit: number, startingAfter?: string) {
  let after: { date: string; createdAt: Date; id: string } | undefined;
  if (startingAfter) {
    const cursor = await prisma.operatingExpense.findFirst({
      where: { id: startingAfter, shopId: shop.id },
      select: { date: true, createdAt: true, id: true },
    });
    if (!cursor) return null;
    after = cursor;
  }
  const rows = await prisma.operatingExpense.findMany({
    where: {
      shopId: shop.id,
      ...(after
        ? {
            OR: [
              { date: { lt: after.date } },
              { date: after.date, createdAt: { lt: after.createdAt } },
              { date: after.date, createdAt: after.createdAt, id: { lt: after.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ date: "desc" }, { createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return { rows: rows.slice(0, limit).map((r) => expenseDto(shop, r)), hasMore: rows.length > limit };
}

function expenseData(shop: ShopRef, input: OperatingExpenseInput) {
  const finerAmount = tooManyDecimals(input.amount, shop.currency);
  if (finerAmount) throw new FieldError({ amount: [finerAmount] });
  const amountMinor = decimalStringToMinor(input.amount, shop.currency);
  if (amountMinor === null) throw new FieldError({ amount: [`Amount is too large for ${shop.currency}`] });
  return {
    category: input.category,
    description: input.description,
    amountMinor,
    date: input.date,
    recurring: input.recurring,
    recurringInterval: input.recurring ? (input.recurringInterval ?? "monthly") : null,
  };
}

export async function addOperatingExpense(shop: ShopRef, input: OperatingExpenseInput) {
  const data = expenseData(shop, input);
  return prisma.$transaction(async (tx) => {
    await touchShopData(tx, shop.id);
    return tx.operatingExpense.create({ data: { shopId: shop.id, ...data } });
  });
}

export async function updateOperatingExpense(shop: ShopRef, id: string, input: OperatingExpenseInput) {
  const data = expenseData(shop, input);
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.operatingExpense.updateMany({ where: { id, shopId: shop.id }, data });
    if (count === 0) throw new CostNotFound("Expense");
    await touchShopData(tx, shop.id);
    return tx.operatingExpense.findUniqueOrThrow({ where: { id } });
  });
}

export async function deleteOperatingExpense(shop: ShopRef, id: string) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.operatingExpense.deleteMany({ where: { id, shopId: shop.id } });
    if (count === 0) throw new CostNotFound("Expense");
    await touchShopData(tx, shop.id);
  });
}

export async function getProductCost(shop: ShopRef, id: string) {
  const row = await prisma.productCost.findFirst({ where: { id, shopId: shop.id } });
  if (!row) throw new CostNotFound("Product cost");
  return productCostDto(shop, row);
}

export async function getOperatingExpense(shop: ShopRef, id: string) {
  const row = await prisma.operatingExpense.findFirst({ where: { id, shopId: shop.id } });
  if (!row) throw new CostNotFound("Expense");
  return expenseDto(shop, row);
}

type CostKind = "product_cost" | "expense";
type CostAction = "add" | "update" | "delete";

/**
 * Runs a change to a product cost or an expense and records it in the audit log with the
 * values before and after (docs/product/settings.md#audit-log). Nothing is recorded when
 * the change is refused.
 */
export async function auditedCostChange<T extends ProductCostRow | ExpenseRow | void>(
  actor: Actor & { shop: ShopRef },
  kind: CostKind,
  action: CostAction,
  id: string | null,
  change: () => Promise<T>,
): Promise<T> {
  const read = (rowId: string) =>
    kind === "product_cost" ? getProductCost(actor.shop, rowId) : getOperatingExpense(actor.shop, rowId);
  const before = id ? await read(id) : null;
  const result = await change();
  const after = result
    ? kind === "product_cost"
      ? productCostDto(actor.shop, result as ProductCostRow)
      : expenseDto(actor.shop, result as ExpenseRow)
    : null;
  await recordAudit(
    actor,
    `costs.${kind}.${action}`,
    kind === "product_cost" ? "ProductCost" : "OperatingExpense",
    id ?? (result as { id?: string } | undefined)?.id ?? null,
    before,
    after,
  );
  return result;
}
