// The marketing figures of a period (docs/decisions/093-marketing-figures.md): per ad channel,
// its spend (AdSpendDay), the conversion value its platform reports (AdCampaignDay) and the
// net sales of the orders attributed to it (the adChannel dimension of the rollups), with ROAS
// both ways; and the period's new customers for CAC. Every ratio is the registry's (metrics.ts).
import { prisma } from "~/db.server";
import type { DayRange } from "~/lib/dates";
import { adChannelOf, channelLabel, type AdFigure, type PnlLine } from "~/features/profit";
import { platformReports } from "~/features/ad-platforms/index.server";
import { newCustomerCount } from "~/features/customers/index.server";
import { dimensionSums } from "~/features/analytics/dimensions.server";
import {
  BREAKDOWN_METRICS,
  computeMetric,
  EMPTY_INPUTS,
  METRICS,
  NO_SPEND,
  noneReason,
  perSpend,
  type MetricInputs,
  type MetricKey,
} from "~/features/analytics/metrics";

type ShopRef = { id: string; currency: string; timezone: string };

export type ChannelRow = {
  /** The ad channel key (google, meta, …), or the stored name of a channel we do not know. */
  channel: string;
  label: string;
  /** The AdSpendDay channels whose spend is this row's (one, unless a CSV named the same platform differently). */
  spendChannels: string[];
  spendMinor: number;
  /** Null when no platform reported the channel's campaigns in the period. */
  platformValueMinor: number | null;
  platformRoas: number | null;
  platformReason: string | null;
  attributedOrders: number;
  attributedNetSalesMinor: number;
  attributedRoas: number | null;
  attributedReason: string | null;
};

export type Marketing = {
  channels: ChannelRow[];
  /** The registry's New customers count for the period (analytics/counts.ts). */
  newCustomers: number;
};

export const NO_PLATFORM_REPORT = "No platform report (spend imported or entered)";
/** No order names the channel: its sales are unknown (untagged ads), not zero. */
export const NO_ATTRIBUTED_ORDERS = "No orders carry its click ids or paid UTM tags";

type Acc = Omit<ChannelRow, "platformRoas" | "platformReason" | "attributedRoas" | "attributedReason">;

/** The channels of a period with their spend, platform reports and attributed sales. */
export async function getMarketing(shop: ShopRef, range: DayRange): Promise<Marketing> {
  const [spend, reports, attributed, newCustomers] = await Promise.all([
    prisma.adSpendDay.groupBy({
      by: ["channel"],
      where: { shopId: shop.id, day: { gte: range.from, lte: range.to } },
      _sum: { amountMinor: true },
    }),
    platformReports(shop, range),
    dimensionSums(shop.id, "adChannel", range),
    newCustomerCount(shop, range),
  ]);
  const rows = new Map<string, Acc>();
  const rowOf = (name: string) => {
    const channel = adChannelOf(name) ?? name;
    let row = rows.get(channel);
    if (!row) {
      row = {
        channel,
        label: channelLabel(name),
        spendChannels: [],
        spendMinor: 0,
        platformValueMinor: null,
        attributedOrders: 0,
        attributedNetSalesMinor: 0,
      };
      rows.set(channel, row);
    }
    return row;
  };
  for (const s of spend) {
    const row = rowOf(s.channel);
    row.spendChannels.push(s.channel);
    row.spendMinor += s._sum.amountMinor ?? 0;
  }
  for (const r of reports) {
    const row = rowOf(r.platform);
    row.platformValueMinor = (row.platformValueMinor ?? 0) + r.conversionValueMinor;
  }
  for (const a of attributed) {
    const row = rowOf(a.key);
    row.attributedOrders += Number(a.ordersCount);
    row.attributedNetSalesMinor += computeMetric("netSales", { ...EMPTY_INPUTS, ...numbers(a) }) ?? 0;
  }
  const channels = [...rows.values()]
    .map((r) => ({
      ...r,
      platformRoas: r.platformValueMinor === null ? null : perSpend(r.platformValueMinor, r.spendMinor),
      platformReason: r.spendMinor <= 0 ? NO_SPEND : r.platformValueMinor === null ? NO_PLATFORM_REPORT : null,
      attributedRoas: r.attributedOrders > 0 ? perSpend(r.attributedNetSalesMinor, r.spendMinor) : null,
      attributedReason: r.spendMinor <= 0 ? NO_SPEND : r.attributedOrders > 0 ? null : NO_ATTRIBUTED_ORDERS,
    }))
    .sort((a, b) => b.spendMinor - a.spendMinor || a.label.localeCompare(b.label));
  return { channels, newCustomers };
}

/** A rollup sum's columns as numbers (PostgreSQL answers SUM as a string). */
function numbers(a: { grossSalesMinor: number; discountsMinor: number; refundsMinor: number; shippingMinor: number }) {
  return {
    grossSalesMinor: Number(a.grossSalesMinor),
    discountsMinor: Number(a.discountsMinor),
    refundsMinor: Number(a.refundsMinor),
    shippingMinor: Number(a.shippingMinor),
  };
}

const unitOf = (key: MetricKey): AdFigure["unit"] => (METRICS[key].unit === "money" ? "money" : "multiple");

/** The registry figures MER, POAS and CAC for the period's inputs, each with its reason when none. */
export function totalFigures(inputs: MetricInputs): AdFigure[] {
  return (["mer", "poas", "cac"] as const).map((key) => {
    const value = computeMetric(key, inputs);
    return {
      key,
      label: METRICS[key].label,
      unit: unitOf(key),
      value,
      ...(value === null ? { reason: noneReason(key, inputs) ?? undefined } : {}),
      basis: METRICS[key].basis,
    };
  });
}

/** A channel's two ROAS figures, labelled by where each comes from. */
export function channelFigures(row: ChannelRow): AdFigure[] {
  return [
    {
      key: "platformRoas",
      label: BREAKDOWN_METRICS.platformRoas.label,
      unit: "multiple",
      value: row.platformRoas,
      ...(row.platformReason ? { reason: row.platformReason } : {}),
      basis: `as ${row.label} reports`,
    },
    {
      key: "attributedRoas",
      label: BREAKDOWN_METRICS.attributedRoas.label,
      unit: "multiple",
      value: row.attributedRoas,
      ...(row.attributedReason ? { reason: row.attributedReason } : {}),
      basis: `${row.attributedOrders.toLocaleString("en-US")} orders by UTM and click ids`,
    },
  ];
}

/**
 * The P&L's ad spend lines' figures: MER, POAS and CAC on the Ad spend line from the
 * statement's own lines, both ROAS on each channel line. Keyed by line key.
 */
export async function pnlAdFigures(
  shop: ShopRef,
  range: DayRange,
  lines: Pick<PnlLine, "key" | "amountMinor">[],
): Promise<Record<string, AdFigure[]>> {
  const marketing = await getMarketing(shop, range);
  const amount = (key: string) => lines.find((l) => l.key === key)?.amountMinor ?? 0;
  const inputs: MetricInputs = {
    ...EMPTY_INPUTS,
    grossSalesMinor: amount("grossSales"),
    discountsMinor: amount("discounts"),
    refundsMinor: amount("refunds"),
    shippingMinor: amount("shipping"),
    cogsMinor: amount("cogs"),
    adSpendMinor: amount("adSpend"),
    newCustomers: marketing.newCustomers,
  };
  const out: Record<string, AdFigure[]> = { adSpend: totalFigures(inputs) };
  for (const row of marketing.channels)
    for (const spendChannel of row.spendChannels) out[`ad:${spendChannel}`] = channelFigures(row);
  return out;
}
