// The import's abandoned checkouts: Shopify's `abandonedCheckouts` (read_orders), paged, from the
// last CHECKOUT_DAYS days, handed to whichever feature keeps checkouts (engagement subscribes from
// the composition root, app/jobs.server.ts: store-sync cannot import it without a cycle). The
// checkout webhooks keep them fresh afterwards; both paths write through the same upsert, which
// never lets an older state overwrite a newer one.
import { prisma, type DbClient } from "~/db.server";
import { decimalStringToMinor } from "~/lib/money";
import type { StoreSyncAbandonedCheckoutsQuery } from "~/graphql/admin.generated";
import { adminOperation, type AdminGraphql, type RequestOptions } from "./admin-client.server";
import type { SyncShop } from "./writes.server";

export const ABANDONED_CHECKOUTS_QUERY = `#graphql
  query StoreSyncAbandonedCheckouts($first: Int!, $after: String, $query: String) {
    abandonedCheckouts(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      nodes {
        id
        abandonedCheckoutUrl
        completedAt
        updatedAt
        customer { id }
        totalPriceSet { shopMoney { amount currencyCode } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

/** Checkouts older than this are past every abandoned-checkout delay (at most 24 h) and the attribution window. */
export const CHECKOUT_DAYS = 30;
const PAGE = 250;

/** A checkout as Shopify's Admin API describes it, in the app's units. */
export type ImportedCheckout = {
  shopifyId: string;
  customerShopifyId: string | null;
  recoveryUrl: string | null;
  totalMinor: number;
  currency: string;
  /** Its last update: the instant the flow's delay counts from. */
  abandonedAt: Date;
  completedAt: Date | null;
};

export type CheckoutImportedHook = (db: DbClient, shopId: string, checkout: ImportedCheckout) => Promise<void>;
const checkoutHooks: CheckoutImportedHook[] = [];
/** Subscribes to every checkout the import reads (called from the composition root). */
export function onCheckoutImported(hook: CheckoutImportedHook): void {
  if (!checkoutHooks.includes(hook)) checkoutHooks.push(hook);
}

type Node = StoreSyncAbandonedCheckoutsQuery["abandonedCheckouts"]["nodes"][number];

export function checkoutFromAdmin(n: Node, shopCurrency: string): ImportedCheckout {
  const money = n.totalPriceSet.shopMoney;
  const currency = money.currencyCode || shopCurrency;
  return {
    shopifyId: n.id,
    customerShopifyId: n.customer?.id ?? null,
    recoveryUrl: n.abandonedCheckoutUrl || null,
    totalMinor: decimalStringToMinor(money.amount, currency) ?? 0,
    currency,
    abandonedAt: new Date(n.updatedAt),
    completedAt: n.completedAt ? new Date(n.completedAt) : null,
  };
}

/** Reads the shop's recent checkouts page by page and hands each to the subscribers; returns how many. */
export async function importAbandonedCheckouts(
  shop: SyncShop,
  graphql: AdminGraphql,
  now: Date,
  request?: RequestOptions,
): Promise<number> {
  if (!checkoutHooks.length) return 0;
  const since = new Date(now.getTime() - CHECKOUT_DAYS * 86_400_000).toISOString().slice(0, 10);
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const data: StoreSyncAbandonedCheckoutsQuery = await adminOperation(
      graphql,
      ABANDONED_CHECKOUTS_QUERY,
      { first: PAGE, after, query: `created_at:>=${since}` },
      request,
    );
    const page = data.abandonedCheckouts.nodes.map((n) => checkoutFromAdmin(n, shop.currency));
    await prisma.$transaction(async (tx) => {
      for (const checkout of page) for (const hook of checkoutHooks) await hook(tx, shop.id, checkout);
    });
    count += page.length;
    const info = data.abandonedCheckouts.pageInfo;
    if (!info.hasNextPage || !info.endCursor) return count;
    after = info.endCursor;
  }
}
