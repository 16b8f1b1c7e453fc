// bench:insights on copies of the demo store (issue 37): the seed's own generator
// (prisma/seed/generate.ts, createDemoData) builds each copy with the events injected as its
// anomalies — a one-day checkout outage (even seeds) or a checkout level shift (odd seeds), and
// organic search losing visitors for three days — plus two changes to the generated rows: a
// two-day sync gap (the days' orders missing) and two new customers whose first order is 30×
// the store's median first order. A clean copy has no anomaly and no change. The detectors that read orders,
// traffic, the funnel and customers' first orders run on each copy as generate.server.ts feeds
// them (the others need the database's plans and are measured on the synthetic stores).
import { addDays } from "~/lib/dates";
import { createDemoData, type Anomaly, type OrderRow, type TrafficDayRow } from "../prisma/seed/generate";
import { rank } from "~/features/insights/rank";
import { detectSalesAnomalies, fillDays, gapDays, type SalesDay } from "~/features/insights/detectors/sales";
import { detectSyncGap } from "~/features/insights/detectors/data";
import {
  COHORT_HISTORY_DAYS,
  detectCohortRepeatDrop,
  detectValuableNewCustomers,
  newCustomersFrom,
} from "~/features/insights/detectors/cohorts";
import { detectFunnelDrops, detectSessionDrops, type FunnelRow } from "~/features/insights/detectors/traffic";
import type { Finding } from "~/features/insights/types";

export type DemoEvent = { kind: string; day: string; match: (f: Finding) => boolean };
export type DemoCopy = { findings: Finding[]; events: DemoEvent[] };

const inRange = (f: Finding, from: string, to: string) =>
  addDays(String(f.facts.from), -3) <= to && from <= addDays(String(f.facts.to), 3);

