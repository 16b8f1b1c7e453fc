// The loyalty points rules as pure functions (docs/decisions/056). The ledger is an
// append-only list of signed entries; every balance, lot and report is derived from it.

export const ENTRY_KINDS = ["earn", "reverse", "redeem", "reimburse", "expire", "adjust"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export type LedgerEntry = {
  kind: EntryKind;
  /** Signed: positive adds to the balance. */
  points: number;
  occurredAt: Date;
};

export const MIN_MULTIPLIER = 0.1;
export const MAX_MULTIPLIER = 10;

// Floating products such as 0.29 × 100 land a hair under the whole number they mean.
const EPSILON = 1e-9;
const floorPoints = (x: number) => Math.max(0, Math.floor(x + EPSILON));

/**
 * The amount an order earns on: its line subtotal after discounts (line and order level),
 * without tax and shipping, in minor units. `grossSalesMinor` is Σ quantity × unit price;
 * `discountsMinor` every discount on the order. Never negative.
 */
export function eligibleMinor(order: { grossSalesMinor: number; discountsMinor: number }): number {
  return Math.max(0, order.grossSalesMinor - order.discountsMinor);
}

export type Stacking = "highest" | "multiply";
export type CampaignRate = { multiplier: number; stacking: Stacking };

/**
 * The combined multiplier of the campaigns that apply to one order: among the
 * "highest" campaigns only the largest counts; every "multiply" campaign multiplies
 * with it. No campaign: 1.
 */
export function campaignMultiplier(campaigns: CampaignRate[]): number {
  let highest = 1;
  let product = 1;
  let anyHighest = false;
  for (const c of campaigns) {
    if (c.stacking === "multiply") product *= c.multiplier;
    else if (!anyHighest || c.multiplier > highest) {
      highest = c.multiplier;
      anyHighest = true;
    }
  }
  return highest * product;
}

/**
 * Points for an order: floor(eligible major units × base rate × tier multiplier ×
 * campaign multiplier). `digits` is the currency's minor-unit digits.
 */
export function earnPoints(input: {
  eligibleMinor: number;
  digits: number;
  baseRate: number;
  tierMultiplier: number;
  campaignMultiplier: number;
}): number {
  const major = input.eligibleMinor / 10 ** input.digits;
  return floorPoints(major * input.baseRate * input.tierMultiplier * input.campaignMultiplier);
}

/**
 * How many points a refund reverses, using only what was recorded at earn time: the
 * points earned and the order total they were earned on. Refunds are cumulative: after
 * refunds totalling `refundedMinor` (this one included) the reversed points are
 * floor(earned × refunded / total), all of them once the whole order is refunded, so a
 * series of partial refunds reverses exactly what a single full refund would.
 */
export function refundReversal(input: {
  earnedPoints: number;
  orderTotalMinor: number;
  refundedBeforeMinor: number;
  refundMinor: number;
  alreadyReversed: number;
}): number {
  const { earnedPoints, orderTotalMinor } = input;
  const target = (refunded: number) =>
    orderTotalMinor <= 0 || refunded >= orderTotalMinor
      ? earnedPoints
      : Math.floor((earnedPoints * Math.max(0, refunded)) / orderTotalMinor);
  const due = target(input.refundedBeforeMinor + input.refundMinor) - input.alreadyReversed;
  return Math.max(0, Math.min(due, earnedPoints - input.alreadyReversed));
}

/** The balance: the sum of the ledger. */
export function balanceOf(entries: readonly { points: number }[]): number {
  let sum = 0;
  for (const e of entries) sum += e.points;
  return sum;
}

/**
 * A debit never takes the balance below zero: a reversal of points already spent takes
 * what is left (the shortfall is the merchant's loss, noted on the entry).
 */
export function cappedDebit(balance: number, wanted: number): number {
  return Math.max(0, Math.min(wanted, balance));
}

export type Lot = { occurredAt: Date; points: number; remaining: number; expiresAt: Date | null };

/** Adds whole calendar months in UTC, clamping the day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(d);
  out.setUTCFullYear(y, m, Math.min(d.getUTCDate(), lastDay));
  return out;
}

/**
 * The award lots (earned, reimbursed, positive adjustments) with what remains of each
 * after every debit, first in first out: a debit consumes the oldest lot that still has
 * points. Entries are taken in time order (ties in the given order).
 */
export function lotsOf(entries: readonly LedgerEntry[], expiryMonths: number | null): Lot[] {
  const sorted = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.occurredAt.getTime() - b.e.occurredAt.getTime() || a.i - b.i);
  const lots: Lot[] = [];
  let head = 0;
  for (const { e } of sorted) {
    if (e.points > 0) {
      lots.push({
        occurredAt: e.occurredAt,
        points: e.points,
        remaining: e.points,
        expiresAt: expiryMonths ? addMonths(e.occurredAt, expiryMonths) : null,
      });
      continue;
    }
    let debit = -e.points;
    while (debit > 0 && head < lots.length) {
      const take = Math.min(debit, lots[head].remaining);
      lots[head].remaining -= take;
      debit -= take;
      if (lots[head].remaining === 0) head++;
    }
  }
  return lots;
}

