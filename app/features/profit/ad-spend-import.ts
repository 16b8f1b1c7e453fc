// The plan of an ad spend CSV import (docs/decisions/090-csv-imports.md), pure: the file's rows
// checked cell by cell, campaigns summed per day and channel, each day and channel compared
// with what is stored. A day and channel with any refused row is refused whole, so a partial
// sum is never written.
import {
  amountCell,
  currencyCell,
  dayCell,
  readCsvTable,
  withoutDuplicateKeys,
  type CsvRefusal,
  type ImportPlan,
} from "~/lib/csv-import";
import { normaliseChannel } from "~/features/profit/ad-spend-schema";

export const AD_SPEND_COLUMNS = [
  { key: "date", label: "date", required: true, aliases: ["day"] },
  { key: "channel", label: "channel", required: true, aliases: ["platform"] },
  { key: "campaign", label: "campaign", required: false, aliases: ["campaign_name"] },
  { key: "spend", label: "spend", required: true, aliases: ["amount", "cost"] },
  { key: "currency", label: "currency", required: false },
] as const;

export type StoredSpend = { day: string; channel: string; amountMinor: number; source: string };

export type AdSpendPlanRow = {
  day: string;
  channel: string;
  amountMinor: number;
  /** new: no spend stored; changed: a different amount stored; unchanged: nothing to write. */
  status: "new" | "changed" | "unchanged";
  oldAmountMinor: number | null;
  lines: number[];
};

type Parsed = { line: number; day: string; channel: string; campaign: string; minor: number };

export function planAdSpendImport(
  text: string,
  shop: { currency: string },
  stored: readonly StoredSpend[],
  connected: ReadonlySet<string>,
): ImportPlan<AdSpendPlanRow> {
  const table = readCsvTable(text, AD_SPEND_COLUMNS);
  if (!table.ok) return table;
  const refused: CsvRefusal[] = [...table.refused];
  const parsed: Parsed[] = [];
  const groupKey = (day: string, channel: string) => `${day}|${channel}`;
  const lineGroup = new Map<number, string>();
  for (const { line, cells } of table.rows) {
    const day = dayCell(cells.date, "Date");
    const channel = normaliseChannel(cells.channel);
    const amount = amountCell(cells.spend, "Spend", shop.currency);
    const currency = currencyCell(cells.currency, shop.currency);
    if (!("reason" in day) && channel) lineGroup.set(line, groupKey(day.day, channel));
    const refuse = (reason: string) => refused.push({ line, reason });
    if ("reason" in day) refuse(day.reason);
    else if (!channel) refuse("Channel must be a name of letters, digits and spaces (up to 40)");
    else if (connected.has(channel)) refuse(`${channel} is connected: its spend comes from the platform`);
    else if ("reason" in amount) refuse(amount.reason);
    else if (currency) refuse(currency.reason);
    else parsed.push({ line, day: day.day, channel, campaign: cells.campaign.toLowerCase(), minor: amount.minor });
  }
  const unique = withoutDuplicateKeys(parsed, (p) => `${p.day}|${p.channel}|${p.campaign}`);
  refused.push(...unique.refused);

  const refusedGroups = new Set<string>();
  for (const r of refused) {
    const g = lineGroup.get(r.line);
    if (g) refusedGroups.add(g);
  }
  const groups = new Map<string, AdSpendPlanRow>();
  for (const p of unique.rows) {
    const key = groupKey(p.day, p.channel);
    if (refusedGroups.has(key)) {
      refused.push({ line: p.line, reason: "Another row of this date and channel was refused" });
      continue;
    }
    const g = groups.get(key) ?? {
      day: p.day,
      channel: p.channel,
      amountMinor: 0,
      status: "new" as const,
      oldAmountMinor: null,
      lines: [],
    };
    g.amountMinor += p.minor;
    g.lines.push(p.line);
    groups.set(key, g);
  }
  const byKey = new Map(stored.map((s) => [groupKey(s.day, s.channel), s]));
  const rows = [...groups.values()].map((g): AdSpendPlanRow => {
    const old = byKey.get(groupKey(g.day, g.channel));
    if (!old) return g;
    return {
      ...g,
      oldAmountMinor: old.amountMinor,
      status: old.amountMinor === g.amountMinor ? "unchanged" : "changed",
    };
  });
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.channel.localeCompare(b.channel));
  refused.sort((a, b) => a.line - b.line);
  return { ok: true, rows, refused };
}
