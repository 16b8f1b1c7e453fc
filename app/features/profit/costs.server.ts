// Product costs and operating expenses entered in the Costs screen.
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";
import { dayInZone } from "~/lib/dates";
import { decimalStringToMinor, minorToDecimalString, tooManyDecimals } from "~/lib/money";
import type { OperatingExpenseInput, ProductCostInput } from "~/features/profit/costs-schema";
import { applyCostChange, touchShopData } from "~/features/profit/rollups.server";

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

export async function listProductCosts(shop: ShopRef) {
  const rows = await prisma.productCost.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => productCostDto(shop, r));
}

export async function addProductCost(shop: ShopRef, input: ProductCostInput) {
  const finer = tooManyDecimals(input.costPerUnit, shop.currency);
  if (finer) throw new FieldError({ costPerUnit: [finer] });
  const costPerUnitMinor = decimalStringToMinor(input.costPerUnit, shop.currency);
  if (costPerUnitMinor === null)
    throw new FieldError({ costPerUnit: [`Cost per unit is too large for ${shop.currency}`] });
  return prisma.$transaction(
    async (tx) => {
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
      await applyCostChange(tx, shop.id, { sku: created.sku, productName: created.productName }, before);
      return created;
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

export async function addOperatingExpense(shop: ShopRef, input: OperatingExpenseInput) {
  const finerAmount = tooManyDecimals(input.amount, shop.currency);
  if (finerAmount) throw new FieldError({ amount: [finerAmount] });
  const amountMinor = decimalStringToMinor(input.amount, shop.currency);
  if (amountMinor === null) throw new FieldError({ amount: [`Amount is too large for ${shop.currency}`] });
  return prisma.$transaction(async (tx) => {
    await touchShopData(tx, shop.id);
    return tx.operatingExpense.create({
      data: {
        shopId: shop.id,
        category: input.category,
        description: input.description,
        amountMinor,
        date: input.date,
        recurring: input.recurring,
        recurringInterval: input.recurring ? (input.recurringInterval ?? "monthly") : null,
      },
    });
  });
}

/** Variants sold without any known cost (no synced cost and no cost entered for their SKU). */
export async function listUncostedVariants(shop: ShopRef, limit = 8) {
  const entered = await prisma.productCost.findMany({
    where: { shopId: shop.id },
    select: { sku: true, productName: true },
  });
  const skus = entered.map((c) => c.sku).filter((s): s is string => !!s);
  const names = new Set(entered.filter((c) => !c.sku).map((c) => c.productName.trim().toLowerCase()));
  const variants = await prisma.variant.findMany({
    where: { shopId: shop.id, unitCostMinor: null, ...(skus.length ? { NOT: { sku: { in: skus } } } : {}) },
    select: { id: true, sku: true, title: true, priceMinor: true, product: { select: { title: true } } },
    orderBy: { priceMinor: "desc" },
  });
  return variants
    .filter((v) => !names.has(v.product.title.trim().toLowerCase()))
    .slice(0, limit)
    .map((v) => ({ id: v.id, productName: v.product.title, variant: v.title, sku: v.sku, priceMinor: v.priceMinor }));
}
