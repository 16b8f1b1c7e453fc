// The program's settings, tiers and campaigns as the merchant edits them on /loyalty,
// each write audited. Every function takes the shop first and keeps to its rows.
import { prisma } from "~/db.server";
import { currencyDigits } from "~/lib/money";
import { FieldError } from "~/lib/forms";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import type { HttpAnswerableError } from "~/platform/http.server";
import {
  centiMinorFromDecimal,
  decimalFromCentiMinor,
  tierFromAddForm,
  tierFromEditForm,
  tierMoves,
  tiersAt,
  windowStart,
  type TierLevel,
} from "~/features/loyalty/ledger";
import { ensureProgram, listTiers, pointValueAt, type ShopRef, type TierRow } from "~/features/loyalty/ledger.server";
import { rebuildMembers } from "~/features/loyalty/backfill.server";
import { syncLoyaltyCost } from "~/features/loyalty/cost.server";
import { dayInZone, startOfDayInZone } from "~/lib/dates";
import type { RedemptionRateInput, SettingsInput, TierInput } from "~/features/loyalty/schema";
import { memberCounts } from "~/features/loyalty/member-counts.server";

type Ctx = Actor & { shop: ShopRef };

/** 404 for an id that is not one of this shop's rows (another shop's looks the same as none). */
export class LoyaltyNotFound extends Error implements HttpAnswerableError {
  readonly status = 404;
  constructor(what: string) {
    super(`${what} not found`);
    this.name = "LoyaltyNotFound";
  }
  responseBody(): Record<string, unknown> {
    return { error: this.message, code: "not_found" };
  }
}

export type SettingsView = {
  programName: string;
  pointsValue: number;
  autoEnroll: boolean;
  baseRate: number;
  expiryMonths: number | null;
  orderRule: string;
  tierWindow: string;
};

export async function getSettings(shop: ShopRef, now = new Date()): Promise<SettingsView> {
  const p = await ensureProgram(prisma, shop);
  const value = await pointValueAt(prisma, shop.id, now);
  return {
    programName: p.name,
    pointsValue: decimalFromCentiMinor(value, currencyDigits(shop.currency)),
    autoEnroll: p.autoEnroll,
    baseRate: p.baseRate,
    expiryMonths: p.expiryMonths,
    orderRule: p.orderRule,
    tierWindow: p.tierWindow,
  };
}

/**
 * Saves the settings. A new points value starts a new version from now, so liability
 * and accounting for earlier days keep the value they had.
 */
export async function saveSettings(ctx: Ctx, input: SettingsInput, now = new Date()): Promise<SettingsView> {
  const { shop } = ctx;
  const before = await getSettings(shop, now);
  const tierWindowChanged = before.tierWindow !== input.tierWindow;
  await prisma.$transaction(async (tx) => {
    await tx.loyaltyProgram.update({
      where: { shopId: shop.id },
      data: {
        name: input.programName,
        autoEnroll: input.autoEnroll,
        baseRate: input.baseRate,
        expiryMonths: input.expiryMonths,
        orderRule: input.orderRule,
        tierWindow: input.tierWindow,
      },
    });
    const centiMinor = centiMinorFromDecimal(input.pointsValue, currencyDigits(shop.currency));
    if (centiMinor !== centiMinorFromDecimal(before.pointsValue, currencyDigits(shop.currency))) {
      await tx.loyaltyPointValue.create({ data: { shopId: shop.id, centiMinor, effectiveFrom: now } });
      // Today's redemptions are valued at the value in force at the end of the day: this one.
      await syncLoyaltyCost(tx, shop.id, [dayInZone(now, shop.timezone)]);
    }
  });
  if (tierWindowChanged) await rebuildMembers(shop, now);
  const after = await getSettings(shop, now);
  await recordAudit(ctx, "loyalty.settings.update", "LoyaltyProgram", shop.id, before, after);
  return after;
}

/**
 * Sets the merchant's redemption rate for the liability (a percentage; null: use the store's
 * observed rate, redemption-rate.ts), audited with the value before and after.
 */
export async function saveRedemptionRate(ctx: Ctx, input: RedemptionRateInput): Promise<void> {
  const { shop } = ctx;
  const before = (await ensureProgram(prisma, shop)).redemptionRateOverride;
  const after = input.redemptionRateOverride === null ? null : input.redemptionRateOverride / 100;
  await prisma.loyaltyProgram.update({ where: { shopId: shop.id }, data: { redemptionRateOverride: after } });
  await recordAudit(
    ctx,
    "loyalty.redemption_rate.update",
    "LoyaltyProgram",
    shop.id,
    { redemptionRateOverride: before },
    { redemptionRateOverride: after },
  );
}

// ── tiers ──────────────────────────────────────────────────────────────────

