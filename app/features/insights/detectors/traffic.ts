// Marketing: a traffic source's sessions dropping, and a funnel step's rate dropping.
// - Sessions per source go through the sales detector's day-of-week robust baseline (sales.ts
//   scoreDays / episodesOf, sessions counted like orders): consecutive low days are one episode,
//   a level shift is reported once and becomes the new normal.
// - A funnel step's rate (product views of sessions, carts of product views — of sessions when
//   views are not reported —, purchases of carts) over the last 7 complete days against the 28
//   before: a week's mean of the daily rates, its standard error from the baseline's
//   day-to-day spread (1.4826 × MAD, never below the binomial error), the whole week so the
//   weekday rhythm cancels.
// A source's drop that other sources made up (total sessions as usual) is a re-attribution, not
// a loss, and is not reported. Only days the traffic read covered are judged (a day with no row at all was not read, not
// zero). Drops only: a rise in traffic is no alarm.
import { median, medianAbsoluteDeviation } from "simple-statistics";
import { addDays, formatDay } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import type { Finding } from "~/features/insights/types";
import { Z_FLAG, MIN_CHANGE, episodesOf, scoreDays, type SalesDay } from "~/features/insights/detectors/sales";

export type TrafficRow = { day: string; source: string; label: string; sessions: number };
export type FunnelRow = {
  day: string;
  visitors: number;
  productViews: number | null;
  addToCart: number;
  purchases: number;
};

/** Below this many sessions a day (median), a source swings too much to judge. */
export const MIN_DAILY_SESSIONS = 20;
/** Days of traffic history read: the weekday factors' 8 weeks, the baseline and the evaluated days. */
export const TRAFFIC_HISTORY_DAYS = 120;
export const FUNNEL_RECENT_DAYS = 7;
export const FUNNEL_BASELINE_DAYS = 28;
/** A step needs this many attempts in the baseline before its rate means anything. */
export const MIN_STEP_BASE = 200;

/** Each source's sessions per read day, oldest first, a read day without the source as 0. */
export function sessionsBySource(rows: TrafficRow[]): Map<string, { label: string; series: SalesDay[] }> {
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const out = new Map<string, { label: string; byDay: Map<string, number> }>();
  for (const r of rows) {
    const s = out.get(r.source) ?? { label: r.label, byDay: new Map<string, number>() };
    s.byDay.set(r.day, (s.byDay.get(r.day) ?? 0) + r.sessions);
    out.set(r.source, s);
  }
  return new Map(
    [...out].map(([source, s]) => [
      source,
      { label: s.label, series: days.map((day) => ({ day, orders: s.byDay.get(day) ?? 0, revenueMinor: 0 })) },
    ]),
  );
}

/** A source's drop counts only if at least this share of its missing sessions is missing from the total. */
export const REATTRIBUTED = 0.5;

/** The store's sessions per read day, and how many of them the seasonal baseline misses over days. */
function totalSessions(bySource: ReturnType<typeof sessionsBySource>) {
  const days = new Map<string, SalesDay>();
  for (const { series } of bySource.values())
    for (const d of series) {
      const t = days.get(d.day) ?? { day: d.day, orders: 0, revenueMinor: 0 };
      t.orders += d.orders;
      days.set(d.day, t);
    }
  const { scores } = scoreDays([...days.values()], "orders", new Set());
  return {
    missing: (from: string, to: string) =>
      scores.filter((d) => d.day >= from && d.day <= to).reduce((s, d) => s + (d.expected - d.observed), 0),
  };
}

/**
 * `revenuePerSessionMinor`: the store's net sales per session over the baseline, to put money
 * on missing sessions; null when unknown (no value shown).
 */
