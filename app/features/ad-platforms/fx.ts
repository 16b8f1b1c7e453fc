// Reference rates from the European Central Bank's daily XML (eurofxref-daily.xml, -hist.xml,
// -hist-90d.xml: <Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0921"/>…</Cube>), in
// units of the currency per euro. Cross rates go through the euro; a day without a publication
// (weekend, TARGET holiday) takes the last one before it. Pure: fx.server.ts fetches and stores.
import { currencyDigits } from "~/lib/money";

export type RateRow = { day: string; currency: string; perEur: number };

export function parseEcbXml(xml: string): RateRow[] {
  const rows: RateRow[] = [];
  let day: string | null = null;
  // The cubes in document order: a time cube opens a day, the currency cubes after it belong to it.
  for (const m of xml.matchAll(
    /<Cube\s+(?:time=["'](\d{4}-\d{2}-\d{2})["']|currency=["']([A-Z]{3})["']\s+rate=["']([\d.]+)["'])/g,
  )) {
    if (m[1]) day = m[1];
    else if (day && m[2] && Number(m[3]) > 0) rows.push({ day, currency: m[2], perEur: Number(m[3]) });
  }
  return rows;
}

/** Rates by currency, each list sorted by day, for lookups of "the last publication on or before". */
export class RateTable {
  private readonly byCurrency = new Map<string, { days: string[]; values: number[] }>();

  constructor(rows: RateRow[]) {
    const sorted = [...rows].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    for (const r of sorted) {
      const list = this.byCurrency.get(r.currency) ?? { days: [], values: [] };
      list.days.push(r.day);
      list.values.push(r.perEur);
      this.byCurrency.set(r.currency, list);
    }
  }

  /** Units of `currency` per euro on the last publication day on or before `day`. */
  perEur(currency: string, day: string): { perEur: number; day: string | null } | null {
    if (currency === "EUR") return { perEur: 1, day: null };
    const list = this.byCurrency.get(currency);
    if (!list) return null;
    let lo = 0;
    let hi = list.days.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list.days[mid]! <= day) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? null : { perEur: list.values[found]!, day: list.days[found]! };
  }

  /** Shop-currency units per account-currency unit on `day`, and the publication it comes from. */
  rate(from: string, to: string, day: string): { rate: number; rateDay: string | null } | null {
    if (from === to) return { rate: 1, rateDay: null };
    const a = this.perEur(from, day);
    const b = this.perEur(to, day);
    if (!a || !b) return null;
    return { rate: b.perEur / a.perEur, rateDay: a.day ?? b.day };
  }
}

/** Micros of the account currency → minor units of the shop's at `rate`, rounded half away from zero. */
export function microsToShopMinor(micros: bigint, rate: number, shopCurrency: string): number {
  const digits = currencyDigits(shopCurrency);
  if (rate === 1) {
    const scale = 10n ** BigInt(6 - digits);
    const q = micros / scale;
    const r = micros % scale;
    return Number(q + (r * 2n >= scale ? 1n : r * 2n <= -scale ? -1n : 0n));
  }
  return Math.round((Number(micros) / 1_000_000) * rate * 10 ** digits);
}