export type TierView = Omit<TierRow, "pendingFrom"> & {
  benefitList: string[];
  members: number;
  share: number;
  /** The store day a scheduled threshold and multiplier take effect (YYYY-MM-DD, from its midnight), or null. */
  pendingFrom: string | null;
};

export async function tiersWithMembers(shop: ShopRef): Promise<TierView[]> {
  // Only the counts by tier are read; the activity window does not matter here.
  const [tiers, { byTier, members: total }] = await Promise.all([
    listTiers(prisma, shop.id),
    memberCounts(shop, new Date()),
  ]);
  return tiers.map((t) => {
    const members = byTier.get(t.id) ?? 0;
    return {
      ...t,
      pendingFrom: t.pendingFrom ? dayInZone(t.pendingFrom, shop.timezone) : null,
      benefitList: t.benefits ? t.benefits.split("\n") : [],
      members,
      share: total ? members / total : 0,
    };
  });
}

export type TierChange =
  { kind: "add"; input: TierInput } | { kind: "edit"; id: string; input: TierInput } | { kind: "delete"; id: string };

export async function ownTier(shop: ShopRef, id: string): Promise<TierRow> {
  const tier = await prisma.loyaltyTier.findFirst({
    where: { id, shopId: shop.id },
    select: {
      id: true,
      name: true,
      minSpend: true,
      benefits: true,
      multiplier: true,
      color: true,
      pendingMinSpend: true,
      pendingMultiplier: true,
      pendingFrom: true,
    },
  });
  if (!tier) throw new LoyaltyNotFound("Tier");
  return tier;
}

const draftOf = (t: TierRow) => ({
  name: t.name,
  minSpend: t.minSpend,
  benefits: t.benefits ? t.benefits.split("\n") : [],
});

/**
 * Each tier starts at its own minimum spend (a scheduled one included): two at one
 * threshold would leave which of them a member is in to the order they were made.
 */
function assertOwnThreshold(tiers: readonly TierRow[], minSpend: number, selfId: string | null) {
  const clash = tiers.find((t) => t.id !== selfId && (t.minSpend === minSpend || t.pendingMinSpend === minSpend));
  if (clash)
    throw new FieldError({
      minSpend: [`${clash.name} already starts at a minimum spend of ${minSpend}; each tier needs its own`],
    });
}

/** The tier list a change would leave, with the row it writes; a threshold another tier has is refused. */
async function applyChange(shop: ShopRef, change: TierChange) {
  const tiers = await listTiers(prisma, shop.id);
  if (change.kind === "add") {
    const draft = tierFromAddForm(change.input);
    assertOwnThreshold(tiers, draft.minSpend, null);
    const row = { id: "(new)", ...draft, multiplier: change.input.multiplier ?? 1 };
    return { tiers, next: [...tiers, row] as TierLevel[], draft, before: null };
  }
  const existing = await ownTier(shop, change.id);
  if (change.kind === "delete")
    return { tiers, next: tiers.filter((t) => t.id !== change.id), draft: draftOf(existing), before: existing };
  const draft = tierFromEditForm(draftOf(existing), change.input);
  // Only a new threshold is checked: a tier that already shares one can still be renamed.
  if (draft.minSpend !== existing.minSpend) assertOwnThreshold(tiers, draft.minSpend, existing.id);
  const multiplier = change.input.multiplier ?? existing.multiplier;
  return {
    tiers,
    next: tiers.map((t) => (t.id === change.id ? { ...t, minSpend: draft.minSpend, multiplier } : t)),
    draft,
    before: existing,
  };
}

/**
 * The instant a tier edit is scheduled for: the start of its day in the store's time zone
 * (its midnight, whatever the clocks do that day; decision 081), when that is later than `now`
 * (else it applies at once).
 */
export function scheduledFrom(shop: ShopRef, change: TierChange, now: Date): Date | null {
  if (change.kind !== "edit" || !change.input.effectiveOn) return null;
  const from = startOfDayInZone(change.input.effectiveOn, shop.timezone);
  return from.getTime() > now.getTime() ? from : null;
}

export type TierPreview = {
  name: string;
  up: number;
  down: number;
  same: number;
  /** The day the moves are counted for (YYYY-MM-DD) when the change is scheduled; null: today. */
  asOf: string | null;
};

/**
 * The dry run: how many members a tier change would move up and down. Writes nothing.
 * A change scheduled for a later date is counted as of that date (decision 066): the tiers
 * in force then without the change (other scheduled changes due by then included) against
 * the same with it, each member placed by the qualifying spend already made that still
 * counts on that date (the program's window as it stands on that day; no new orders
 * assumed). For a lifetime window that is today's spend.
 */
