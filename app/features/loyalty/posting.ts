// What a batch of orders means for their customers' points, as pure functions over what the
// database holds (docs/decisions/066): postOrders (posting.server.ts) reads the inputs, calls
// postingEntries, and writes what it returns. A webhook posts a batch of one, the backfill a
// batch of a thousand; each entry's key makes posting an order again a no-op.
import { dayInZone } from "~/lib/dates";
import { campaignDays } from "./campaign-window";
import {
  campaignApplies,
  campaignMultiplier,
  cappedDebit,
  eligibleMinor,
  orderCounts,
  orderEarning,
  refundReversals,
  tierFor,
  tiersAt,
  windowSpend,
  type CampaignRate,
  type EarnLineInput,
  type EarnedLine,
  type OrderRule,
  type RefundedLine,
  type ScheduledTier,
  type Stacking,
  type TierWindow,
} from "~/features/loyalty/ledger";

export type PostingOrder = {
  id: string;
  customerId: string;
  processedAt: Date;
  day: string;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  totalMinor: number;
  financialStatus: string;
  cancelledAt: Date | null;
};

export type PostingRefund = {
  id: string;
  orderId: string;
  amountMinor: number;
  processedAt: Date;
  day: string;
  lines: RefundedLine[] | null;
};

export type PostingCampaign = {
  multiplier: number;
  stacking: Stacking;
  tierId: string | null;
  segment: string | null;
  collectionId: string | null;
  startsAt: Date;
  endsAt: Date;
  /** Ended early (docs/decisions/081): orders placed from then earn no bonus from it. */
  endedAt?: Date | null;
};

export type PostingTier = ScheduledTier & { name: string };

/** An entry the ledger already holds under one of the batch's keys (earn:, cancel:, reverse:). */
export type RecordedEntry = {
  key: string;
  points: number;
  orderTotalMinor: number | null;
  lines: EarnedLine[] | null;
};

/** An order line, once for each of the campaigns' collections that holds its product (or once with none). */
export type LineRow = {
  orderId: string;
  id: string;
  shopifyId: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
  collectionId: string | null;
};

export type NewEntry = {
  customerId: string;
  kind: "earn" | "reverse";
  points: number;
  key: string;
  orderId: string;
  occurredAt: Date;
  day: string;
  eligibleMinor: number | null;
  orderTotalMinor: number | null;
  note: string | null;
  /** The per-line record of an earn (decision 072), JSON. */
  lines: string | null;
};

export type PostingInput = {
  program: { baseRate: number; orderRule: OrderRule };
  /** The currency's minor-unit digits. */
  digits: number;
  timezone: string;
  /** Ordered by minimum spend, then age (the first of equal thresholds wins). */
  tiers: readonly PostingTier[];
  campaigns: readonly PostingCampaign[];
  orders: readonly PostingOrder[];
  refunds: readonly PostingRefund[];
  recorded: readonly RecordedEntry[];
  /** Each order's qualifying spend before it (spendBefore). */
  spendBefore: ReadonlyMap<string, number>;
  /** Each customer's ledger balance before the batch. */
  balances: ReadonlyMap<string, number>;
  /** Stored customer segments, read when a campaign is limited to one. */
  segments: ReadonlyMap<string, string>;
  /** The orders' lines, read when a campaign is limited to a collection. */
  lines: readonly LineRow[];
  /** The members when the program does not enrol automatically; null: everyone earns. */
  enrolled: ReadonlySet<string> | null;
};

const byTime =
  <T extends { id: string }>(at: (x: T) => Date) =>
  (a: T, b: T) =>
    at(a).getTime() - at(b).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

const rateOf = (c: { multiplier: number; stacking: string }): CampaignRate => ({
  multiplier: c.multiplier,
  stacking: c.stacking as Stacking,
});

/**
 * The entries a batch of orders adds: for each order, in time order, its award when it counts
 * and has none yet, a reversal for each refund not yet reversed (what each reverses follows from
 * the earn entry and the refunds before it, so it is the same whether they are posted together or
 * one delivery at a time), and the rest reversed when it is cancelled. A reversal never takes a
 * balance below zero; balances carry over from one order of a customer to the next.
 */
