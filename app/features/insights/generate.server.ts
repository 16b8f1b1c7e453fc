// One generation of a shop's insights: read what each detector needs through the other
// features' public surfaces (rollups and plans, never every order line), run the detectors,
// rank, and store. A detector whose read or rule fails is skipped (engine.ts).
import { addDays, dayInZone, type DayRange } from "~/lib/dates";
import { computeProfit } from "~/features/profit";
import { costChangesSold, loadRollups, missingCosts, productProfits } from "~/features/profit/index.server";
import { planFactsForInsights } from "~/features/inventory/index.server";
import { countValuableCustomers, newCustomersOrders, quietValuableCustomers } from "~/features/customers/index.server";
import { invoiceInsights } from "~/features/invoices/index.server";
import { getMarketing, trafficForInsights } from "~/features/analytics/index.server";
import { runDetectors, type Detector } from "~/features/insights/engine";
import { rank } from "~/features/insights/rank";
import { detectSalesAnomalies, fillDays, gapDays, type SalesDay } from "~/features/insights/detectors/sales";
import { detectDeadStock, detectStockouts } from "~/features/insights/detectors/inventory";
import { detectQuietVips, MIN_GAPS, QUIET_FLOOR_DAYS, VIP_WITHIN_DAYS } from "~/features/insights/detectors/customers";
import * as traffic from "~/features/insights/detectors/traffic";
import * as cohorts from "~/features/insights/detectors/cohorts";
import { detectOverdueInvoices } from "~/features/insights/detectors/money";
import {
  COST_CHANGE_DAYS,
  detectBelowCost,
  detectMarginErosion,
  type ProductWindow,
} from "~/features/insights/detectors/pricing";
import { detectMissingCosts, detectSyncGap } from "~/features/insights/detectors/data";
import {
  BASELINE_DAYS,
  RECENT_DAYS,
  detectRoasDrops,
  type ChannelWindow,
} from "~/features/insights/detectors/marketing";
import * as discounts from "~/features/insights/detectors/discounts";
import { saveFindings } from "~/features/insights/store.server";
import { narrateInsights, narrationRuntime, type NarrationRuntime } from "~/features/insights/narration.server";

export type InsightShop = { id: string; currency: string; timezone: string };

/** Days of daily history the sales detector reads (baseline, weekday factors, evaluated days). */
const SALES_HISTORY_DAYS = 120;
/** The pricing window: the last 30 days. */
const PRICING_DAYS = 30;

async function salesSeries(shop: InsightShop, yesterday: string) {
  const range: DayRange = { from: addDays(yesterday, -(SALES_HISTORY_DAYS - 1)), to: yesterday };
  const rows = await loadRollups(shop.id, range);
  const days = rows.map((r) => ({
    day: r.day,
    orders: r.ordersCount,
    revenueMinor: computeProfit(r, 0).revenueMinor,
  }));
  return fillDays(days, range.from, range.to);
}

async function productWindow(shop: InsightShop, range: DayRange): Promise<ProductWindow[]> {
  const rows = await productProfits(shop, range);
  return rows
    .filter((r) => r.productId)
    .map((r) => ({
      productId: r.productId!,
      title: r.title,
      units: r.units,
      netSalesMinor: r.netSalesMinor,
      cogsMinor: r.cogsMinor,
      uncostedUnits: r.uncostedUnits,
    }));
}

async function channelWindow(shop: InsightShop, range: DayRange): Promise<ChannelWindow[]> {
  const { channels } = await getMarketing(shop, range);
  return channels.map((c) => ({
    channel: c.channel,
    label: c.label,
    spendMinor: c.spendMinor,
    attributedOrders: c.attributedOrders,
    attributedNetSalesMinor: c.attributedNetSalesMinor,
  }));
}

function averageOrderValue(days: SalesDay[]): number | null {
  const orders = days.reduce((s, d) => s + d.orders, 0);
  return orders > 0 ? Math.round(days.reduce((s, d) => s + d.revenueMinor, 0) / orders) : null;
}

/** Net sales per session over the days traffic was read (null when no session was read). */
function revenuePerSession(days: SalesDay[], rows: { day: string; sessions: number }[]): number | null {
  const read = new Set(rows.map((r) => r.day));
  const sessions = rows.reduce((s, r) => s + r.sessions, 0);
  const revenue = days.filter((d) => read.has(d.day)).reduce((s, d) => s + d.revenueMinor, 0);
  return sessions > 0 ? revenue / sessions : null;
}