function build(seed: number, today: string, orders: number, inject: boolean) {
  const yesterday = addDays(today, -1);
  const anomalies: Anomaly[] = [];
  const events: DemoEvent[] = [];
  if (inject) {
    const traffic = seed % 2 === 0 ? addDays(today, -(12 + (seed % 3))) : addDays(today, -24);
    anomalies.push({
      kind: "dip",
      label: "Search visitors lost",
      from: traffic,
      to: addDays(traffic, 2),
      factor: 0.8,
      drivesTraffic: true,
      source: "organic_search",
    });
    events.push({
      kind: "traffic-loss",
      day: traffic,
      match: (f) =>
        (f.kind === "sessions-drop" && f.subject.id.startsWith("organic_search:") && inRange(f, traffic, traffic)) ||
        (f.kind === "sales-anomaly" && f.subject.id.includes(":down:") && inRange(f, traffic, addDays(traffic, 2))),
    });
    if (seed % 2 === 0) {
      const dip = addDays(today, -(3 + (seed % 5)));
      anomalies.push({ kind: "dip", label: "Checkout outage", from: dip, to: dip, factor: 0.3, drivesTraffic: false });
      events.push({
        kind: "checkout-outage-day",
        day: dip,
        match: (f) => f.kind === "sales-anomaly" && f.subject.id.includes(":down:") && inRange(f, dip, dip),
      });
    } else {
      const from = addDays(today, -14);
      anomalies.push({ kind: "dip", label: "Checkout broken", from, to: today, factor: 0.55, drivesTraffic: false });
      events.push({
        kind: "checkout-shift",
        day: from,
        match: (f) =>
          (f.kind.startsWith("sales-") && f.subject.id.includes(":down:") && inRange(f, from, from)) ||
          (f.kind === "funnel-drop" && f.subject.id === "purchases"),
      });
    }
  }
  const data = createDemoData({ today, seed, orders, anomalies });
  const gap = addDays(today, -(16 + (seed % 2)));
  const gapDaysSet = new Set(inject ? [gap, addDays(gap, 1)] : []);
  if (inject) events.push({ kind: "sync-gap", day: gap, match: (f) => f.kind === "sync-gap" && inRange(f, gap, gap) });

  const kept: OrderRow[] = [];
  const traffic: TrafficDayRow[] = [];
  const funnel: FunnelRow[] = [];
  for (const batch of data.days()) {
    if (batch.plan.day >= today) continue;
    traffic.push(...batch.traffic);
    funnel.push(batch.funnel);
    if (!gapDaysSet.has(batch.plan.day)) kept.push(...batch.orders);
  }
  // Two new customers in the last 30 days (away from the other events) whose first order is 30×
  // the store's median first order (a wholesale buyer's order). Their days' revenue rises with them.
  if (inject) {
    const firstOf = new Map<string, OrderRow>();
    for (const o of kept) if (o.customerId && !firstOf.has(o.customerId)) firstOf.set(o.customerId, o);
    const firsts = [...firstOf.values()].map((o) => o.totalMinor).sort((a, b) => a - b);
    const big = 30 * firsts[Math.floor(firsts.length / 2)]!;
    const chosen = [...firstOf.values()]
      .filter((o) => o.day >= addDays(today, -27) && o.day <= addDays(today, -20))
      .slice(0, 2);
    for (const o of chosen) {
      o.grossSalesMinor += big - o.totalMinor;
      o.totalMinor = big;
    }
    const days = chosen.map((o) => o.day).sort();
    events.push({
      kind: "valuable-new-customers",
      day: days.at(-1)!,
      match: (f) =>
        f.kind === "valuable-new-customers" ||
        (f.kind === "sales-anomaly" && f.subject.id.includes(":up:") && days.some((d) => inRange(f, d, d))),
    });
  }
  const byDay = new Map<string, SalesDay>();
  for (const o of kept) {
    const d = byDay.get(o.day) ?? { day: o.day, orders: 0, revenueMinor: 0 };
    d.orders++;
    d.revenueMinor += o.grossSalesMinor - o.discountsMinor - o.refundsMinor + o.shippingMinor;
    byDay.set(o.day, d);
  }
  const series = fillDays([...byDay.values()], addDays(yesterday, -119), yesterday);
  const customerOrders = kept
    .filter((o) => o.customerId)
    .sort((a, b) => a.customerId!.localeCompare(b.customerId!) || a.processedAt.getTime() - b.processedAt.getTime())
    .map((o) => ({ customerId: o.customerId!, day: o.day, netMinor: o.totalMinor - o.refundsMinor }));
  const since = addDays(today, -COHORT_HISTORY_DAYS);
  const customers = newCustomersFrom(customerOrders).filter((c) => c.firstDay >= since);
  const trafficRows = traffic.filter((t) => t.day >= addDays(today, -120)).map((t) => ({ ...t, label: t.source }));
  const recent = series.slice(-28);
  const sessions = trafficRows.filter((t) => t.day >= recent[0]!.day).reduce((s, t) => s + t.sessions, 0);
  const revenue = recent.reduce((s, d) => s + d.revenueMinor, 0);
  const ordersCount = recent.reduce((s, d) => s + d.orders, 0);
  const findings = [
    ...detectSalesAnomalies(series, "USD"),
    ...detectSyncGap([...gapDays(series)], today),
    ...detectSessionDrops(trafficRows, sessions ? revenue / sessions : null, "USD"),
    ...detectFunnelDrops(funnel, yesterday, ordersCount ? revenue / ordersCount : null, "USD"),
    ...detectCohortRepeatDrop(customers, "USD", today),
    ...detectValuableNewCustomers(customers, "USD", today),
  ];
  return { findings: rank(findings, today, 100), events };
}

/** An injected copy and a clean copy of the demo store for the seed. */
export function demoCopies(seed: number, today: string, orders: number): { injected: DemoCopy; clean: DemoCopy } {
  return { injected: build(seed, today, orders, true), clean: build(seed, today, orders, false) };
}