export function postingEntries(input: PostingInput): NewEntry[] {
  const { program, digits, tiers, campaigns, enrolled } = input;
  const recorded = new Map(input.recorded.map((e) => [e.key, e]));
  const refundsOf = groupBy([...input.refunds].sort(byTime((r) => r.processedAt)), (r) => r.orderId);
  const linesOf = groupBy(input.lines, (l) => l.orderId);
  const balances = new Map(input.balances);
  const out: NewEntry[] = [];

  for (const order of [...input.orders].sort(byTime((o) => o.processedAt))) {
    const { customerId } = order;
    if (enrolled && !enrolled.has(customerId)) continue;
    let balance = balances.get(customerId) ?? 0;
    let earn = recorded.get(`earn:${order.id}`);

    if (!earn && orderCounts(program.orderRule, order)) {
      // The tiers in force when the order was placed (a scheduled change counts from its date).
      const tier = tierFor(tiersAt(tiers, order.processedAt), input.spendBefore.get(order.id) ?? 0, digits);
      const segment = input.segments.get(customerId) ?? null;
      // A campaign runs on the store days entered (campaign-window.ts): an order counts by its
      // store day, not by comparing its instant with the UTC bounds those days are stored as.
      const applying = campaigns.filter((c) => {
        const { start, end } = campaignDays(c);
        const ended = c.endedAt && order.processedAt.getTime() >= c.endedAt.getTime();
        return start <= order.day && order.day <= end && !ended && campaignApplies(c, tier?.id ?? null, segment);
      });
      const eligible = eligibleMinor(order);
      // A collection-limited campaign counts only on the lines whose product is in its
      // collection now (decision 072); the order then earns line by line.
      const lines = applying.some((c) => c.collectionId)
        ? linesWithCampaigns(linesOf.get(order.id) ?? [], applying)
        : null;
      const campaign = campaignMultiplier(applying.filter((c) => !c.collectionId).map(rateOf));
      const tierMultiplier = tier?.multiplier ?? 1;
      const earned = orderEarning({
        eligibleMinor: eligible,
        digits,
        baseRate: program.baseRate,
        tierMultiplier,
        campaignMultiplier: campaign,
        lines,
      });
      earn = { key: `earn:${order.id}`, points: earned.points, orderTotalMinor: order.totalMinor, lines: earned.lines };
      out.push({
        customerId,
        kind: "earn",
        points: earned.points,
        key: earn.key,
        orderId: order.id,
        occurredAt: order.processedAt,
        day: order.day,
        eligibleMinor: eligible,
        orderTotalMinor: order.totalMinor,
        note: `rate ${program.baseRate} × tier ${tierMultiplier}${tier ? ` (${tier.name})` : ""} × campaigns ${
          earned.lines ? "per line (collection)" : campaign
        }`,
        lines: earned.lines ? JSON.stringify(earned.lines) : null,
      });
      balance += earned.points;
    }

    if (earn && earn.points > 0) {
      const debit = (key: string, due: number, occurredAt: Date, day: string, why?: string) => {
        const points = cappedDebit(balance, due);
        const short = points < due ? `${due - points} points already spent` : undefined;
        out.push({
          customerId,
          kind: "reverse",
          points: -points,
          key,
          orderId: order.id,
          occurredAt,
          day,
          eligibleMinor: null,
          orderTotalMinor: null,
          note: [why, short].filter(Boolean).join("; ") || null,
          lines: null,
        });
        balance -= points;
      };
      const refunds = refundsOf.get(order.id) ?? [];
      // Exactly what the earn entry recorded: per line when it earned per line (decision 072).
      const dues = refundReversals(
        { points: earn.points, orderTotalMinor: earn.orderTotalMinor ?? order.totalMinor, lines: earn.lines },
        refunds,
      );
      let reversedDue = 0;
      refunds.forEach((refund, i) => {
        const key = `reverse:${refund.id}`;
        if (!recorded.has(key)) debit(key, dues[i], refund.processedAt, refund.day);
        reversedDue += dues[i];
      });
      if (order.cancelledAt && !recorded.has(`cancel:${order.id}`))
        debit(
          `cancel:${order.id}`,
          Math.max(0, earn.points - reversedDue),
          order.cancelledAt,
          dayInZone(order.cancelledAt, input.timezone),
          "order cancelled",
        );
    }
    balances.set(customerId, balance);
  }
  return out;
}