export function detectSessionDrops(
  rows: TrafficRow[],
  revenuePerSessionMinor: number | null,
  currency: string,
): Finding[] {
  const findings: Finding[] = [];
  const bySource = sessionsBySource(rows);
  const total = totalSessions(bySource);
  for (const [source, { label, series }] of bySource) {
    const recent = series.slice(-28);
    if (!recent.length) continue;
    if (median(recent.map((d) => d.orders)) < MIN_DAILY_SESSIONS) continue;
    const { scores, shifts } = scoreDays(series, "orders", new Set());
    for (const e of episodesOf("orders", scores, shifts)) {
      if (e.dir > 0) continue;
      const observed = e.days.reduce((s, d) => s + d.observed, 0);
      const expected = e.days.reduce((s, d) => s + d.expected, 0);
      if (expected <= 0 || (expected - observed) / expected < MIN_CHANGE) continue;
      const missing = Math.round(expected - observed);
      // A source's loss that the other sources made up (a paid campaign taking over organic
      // visits, Shopify classing referrers anew) is a re-attribution, not lost traffic.
      if (total.missing(e.from, e.to) < REATTRIBUTED * missing) continue;
      const value = revenuePerSessionMinor === null ? null : Math.round(missing * revenuePerSessionMinor);
      const n = e.days.length;
      const when = n === 1 ? `on ${formatDay(e.from)}` : `${formatDay(e.from)} – ${formatDay(e.to)}`;
      const facts = {
        source: label,
        from: e.from,
        to: e.to,
        days: n,
        sessions: Math.round(observed),
        expected: Math.round(expected),
        fall: formatPercent((expected - observed) / expected, 0),
        value: value === null ? null : formatMoney(value, currency),
      };
      const lo = e.days.reduce((s, d) => s + Math.max(0, d.expected - Z_FLAG * d.sigma), 0);
      const meanZ = e.days.reduce((s, d) => s + Math.abs(d.z), 0) / n;
      findings.push({
        category: "marketing",
        kind: "sessions-drop",
        subject: { type: "traffic-source", id: `${source}:${e.from}` },
        title: e.shift
          ? `${label} sessions down ${facts.fall} since ${formatDay(e.from)}`
          : `${label} sessions ${facts.fall} below normal ${n === 1 ? when : `for ${n} days`}`,
        description:
          `${label} brought ${facts.sessions.toLocaleString("en-US")} sessions ${when}, against ${facts.expected.toLocaleString("en-US")} expected for ${n === 1 ? "that weekday" : "those weekdays"}.` +
          (e.shift ? " It is treated as the new normal from now on." : "") +
          (facts.value ? ` At the store's sales per session that is ${facts.value} of sales.` : ""),
        facts,
        strength: { z: meanZ, n: Math.min(...e.days.map((d) => d.n)) },
        potentialValueMinor: value && value > 0 ? value : null,
        valueFormula: value ? "missing sessions × net sales per session over the baseline" : null,
        evidence: {
          observed: `${facts.sessions.toLocaleString("en-US")} sessions`,
          expected: `${facts.expected.toLocaleString("en-US")} sessions`,
          band: `−${Z_FLAG} robust σ: at least ${Math.round(lo).toLocaleString("en-US")} sessions`,
          baselineWindow: `${formatDay(addDays(e.from, -28))} – ${formatDay(addDays(e.from, -1))}, by weekday`,
          sampleSize: Math.min(...e.days.map((d) => d.n)),
          method:
            "Sessions by source (Shopify analytics); day-of-week seasonal baseline, median of the 28 days before, 1.4826 × MAD of residuals (robust z)",
        },
        link: "/analytics?days=30",
        action: { label: "Open traffic sources", url: "/analytics?days=30" },
        figure: observed,
        day: e.to,
      });
    }
  }
  return findings;
}

type Step = { id: "productViews" | "addToCart" | "purchases"; label: string; of: string };

function stepsOf(rows: FunnelRow[]) {
  const views = rows.every((r) => r.productViews !== null);
  const steps: { step: Step; num: (r: FunnelRow) => number; den: (r: FunnelRow) => number }[] = [];
  if (views) {
    steps.push({
      step: { id: "productViews", label: "Product view rate", of: "sessions" },
      num: (r) => r.productViews!,
      den: (r) => r.visitors,
    });
    steps.push({
      step: { id: "addToCart", label: "Add-to-cart rate", of: "product views" },
      num: (r) => r.addToCart,
      den: (r) => r.productViews!,
    });
  } else
    steps.push({
      step: { id: "addToCart", label: "Add-to-cart rate", of: "sessions" },
      num: (r) => r.addToCart,
      den: (r) => r.visitors,
    });
  steps.push({
    step: { id: "purchases", label: "Cart-to-purchase rate", of: "carts" },
    num: (r) => r.purchases,
    den: (r) => r.addToCart,
  });
  return steps;
}

