// Who is asking: the authenticated shop for every admin route and API call, with
// Shopify's Admin API client, Billing API and admin redirect from the same (single)
// authentication. In demo mode (DEMO_MODE=1 and no Shopify key) it is the seeded demo
// store, and the Shopify parts are stand-ins that say Shopify is not connected.
import { data, redirect as remixRedirect } from "@remix-run/node";
import type { Refusal } from "~/lib/forms";
import { env } from "~/env.server";
import { ensureShop, getDemoShop, type ShopRecord } from "~/features/shop/shop.server";
import { shopify } from "~/shopify.server";
import {
  can,
  refusalMessage,
  resolveMember,
  resolveMemberInTeam,
  type Identity,
  type Permission,
  type StaffContext,
} from "~/features/team/index.server";
import { demoIdentity } from "~/features/shop/demo-identity.server";
import { identifyRequest, requestIdOf } from "~/platform/request-timing.server";
import { BUSY_MESSAGE, isContention } from "~/platform/prisma-errors";

type ShopifyAdmin = Awaited<ReturnType<ReturnType<typeof shopify>["authenticate"]["admin"]>>;

export type AdminContext = {
  shop: ShopRecord;
  /** The staff member making the request: role, and whether they hold one of the plan's seats. */
  staff: StaffContext;
  demo: boolean;
  /** The demo's team, for its "view as" switch (read with the staff member); null for a real store. */
  demoTeam: { id: string; name: string; role: string }[] | null;
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

type AssociatedUser = {
  id?: number | string;
  first_name?: string;
  last_name?: string;
  email?: string;
  account_owner?: boolean;
};

/** The staff member from the online access token's user (docs/decisions/045-team-and-roles.md). */
function identityOf(shop: ShopRecord, user: AssociatedUser | null | undefined, sub: string | undefined): Identity {
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
  const userId = user?.id !== undefined ? String(user.id) : (sub ?? null);
  return {
    userId,
    email: user?.email ?? `user-${userId ?? "unknown"}@${shop.domain}`,
    name: name || user?.email || "Staff member",
    accountOwner: user?.account_owner === true,
  };
}

// The layout's and the page's loaders each authenticate the same request: do it once. Remix hands
// every loader its own copy of the request (it strips its `index` and `_routes` parameters), so the
// copies of a GET are matched by the id the production server gives each request while it is handled
// (one a client sent is not taken) and by their credentials. Without an id (tests), and for any other
// method, each copy authenticates.
const byRequestId = new Map<string, Promise<AdminContext>>();
/** How long a request's authentication stays shared after it has settled: its loaders start together. */
const SHARED_MS = 2_000;

/** The authenticated shop and staff member, without any permission check (the layout's seat screen uses it). */
export function requireStaff(request: Request): Promise<AdminContext> {
  // Only a read shares: after an action (a POST whose loaders then run in the same request, as a
  // form posted without JavaScript does) the loaders must see what the action wrote.
  const served = request.method === "GET" || request.method === "HEAD" ? requestIdOf(request) : null;
  // The credentials are part of the key too: a copy only ever shares with the same caller.
  const id =
    served && `${served}\n${request.headers.get("authorization") ?? ""}\n${request.headers.get("cookie") ?? ""}`;
  let ctx = id ? byRequestId.get(id) : undefined;
  if (!ctx) {
    const started = authenticateAdmin(request);
    ctx = started;
    if (id) {
      byRequestId.set(id, started);
      const forget = () => setTimeout(() => byRequestId.delete(id), SHARED_MS).unref();
      started.then(forget, forget);
    }
  }
  // The request's measured time and database time belong to this shop (app/features/telemetry).
  return ctx.then((c) => (identifyRequest(request, c.shop.id, c.staff.id), c));
}

/** A refused request: the role may not, or the member holds no seat. JSON for API calls, text for pages. */
export function forbidden(request: Request, message: string): Response {
  const wantsJson = new URL(request.url).pathname.startsWith("/api/");
  return wantsJson
    ? new Response(JSON.stringify({ error: message }), { status: 403, headers: { "Content-Type": "application/json" } })
    : new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The authenticated shop and staff member, who must hold a seat and a role with
 * `permission` (app/features/team/permissions.ts); otherwise a 403 is thrown.
 */
export async function requireAdmin(request: Request, permission: Permission): Promise<AdminContext> {
  const ctx = await requireStaff(request);
  if (!ctx.staff.seated) throw forbidden(request, refusalMessage(null));
  if (!can(ctx.staff.role, permission)) throw forbidden(request, refusalMessage(ctx.staff.role));
  return ctx;
}

/**
 * A page's action whose refusal (a 403 from requireAdmin) is answered, not thrown: a thrown
 * 403 replaces the whole page with the error page, an answered one reaches the fetcher or form
 * that posted, whose shared handling shows it as a toast and leaves the page as it was
 * (docs/decisions/079-roles-in-the-page.md). A write that lost a race for the database is answered
 * the same way, with 503. Anything else passes through untouched.
 */
export function answeringRefusals<Args, Result>(action: (args: Args) => Promise<Result>) {
  return async (args: Args) => {
    try {
      return await action(args);
    } catch (thrown) {
      // A write that lost a race for the database past its wait: answered like a refusal (a toast,
      // the page as it was), with 503 and nothing saved, instead of the error page.
      if (isContention(thrown))
        return data<Refusal>(
          { ok: false, refused: BUSY_MESSAGE, fieldErrors: {} },
          { status: 503, headers: { "Retry-After": "1" } },
        );
      if (!(thrown instanceof Response) || thrown.status !== 403) throw thrown;
      const refused = (await thrown.text()) || "You cannot do this.";
      return data<Refusal>({ ok: false, refused, fieldErrors: {} }, { status: 403 });
    }
  };
}

async function authenticateAdmin(request: Request): Promise<AdminContext> {
  if (env.demoMode) {
    const shop = await getDemoShop();
    if (!shop) throw new Response("The demo store has not been seeded yet. Run `npm run seed`.", { status: 503 });
    const { staff, members } = await resolveMemberInTeam(shop, await demoIdentity(request, shop));
    const demoTeam = members.map((m) => ({ id: m.id, name: m.name, role: m.role }));
    return { shop, staff, demo: true, demoTeam, ...DEMO_SHOPIFY };
  }
  if (!env.shopify)
    throw new Response(
      "Shopify is not configured. Set SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL and SCOPES, or run `npm run demo`.",
      { status: 503 },
    );
  const { session, admin, billing, redirect, sessionToken } = await shopify().authenticate.admin(request);
  const shop = await ensureShop(session.shop);
  const who = identityOf(shop, session.onlineAccessInfo?.associated_user, sessionToken?.sub);
  return {
    shop,
    staff: await resolveMember(shop, who),
    demo: false,
    demoTeam: null,
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
