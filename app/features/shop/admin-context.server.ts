// Who is asking: the authenticated shop for every admin route and API call, with
// Shopify's Admin API client, Billing API and admin redirect from the same (single)
// authentication. In demo mode (DEMO_MODE=1 and no Shopify key) it is the seeded demo
// store, and the Shopify parts are stand-ins that say Shopify is not connected.
import { redirect as remixRedirect } from "@remix-run/node";
import { env } from "~/env.server";
import { ensureShop, getDemoShop, initials, type ShopRecord } from "~/features/shop/shop.server";
import { shopify } from "~/shopify.server";
import { identifyRequest } from "~/platform/request-timing.server";

type ShopifyAdmin = Awaited<ReturnType<ReturnType<typeof shopify>["authenticate"]["admin"]>>;

export type AdminContext = {
  shop: ShopRecord;
  staff: { name: string; initials: string };
  demo: boolean;
  /** Shopify's Admin GraphQL client for this shop. */
  admin: Pick<ShopifyAdmin["admin"], "graphql">;
  /** Shopify's Billing API (in the demo, plans switch locally instead). */
  billing: ShopifyAdmin["billing"];
  /** A redirect that stays inside the Shopify admin when the app is embedded. */
  redirect: (url: string) => Response;
};

/** Raised by the demo's stand-ins: there is no Shopify store behind the demo. */
export class ShopifyNotConnected extends Error {
  constructor(what: string) {
    super(`${what} needs a connected Shopify store; the demo runs on local data.`);
    this.name = "ShopifyNotConnected";
  }
}

const notConnected = (what: string) => () => Promise.reject(new ShopifyNotConnected(what));

/** What the demo has instead of Shopify's clients: each call explains that no store is connected. */
const DEMO_SHOPIFY = {
  admin: { graphql: notConnected("The Admin API") } as unknown as AdminContext["admin"],
  billing: {
    require: notConnected("Billing"),
    check: notConnected("Billing"),
    request: notConnected("Billing"),
    cancel: notConnected("Billing"),
    createUsageRecord: notConnected("Billing"),
    updateUsageCappedAmount: notConnected("Billing"),
  } as unknown as AdminContext["billing"],
  redirect: (url: string) => remixRedirect(url),
};

function staffFor(shop: ShopRecord, user?: { first_name?: string; last_name?: string } | null) {
  const fromUser = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
  const name = fromUser || shop.ownerName || shop.name;
  return { name, initials: initials(name) };
}

// The layout and the page each authenticate the same request: do it once.
const perRequest = new WeakMap<Request, Promise<AdminContext>>();

export function requireAdmin(request: Request): Promise<AdminContext> {
  let ctx = perRequest.get(request);
  if (!ctx) {
    // The request's measured time and database time belong to this shop (app/features/telemetry).
    ctx = authenticateAdmin(request).then((c) => (identifyRequest(c.shop.id, c.staff.name), c));
    perRequest.set(request, ctx);
  }
  return ctx;
}

async function authenticateAdmin(request: Request): Promise<AdminContext> {
  if (env.demoMode) {
    const shop = await getDemoShop();
    if (!shop) throw new Response("The demo store has not been seeded yet. Run `npm run seed`.", { status: 503 });
    return { shop, staff: staffFor(shop), demo: true, ...DEMO_SHOPIFY };
  }
  if (!env.shopify)
    throw new Response(
      "Shopify is not configured. Set SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL and SCOPES, or run `npm run demo`.",
      { status: 503 },
    );
  const { session, admin, billing, redirect } = await shopify().authenticate.admin(request);
  const shop = await ensureShop(session.shop);
  return {
    shop,
    staff: staffFor(shop, session.onlineAccessInfo?.associated_user),
    demo: false,
    admin,
    billing,
    redirect: (url: string) => redirect(url),
  };
}

/** A shop's own id in an API path, or 404: another shop's data is never reachable. */
export function assertOwnStore(ctx: AdminContext, storeId: string | undefined): void {
  if (!storeId || storeId !== ctx.shop.id)
    throw new Response(JSON.stringify({ error: "Not found" }), {
      status: 404,
      headers: { "Content-Type": "application/json" },
    });
}
