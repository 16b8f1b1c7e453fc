// The one count of a shop's customers (issue 35 item 3; the registry's "customers" entry in
// analytics/metrics.ts): Customers lists them, Settings → Data counts them, Loyalty enrols its
// members from them. What a screen leaves out is counted here too, so it can say why its
// figure differs from another screen's.
import { prisma, sqlOn } from "~/db.server";
import { startOfDayInZone } from "~/lib/dates";

export type CustomerCounts = {
  /** Customer records the app holds for the shop: every one not deleted in Shopify. */
  stored: number;
  /** Of those, erased at the customer's request (customers/redact): kept, anonymous, for their orders. */
  redacted: number;
  /** The shop's customers: stored, not redacted. The figure every screen calls "customers". */
  customers: number;
  /** Of the customers, those the list shows: scored by the last recompute or a rescore since. */
  listed: number;
};

export async function customerCounts(shopId: string): Promise<CustomerCounts> {
  const [row, listed] = await Promise.all([
    sqlOn()
      .selectFrom("Customer")
      .select((eb) => [
        eb.fn.countAll<number>().as("stored"),
        eb.fn.sum<number>(eb.case().when("redactedAt", "is not", null).then(1).else(0).end()).as("redacted"),
      ])
      .where("shopId", "=", shopId)
      .where("deletedAt", "is", null)
      .executeTakeFirst(),
    prisma.customerScore.count({ where: { shopId } }),
  ]);
  const stored = Number(row?.stored ?? 0);
  const redacted = Number(row?.redacted ?? 0);
  return { stored, redacted, customers: stored - redacted, listed };
}

/**
 * The registry's New customers count (analytics/counts.ts newCustomers) for a range of the
 * shop's days: customers (as counted above: not deleted, not redacted) with an order in the
 * range that was not cancelled and no such order on an earlier day. Reads the range's orders
 * by (shopId, day) and probes each one's customer for an earlier order.
 */
export async function newCustomerCount(
  shop: { id: string; timezone: string },
  range: { from: string; to: string },
): Promise<number> {
  const shopId = shop.id;
  // An earlier order is one processed before the range's first day began in the shop's zone (the
  // same as an earlier day): by processedAt the probe stays in the customer's orders index.
  const start = startOfDayInZone(range.from, shop.timezone);
  const row = await sqlOn()
    .selectFrom("Order as o")
    .innerJoin("Customer as c", "c.id", "o.customerId")
    .select((eb) => eb.fn.count<number>("o.customerId").distinct().as("n"))
    .where("o.shopId", "=", shopId)
    .where("c.shopId", "=", shopId)
    .where("o.day", ">=", range.from)
    .where("o.day", "<=", range.to)
    .where("o.cancelledAt", "is", null)
    .where("c.deletedAt", "is", null)
    .where("c.redactedAt", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("Order as p")
            .select("p.id")
            .where("p.shopId", "=", shopId)
            .whereRef("p.customerId", "=", "o.customerId")
            .where("p.cancelledAt", "is", null)
            .where("p.processedAt", "<", start),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
