// Counting the public API's calls in the database, so every worker and instance shares one
// count (docs/decisions/099-public-api.md). All of a call's windows are one statement: an
// INSERT … ON CONFLICT DO UPDATE SET calls = calls + 1 WHERE calls < that window's limit
// RETURNING window, calls, which the database runs atomically on SQLite and PostgreSQL; a window
// without a row back is full. A refused call gives back what the other windows took.
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

/**
 * Takes one call from each window in one statement: the rows are inserted with 1 call, or counted
 * up where the window is below its limit; the rows back are the windows that took the call.
 */
async function take(shopId: string, windows: { key: string; limit: number | null }[]): Promise<Map<string, number>> {
  const rows = await sqlOn(prisma)
    .insertInto("ApiUsageWindow")
    .values(windows.map((w) => ({ shopId, window: w.key, calls: 1 })))
    .onConflict((oc) =>
      oc
        .columns(["shopId", "window"])
        .doUpdateSet({ calls: sql`"ApiUsageWindow"."calls" + 1` })
        .where((eb) =>
          eb.or(
            windows.map((w) =>
              w.limit === null
                ? eb("ApiUsageWindow.window", "=", w.key)
                : eb.and([eb("ApiUsageWindow.window", "=", w.key), eb("ApiUsageWindow.calls", "<", w.limit)]),
            ),
          ),
        ),
    )
    .returning(["window", "calls"])
    .execute();
  return new Map(rows.map((r) => [r.window, Number(r.calls)]));
}

async function giveBack(shopId: string, keys: string[]): Promise<void> {
  await sqlOn(prisma)
    .updateTable("ApiUsageWindow")
    .set({ calls: sql`"calls" - 1` })
    .where("shopId", "=", shopId)
    .where("window", "in", keys)
    .where("calls", ">", 0)
    .execute();
}

export type CallCount = { ok: boolean; windows: WindowUse[]; refusedBy: WindowUse | null };

/**
 * Counts one call against each of the shop's windows, in one statement (an API call's only
 * write); refused when any is full, and then what the others took is given back.
 */
export async function countCall(shop: LimitShop, now = new Date()): Promise<CallCount> {
  const specs = windowsFor(shop.plan).map((w) => ({ ...w, ...windowOf(w.kind, now) }));
  const taken = await take(shop.id, specs);
  const full = specs.find((s) => !taken.has(s.key));
  if (full) {
    const back = specs.filter((s) => taken.has(s.key)).map((s) => s.key);
    if (back.length) await giveBack(shop.id, back);
    const refusedBy: WindowUse = {
      kind: full.kind,
      limit: full.limit,
      used: full.limit ?? 0,
      resetsAt: full.resetsAt,
      seconds: full.seconds,
    };
    const rest = await usage(shop, now);
    return { ok: false, windows: rest.map((u) => (u.kind === full.kind ? refusedBy : u)), refusedBy };
  }
  const windows = specs.map((s) => ({
    kind: s.kind,
    limit: s.limit,
    used: taken.get(s.key)!,
    resetsAt: s.resetsAt,
    seconds: s.seconds,
  }));
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
