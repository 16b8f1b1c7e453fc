// Ad spend per day and channel (AdSpendDay) as a source writes it, with the daily rollups'
// adSpendMinor moved by the same amounts in the caller's transaction, so the P&L, the
// dashboard and a rebuild agree. Profit knows the amounts, not where they come from.
import type { DbClient } from "~/db.server";
import { moveAdSpendDays } from "~/features/profit/rollup-bumps.server";

/**
 * Sets `channel`'s spend for every day of `days` to the given amount (0 or missing: no row), as
 * `source`. Rows of the channel from another source on those days are replaced: a channel whose
 * platform is connected takes its spend from the platform only.
 */
export async function setAdSpendDays(
  db: DbClient,
  shopId: string,
  channel: string,
  source: string,
  days: string[],
  amounts: Map<string, number>,
): Promise<void> {
  if (days.length === 0) return;
  const existing = new Map<string, number>();
  for (let i = 0; i < days.length; i += 500) {
    const rows = await db.adSpendDay.findMany({
      where: { shopId, channel, day: { in: days.slice(i, i + 500) } },
      select: { day: true, amountMinor: true },
    });
    for (const r of rows) existing.set(r.day, r.amountMinor);
  }
  // The channel's rows on these days are rewritten as a whole: one delete, one insert.
  const rows = days
    .filter((d) => (amounts.get(d) ?? 0) !== 0)
    .map((day) => ({ shopId, day, channel, source, amountMinor: amounts.get(day)! }));
  for (let i = 0; i < days.length; i += 500)
    await db.adSpendDay.deleteMany({ where: { shopId, channel, day: { in: days.slice(i, i + 500) } } });
  for (let i = 0; i < rows.length; i += 1000) await db.adSpendDay.createMany({ data: rows.slice(i, i + 1000) });
  // The rollups move by the same amounts, a few statements for a year of days (a first sync
  // writes them all).
  await moveAdSpendDays(
    db,
    shopId,
    new Map(days.map((day) => [day, (amounts.get(day) ?? 0) - (existing.get(day) ?? 0)])),
  );
}
