// Counting the public API's calls in the database, so every worker and instance shares one
// count (docs/decisions/099-public-api.md). Each window is one statement: an INSERT … ON
// CONFLICT DO UPDATE SET calls = calls + 1 WHERE calls < limit RETURNING calls, which the
// database runs atomically on SQLite and PostgreSQL; no row back means the window is full. A
// call refused by a later window gives back what it took from the earlier ones.
import { prisma, sql, sqlOn } from "~/db.server";
import { planFor } from "~/features/billing";
import { ABUSE_PER_MINUTE, pruneBefore, windowOf, type WindowKind, type WindowUse } from "./limits";

type LimitShop = { id: string; plan: string };

/** The windows a shop's calls count in, with its plan's limits (null: unlimited). */
export function windowsFor(plan: string): { kind: WindowKind; limit: number | null }[] {
  const p = planFor(plan);
  const windows: { kind: WindowKind; limit: number | null }[] = [
    { kind: "monthly", limit: p.apiCallsPerMonth },
    { kind: "hourly", limit: p.apiCallsPerHour },
  ];
  if (p.apiCallsPerHour === null) windows.push({ kind: "minute", limit: ABUSE_PER_MINUTE });
  return windows;
}

async function take(shopId: string, key: string, limit: number | null): Promise<number | null> {
  const row = await sqlOn(prisma)
    .insertInto("ApiUsageWindow")
    .values({ shopId, window: key, calls: 1 })
    .onConflict((oc) => {
      const update = oc.columns(["shopId", "window"]).doUpdateSet({ calls: sql`"ApiUsageWindow"."calls" + 1` });
      return limit === null ? update : update.where("ApiUsageWindow.calls", "<", limit);
    })
    .returning("calls")
    .executeTakeFirst();
  return row ? Number(row.calls) : null;
}

async function giveBack(shopId: string, key: string): Promise<void> {
  await sqlOn(prisma)
    .updateTable("ApiUsageWindow")
    .set({ calls: sql`"calls" - 1` })
    .where("shopId", "=", shopId)
    .where("window", "=", key)
    .where("calls", ">", 0)
    .execute();
}

export type CallCount = { ok: boolean; windows: WindowUse[]; refusedBy: WindowUse | null };

/** Counts one call against each of the shop's windows; refused when any is full (nothing kept then). */
export async function countCall(shop: LimitShop, now = new Date()): Promise<CallCount> {
  const windows: WindowUse[] = [];
  for (const w of windowsFor(shop.plan)) {
    const at = windowOf(w.kind, now);
    const used = await take(shop.id, at.key, w.limit);
    if (used === null) {
      for (const done of windows) await giveBack(shop.id, windowOf(done.kind, now).key);
      const refusedBy: WindowUse = { ...w, used: w.limit ?? 0, resetsAt: at.resetsAt, seconds: at.seconds };
      const rest = await usage(shop, now);
      return { ok: false, windows: rest.map((u) => (u.kind === w.kind ? refusedBy : u)), refusedBy };
    }
    windows.push({ ...w, used, resetsAt: at.resetsAt, seconds: at.seconds });
  }
  return { ok: true, windows, refusedBy: null };
}

/** This hour's and this month's calls (and the minute's on Enterprise), for the screen and a refusal. */
export async function usage(shop: LimitShop, now = new Date()): Promise<WindowUse[]> {
  const specs = windowsFor(shop.plan).map((w) => ({ ...w, ...windowOf(w.kind, now) }));
  const rows = await prisma.apiUsageWindow.findMany({
    where: { shopId: shop.id, window: { in: specs.map((s) => s.key) } },
  });
  return specs.map((s) => ({
    kind: s.kind,
    limit: s.limit,
    used: rows.find((r) => r.window === s.key)?.calls ?? 0,
    resetsAt: s.resetsAt,
    seconds: s.seconds,
  }));
}

/**
 * Deletes finished usage windows past their keeping time (limits.ts KEEP), for every shop: the
 * minute rows after 2 hours, hourly rows after 48 hours, monthly rows after 13 months. Returns rows deleted.
 */
export async function pruneUsageWindows(now = new Date()): Promise<number> {
  const before = pruneBefore(now);
  const prefix: Record<WindowKind, string> = { minute: "i:", hourly: "h:", monthly: "m:" };
  let removed = 0;
  for (const kind of Object.keys(before) as WindowKind[]) {
    const { count } = await prisma.apiUsageWindow.deleteMany({
      where: { window: { startsWith: prefix[kind], lt: before[kind] } },
    });
    removed += count;
  }
  return removed;
}

/** The nightly job that keeps ApiUsageWindow to the windows still read. */
export function registerPublicApiJobs(queue: {
  register: (name: string, handler: () => Promise<void>) => void;
  schedule: (name: string, cron: string) => void | Promise<void>;
}) {
  queue.register("public-api.prune-usage", async () => {
    const removed = await pruneUsageWindows();
    if (removed) console.log(`[api] pruned ${removed} old usage windows`);
  });
  void queue.schedule("public-api.prune-usage", "23 3 * * *");
}
