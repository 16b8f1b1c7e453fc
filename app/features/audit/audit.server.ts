// The audit log (docs/product/settings.md#audit-log): every write with who, when, what, and
// the values before and after. Kept 12 months; listed with filters and exported as CSV by
// Owners and Admins.
import { prisma, type Prisma, type DbClient } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { addDays, minuteInZone, startOfDayInZone } from "~/lib/dates";
import { guardCell } from "~/lib/export-formats";
import { describeChange } from "./change";

/** Who did it: the request's shop and staff member (an AdminContext has both). */
export type Actor = { shop: { id: string }; staff: { email: string; name: string } };

/** Entries older than this many months are deleted by the daily job. */
export const RETENTION_MONTHS = 12;

const MAX_VALUE = 20_000;

function serialise(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

type AuditWrite = { action: string; entityType: string; entityId: string | null; before: unknown; after: unknown };

/** The stored row of one entry by this actor. */
const auditRow = (actor: Actor, e: AuditWrite) => ({
  shopId: actor.shop.id,
  actorEmail: actor.staff.email,
  actorName: actor.staff.name,
  action: e.action,
  entityType: e.entityType,
  entityId: e.entityId,
  before: serialise(e.before),
  after: serialise(e.after),
});

export async function recordAudit(
  actor: Actor,
  action: string,
  entityType: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
  db: DbClient = prisma,
): Promise<void> {
  await db.auditEntry.create({ data: auditRow(actor, { action, entityType, entityId, before, after }) });
}

/** One actor's entries for a batch of writes (the demo seed's redemptions), as recordAudit writes each. */
export async function recordAudits(actor: Actor, entries: readonly AuditWrite[], db: DbClient = prisma): Promise<void> {
  for (const slice of chunks(entries, 1_000))
    await db.auditEntry.createMany({ data: slice.map((e) => auditRow(actor, e)) });
}

export type AuditFilters = { actor?: string; area?: string; from?: string; to?: string };

/** The shop whose log is read: its entries' times and the filters' days are in its time zone. */
type AuditShop = { id: string; timezone: string };

function whereOf(shop: AuditShop, f: AuditFilters): Prisma.AuditEntryWhereInput {
  return {
    shopId: shop.id,
    ...(f.actor ? { actorEmail: f.actor } : {}),
    ...(f.area ? { action: { startsWith: `${f.area}.` } } : {}),
    ...(f.from || f.to
      ? {
          createdAt: {
            ...(f.from ? { gte: startOfDayInZone(f.from, shop.timezone) } : {}),
            ...(f.to ? { lt: startOfDayInZone(addDays(f.to, 1), shop.timezone) } : {}),
          },
        }
      : {}),
  };
}

export async function listAudit(shop: AuditShop, filters: AuditFilters, page: number, size = 25) {
  const where = whereOf(shop, filters);
  const total = await prisma.auditEntry.count({ where });
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const [rows, actors] = await Promise.all([
    prisma.auditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (current - 1) * size,
      take: size,
    }),
    prisma.auditEntry.findMany({
      where: { shopId: shop.id },
      distinct: ["actorEmail"],
      select: { actorEmail: true, actorName: true },
    }),
  ]);
  return {
    total,
    page: current,
    pages,
    actors,
    rows: rows.map((r) => ({
      id: r.id,
      when: minuteInZone(r.createdAt, shop.timezone),
      actorName: r.actorName,
      actorEmail: r.actorEmail,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      changes: describeChange(r.before, r.after, shop.timezone),
    })),
  };
}
export type AuditPage = Awaited<ReturnType<typeof listAudit>>;

/** A CSV cell safe from formula injection in spreadsheets. */
function cell(value: string | null): string {
  const guarded = guardCell(value ?? "");
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export async function auditCsv(shop: AuditShop, filters: AuditFilters): Promise<string> {
  const rows = await prisma.auditEntry.findMany({
    where: whereOf(shop, filters),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50_000,
  });
  const when = `When (${shop.timezone})`;
  const lines = [[when, "Who", "E-mail", "Action", "Entity", "Entity id", "Before", "After"].join(",")];
  for (const r of rows)
    lines.push(
      [
        minuteInZone(r.createdAt, shop.timezone),
        r.actorName,
        r.actorEmail,
        r.action,
        r.entityType,
        r.entityId,
        r.before,
        r.after,
      ]
        .map((v) => cell(v))
        .join(","),
    );
  return `${lines.join("\r\n")}\r\n`;
}

/** Deletes entries older than the retention period, for every shop. */
export async function pruneAudit(now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  const { count } = await prisma.auditEntry.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}

/** The daily job that keeps the audit log to its retention period. */
export function registerAuditJobs(queue: {
  register: (name: string, handler: () => Promise<void>) => void;
  schedule: (name: string, cron: string) => void | Promise<void>;
}) {
  queue.register("audit.prune", async () => {
    const removed = await pruneAudit();
    if (removed) console.log(`[audit] pruned ${removed} entries older than ${RETENTION_MONTHS} months`);
  });
  void queue.schedule("audit.prune", "17 3 * * *");
}
