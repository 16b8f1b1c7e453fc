// Inventory: sellers that run out before a reorder placed today could arrive (stock-out within
// lead time), and dead stock (no sale in DEAD_STOCK_DAYS) holding cash. Reads the inventory
// feature's planning figures (velocity, σ, days of cover, lead time), not the order lines.
import { formatDay } from "~/lib/dates";
import { DEAD_STOCK_DAYS } from "~/features/inventory";
import { formatMoney } from "~/lib/money";
import { zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";

export type PlanFacts = {
  variantId: string;
  title: string;
  sku: string | null;
  available: number;
  onOrder: number;
  velocity: number;
  sigma: number;
  leadTimeDays: number;
  daysOfCover: number | null;
  stockOutDay: string | null;
  lostRevenuePerDayMinor: number;
  inStockDays: number;
  windowDays: number;
  deadStock: boolean;
  lastSaleDay: string | null;
  unitCostMinor: number | null;
};

/** A seller: at least this many units a week, so one sale does not make a stock-out finding. */
export const MIN_WEEKLY_UNITS = 2;

export function detectStockouts(plans: PlanFacts[], currency: string, today: string): Finding[] {
  const out: Finding[] = [];
  for (const p of plans) {
    if (p.velocity * 7 < MIN_WEEKLY_UNITS || p.daysOfCover === null || !p.stockOutDay) continue;
    const stock = p.available + p.onOrder;
    const demand = p.velocity * p.leadTimeDays;
    if (stock >= demand) continue;
    const spread = Math.max(p.sigma * Math.sqrt(Math.max(p.leadTimeDays, 1)), 1);
    const short = demand - stock;
    const gapDays = Math.max(0, Math.round(p.leadTimeDays - stock / p.velocity));
    const value = p.lostRevenuePerDayMinor * gapDays;
    const cover = Math.max(0, Math.round(stock / p.velocity));
    const facts = {
      product: p.title,
      available: p.available,
      onOrder: p.onOrder,
      perDay: Math.round(p.velocity * 10) / 10,
      leadTimeDays: p.leadTimeDays,
      daysOfCover: cover,
      stockOutDay: p.stockOutDay,
      lostPerDay: formatMoney(p.lostRevenuePerDayMinor, currency),
      daysShort: gapDays,
    };
    out.push({
      category: "inventory",
      kind: "stockout",
      subject: { type: "variant", id: p.variantId },
      title:
        stock <= 0
          ? `${p.title} is out of stock; a reorder takes ${p.leadTimeDays} days`
          : `${p.title} runs out in ${cover} day${cover === 1 ? "" : "s"}, before a reorder could arrive`,
      description:
        stock <= 0
          ? `${p.title} is out of stock and sold ${facts.perDay} a day while in stock: each day out loses about ${facts.lostPerDay}, and a reorder takes ${p.leadTimeDays} days.`
          : `${p.title} sells ${facts.perDay} a day with ${p.available} in stock${p.onOrder ? ` and ${p.onOrder} on order` : ""}: about ${cover} days of cover against a ${p.leadTimeDays}-day lead time. Expected stock-out ${formatDay(p.stockOutDay)}; each day out of stock loses about ${facts.lostPerDay}.`,
      facts,
      strength: { z: 2 + short / spread, n: p.inStockDays },
      potentialValueMinor: value,
      valueFormula: `lost revenue a day (${facts.lostPerDay}) × days short (${gapDays})`,
      evidence: {
        observed: `${stock} units in stock and on order`,
        expected: `${Math.round(demand)} units sold over the ${p.leadTimeDays}-day lead time`,
        band: `demand ± σ√lead time = ${Math.round(demand)} ± ${Math.round(spread)} units`,
        baselineWindow: `last ${p.windowDays} days`,
        sampleSize: p.inStockDays,
        method: "Demand over lead time from the inventory plan's velocity and σ (days in stock only)",
      },
      link: `/inventory/${p.variantId}`,
      action: { label: "Draft a purchase order", url: `/inventory/${p.variantId}` },
      figure: cover,
      day: today,
    });
  }
  return out;
}

export function detectDeadStock(plans: PlanFacts[], currency: string, today: string): Finding[] {
  const out: Finding[] = [];
  for (const p of plans) {
    if (!p.deadStock || p.available <= 0) continue;
    const value = p.unitCostMinor === null ? null : p.unitCostMinor * p.available;
    const facts = {
      product: p.title,
      available: p.available,
      // The dead-stock rule's window (no sale in DEAD_STOCK_DAYS), not the plan's velocity window:
      // a card saying "unsold in 30 days" for a variant unsold for 90 understates it.
      windowDays: DEAD_STOCK_DAYS,
      lastSaleDay: p.lastSaleDay,
      cashTied: value === null ? null : formatMoney(value, currency),
    };
    out.push({
      category: "inventory",
      kind: "dead-stock",
      subject: { type: "variant", id: p.variantId },
      title: `${p.title}: ${p.available} units unsold in ${DEAD_STOCK_DAYS} days`,
      description: `${p.title} has ${p.available} units in stock and no sale in the last ${DEAD_STOCK_DAYS} days${p.lastSaleDay ? ` (last sale ${formatDay(p.lastSaleDay)})` : ""}.${facts.cashTied ? ` Cash tied up at cost: ${facts.cashTied}.` : " Its unit cost is unknown, so the cash tied up is unknown."}`,
      facts,
      // No sale in the whole window is near-certain dead stock once the window is long. (The
      // sample stays the velocity window's weeks: counting the rule's 13 weeks would lift every
      // dead-stock card to High and into the bell, a change of its own; decision 119.)
      strength: { z: zOfProbability(0.95), n: Math.max(1, Math.round(p.windowDays / 7)) },
      potentialValueMinor: value,
      valueFormula: value === null ? null : `units in stock (${p.available}) × unit cost`,
      evidence: {
        observed: "0 units sold",
        expected: "at least 1 unit sold",
        band: "none: any sale clears it",
        baselineWindow: `last ${DEAD_STOCK_DAYS} days`,
        sampleSize: DEAD_STOCK_DAYS,
        method: "Inventory plan's dead-stock rule (stock on hand, no sale in the window)",
      },
      link: `/inventory/${p.variantId}`,
      action: { label: "Open the product", url: `/inventory/${p.variantId}` },
      figure: p.available,
      day: today,
    });
  }
  return out;
}
