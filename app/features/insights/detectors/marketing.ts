// Marketing: an ad channel whose return on spend fell. Per channel, the last RECENT_DAYS against
// the BASELINE_DAYS before them, on the marketing figures of the analytics feature: the channel's
// spend and the net sales of the orders attributed to it (click ids and paid UTM tags). A finding
// needs both a fall in ROAS of at least DROP_SHARE and fewer attributed orders than the baseline's
// orders per dollar predicts at the current spend, by at least Z_MIN Poisson standard deviations,
// so a channel that had a few large orders, or spends a little, does not raise an alarm.
import { formatDay } from "~/lib/dates";
import { formatMoney, formatMultiple, formatPercent } from "~/lib/money";
import type { Finding } from "~/features/insights/types";

export type ChannelWindow = {
  channel: string;
  label: string;
  spendMinor: number;
  attributedOrders: number;
  attributedNetSalesMinor: number;
};

export const RECENT_DAYS = 14;
export const BASELINE_DAYS = 28;
/** The fall in ROAS worth a merchant's attention. */
export const DROP_SHARE = 0.3;
/** Attributed orders the baseline needs before its orders per dollar mean anything. */
export const MIN_BASELINE_ORDERS = 20;
/** The orders shortfall, in Poisson standard deviations, below which a fall is noise. */
export const Z_MIN = 2;

type Windows = { recent: { from: string; to: string }; baseline: { from: string; to: string } };

export function detectRoasDrops(
  recent: ChannelWindow[],
  baseline: ChannelWindow[],
  windows: Windows,
  currency: string,
  today: string,
): Finding[] {
  const before = new Map(baseline.map((b) => [b.channel, b]));
  const findings: Finding[] = [];
  for (const now of recent) {
    const base = before.get(now.channel);
    if (!base || now.spendMinor <= 0 || base.spendMinor <= 0 || base.attributedOrders < MIN_BASELINE_ORDERS) continue;
    const baseRoas = base.attributedNetSalesMinor / base.spendMinor;
    const nowRoas = now.attributedNetSalesMinor / now.spendMinor;
    if (baseRoas <= 0 || nowRoas > baseRoas * (1 - DROP_SHARE)) continue;
    const expectedOrders = (base.attributedOrders / base.spendMinor) * now.spendMinor;
    const z = (expectedOrders - now.attributedOrders) / Math.sqrt(expectedOrders);
    if (!(z >= Z_MIN)) continue;
    const shortfall = Math.round((baseRoas - nowRoas) * now.spendMinor);
    const low = Math.max(0, Math.floor(expectedOrders - Z_MIN * Math.sqrt(expectedOrders)));
    const high = Math.ceil(expectedOrders + Z_MIN * Math.sqrt(expectedOrders));
    const facts = {
      channel: now.label,
      roas: formatMultiple(nowRoas),
      baselineRoas: formatMultiple(baseRoas),
      fall: formatPercent(1 - nowRoas / baseRoas, 0),
      spend: formatMoney(now.spendMinor, currency),
      netSales: formatMoney(now.attributedNetSalesMinor, currency),
      orders: now.attributedOrders,
      expectedOrders: Math.round(expectedOrders),
      shortfall: formatMoney(shortfall, currency),
      days: RECENT_DAYS,
      baselineDays: BASELINE_DAYS,
    };
    findings.push({
      category: "marketing",
      kind: "roas-drop",
      subject: { type: "ad-channel", id: now.channel },
      title: `${facts.channel} return on ad spend fell ${facts.fall} to ${facts.roas}`,
      description:
        `In the last ${facts.days} days ${facts.channel} spent ${facts.spend} for ${facts.netSales} of attributed net sales ` +
        `(${facts.roas}, against ${facts.baselineRoas} in the ${facts.baselineDays} days before). At the earlier rate its spend would ` +
        `have brought about ${facts.expectedOrders} orders; ${facts.orders} came. Check its campaigns' targeting, budgets and landing pages.`,
      facts,
      strength: { z, n: now.attributedOrders + base.attributedOrders },
      potentialValueMinor: shortfall,
      valueFormula: `(baseline ROAS ${facts.baselineRoas} − recent ROAS ${facts.roas}) × recent spend ${facts.spend}`,
      evidence: {
        observed: `${facts.roas} ROAS, ${facts.orders} attributed orders`,
        expected: `${facts.baselineRoas} ROAS, about ${facts.expectedOrders} orders at this spend`,
        band: `Poisson ±${Z_MIN}σ: ${low}–${high} orders`,
        baselineWindow: `${formatDay(windows.baseline.from)} – ${formatDay(windows.baseline.to)}`,
        sampleSize: now.attributedOrders + base.attributedOrders,
        method:
          "Attributed ROAS (net sales of orders with the channel's click ids or paid UTM tags ÷ spend), recent window against the baseline; the orders shortfall tested as a Poisson count at the baseline's orders per dollar",
      },
      link: "/analytics",
      action: { label: "Review ad spend", url: "/costs/ad-spend" },
      figure: Math.round(nowRoas * 100),
      day: windows.recent.to > today ? today : windows.recent.to,
    });
  }
  return findings;
}
