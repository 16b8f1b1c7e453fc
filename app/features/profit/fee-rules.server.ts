// Payment fee rules per gateway (docs/decisions/088): the merchant's fee schedule for gateways
// whose fees Shopify does not report. Saving or deleting a rule re-estimates every order of that
// gateway whose fee is not Shopify Payments' own (past orders too), then rebuilds the rollups: in
// the background, on the job queue (docs/decisions/126), so the save answers at once.
import { prisma, withShopWriteLock, type Tx } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { decimalStringToMinor, minorToDecimalString } from "~/lib/money";
import type { FeeRuleInput } from "~/features/profit/fee-rules-schema";
import {
  bpsToPercent,
  percentToBps,
  primaryGateway,
  resolveFee,
  rulesByGateway,
  splitGateways,
} from "~/features/profit/payment-fees";
import { rebuildRollups } from "~/features/profit/rollups.server";
import { requestReestimate } from "~/features/profit/reestimate-request.server";
import { setOrderParts, type OrderPartRow } from "~/features/profit/order-parts.server";

type ShopRef = { id: string; currency: string; timezone: string };
type RuleRow = { id: string; gateway: string; rateBps: number; fixedMinor: number; updatedAt: Date };

export class FeeRuleNotFound extends Error {
  status = 404;
  constructor() {
    super("Fee rule not found");
  }
}

export const feeRuleDto = (shop: ShopRef, r: RuleRow) => ({
  id: r.id,
  gateway: r.gateway,
  rate: bpsToPercent(r.rateBps),
  fixed: minorToDecimalString(r.fixedMinor, shop.currency),
  updatedAt: r.updatedAt.toISOString(),
});
export type FeeRuleDto = ReturnType<typeof feeRuleDto>;

const RULE_SELECT = { id: true, gateway: true, rateBps: true, fixedMinor: true, updatedAt: true } as const;

export async function listFeeRules(shop: ShopRef): Promise<FeeRuleDto[]> {
  const rows = await prisma.paymentFeeRule.findMany({
    where: { shopId: shop.id },
    select: RULE_SELECT,
    orderBy: { gateway: "asc" },
  });
  return rows.map((r) => feeRuleDto(shop, r));
}

/**
 * The gateways the shop's orders (not cancelled) were paid through, with how many orders each
 * has and how many of those have no known fee: what the merchant still has to give a rule.
 */
export async function feeGateways(shop: ShopRef) {
  const groups = await prisma.order.groupBy({
    by: ["gateways", "paymentFeeSource"],
    where: { shopId: shop.id, cancelledAt: null, gateways: { not: null } },
    _count: { _all: true },
  });
  const by = new Map<string, { gateway: string; orders: number; unknown: number; actual: number }>();
  for (const g of groups) {
    const gateway = primaryGateway(splitGateways(g.gateways));
    if (!gateway) continue;
    const row = by.get(gateway) ?? { gateway, orders: 0, unknown: 0, actual: 0 };
    row.orders += g._count._all;
    if (g.paymentFeeSource === "none") row.unknown += g._count._all;
    if (g.paymentFeeSource === "shopify_payments") row.actual += g._count._all;
    by.set(gateway, row);
  }
  return [...by.values()].sort((a, b) => b.orders - a.orders || a.gateway.localeCompare(b.gateway));
}

const PAGE = 5_000;

/** Which gateways' orders to re-estimate: one, several, or null for every gateway. */
export type GatewaySelection = string | readonly string[] | null;

/**
 * Re-estimates the fees of the orders paid through the selected gateways (those whose fee is a
 * rule's or unknown; Shopify Payments' actual fees stay), a page of orders at a time, each page in
 * its own transaction under the shop's write lock with the rules read again (the same reasoning as
 * reestimateShipping: a rule saved meanwhile is never overwritten by older rules), then rebuilds the
 * rollups when any changed. `onPage` hears how many orders each page read. Returns the number of
 * orders whose fee changed.
 */
export async function reestimateFees(
  shopId: string,
  selection: GatewaySelection,
  onPage?: (orders: number) => Promise<void>,
): Promise<number> {
  const only = selection === null ? null : new Set(typeof selection === "string" ? [selection] : selection);
  if (only && !only.size) return 0;
  let changed = 0;
  let after: string | undefined;
  for (;;) {
    const page = await withShopWriteLock(shopId, (tx) => reestimateFeePage(tx, shopId, only, after));
    changed += page.changed;
    await onPage?.(page.read);
    if (page.last === null) break;
    after = page.last;
  }
  if (changed) await rebuildRollups(shopId);
  return changed;
}

