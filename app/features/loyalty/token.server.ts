// The loyalty points presented as a token on the digital-assets screen (docs/decisions/101):
// every figure comes from this program's ledger (through the per-day sums and the member rows
// that always equal it), so there is no second ledger to drift.
import { prisma } from "~/db.server";
import { ACTIVE_DAYS } from "~/features/loyalty/reports.server";

export type LoyaltyToken = {
  name: string;
  /** The initials of the program's name, at most four letters ("Loyalty Rewards" → "LR"). */
  symbol: string;
  /** Points outstanding: every ledger entry summed. */
  supply: number;
  /** Of the supply, the points held by members active in the last `activeDays` days. */
  circulating: number;
  activeDays: number;
  /** Members with a positive balance. */
  holders: number;
  /** Points spent on rewards: redemptions less the codes given back. */
  rewardsDistributed: number;
};

export function tokenSymbol(name: string): string {
  const letters = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("")
    .slice(0, 4);
  return letters || "PTS";
}

export async function loyaltyToken(shopId: string, now = new Date()): Promise<LoyaltyToken | null> {
  const program = await prisma.loyaltyProgram.findUnique({ where: { shopId }, select: { name: true } });
  if (!program) return null;
  const since = new Date(now.getTime() - ACTIVE_DAYS * 86_400_000);
  const [byKind, holders, active] = await Promise.all([
    prisma.loyaltyDay.groupBy({ by: ["kind"], where: { shopId }, _sum: { points: true } }),
    prisma.loyaltyMember.count({ where: { shopId, balance: { gt: 0 } } }),
    prisma.loyaltyMember.aggregate({
      where: { shopId, balance: { gt: 0 }, lastActivityAt: { gte: since } },
      _sum: { balance: true },
    }),
  ]);
  const sum = (kind?: string) =>
    byKind.filter((r) => kind === undefined || r.kind === kind).reduce((s, r) => s + (r._sum.points ?? 0), 0);
  return {
    name: program.name,
    symbol: tokenSymbol(program.name),
    supply: sum(),
    circulating: active._sum.balance ?? 0,
    activeDays: ACTIVE_DAYS,
    holders,
    // `|| 0`: no redemptions sum to -0.
    rewardsDistributed: -(sum("redeem") + sum("reimburse")) || 0,
  };
}

/** The customers in a tier or any tier above it, earliest members first: a collection's tier rule. */
export async function customersAtOrAbove(shopId: string, tierId: string): Promise<string[]> {
  const tier = await prisma.loyaltyTier.findFirst({ where: { id: tierId, shopId }, select: { minSpend: true } });
  if (!tier) return [];
  const members = await prisma.loyaltyMember.findMany({
    where: { shopId, tierId: { not: null } },
    select: { customerId: true, tierId: true },
    orderBy: { enrolledAt: "asc" },
  });
  const reached = new Set(
    (
      await prisma.loyaltyTier.findMany({ where: { shopId, minSpend: { gte: tier.minSpend } }, select: { id: true } })
    ).map((t) => t.id),
  );
  return members.filter((m) => m.tierId && reached.has(m.tierId)).map((m) => m.customerId);
}

export async function tierChoices(shopId: string) {
  return prisma.loyaltyTier.findMany({
    where: { shopId },
    select: { id: true, name: true },
    orderBy: { minSpend: "asc" },
  });
}
