// Billing for real through the library: upgrading calls the Billing API (recorded
// Admin API answers), the return route stores the approved plan, cancelling goes
// back to Starter, and app_subscriptions/update keeps the stored plan in step.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession, webhookRequest } from "~tests/shopify";
import { jsonResponse, stubAdminApi } from "~tests/shopify-admin";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_admin.settings";
import { loader as returnLoader } from "~/routes/_admin.settings_.billing.return";
import { action as subscriptionWebhook } from "~/routes/webhooks.app_subscriptions.update";
import { applySubscription, remainingTrialDays } from "~/features/billing/billing.server";

const args = (request: Request) => ({ request, params: {}, context: {} });
let stub: ReturnType<typeof stubAdminApi> | null = null;
afterEach(() => stub?.restore());

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
    throw new Error("expected a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function subscription(overrides: Record<string, unknown> = {}) {
  return {
    id: "gid://shopify/AppSubscription/1001",
    name: "Pro Monthly",
    test: true,
    status: "ACTIVE",
    trialDays: 7,
    createdAt: "2026-11-20T10:00:00Z",
    currentPeriodEnd: "2026-12-27T10:00:00Z",
    returnUrl: "https://admin.shopify.com/",
    lineItems: [],
    ...overrides,
  };
}

let domain: string;
let shopId: string;
beforeEach(async () => {
  const shop = await createShop();
  domain = shop.domain;
  shopId = shop.id;
  await installSession(domain);
});

describe("upgrading to Pro", () => {
  it("asks Shopify for a recurring charge with the 7-day trial, the plan's price and isTest from the environment", async () => {
    const bodies: { query: string; variables: Record<string, unknown> }[] = [];
    stub = stubAdminApi(async (request) => {
      const body = await request.json();
      bodies.push(body);
      if (String(body.query).includes("appSubscriptionCreate"))
        return jsonResponse({
          data: {
            appSubscriptionCreate: {
              appSubscription: { id: "gid://shopify/AppSubscription/1001" },
              confirmationUrl: "https://admin.shopify.com/charges/confirm/1001",
              userErrors: [],
            },
          },
        });
    });
    const form = new FormData();
    form.set("intent", "upgrade");
    form.set("cycle", "annual");
    const response = await thrown(
      settingsAction(args(await bearerRequest(domain, "/settings?tab=plan", { method: "POST", body: form }))),
    );
    // A fetch from the embedded app is told where to go (App Bridge follows the header).
    expect(response.status).toBe(401);
    expect(response.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url")).toBe(
      "https://admin.shopify.com/charges/confirm/1001",
    );
    const create = bodies.find((b) => b.query.includes("appSubscriptionCreate"))!;
    expect(create.variables).toMatchObject({ name: "Pro Annual", trialDays: 7, test: true });
    expect(JSON.stringify(create.variables.lineItems)).toContain('"amount":470');
    expect(JSON.stringify(create.variables.lineItems)).toContain('"interval":"ANNUAL"');
    expect(String(create.variables.returnUrl)).toMatch(/\/settings\/billing\/return$/);
    // Nothing changes until Shopify confirms.
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("starter");
  });

  it("gives a returning shop only what is left of its trial", () => {
    const now = new Date("2026-11-21T00:00:00Z");
    expect(remainingTrialDays({ trialEndsAt: null }, now)).toBe(7);
    expect(remainingTrialDays({ trialEndsAt: new Date("2026-11-23T12:00:00Z") }, now)).toBe(3);
    expect(remainingTrialDays({ trialEndsAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe(0);
  });

  it("stores the approved plan and trial end on the return URL, then cancelling goes back to Starter", async () => {
    stub = stubAdminApi(async (request) => {
      const body = await request.json();
      if (String(body.query).includes("currentAppInstallation"))
        return jsonResponse({
          data: {
            currentAppInstallation: {
              activeSubscriptions: [subscription()],
              oneTimePurchases: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
            },
          },
        });
      if (String(body.query).includes("appSubscriptionCancel"))
        return jsonResponse({
          data: { appSubscriptionCancel: { appSubscription: subscription({ status: "CANCELLED" }), userErrors: [] } },
        });
    });
    const back = await thrown(returnLoader(args(await bearerRequest(domain, "/settings/billing/return"))));
    expect(back.status).toBeLessThan(400);
    let shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    expect(shop.plan).toBe("pro");
    expect(shop.trialEndsAt?.toISOString()).toBe("2026-11-27T10:00:00.000Z");

    const loaded = await settingsLoader(args(await bearerRequest(domain, "/settings?tab=plan")));
    expect(loaded.plan).toBe("pro");
    expect(loaded.subscription?.status).toBe("ACTIVE");

    const form = new FormData();
    form.set("intent", "cancel");
    const result = (await settingsAction(
      args(await bearerRequest(domain, "/settings?tab=plan", { method: "POST", body: form })),
    )) as { data: { ok: boolean } };
    expect(result.data.ok).toBe(true);
    expect(stub.requests.some((r) => r.method === "POST")).toBe(true);
    shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    expect(shop.plan).toBe("starter");
  });
});

describe("app_subscriptions/update", () => {
  const payload = (status: string, id = "gid://shopify/AppSubscription/2002", name = "Pro Monthly") => ({
    app_subscription: {
      admin_graphql_api_id: id,
      name,
      status,
      admin_graphql_api_shop_id: "gid://shopify/Shop/1",
      created_at: "2026-11-20T10:00:00Z",
      updated_at: "2026-11-20T10:00:00Z",
    },
  });

  it("sets Pro when a subscription becomes active and Starter when it is cancelled, once per delivery", async () => {
    expect(
      (
        await subscriptionWebhook(
          args(webhookRequest("app_subscriptions/update", domain, payload("ACTIVE"), { webhookId: "w1" })),
        )
      ).status,
    ).toBe(200);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("pro");

    await subscriptionWebhook(
      args(webhookRequest("app_subscriptions/update", domain, payload("CANCELLED"), { webhookId: "w2" })),
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("starter");

    // The same delivery again changes nothing.
    await subscriptionWebhook(
      args(webhookRequest("app_subscriptions/update", domain, payload("ACTIVE"), { webhookId: "w1" })),
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("starter");
  });

  it("ignores the cancellation of an older subscription that a newer one replaced", async () => {
    await subscriptionWebhook(
      args(
        webhookRequest(
          "app_subscriptions/update",
          domain,
          payload("ACTIVE", "gid://shopify/AppSubscription/3", "Pro Annual"),
          { webhookId: "n1" },
        ),
      ),
    );
    await subscriptionWebhook(
      args(
        webhookRequest("app_subscriptions/update", domain, payload("CANCELLED", "gid://shopify/AppSubscription/2"), {
          webhookId: "n2",
        }),
      ),
    );
    const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    expect(shop.plan).toBe("pro");
    expect((await prisma.billingSubscription.findUniqueOrThrow({ where: { shopId } })).interval).toBe("annual");
  });

  it("rejects a delivery with a bad signature", async () => {
    const response = await thrown(
      subscriptionWebhook(
        args(webhookRequest("app_subscriptions/update", domain, payload("ACTIVE"), { secret: "wrong" })),
      ),
    );
    expect(response.status).toBe(401);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("starter");
  });

  it("leaves the plan alone for a subscription the app does not sell or one still pending", async () => {
    expect(
      (await applySubscription(prisma, shopId, { id: "x", name: "Something Else", status: "ACTIVE" })).changed,
    ).toBe(false);
    expect((await applySubscription(prisma, shopId, { id: "y", name: "Pro Monthly", status: "PENDING" })).changed).toBe(
      false,
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("starter");
  });
});