/** The keys under which the ledger may already hold entries of these orders and refunds. */
export function postingKeys(orderIds: readonly string[], refundIds: readonly string[]): string[] {
  return [...orderIds.flatMap((id) => [`earn:${id}`, `cancel:${id}`]), ...refundIds.map((id) => `reverse:${id}`)];
}

/**
 * Each order's qualifying spend before it: `base` (a customer's net spend before the batch's
 * first order, lifetime windows only) plus the window's sum of `history` (the customer's
 * non-cancelled orders from the earliest window start the batch needs up to its last order).
 */
export function spendBefore(
  orders: readonly PostingOrder[],
  window: TierWindow,
  base: ReadonlyMap<string, number>,
  history: ReadonlyMap<string, readonly { at: Date; amountMinor: number }[]>,
): Map<string, number> {
  return new Map(
    orders.map((o) => [
      o.id,
      (base.get(o.customerId) ?? 0) + windowSpend(history.get(o.customerId) ?? [], o.processedAt, window),
    ]),
  );
}

/**
 * Groups line rows (one per line and collection it is in) into lines with the campaigns that
 * apply to each: every campaign without a collection limit, and those whose collection holds the
 * line's product. Null when no line is in any of the collections: the order then earns as a
 * whole, at the rate without them (decision 072).
 */
export function linesWithCampaigns(
  rows: readonly Omit<LineRow, "orderId">[],
  applying: readonly { multiplier: number; stacking: string; collectionId: string | null }[],
): EarnLineInput[] | null {
  const byLine = new Map<string, { row: Omit<LineRow, "orderId">; in: Set<string> }>();
  for (const r of [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const found = byLine.get(r.id) ?? { row: r, in: new Set<string>() };
    if (r.collectionId) found.in.add(r.collectionId);
    byLine.set(r.id, found);
  }
  let any = false;
  const lines: EarnLineInput[] = [];
  for (const { row, in: inCollections } of byLine.values()) {
    if (inCollections.size) any = true;
    lines.push({
      line: row.shopifyId ?? row.id,
      quantity: row.quantity,
      netMinor: row.quantity * row.unitPriceMinor - row.discountMinor,
      campaigns: applying.filter((c) => !c.collectionId || inCollections.has(c.collectionId)).map(rateOf),
    });
  }
  return any ? lines : null;
}

/** The entries' per-day sums by kind (LoyaltyDay), one row per day and kind. */
export function dayTotals(entries: readonly { day: string; kind: string; points: number }[]) {
  const days = new Map<string, { day: string; kind: string; points: number }>();
  for (const e of entries) {
    const k = `${e.day} ${e.kind}`;
    const d = days.get(k);
    if (d) d.points += e.points;
    else days.set(k, { day: e.day, kind: e.kind, points: e.points });
  }
  return [...days.values()];
}

/** A customer's ledger summed: the balance, points earned, points redeemed, and the latest entry. */
export type LedgerSums = { balance: number; earned: number; redeemed: number; last: Date | null };

/** Adds entries (signed, by kind) to customers' sums. */
export function addToSums(
  sums: Map<string, LedgerSums>,
  entries: readonly { customerId: string; kind: string; points: number; occurredAt: Date }[],
): Map<string, LedgerSums> {
  for (const e of entries) {
    let s = sums.get(e.customerId);
    if (!s) sums.set(e.customerId, (s = { balance: 0, earned: 0, redeemed: 0, last: null }));
    s.balance += e.points;
    if (e.kind === "earn") s.earned += e.points;
    else if (e.kind === "redeem" || e.kind === "reimburse") s.redeemed -= e.points;
    if (!s.last || e.occurredAt > s.last) s.last = e.occurredAt;
  }
  return sums;
}

/**
 * A member's cached figures: the ledger's sums, the qualifying spend as of now and the tier it
 * reaches in the tiers as they stand now, and the latest entry as the last activity.
 */
export function memberFigures(
  sums: LedgerSums | undefined,
  spendMinor: number,
  tiersNow: readonly ScheduledTier[],
  digits: number,
  lastActivity: Date,
) {
  return {
    balance: sums?.balance ?? 0,
    earned: sums?.earned ?? 0,
    redeemed: sums?.redeemed ?? 0,
    spendMinor,
    tierId: tierFor(tiersNow, spendMinor, digits)?.id ?? null,
    lastActivityAt: sums?.last ?? lastActivity,
  };
}