/** One page of reestimateFees: the next PAGE orders by id after `after`. */
async function reestimateFeePage(tx: Tx, shopId: string, only: ReadonlySet<string> | null, after?: string) {
  const rules = rulesByGateway(
    await tx.paymentFeeRule.findMany({
      where: { shopId },
      select: { gateway: true, rateBps: true, fixedMinor: true },
    }),
  );
  const page = await tx.order.findMany({
    where: {
      shopId,
      paymentFeeSource: { in: ["rule", "none"] },
      ...(only ? { OR: [...only].map((g) => ({ gateways: { contains: g } })) } : { gateways: { not: null } }),
      ...(after ? { id: { gt: after } } : {}),
    },
    select: { id: true, gateways: true, totalMinor: true, paymentFeesMinor: true, paymentFeeSource: true },
    orderBy: { id: "asc" },
    take: PAGE,
  });
  const writes: OrderPartRow[] = [];
  for (const o of page) {
    const gateways = splitGateways(o.gateways);
    const primary = primaryGateway(gateways);
    if (!primary || (only && !only.has(primary))) continue;
    const next = resolveFee({ gateways, actualFeeMinor: null, totalMinor: o.totalMinor }, rules);
    if (next.paymentFeesMinor === o.paymentFeesMinor && next.paymentFeeSource === o.paymentFeeSource) continue;
    writes.push([o.id, next.paymentFeesMinor, next.paymentFeeSource]);
  }
  await setOrderParts(tx, shopId, "fee", writes);
  const changed = writes.length;
  return { read: page.length, changed, last: page.length < PAGE ? null : page[page.length - 1].id };
}

/** How many orders reestimateFees(shopId, selection) reads: the progress bar's total. */
export async function feeOrdersToReestimate(shopId: string, selection: GatewaySelection): Promise<number> {
  const only = selection === null ? null : typeof selection === "string" ? [selection] : [...selection];
  if (only && !only.length) return 0;
  return prisma.order.count({
    where: {
      shopId,
      paymentFeeSource: { in: ["rule", "none"] },
      ...(only ? { OR: only.map((g) => ({ gateways: { contains: g } })) } : { gateways: { not: null } }),
    },
  });
}

function ruleValues(shop: ShopRef, input: FeeRuleInput) {
  const rateBps = percentToBps(input.rate);
  const fixedMinor = decimalStringToMinor(input.fixed, shop.currency);
  if (rateBps === null || fixedMinor === null)
    throw new Error("feeRuleSchema lets only valid rates and amounts through");
  return { gateway: input.gateway.trim(), rateBps, fixedMinor };
}

/** Adds or replaces the rule for a gateway, audited, and queues the re-estimate of that gateway's orders. */
export async function saveFeeRule(actor: Actor & { shop: ShopRef }, input: FeeRuleInput) {
  const { shop } = actor;
  const values = ruleValues(shop, input);
  const before = await prisma.paymentFeeRule.findUnique({
    where: { shopId_gateway: { shopId: shop.id, gateway: values.gateway } },
    select: RULE_SELECT,
  });
  const saved = await prisma.paymentFeeRule.upsert({
    where: { shopId_gateway: { shopId: shop.id, gateway: values.gateway } },
    create: { shopId: shop.id, ...values },
    update: { rateBps: values.rateBps, fixedMinor: values.fixedMinor },
    select: RULE_SELECT,
  });
  await recordAudit(
    actor,
    `costs.fee_rule.${before ? "update" : "add"}`,
    "PaymentFeeRule",
    saved.id,
    before ? feeRuleDto(shop, before) : null,
    feeRuleDto(shop, saved),
  );
  await requestReestimate(shop.id, "fees", values.gateway);
  return { rule: feeRuleDto(shop, saved) };
}

/**
 * Deletes a rule of the shop (404 for another shop's), audited; its gateway's estimates become
 * unknown once the queued re-estimate has run.
 */
export async function deleteFeeRule(actor: Actor & { shop: ShopRef }, id: string) {
  const { shop } = actor;
  const rule = await prisma.paymentFeeRule.findFirst({ where: { id, shopId: shop.id }, select: RULE_SELECT });
  if (!rule) throw new FeeRuleNotFound();
  await prisma.paymentFeeRule.deleteMany({ where: { id, shopId: shop.id } });
  await recordAudit(actor, "costs.fee_rule.delete", "PaymentFeeRule", id, feeRuleDto(shop, rule), null);
  await requestReestimate(shop.id, "fees", rule.gateway);
}
