// The one member count (issue 35 item 3): members are enrolled customers; accounts of customers
// since redacted or deleted are counted apart; the tiers and "No tier" add up to the members on
// every screen that shows them (Overview, Tier Management, the dashboard card).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { customerCounts } from "~/features/customers/index.server";
import {
  dashboardLoyalty,
  ensureProgram,
  getOverview,
  memberCounts,
  tiersWithMembers,
} from "~/features/loyalty/index.server";

type Shop = { id: string; currency: string; timezone: string };
let shop: Shop;
let other: Shop;
const NOW = new Date("2026-06-30T12:00:00Z");
const ACTIVE = new Date("2026-06-20T00:00:00Z");
const IDLE = new Date("2025-01-01T00:00:00Z");

async function member(s: Shop, n: number, tier: string | null, lastActivityAt: Date, extra = {}) {
  const c = await prisma.customer.create({
    data: { shopId: s.id, shopifyId: `gid://shopify/Customer/${n}`, email: `m${n}@example.com`, ...extra },
  });
  const tierId = tier && (await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: s.id, name: tier } })).id;
  await prisma.loyaltyMember.create({
    data: { shopId: s.id, customerId: c.id, balance: 100, earned: 100, tierId, lastActivityAt },
  });
}

beforeAll(async () => {
  shop = await createShop();
  other = await createShop();
  await ensureProgram(prisma, shop);
  await ensureProgram(prisma, other);
  await member(shop, 1, "Bronze", ACTIVE);
  await member(shop, 2, "Bronze", IDLE);
  await member(shop, 3, "Silver", ACTIVE);
  // Below the first tier: no tier.
  await member(shop, 4, null, ACTIVE);
  // Erased or deleted customers' accounts: kept for the ledger, not members.
  await member(shop, 5, "Gold", ACTIVE, { redactedAt: new Date("2026-06-01T00:00:00Z") });
  await member(shop, 6, null, ACTIVE, { deletedAt: new Date("2026-06-02T00:00:00Z") });
  // A customer who is not enrolled.
  await prisma.customer.create({ data: { shopId: shop.id, shopifyId: "gid://shopify/Customer/7" } });
  await member(other, 8, "Gold", ACTIVE);
});

describe("memberCounts", () => {
  it("counts enrolled customers, the active ones among them, and closed accounts apart", async () => {
    const c = await memberCounts(shop, ACTIVE);
    expect(c.members).toBe(4);
    expect(c.active).toBe(3);
    expect(c.closedAccounts).toBe(2);
    expect(c.byTier.get(null)).toBe(1);
    expect([...c.byTier.values()].reduce((a, b) => a + b, 0)).toBe(c.members);
  });

  it("never counts more members than customers", async () => {
    const customers = await customerCounts(shop.id);
    expect(customers.customers).toBe(5);
    expect((await memberCounts(shop, ACTIVE)).members).toBeLessThanOrEqual(customers.customers);
  });

  it("gives the same members to the Overview, the tiers (with No tier) and the dashboard card", async () => {
    const overview = await getOverview(shop, NOW);
    const tiers = await tiersWithMembers(shop);
    const card = await dashboardLoyalty(shop, 30, NOW);
    expect(overview.totalMembers).toBe(4);
    expect(overview.untieredMembers).toBe(1);
    expect(overview.closedAccounts).toBe(2);
    // The members are the enrolled ones of the customers the Customers screen counts.
    expect(overview.customers).toBe((await customerCounts(shop.id)).customers);
    expect(tiers.reduce((a, t) => a + t.members, 0) + overview.untieredMembers).toBe(overview.totalMembers);
    expect(tiers.reduce((a, t) => a + t.share, 0) + overview.untieredMembers / overview.totalMembers).toBeCloseTo(
      1,
      10,
    );
    expect(tiers.find((t) => t.name === "Gold")?.members).toBe(0);
    expect(card?.members).toBe(overview.totalMembers);
  });

  it("keeps each shop's members apart", async () => {
    const c = await memberCounts(other, ACTIVE);
    expect(c).toMatchObject({ members: 1, active: 1, closedAccounts: 0 });
  });
});