/** `aovMinor`: the store's average order value over the baseline, to put money on lost purchases. */
export function detectFunnelDrops(
  rows: FunnelRow[],
  yesterday: string,
  aovMinor: number | null,
  currency: string,
): Finding[] {
  const recentFrom = addDays(yesterday, -(FUNNEL_RECENT_DAYS - 1));
  const baseFrom = addDays(recentFrom, -FUNNEL_BASELINE_DAYS);
  const recent = rows.filter((r) => r.day >= recentFrom && r.day <= yesterday);
  const base = rows.filter((r) => r.day >= baseFrom && r.day < recentFrom);
  // A week with a day not read, or a baseline under three weeks, is not judged.
  if (recent.length < FUNNEL_RECENT_DAYS || base.length < 21) return [];
  const findings: Finding[] = [];
  const purchasesOf = (rs: FunnelRow[]) => rs.reduce((s, r) => s + r.purchases, 0);
  for (const { step, num, den } of stepsOf([...base, ...recent])) {
    const sum = (rs: FunnelRow[], f: (r: FunnelRow) => number) => rs.reduce((s, r) => s + f(r), 0);
    const [n0, d0, n1, d1] = [sum(base, num), sum(base, den), sum(recent, num), sum(recent, den)];
    if (d0 < MIN_STEP_BASE || n0 <= 0 || d1 <= 0) continue;
    const p0 = n0 / d0;
    const p1 = n1 / d1;
    if (p1 > p0 * (1 - MIN_CHANGE)) continue;
    const daily = base.filter((r) => den(r) > 0).map((r) => num(r) / den(r));
    const perDay = d1 / recent.length;
    const spread = Math.max(1.4826 * medianAbsoluteDeviation(daily), Math.sqrt((p0 * (1 - p0)) / Math.max(perDay, 1)));
    const se = spread / Math.sqrt(recent.length);
    const z = se > 0 ? (p1 - p0) / se : 0;
    if (z > -Z_FLAG) continue;
    // Each missing step completion is worth the baseline's purchases per completion × AOV.
    const missing = (p0 - p1) * d1;
    const purchasesPer = purchasesOf(base) / n0;
    const value = aovMinor === null ? null : Math.round(missing * purchasesPer * aovMinor);
    const facts = {
      step: step.label,
      rate: formatPercent(p1),
      baselineRate: formatPercent(p0),
      of: step.of,
      from: recentFrom,
      to: yesterday,
      attempts: d1,
      value: value === null ? null : formatMoney(value, currency),
    };
    findings.push({
      category: "marketing",
      kind: "funnel-drop",
      subject: { type: "funnel-step", id: step.id },
      title: `${step.label} fell to ${facts.rate}`,
      description:
        `${step.label} (of ${step.of}) was ${facts.rate} over the last ${FUNNEL_RECENT_DAYS} days, against ${facts.baselineRate} in the ${FUNNEL_BASELINE_DAYS} days before, on ${d1.toLocaleString("en-US")} ${step.of}.` +
        (facts.value ? ` At the baseline's rate the week would have brought ${facts.value} more in sales.` : ""),
      facts,
      strength: { z, n: base.length },
      potentialValueMinor: value && value > 0 ? value : null,
      valueFormula: value
        ? "(baseline rate − recent rate) × recent attempts × baseline purchases per completion × average order value"
        : null,
      evidence: {
        observed: `${facts.rate} (${n1.toLocaleString("en-US")} of ${d1.toLocaleString("en-US")})`,
        expected: `${facts.baselineRate} (${n0.toLocaleString("en-US")} of ${d0.toLocaleString("en-US")})`,
        band: `−${Z_FLAG} standard errors of a ${recent.length}-day mean (z = ${z.toFixed(2)}), at least ${formatPercent(MIN_CHANGE, 0)} lower`,
        baselineWindow: `${formatDay(baseFrom)} – ${formatDay(addDays(recentFrom, -1))}`,
        sampleSize: base.length,
        method:
          "Funnel by day (Shopify analytics); a week's rate against the 28 days before, spread 1.4826 × MAD of daily rates",
      },
      link: "/analytics?days=30",
      action: { label: "Open the funnel", url: "/analytics?days=30" },
      figure: p1,
      day: yesterday,
    });
  }
  return findings;
}
