// The one count of a loyalty program's members (issue 35 item 3; the registry's "members" entry
// in analytics/metrics.ts): the Overview, the tiers, the Analytics tab and the dashboard card all
// read it. A member is an enrolled customer as the customers feature counts them (customerCounts:
// not deleted in Shopify, not redacted); the accounts of erased customers stay in the ledger
// (their points are still outstanding until they expire) but are not members.
import { sqlOn } from "~/db.server";
import type { ShopRef } from "~/features/loyalty/ledger.server";

export type MemberCounts = {
  members: number;
  /** Members with any ledger entry since `activeSince`. */
  active: number;
  /** Members per tier id; members below the first tier's minimum spend are under `null` ("No tier"). */
  byTier: Map<string | null, number>;
  /** Accounts of customers since redacted or deleted: kept for the ledger, not members. */
  closedAccounts: number;
};

/** Every member count of the shop in one read; the tiers' counts (with "No tier") add up to `members`. */
export async function memberCounts(shop: Pick<ShopRef, "id">, activeSince: Date): Promise<MemberCounts> {
  const rows = await sqlOn()
    .selectFrom("LoyaltyMember as m")
    .leftJoin("Customer as c", (j) => j.onRef("c.shopId", "=", "m.shopId").onRef("c.id", "=", "m.customerId"))
    .select((eb) => {
      const counted = eb.and([
        eb("c.id", "is not", null),
        eb("c.deletedAt", "is", null),
        eb("c.redactedAt", "is", null),
      ]);
      return [
        "m.tierId",
        eb.fn.countAll<number>().as("accounts"),
        eb.fn.sum<number>(eb.case().when(counted).then(1).else(0).end()).as("members"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([counted, eb("m.lastActivityAt", ">=", activeSince as never)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("active"),
      ];
    })
    .where("m.shopId", "=", shop.id)
    .groupBy("m.tierId")
    .execute();
  const byTier = new Map<string | null, number>();
  let members = 0;
  let active = 0;
  let accounts = 0;
  for (const r of rows) {
    const m = Number(r.members ?? 0);
    if (m > 0) byTier.set(r.tierId, m);
    members += m;
    active += Number(r.active ?? 0);
    accounts += Number(r.accounts ?? 0);
  }
  return { members, active, byTier, closedAccounts: accounts - members };
}