/** Points that have expired by `now` and are not yet written off: the remaining of lots past their date. */
export function expiryDue(entries: readonly LedgerEntry[], expiryMonths: number | null, now: Date): number {
  if (!expiryMonths) return 0;
  let due = 0;
  for (const lot of lotsOf(entries, expiryMonths))
    if (lot.expiresAt && lot.expiresAt.getTime() <= now.getTime()) due += lot.remaining;
  return due;
}

// ── tiers ──────────────────────────────────────────────────────────────────

export type TierDraft = { name: string; minSpend: number; benefits: string[] };
export type TierFormInput = { name?: string | null; minSpend?: string | null; benefits?: string | null };

/** The spec's integer reading: leading integer digits ("500.7" → 500, "abc" → NaN). */
function readInteger(value: string | null | undefined): number {
  return Number.parseInt((value ?? "").trim(), 10);
}

const benefitLines = (text: string | null | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");

/**
 * Add Tier (admin-and-public.md §5): an empty name becomes "New Tier"; the minimum spend
 * is read as an integer and falls back to 0; benefits are one per line, blank lines dropped.
 */
export function tierFromAddForm(input: TierFormInput): TierDraft {
  const name = (input.name ?? "").trim() || "New Tier";
  const spend = readInteger(input.minSpend);
  return { name, minSpend: Number.isNaN(spend) ? 0 : spend, benefits: benefitLines(input.benefits) };
}

/** Edit Tier: an empty field keeps the existing value. */
export function tierFromEditForm(existing: TierDraft, input: TierFormInput): TierDraft {
  const name = (input.name ?? "").trim() || existing.name;
  const spend = readInteger(input.minSpend);
  const benefits = benefitLines(input.benefits);
  return {
    name,
    minSpend: Number.isNaN(spend) ? existing.minSpend : spend,
    benefits: benefits.length ? benefits : existing.benefits,
  };
}

export type TierLevel = { id: string; minSpend: number; multiplier: number };

/** The highest tier whose minimum spend (major units) the qualifying spend reaches; null below all. */
export function tierFor<T extends TierLevel>(tiers: readonly T[], spendMinor: number, digits: number): T | null {
  let best: T | null = null;
  for (const t of tiers) if (spendMinor >= t.minSpend * 10 ** digits && (!best || t.minSpend > best.minSpend)) best = t;
  return best;
}

/** A tier with a change scheduled for a later date (docs/decisions/059). */
export type ScheduledTier = TierLevel & {
  pendingMinSpend: number | null;
  pendingMultiplier: number | null;
  pendingFrom: Date | null;
};

/**
 * The tiers as they stand at `at`: a scheduled change counts from its date on (until then
 * the old threshold and multiplier), so an order is always earned at the rules of its time.
 */
export function tiersAt<T extends ScheduledTier>(tiers: readonly T[], at: Date): T[] {
  return tiers
    .map((t) =>
      t.pendingFrom && at.getTime() >= t.pendingFrom.getTime()
        ? { ...t, minSpend: t.pendingMinSpend ?? t.minSpend, multiplier: t.pendingMultiplier ?? t.multiplier }
        : t,
    )
    .sort((a, b) => a.minSpend - b.minSpend);
}

/** Whether a campaign's limits (a tier, a customer segment) let it apply to this customer. */
export function campaignApplies(
  c: { tierId: string | null; segment: string | null },
  tierId: string | null,
  segment: string | null,
): boolean {
  return (c.tierId === null || c.tierId === tierId) && (c.segment === null || c.segment === segment);
}

/**
 * The dry run of a tier change: how many members move up and down when `next` replaces
 * `current`, ranking tiers by minimum spend (no tier ranks lowest).
 */
export function tierMoves(
  members: readonly { spendMinor: number }[],
  current: readonly TierLevel[],
  next: readonly TierLevel[],
  digits: number,
): { up: number; down: number; same: number } {
  let up = 0;
  let down = 0;
  // A tier kept in the change is ranked by its new threshold, so lowering Silver's
  // minimum does not count its members as moving down.
  const nextRank = new Map(next.map((t) => [t.id, t.minSpend]));
  const rank = (t: TierLevel | null) => (t ? (nextRank.get(t.id) ?? t.minSpend) : -1);
  for (const m of members) {
    const a = tierFor(current, m.spendMinor, digits);
    const b = tierFor(next, m.spendMinor, digits);
    if (a?.id === b?.id) continue;
    if (rank(b) > rank(a)) up++;
    else if (rank(b) < rank(a)) down++;
  }
  return { up, down, same: members.length - up - down };
}

export const DEFAULT_TIERS: (TierDraft & { multiplier: number; color: string })[] = [
  { name: "Bronze", minSpend: 0, benefits: ["5% cashback", "free shipping on $50+"], multiplier: 1, color: "#a97142" },
  { name: "Silver", minSpend: 500, benefits: [], multiplier: 1.25, color: "#8a8f98" },
  { name: "Gold", minSpend: 1500, benefits: [], multiplier: 1.5, color: "#c9a227" },
  { name: "Platinum", minSpend: 5000, benefits: [], multiplier: 2, color: "#5b6b7b" },
];

// ── points value and liability ────────────────────────────────────────────

/** Points value is stored in hundredths of a minor unit per point (0.01 USD → 100). */
export function pointsToMinor(points: number, centiMinor: number): number {
  return Math.round((points * centiMinor) / 100);
}

/** "0.01" (major units, step 0.01) in a currency with `digits` → hundredths of a minor unit. */
export function centiMinorFromDecimal(value: number, digits: number): number {
  return Math.round(value * 10 ** digits * 100);
}

export function decimalFromCentiMinor(centiMinor: number, digits: number): number {
  return centiMinor / 100 / 10 ** digits;
}

/**
 * The liability: outstanding points × points value × expected redemption rate; the rest
 * (1 − rate) is the expected breakage, stated beside it.
 */
export function liability(outstandingPoints: number, centiMinor: number, expectedRedemptionRate: number) {
  const faceMinor = pointsToMinor(outstandingPoints, centiMinor);
  return {
    outstandingPoints,
    faceMinor,
    liabilityMinor: Math.round(faceMinor * expectedRedemptionRate),
    breakage: 1 - expectedRedemptionRate,
  };
}

// ── points accounting ─────────────────────────────────────────────────────

export type AccountingRow = {
  day: string;
  opening: number;
  earned: number;
  reversed: number;
  redeemed: number;
  reimbursed: number;
  expired: number;
  adjusted: number;
  closing: number;
};

/**
 * The daily points-accounting report from per-day sums by kind (signed, as in the
 * ledger): closing = opening + earned − reversed − redeemed + reimbursed − expired ±
 * adjusted, each day's opening the previous closing; `opening` is the ledger before the first day.
 */
export function accountingRows(
  days: readonly string[],
  sums: ReadonlyMap<string, Partial<Record<EntryKind, number>>>,
  opening: number,
): AccountingRow[] {
  const rows: AccountingRow[] = [];
  let balance = opening;
  for (const day of days) {
    const s = sums.get(day) ?? {};
    const row = {
      day,
      opening: balance,
      earned: s.earn ?? 0,
      reversed: -(s.reverse ?? 0),
      redeemed: -(s.redeem ?? 0),
      reimbursed: s.reimburse ?? 0,
      expired: -(s.expire ?? 0),
      adjusted: s.adjust ?? 0,
      closing: 0,
    };
    row.closing = row.opening + row.earned - row.reversed - row.redeemed + row.reimbursed - row.expired + row.adjusted;
    balance = row.closing;
    rows.push(row);
  }
  return rows;
}

// ── program health ────────────────────────────────────────────────────────

/**
 * Program health, 0–100: 40 × the share of members active in the window + 30 × the
 * redemption rate (points redeemed ÷ points earned, capped at 1) + 30 × the repeat rate
 * (members who ordered more than once ÷ members who ordered). Rounded to a whole number.
 */
export function programHealth(input: { activeShare: number; redemptionRate: number; repeatRate: number }): number {
  const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
  return Math.round(40 * clamp(input.activeShare) + 30 * clamp(input.redemptionRate) + 30 * clamp(input.repeatRate));
}

// ── qualifying spend ──────────────────────────────────────────────────────

export const TIER_WINDOWS = ["lifetime", "calendar_year", "rolling_12m"] as const;
export type TierWindow = (typeof TIER_WINDOWS)[number];

/** Where the tier window starts for a purchase at `at` (null: lifetime). Calendar years are UTC years. */
export function windowStart(window: TierWindow, at: Date): Date | null {
  if (window === "lifetime") return null;
  if (window === "calendar_year") return new Date(Date.UTC(at.getUTCFullYear(), 0, 1));
  return addMonths(at, -12);
}

/** Qualifying spend before `at` within the window: the sum of earlier purchases' net amounts. */
export function windowSpend(
  history: readonly { at: Date; amountMinor: number }[],
  at: Date,
  window: TierWindow,
): number {
  const from = windowStart(window, at)?.getTime() ?? -Infinity;
  let sum = 0;
  for (const h of history) {
    const t = h.at.getTime();
    if (t >= from && t < at.getTime()) sum += h.amountMinor;
  }
  return sum;
}

export const ORDER_RULES = { paid: ["paid", "partially_refunded", "refunded"], all: null } as const;
export type OrderRule = keyof typeof ORDER_RULES;

/** Whether an order earns under the program's rule: never when cancelled. */
export function orderCounts(rule: OrderRule, order: { financialStatus: string; cancelledAt: Date | null }): boolean {
  if (order.cancelledAt) return false;
  const statuses = ORDER_RULES[rule];
  return statuses === null
    ? order.financialStatus !== "voided"
    : (statuses as readonly string[]).includes(order.financialStatus);
}

// ── collection-limited campaigns (docs/decisions/072) ─────────────────────

export type EarnLineInput = {
  /** Shopify's line item id (what a refund names), or the local line id when there is none. */
  line: string;
  quantity: number;
  /** The line's own net: quantity × unit price − its discount, in minor units. */
  netMinor: number;
  /** The campaigns whose collection holds this line's product, as well as every unlimited one. */
  campaigns: CampaignRate[];
};

/** What one line earned, recorded on the earn entry so a refund of it reverses exactly this. */
export type EarnedLine = { line: string; quantity: number; eligible: number; points: number };

/**
 * The order's eligible amount (eligibleMinor: after every discount) split over its lines in
 * proportion to each line's own net, largest remainders first, so the lines' shares add up to
 * the order's amount exactly (order-level discounts fall on every line by its share).
 */
export function lineEligibles(eligibleTotal: number, nets: readonly number[]): number[] {
  const positive = nets.map((n) => Math.max(0, n));
  const sum = positive.reduce((s, n) => s + n, 0);
  if (sum <= 0 || eligibleTotal <= 0) return positive.map(() => 0);
  const exact = positive.map((n) => (eligibleTotal * n) / sum);
  const out = exact.map((x) => Math.floor(x));
  let left = eligibleTotal - out.reduce((s, n) => s + n, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) out[order[k].i]++;
  return out;
}

/**
 * Points per line when a collection-limited campaign applies to some lines: each line earns
 * floor(its eligible share × base rate × tier multiplier × the campaigns that apply to it),
 * so a line outside the collection earns at the rate without that campaign. The order's
 * points are the lines' sum.
 */
export function earnLines(input: {
  eligibleMinor: number;
  digits: number;
  baseRate: number;
  tierMultiplier: number;
  lines: readonly EarnLineInput[];
}): EarnedLine[] {
  const shares = lineEligibles(
    input.eligibleMinor,
    input.lines.map((l) => l.netMinor),
  );
  return input.lines.map((l, i) => ({
    line: l.line,
    quantity: l.quantity,
    eligible: shares[i],
    points: earnPoints({
      eligibleMinor: shares[i],
      digits: input.digits,
      baseRate: input.baseRate,
      tierMultiplier: input.tierMultiplier,
      campaignMultiplier: campaignMultiplier(l.campaigns),
    }),
  }));
}

export type RefundedLine = { line: string; quantity: number };

/**
 * What each refund of an order reverses, in the order they were made, from what was recorded
 * at earn time only. Earned per line (`lines`): a refund naming lines reverses, for each, the
 * share of that line's recorded points its quantity reaches (cumulative over the refunds:
 * floor(points × refunded quantity ÷ quantity), all of them once the whole quantity is back).
 * A refund naming no lines (shipping, an amount, a refund imported without its lines), or an
 * order earned as a whole, reverses by amount as decision 056 does. Never more than was earned.
 */
export function refundReversals(
  earn: { points: number; orderTotalMinor: number; lines: readonly EarnedLine[] | null },
  refunds: readonly { amountMinor: number; lines: readonly RefundedLine[] | null }[],
): number[] {
  const out: number[] = [];
  let reversed = 0;
  let byAmount = 0;
  let refundedByAmount = 0;
  const lineBack = new Map<string, number>();
  const lineOf = new Map((earn.lines ?? []).map((l) => [l.line, l]));
  for (const r of refunds) {
    let due = 0;
    if (earn.lines && r.lines && r.lines.length) {
      for (const rl of r.lines) {
        const l = lineOf.get(rl.line);
        if (!l) continue;
        const before = lineBack.get(rl.line) ?? 0;
        const after = before + Math.max(0, rl.quantity);
        lineBack.set(rl.line, after);
        const target = (q: number) =>
          l.quantity <= 0 || q >= l.quantity ? l.points : Math.floor((l.points * q) / l.quantity);
        due += target(after) - target(before);
      }
    } else {
      const owed = refundReversal({
        earnedPoints: earn.points,
        orderTotalMinor: earn.orderTotalMinor,
        refundedBeforeMinor: refundedByAmount,
        refundMinor: r.amountMinor,
        alreadyReversed: byAmount,
      });
      byAmount += owed;
      refundedByAmount += r.amountMinor;
      due = owed;
    }
    due = Math.max(0, Math.min(due, earn.points - reversed));
    reversed += due;
    out.push(due);
  }
  return out;
}

/** The recorded lines of an earn entry or a refund (JSON text), or null. */
export function parseLines<T>(text: string | null | undefined): T[] | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as T[]) : null;
  } catch {
    return null;
  }
}

/**
 * An order's points: line by line when a collection-limited campaign applies (`lines`, decision
 * 072; each line's points are recorded), otherwise the whole order at the campaigns' multiplier.
 * Posting and the backfill both earn through this, so they cannot disagree.
 */
export function orderEarning(input: {
  eligibleMinor: number;
  digits: number;
  baseRate: number;
  tierMultiplier: number;
  campaignMultiplier: number;
  lines: readonly EarnLineInput[] | null;
}): { points: number; lines: EarnedLine[] | null } {
  const { lines, campaignMultiplier, ...base } = input;
  if (!lines) return { points: earnPoints({ ...base, campaignMultiplier }), lines: null };
  const earned = earnLines({ ...base, lines });
  return { points: earned.reduce((sum, l) => sum + l.points, 0), lines: earned };
}
