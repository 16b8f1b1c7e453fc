// The ECB's rates, kept in FxRate (public data, shared by every shop): read from the configured
// URL when the table lacks the days a sync needs, then looked up from the table.
import { prisma } from "~/db.server";
import { addDays, type DayRange } from "~/lib/dates";
import { RateTable, parseEcbXml } from "~/features/ad-platforms/fx";
import type { Transport } from "~/features/ad-platforms/http.server";

/** The rates of `currencies` around `range` (from a week before it, for a first day on a weekend). */
export async function rateTable(
  currencies: string[],
  range: DayRange,
  source: { url: string; transport: Transport },
): Promise<RateTable> {
  const wanted = currencies.filter((c) => c !== "EUR");
  if (wanted.length === 0) return new RateTable([]);
  const from = addDays(range.from, -7);
  const load = () => prisma.fxRate.findMany({ where: { currency: { in: wanted }, day: { gte: from, lte: range.to } } });
  let rows = await load();
  const latest = rows.reduce((a, r) => (r.day > a ? r.day : a), "");
  const covered =
    wanted.every((c) => rows.some((r) => r.currency === c && r.day <= range.from)) && latest >= addDays(range.to, -4);
  if (!covered) {
    const response = await source.transport(source.url, { method: "GET", headers: { accept: "application/xml" } });
    if (!response.ok) throw new Error(`The ECB rates could not be read (HTTP ${response.status}).`);
    const parsed = parseEcbXml(await response.text());
    if (parsed.length === 0) throw new Error("The ECB rates file held no rates.");
    const existing = new Set(
      (
        await prisma.fxRate.findMany({
          where: { day: { in: [...new Set(parsed.map((r) => r.day))] } },
          select: { day: true, currency: true },
        })
      ).map((r) => `${r.currency}|${r.day}`),
    );
    const fresh = parsed.filter((r) => !existing.has(`${r.currency}|${r.day}`));
    for (let i = 0; i < fresh.length; i += 5000) await prisma.fxRate.createMany({ data: fresh.slice(i, i + 5000) });
    rows = await load();
  }
  return new RateTable(rows);
}
