// Open stock alerts (opened and closed by the planning re-evaluation, recompute.server.ts):
// what the bell and the daily e-mail say about them, and snoozing one.
import { prisma } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { PoError } from "./errors";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The open, unsnoozed alerts of a shop: counts and the first few variants, worst first. */
export async function openAlertSummary(shopId: string, now = new Date(), listed = 10) {
  const where = {
    shopId,
    closedAt: null,
    OR: [{ snoozedUntil: null }, { snoozedUntil: { lte: now } }],
  };
  const [out, low, first] = await Promise.all([
    prisma.stockAlert.count({ where: { ...where, level: "out" } }),
    prisma.stockAlert.count({ where: { ...where, level: "low" } }),
    prisma.stockAlert.findMany({ where, orderBy: [{ level: "desc" }, { openedAt: "asc" }], take: listed }),
  ]);
  const plans = await prisma.inventoryPlan.findMany({
    where: { shopId, variantId: { in: first.map((a) => a.variantId) } },
    select: { variantId: true, title: true, available: true, lostRevenuePerDayMinor: true },
  });
  const byVariant = new Map(plans.map((p) => [p.variantId, p]));
  return {
    out,
    low,
    items: first.map((a) => ({
      variantId: a.variantId,
      level: a.level as "out" | "low",
      title: byVariant.get(a.variantId)?.title ?? "",
      available: byVariant.get(a.variantId)?.available ?? 0,
      openedAt: a.openedAt,
    })),
  };
}

/** The bell's and the e-mail's sentence, or null when nothing is open. */
export function alertSentence(summary: { out: number; low: number }): string | null {
  if (!summary.out && !summary.low) return null;
  if (summary.out && summary.low)
    return `${plural(summary.out, "variant is", "variants are")} out of stock and ${summary.low} low`;
  return summary.out
    ? `${plural(summary.out, "variant is", "variants are")} out of stock`
    : `${plural(summary.low, "variant is", "variants are")} low on stock`;
}

/** Hides a variant's open alert from the bell and the e-mail until `days` from now. */
export async function snoozeAlert(actor: Actor, variantId: string, days: number, now = new Date()) {
  const alert = await prisma.stockAlert.findFirst({ where: { shopId: actor.shop.id, variantId, closedAt: null } });
  if (!alert) throw new PoError(404, "No open alert for this variant");
  const until = new Date(now.getTime() + days * 86_400_000);
  await prisma.stockAlert.update({ where: { id: alert.id }, data: { snoozedUntil: until } });
  await recordAudit(actor, "inventory.alert.snooze", "StockAlert", alert.id, null, { until: until.toISOString() });
  return until;
}