export async function previewTierChange(shop: ShopRef, change: TierChange, now = new Date()): Promise<TierPreview> {
  const { tiers, next, draft } = await applyChange(shop, change);
  const digits = currencyDigits(shop.currency);
  const at = scheduledFrom(shop, change, now);
  if (!at) {
    const members = await prisma.loyaltyMember.findMany({ where: { shopId: shop.id }, select: { spendMinor: true } });
    return { name: draft.name, ...tierMoves(members, tiers, next, digits), asOf: null };
  }
  const stored = await listTiers(prisma, shop.id);
  const edited = next.find((t) => change.kind === "edit" && t.id === change.id);
  const before = tiersAt(stored, at);
  const after = before.map((t) =>
    edited && t.id === edited.id ? { ...t, minSpend: edited.minSpend, multiplier: edited.multiplier } : t,
  );
  const program = await ensureProgram(prisma, shop);
  const members = await prisma.loyaltyMember.findMany({
    where: { shopId: shop.id },
    select: { customerId: true, spendMinor: true },
  });
  const from = windowStart(program.tierWindow, at);
  let spendAt = members;
  if (from) {
    const sums = await prisma.order.groupBy({
      by: ["customerId"],
      where: { shopId: shop.id, customerId: { not: null }, cancelledAt: null, processedAt: { gte: from } },
      _sum: { grossSalesMinor: true, discountsMinor: true, refundsMinor: true },
    });
    const spend = new Map(
      sums.map((s) => [
        s.customerId,
        (s._sum.grossSalesMinor ?? 0) - (s._sum.discountsMinor ?? 0) - (s._sum.refundsMinor ?? 0),
      ]),
    );
    spendAt = members.map((m) => ({ customerId: m.customerId, spendMinor: spend.get(m.customerId) ?? 0 }));
  }
  return {
    name: draft.name,
    ...tierMoves(spendAt, before, after, digits),
    asOf: dayInZone(at, shop.timezone),
  };
}

/** Applies a tier change and re-places every member; returns the tier's name for the notice. */
export async function changeTier(
  ctx: Ctx,
  change: TierChange,
  now = new Date(),
): Promise<{ name: string; id: string }> {
  const { shop } = ctx;
  // An unknown tier is refused before the first write (the program row included).
  if (change.kind !== "add") await ownTier(shop, change.id);
  await ensureProgram(prisma, shop);
  const { draft, before } = await applyChange(shop, change);
  let id: string;
  if (change.kind === "add") {
    id = (
      await prisma.loyaltyTier.create({
        data: {
          shopId: shop.id,
          name: draft.name,
          minSpend: draft.minSpend,
          benefits: draft.benefits.join("\n"),
          multiplier: change.input.multiplier ?? 1,
        },
        select: { id: true },
      })
    ).id;
  } else if (change.kind === "edit") {
    id = change.id;
    const multiplier = change.input.multiplier ?? before?.multiplier ?? 1;
    // A later date schedules the threshold and multiplier (decision 059); name and benefits change now.
    const from = scheduledFrom(shop, change, now);
    const scheduled = from !== null;
    await prisma.loyaltyTier.update({
      where: { id },
      data: {
        name: draft.name,
        benefits: draft.benefits.join("\n"),
        ...(scheduled
          ? { pendingMinSpend: draft.minSpend, pendingMultiplier: multiplier, pendingFrom: from }
          : {
              minSpend: draft.minSpend,
              multiplier,
              pendingMinSpend: null,
              pendingMultiplier: null,
              pendingFrom: null,
            }),
      },
    });
  } else {
    id = change.id;
    await prisma.loyaltyTier.deleteMany({ where: { id, shopId: shop.id } });
    await prisma.loyaltyCampaign.updateMany({ where: { shopId: shop.id, tierId: id }, data: { tierId: null } });
  }
  await rebuildMembers(shop, now);
  const after = change.kind === "delete" ? null : await ownTier(shop, id);
  await recordAudit(ctx, `loyalty.tier.${change.kind}`, "LoyaltyTier", id, before, after);
  return { name: draft.name, id };
}

/**
 * Makes every scheduled tier change whose date has come the tier's own values and re-places
 * the members (the daily job; earning already used the new values from the date, tiersAt).
 */
export async function applyDueTierChanges(shop: ShopRef, now = new Date()): Promise<number> {
  const due = await prisma.loyaltyTier.findMany({
    where: { shopId: shop.id, pendingFrom: { lte: now } },
    select: { id: true, minSpend: true, multiplier: true, pendingMinSpend: true, pendingMultiplier: true },
  });
  for (const t of due)
    await prisma.loyaltyTier.update({
      where: { id: t.id },
      data: {
        minSpend: t.pendingMinSpend ?? t.minSpend,
        multiplier: t.pendingMultiplier ?? t.multiplier,
        pendingMinSpend: null,
        pendingMultiplier: null,
        pendingFrom: null,
      },
    });
  if (due.length) await rebuildMembers(shop, now);
  return due.length;
}
