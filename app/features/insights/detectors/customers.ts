// Customers: VIPs turning At-Risk (the customers feature's segment changes), one finding for the
// group in the window, so thirty VIPs going quiet are one card, not thirty.
import { formatMoney } from "~/lib/money";
import { FACT_SAMPLE, zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";

export type VipAtRisk = { customerId: string; spendMinor: number; changedDay: string };

export const WINDOW_DAYS = 30;

export function detectVipsAtRisk(rows: VipAtRisk[], currency: string, today: string): Finding[] {
  if (!rows.length) return [];
  const spend = rows.reduce((s, r) => s + r.spendMinor, 0);
  const last = rows
    .map((r) => r.changedDay)
    .sort()
    .at(-1)!;
  const facts = { customers: rows.length, spend: formatMoney(spend, currency), windowDays: WINDOW_DAYS };
  return [
    {
      category: "customer",
      kind: "vip-at-risk",
      subject: { type: "segment", id: "VIP:At-Risk" },
      title: `${rows.length} VIP customer${rows.length === 1 ? "" : "s"} turned At-Risk`,
      description: `${rows.length} customer${rows.length === 1 ? "" : "s"} moved from VIP to At-Risk in the last ${WINDOW_DAYS} days. Together they spent ${facts.spend} in the past year.`,
      facts,
      // The segment change is a recorded fact; the churn model behind At-Risk is the uncertainty.
      strength: { z: zOfProbability(0.7), n: FACT_SAMPLE },
      potentialValueMinor: spend,
      valueFormula: "their net spend over the past 365 days (what a lost VIP takes away each year)",
      evidence: {
        observed: `${rows.length} VIPs now At-Risk`,
        expected: "0 (VIPs staying VIP)",
        band: "the segment rules' churn threshold",
        baselineWindow: `last ${WINDOW_DAYS} days of segment changes`,
        sampleSize: rows.length,
        method: "RFM segments with the churn model (customers feature); VIP → At-Risk changes",
      },
      link: "/customers?segment=at-risk",
      action: { label: "Open the At-Risk segment", url: "/customers?segment=at-risk" },
      figure: rows.length,
      day: last > today ? today : last,
    },
  ];
}
