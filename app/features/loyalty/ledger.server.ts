// The points ledger's program, tiers and entries (docs/decisions/056): append-only entries,
// each under a unique key so a webhook replay or a repeated import writes nothing twice.
// Orders are posted by postOrders (posting.server.ts); balances are sums of the ledger, and
// LoyaltyMember caches them.
import type { DbClient, PrismaClient } from "~/db.server";
import { currencyDigits } from "~/lib/money";
import { DEFAULT_TIERS, centiMinorFromDecimal, type OrderRule, type TierWindow } from "~/features/loyalty/ledger";

export type ShopRef = { id: string; currency: string; timezone: string };

export type Program = {
  shopId: string;
  name: string;
  autoEnroll: boolean;
  baseRate: number;
  expiryMonths: number | null;
  orderRule: OrderRule;
  tierWindow: TierWindow;
  /** The merchant's redemption rate for the liability (a fraction), or null: observed. */
  redemptionRateOverride: number | null;
  startedAt: Date;
};

export type TierRow = {
  id: string;
  name: string;
  minSpend: number;
  benefits: string;
  multiplier: number;
  color: string;
  pendingMinSpend: number | null;
  pendingMultiplier: number | null;
  pendingFrom: Date | null;
};

/** The shop's program, created with the spec's defaults (§9) the first time it is read. */
export async function ensureProgram(db: DbClient, shop: ShopRef): Promise<Program> {
  const found = await db.loyaltyProgram.findUnique({ where: { shopId: shop.id } });
  if (found) return found as Program;
  const created = await db.loyaltyProgram.upsert({
    where: { shopId: shop.id },
    create: { shopId: shop.id },
    update: {},
  });
  if ((await db.loyaltyTier.count({ where: { shopId: shop.id } })) === 0)
    await db.loyaltyTier.createMany({
      data: DEFAULT_TIERS.map((t) => ({
        shopId: shop.id,
        name: t.name,
        minSpend: t.minSpend,
        benefits: t.benefits.join("\n"),
        multiplier: t.multiplier,
        color: t.color,
      })),
    });
  if ((await db.loyaltyPointValue.count({ where: { shopId: shop.id } })) === 0)
    await db.loyaltyPointValue.create({
      data: {
        shopId: shop.id,
        centiMinor: centiMinorFromDecimal(0.01, currencyDigits(shop.currency)),
        effectiveFrom: new Date(0),
      },
    });
  return created as Program;
}

export function listTiers(db: DbClient, shopId: string): Promise<TierRow[]> {
  return db.loyaltyTier.findMany({
    where: { shopId },
    orderBy: [{ minSpend: "asc" }, { createdAt: "asc" }],
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
}

/** The points value (hundredths of a minor unit per point) in force at `at`. */
export async function pointValueAt(db: DbClient, shopId: string, at: Date): Promise<number> {
  const row = await db.loyaltyPointValue.findFirst({
    where: { shopId, effectiveFrom: { lte: at } },
    orderBy: [{ effectiveFrom: "desc" }, { createdAt: "desc" }],
    select: { centiMinor: true },
  });
  return row?.centiMinor ?? 0;
}

type EntryData = Parameters<PrismaClient["loyaltyLedgerEntry"]["create"]>[0]["data"] & {
  shopId: string;
  day: string;
  kind: string;
  points: number;
};

/**
 * One entry that is not an order's (a redemption, an adjustment, an expiry) and its day's
 * per-kind sum (LoyaltyDay), in the caller's transaction, so the rollup always equals the ledger.
 */
export async function appendEntry(db: DbClient, data: EntryData) {
  const entry = await db.loyaltyLedgerEntry.create({ data });
  await db.loyaltyDay.upsert({
    where: { shopId_day_kind: { shopId: data.shopId, day: data.day, kind: data.kind } },
    create: { shopId: data.shopId, day: data.day, kind: data.kind, points: data.points },
    update: { points: { increment: data.points } },
  });
  return entry;
}
