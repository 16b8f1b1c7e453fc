// The permission matrix (docs/decisions/045-team-and-roles.md): every route module in this
// folder is either public (listed below with why) or declares the permission of each loader
// and action it exports; each is called as every role and must answer 403 exactly when the
// role lacks the permission, and a refused call writes nothing. A new route without a
// declared permission fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installTeam, requestAs, TEAM_USERS } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { can, type Permission, type Role } from "~/features/team";

/** Routes without a staff member behind them, and why (api.v1.*: the public API, by API key and scope). */
const PUBLIC: Record<string, string> = {
  $: "the not-found page",
  "auth.$": "Shopify's auth flow",
  "robots[.]txt": "public file",
  "sitemap[.]xml": "public file",
  "api.session": "the embedded flow's session check, before any staff member is known",
  "api.gdpr.export": "a signed, expiring link e-mailed to the customer",
  "e.o.$token": "a campaign message's open pixel, identified by its unguessable token",
  "e.c.$token": "a campaign message's tracked link, signed for its one destination on the shop's host",
  "e.u.$token": "a campaign message's unsubscribe link, signed and expiring",
  "api.gdpr.export-request": "the public privacy form",
  "i.$token": "the hosted invoice, by its secret token",
  "i.$token.pay": "the hosted invoice's payment, by its secret token",
  "i.$token.pdf": "the hosted invoice's PDF, by its secret token",
  "webhooks.stripe": "Stripe's signed webhook",
  "proxy.loyalty": "the storefront's app proxy, signed by Shopify for the logged-in customer",
  "proxy.loyalty_.wallet": "the storefront's app proxy, signed by Shopify for the logged-in customer",
  "ad-platforms.$platform.callback":
    "an ad platform's OAuth redirect, trusted only through its signed, single-use state",
  "ad-platforms.$platform.demo-consent": "the demo's stand-in for a platform's consent page (404 outside the demo)",
};
const isPublic = (name: string) =>
  name in PUBLIC || name.startsWith("_public") || name.startsWith("webhooks.") || name.startsWith("api.v1.");

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
type RouteModule = { loader?: Handler; action?: Handler; permissions?: { loader?: Permission; action?: Permission } };

const modules = import.meta.glob<RouteModule>(["./*.ts", "./*.tsx", "!./*.test.ts", "!./*.test.tsx"]);
const routeName = (file: string) => file.replace(/^\.\//, "").replace(/\.tsx?$/, "");

const ROLES: Role[] = ["owner", "admin", "viewer"];
let shop: { id: string; domain: string };

/** The answer's status, and whether it was thrown (a thrown 403 replaces an admin page with the error page). */
async function answerOf(
  handler: Handler,
  request: Request,
  params: Record<string, string>,
): Promise<{ status: number; thrown: boolean }> {
  try {
    const result = await handler({ request, params, context: {} });
    if (result instanceof Response) return { status: result.status, thrown: false };
    const init = (result as { type?: string; init?: { status?: number } } | null)?.init;
    return { status: init?.status ?? 200, thrown: false };
  } catch (thrown) {
    return { status: thrown instanceof Response ? thrown.status : 500, thrown: true };
  }
}

async function statusOf(handler: Handler, request: Request, params: Record<string, string>): Promise<number> {
  return (await answerOf(handler, request, params)).status;
}

beforeAll(async () => {
  shop = await createShop({ domain: "matrix.myshopify.com" });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
});

describe("every route declares its permission", () => {
  it("is public (with a reason) or has a permission for each loader and action it exports", async () => {
    const missing: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      const name = routeName(file);
      if (isPublic(name)) continue;
      const mod = await load();
      for (const kind of ["loader", "action"] as const)
        if (mod[kind] && !mod.permissions?.[kind]) missing.push(`${name} ${kind}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("each role gets exactly what the table allows", () => {
  it("403 and nothing written when the role lacks the permission; never 403 when it has it", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [file, load] of Object.entries(modules)) {
      const name = routeName(file);
      if (isPublic(name)) continue;
      const mod = await load();
      const params = { storeId: shop.id, invoiceId: "x", costId: "x", expenseId: "x", token: "x" };
      const path = name.startsWith("api.") ? "/api/matrix" : "/matrix";
      for (const kind of ["loader", "action"] as const) {
        const handler = mod[kind];
        const permission = mod.permissions?.[kind];
        if (!handler || !permission) continue;
        for (const role of ROLES) {
          const before = await tableCounts();
          const init: RequestInit =
            kind === "action"
              ? { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }
              : { method: "GET" };
          const { status, thrown } = await answerOf(handler, await requestAs(role, shop.domain, path, init), params);
          checked++;
          const allowed = can(role, permission);
          if (allowed && status === 403) wrong.push(`${name} ${kind} as ${role}: 403 though allowed (${permission})`);
          if (!allowed && status !== 403)
            wrong.push(`${name} ${kind} as ${role}: ${status}, expected 403 (${permission})`);
          // An admin page's fetchers and forms get the refusal as an answer, shown as a toast (answeringRefusals).
          if (!allowed && kind === "action" && name.startsWith("_admin") && thrown)
            wrong.push(`${name} action as ${role}: the 403 is thrown, not answered`);
          if (!allowed) {
            const after = await tableCounts();
            // The staff member's own last-visit time may be written; no row appears or disappears.
            if (JSON.stringify(after) !== JSON.stringify(before))
              wrong.push(`${name} ${kind} as ${role}: rows changed`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it("a member beyond the plan's seats gets 403 on every route but the layout (which shows the seat screen)", async () => {
    const small = await createShop({ domain: "one-seat.myshopify.com" });
    await installTeam(small); // three members on Starter's single seat: the Admin and the Viewer hold none
    const layout = (await modules["./_admin.tsx"]()) as RouteModule;
    const data = (await layout.loader!({
      request: await requestAs("admin", small.domain, "/dashboard"),
      params: {},
      context: {},
    })) as { seat: { seats: number } | null };
    expect(data.seat).toMatchObject({ seats: 1 });
    const dashboard = (await modules["./_admin.dashboard.tsx"]()) as RouteModule;
    expect(await statusOf(dashboard.loader!, await requestAs("admin", small.domain, "/dashboard"), {})).toBe(403);
    expect(await statusOf(dashboard.loader!, await requestAs("owner", small.domain, "/dashboard"), {})).not.toBe(403);
  });

  it("test users are who the table says", () => {
    expect(Object.keys(TEAM_USERS)).toEqual(ROLES);
  });
});