export function detectorsFor(shop: InsightShop, today: string, now: Date): Detector[] {
  const yesterday = addDays(today, -1);
  const recent: DayRange = { from: addDays(today, -PRICING_DAYS), to: yesterday };
  // Read once, used by two detectors.
  let series: ReturnType<typeof salesSeries> | null = null;
  const sales = () => (series ??= salesSeries(shop, yesterday));
  let plans: ReturnType<typeof planFactsForInsights> | null = null;
  const planFacts = () => (plans ??= planFactsForInsights(shop.id));
  let newCustomers: Promise<cohorts.NewCustomer[]> | null = null;
  const firstOrders = () =>
    (newCustomers ??= newCustomersOrders(shop.id, addDays(today, -cohorts.COHORT_HISTORY_DAYS)).then(
      cohorts.newCustomersFrom,
    ));
  let recentProducts: Promise<ProductWindow[]> | null = null;
  const products = () => (recentProducts ??= productWindow(shop, recent));
  return [
    { name: "sales", run: async () => detectSalesAnomalies(await sales(), shop.currency) },
    { name: "sync-gap", run: async () => detectSyncGap([...gapDays(await sales())], today) },
    { name: "stockout", run: async () => detectStockouts(await planFacts(), shop.currency, today) },
    { name: "dead-stock", run: async () => detectDeadStock(await planFacts(), shop.currency, today) },
    {
      name: "vip-at-risk",
      run: async () => {
        const day = 86_400_000;
        const vipSince = new Date(now.getTime() - VIP_WITHIN_DAYS * day);
        const [rows, tested] = await Promise.all([
          quietValuableCustomers(shop.id, vipSince, new Date(now.getTime() - QUIET_FLOOR_DAYS * day)),
          countValuableCustomers(shop.id, vipSince, MIN_GAPS + 1),
        ]);
        const valuable = rows.map((r) => ({
          customerId: r.customerId,
          orderDays: r.orderDays,
          firstOrderDay: dayInZone(r.firstOrderAt, shop.timezone),
          lastOrderDay: dayInZone(r.lastOrderAt, shop.timezone),
          spendMinor: r.spendMinor,
        }));
        return detectQuietVips(valuable, tested, shop.currency, today);
      },
    },
    {
      name: "cohort-repeat-drop",
      run: async () => cohorts.detectCohortRepeatDrop(await firstOrders(), shop.currency, today),
    },
    {
      name: "valuable-new-customers",
      run: async () => cohorts.detectValuableNewCustomers(await firstOrders(), shop.currency, today),
    },
    {
      name: "below-cost",
      run: async () => detectBelowCost(await products(), shop.currency, today, PRICING_DAYS),
    },
    {
      name: "margin-erosion",
      run: async () => {
        const changes = await costChangesSold(shop.id, addDays(today, -COST_CHANGE_DAYS), today, recent);
        if (!changes.length) return [];
        return detectMarginErosion(await products(), changes, shop.currency, today, PRICING_DAYS);
      },
    },
    {
      name: "overdue-invoices",
      run: async () => detectOverdueInvoices(await invoiceInsights(shop), shop.currency, today),
    },
    {
      name: "roas-drop",
      run: async () => {
        const recentAds: DayRange = { from: addDays(today, -RECENT_DAYS), to: yesterday };
        const baselineAds: DayRange = {
          from: addDays(recentAds.from, -BASELINE_DAYS),
          to: addDays(recentAds.from, -1),
        };
        const [nowRows, beforeRows] = await Promise.all([
          channelWindow(shop, recentAds),
          channelWindow(shop, baselineAds),
        ]);
        return detectRoasDrops(nowRows, beforeRows, { recent: recentAds, baseline: baselineAds }, shop.currency, today);
      },
    },
    {
      name: "sessions-drop",
      run: async () => {
        const range = { from: addDays(today, -traffic.TRAFFIC_HISTORY_DAYS), to: yesterday };
        const [rows, days] = await Promise.all([trafficForInsights(shop.id, range), sales()]);
        return traffic.detectSessionDrops(rows.traffic, revenuePerSession(days, rows.traffic), shop.currency);
      },
    },
    {
      name: "funnel-drop",
      run: async () => {
        const range = {
          from: addDays(today, -(traffic.FUNNEL_RECENT_DAYS + traffic.FUNNEL_BASELINE_DAYS)),
          to: yesterday,
        };
        const [rows, days] = await Promise.all([trafficForInsights(shop.id, range), sales()]);
        return traffic.detectFunnelDrops(rows.funnel, yesterday, averageOrderValue(days.slice(-28)), shop.currency);
      },
    },
    {
      name: "discount-dependence",
      run: async () => {
        const recentDays: DayRange = { from: addDays(today, -discounts.RECENT_DAYS), to: yesterday };
        const baselineDays: DayRange = {
          from: addDays(recentDays.from, -discounts.BASELINE_DAYS),
          to: addDays(recentDays.from, -1),
        };
        const rows = await loadRollups(shop.id, { from: baselineDays.from, to: recentDays.to });
        const windows = { recent: recentDays, baseline: baselineDays };
        return discounts.detectDiscountDependence(rows, windows, shop.currency, today);
      },
    },
    {
      name: "missing-costs",
      run: async () => {
        const m = await missingCosts(shop.id, recent);
        return detectMissingCosts(m.sold, m.variants.length, today, PRICING_DAYS);
      },
    },
  ];
}

/**
 * Runs every detector for the shop and stores what they find, then (when a language model is
 * configured) rewords the top insights; returns the run's counts.
 */
export async function generateInsights(
  shop: InsightShop,
  runId: string,
  now = new Date(),
  narration: NarrationRuntime | null = narrationRuntime(),
) {
  const today = dayInZone(now, shop.timezone);
  const { findings, failed } = await runDetectors(detectorsFor(shop, today, now));
  const ranked = rank(findings, today);
  const counts = await saveFindings(shop.id, runId, ranked, today, now);
  const narrated = narration ? await narrateInsights(shop.id, narration) : null;
  return { ...counts, found: ranked.length, failed, narrated };
}
