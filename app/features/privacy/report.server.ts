// The compliance report (Generate Report; decision 104): the score and its items, the requests
// received in a period with their deadlines, the retention runs and an audit extract, with every
// date a day or minute in the shop's zone. Rendered as a PDF by report-pdf.server.tsx.
import { prisma } from "~/db.server";
import {
  addDays,
  dayInZone,
  daysBetween,
  formatInstant,
  isValidDay,
  minuteInZone,
  startOfDayInZone,
} from "~/lib/dates";
import { compliance } from "./centre.server";
import { NOT_LEGAL_ADVICE } from "./compliance";
import { REGULATION_LABELS, STATUS_LABELS, TYPE_LABELS } from "./components/labels";
import { dueOnOf } from "./requests.server";
import { RETENTION_AUDIT_ACTION, describeRetention } from "./retention.server";
import type { ReportPeriodInput } from "./schema";

/** Rows listed in the PDF per section; the counts above them cover everything. */
export const REPORT_ROWS = 200;
/** The longest period a report covers. */
export const REPORT_MAX_DAYS = 731;

type ReportShop = { id: string; name: string; timezone: string };

export class ReportPeriodError extends Error {
  constructor(
    readonly field: "from" | "to",
    message: string,
  ) {
    super(message);
  }
}

/** The period's first and last day (inclusive), checked: real days, not reversed, at most two years. */
export function reportPeriod(input: ReportPeriodInput, timezone: string, now = new Date()) {
  const today = dayInZone(now, timezone);
  const to = input.to ?? today;
  const from = input.from ?? addDays(to, -89);
  if (!isValidDay(from)) throw new ReportPeriodError("from", "Enter a real day");
  if (!isValidDay(to)) throw new ReportPeriodError("to", "Enter a real day");
  if (from > to) throw new ReportPeriodError("from", "The start must not be after the end");
  if (daysBetween(from, to) >= REPORT_MAX_DAYS) throw new ReportPeriodError("from", "Choose at most two years");
  return { from, to };
}

export async function complianceReport(shop: ReportShop, period: { from: string; to: string }, now = new Date()) {
  const start = startOfDayInZone(period.from, shop.timezone);
  const end = startOfDayInZone(addDays(period.to, 1), shop.timezone);
  const inPeriod = { gte: start, lt: end };
  const [checklist, requestCount, requests, audit, auditCount, auditByAction, retention] = await Promise.all([
    compliance(shop.id, now),
    prisma.privacyRequest.count({ where: { shopId: shop.id, receivedAt: inPeriod } }),
    prisma.privacyRequest.findMany({
      where: { shopId: shop.id, receivedAt: inPeriod },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        type: true,
        status: true,
        regulation: true,
        receivedAt: true,
        dueAt: true,
        completedAt: true,
        extendedAt: true,
      },
    }),
    prisma.auditEntry.findMany({
      where: { shopId: shop.id, action: { startsWith: "privacy." }, createdAt: inPeriod },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: REPORT_ROWS,
      select: { createdAt: true, action: true, actorName: true, entityType: true },
    }),
    prisma.auditEntry.count({ where: { shopId: shop.id, action: { startsWith: "privacy." }, createdAt: inPeriod } }),
    prisma.auditEntry.groupBy({
      by: ["action"],
      where: { shopId: shop.id, action: { startsWith: "privacy." }, createdAt: inPeriod },
      _count: { _all: true },
    }),
    prisma.auditEntry.findMany({
      where: { shopId: shop.id, action: RETENTION_AUDIT_ACTION, createdAt: inPeriod },
      orderBy: { createdAt: "desc" },
      take: REPORT_ROWS,
      select: { createdAt: true, after: true },
    }),
  ]);
  // A request met its deadline when it was closed before its due instant (the end of its due day).
  const closed = requests.filter((r) => r.completedAt);
  const onTime = closed.filter((r) => r.completedAt! <= r.dueAt).length;
  const openLate = requests.filter((r) => !r.completedAt && r.dueAt <= now).length;
  return {
    shopName: shop.name,
    timezone: shop.timezone,
    period,
    generatedAt: formatInstant(now, shop.timezone),
    notLegalAdvice: NOT_LEGAL_ADVICE,
    score: checklist.score,
    items: checklist.items.map((i) => ({ title: i.title, done: i.done, explanation: i.explanation })),
    requests: {
      total: requestCount,
      closed: closed.length,
      onTime,
      late: closed.length - onTime,
      openLate,
      open: requests.length - closed.length,
      rows: requests.slice(0, REPORT_ROWS).map((r) => ({
        reference: r.id.slice(-8),
        type: TYPE_LABELS[r.type] ?? r.type,
        regulation: REGULATION_LABELS[r.regulation] ?? r.regulation,
        status: STATUS_LABELS[r.status] ?? r.status,
        receivedOn: dayInZone(r.receivedAt, shop.timezone),
        dueOn: dueOnOf(r.dueAt, shop.timezone),
        closedOn: r.completedAt ? dayInZone(r.completedAt, shop.timezone) : null,
        met: r.completedAt ? r.completedAt <= r.dueAt : r.dueAt > now ? null : false,
        extended: r.extendedAt !== null,
      })),
    },
    retentionRuns: retention.map((r) => ({
      at: minuteInZone(r.createdAt, shop.timezone),
      did: describeRetention(r.after),
    })),
    audit: {
      total: auditCount,
      byAction: auditByAction
        .map((a) => ({ action: a.action, count: a._count._all }))
        .sort((a, b) => b.count - a.count || a.action.localeCompare(b.action)),
      rows: audit.map((a) => ({ at: minuteInZone(a.createdAt, shop.timezone), action: a.action, actor: a.actorName })),
    },
  };
}
export type ComplianceReport = Awaited<ReturnType<typeof complianceReport>>;
