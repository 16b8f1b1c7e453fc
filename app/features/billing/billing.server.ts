// Plans and Shopify billing: upgrading to Pro goes through the Billing API
// (recurring charge, 7-day trial, monthly or annual, isTest from the environment),
// the return URL and the app_subscriptions/update webhook store the outcome, and
// cancelling puts the shop back on Starter. The demo store switches plans locally.
import { prisma, type DbClient } from "~/db.server";
import { env } from "~/env.server";
import { BILLING_PLAN_KEYS } from "~/features/billing/billing-config.server";
import {
  BILLING_PLANS,
  PLANS,
  billingPlanKey,
  isBillingPlanKey,
  type BillingCycle,
  type PlanId,
} from "~/features/billing/plans";

type ShopRef = { id: string; domain: string; plan: string; trialEndsAt: Date | null };

/** The subset of the library's billing context this service uses (so tests can pass a recorded one). */
export type BillingApi = {
  request: (options: { plan: string; isTest: boolean; returnUrl: string; trialDays?: number }) => Promise<never>;
  check: (options: {
    plans: string[];
    isTest: boolean;
  }) => Promise<{ hasActivePayment: boolean; appSubscriptions: SubscriptionInfo[] }>;
  cancel: (options: { subscriptionId: string; isTest: boolean; prorate: boolean }) => Promise<unknown>;
};

export type SubscriptionInfo = {
  id: string;
  name: string;
  status: string;
  trialDays?: number;
  createdAt?: string;
  currentPeriodEnd?: string;
};

const DAY = 86_400_000;
const ENDED = new Set(["CANCELLED", "DECLINED", "EXPIRED", "FROZEN"]);

/** Trial days left for this shop: a shop that already used part of its trial does not get a new one. */
export function remainingTrialDays(shop: { trialEndsAt: Date | null }, now = new Date()): number {
  const full = PLANS.pro.trialDays;
  if (!shop.trialEndsAt) return full;
  return Math.max(0, Math.min(full, Math.ceil((shop.trialEndsAt.getTime() - now.getTime()) / DAY)));
}

export function billingReturnUrl(shopDomain: string): string {
  // Opened by Shopify after approval: the app inside the admin, at the return route.
  const store = shopDomain.replace(/\.myshopify\.com$/, "");
  return `https://admin.shopify.com/store/${store}/apps/${env.shopify?.apiKey ?? ""}/settings/billing/return`;
}

/** Sends the merchant to Shopify's approval page (throws the redirect). */
export async function requestUpgrade(shop: ShopRef, billing: BillingApi, cycle: BillingCycle): Promise<never> {
  const plan = billingPlanKey("pro", cycle)!;
  return billing.request({
    plan,
    isTest: env.billingTest,
    returnUrl: billingReturnUrl(shop.domain),
    trialDays: remainingTrialDays(shop),
  });
}

/**
 * Stores what Shopify says about a subscription. An active Pro subscription sets the
 * plan; an ended one that is the shop's current subscription puts it back on Starter;
 * an ended older subscription (replaced by a newer one) changes nothing.
 */
export async function applySubscription(db: DbClient, shopId: string, sub: SubscriptionInfo, now = new Date()) {
  if (!isBillingPlanKey(sub.name)) return { changed: false as const };
  const grant = BILLING_PLANS[sub.name];
  const current = await db.billingSubscription.findUnique({ where: { shopId } });
  const status = sub.status.toUpperCase();

  if (status === "ACTIVE" || status === "ACCEPTED") {
    const createdAt = sub.createdAt ? new Date(sub.createdAt) : now;
    const sameAsStored = current?.subscriptionId === sub.id;
    const trialDays = sub.trialDays ?? (sameAsStored ? null : PLANS[grant.planId].trialDays);
    const trialEndsAt =
      trialDays === null
        ? (current?.trialEndsAt ?? null)
        : trialDays > 0
          ? new Date(createdAt.getTime() + trialDays * DAY)
          : null;
    const data = {
      subscriptionId: sub.id,
      planKey: sub.name,
      interval: grant.cycle,
      status,
      trialEndsAt,
      currentPeriodEnd: sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd) : (current?.currentPeriodEnd ?? null),
    };
    await db.billingSubscription.upsert({ where: { shopId }, create: { shopId, ...data }, update: data });
    await db.shop.update({
      where: { id: shopId },
      data: { plan: grant.planId, ...(trialEndsAt ? { trialEndsAt } : {}) },
    });
    return { changed: true as const, plan: grant.planId };
  }

  if (ENDED.has(status)) {
    if (current && current.subscriptionId !== sub.id) return { changed: false as const };
    if (current) await db.billingSubscription.update({ where: { shopId }, data: { status } });
    await db.shop.update({ where: { id: shopId }, data: { plan: "starter" } });
    return { changed: true as const, plan: "starter" as PlanId };
  }

  // PENDING: approval not given yet; the stored plan stays as it is.
  if (!current || current.subscriptionId === sub.id) {
    const data = { subscriptionId: sub.id, planKey: sub.name, interval: grant.cycle, status };
    if (!current) await db.billingSubscription.create({ data: { shopId, ...data } });
    else await db.billingSubscription.update({ where: { shopId }, data: { status } });
  }
  return { changed: false as const };
}

/** After Shopify's approval page: reads the shop's subscriptions and stores the active one. */
export async function confirmSubscription(shop: ShopRef, billing: BillingApi) {
  const { appSubscriptions } = await billing.check({ plans: BILLING_PLAN_KEYS, isTest: env.billingTest });
  const active = appSubscriptions.find((s) => isBillingPlanKey(s.name) && s.status.toUpperCase() === "ACTIVE");
  if (!active) return { active: false as const };
  await applySubscription(prisma, shop.id, active);
  return { active: true as const, plan: BILLING_PLANS[active.name as keyof typeof BILLING_PLANS].planId };
}

/** Cancels the shop's subscription with Shopify and moves it to Starter. */
export async function cancelSubscription(shop: ShopRef, billing: BillingApi) {
  const current = await prisma.billingSubscription.findUnique({ where: { shopId: shop.id } });
  if (current && !ENDED.has(current.status)) {
    await billing.cancel({ subscriptionId: current.subscriptionId, isTest: env.billingTest, prorate: true });
    await applySubscription(prisma, shop.id, {
      id: current.subscriptionId,
      name: current.planKey,
      status: "CANCELLED",
    });
  } else {
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "starter" } });
  }
}

/** Demo store only: change the stored plan without any charge. */
export async function switchPlanLocally(shop: { id: string; isDemo?: boolean }, plan: PlanId) {
  return prisma.shop.update({ where: { id: shop.id }, data: { plan } });
}

export async function getBillingState(shopId: string) {
  return prisma.billingSubscription.findUnique({ where: { shopId } });
}

/** The shape of the app_subscriptions/update webhook's payload. */
export function subscriptionFromWebhook(payload: Record<string, unknown>): SubscriptionInfo | null {
  const sub = payload.app_subscription as Record<string, unknown> | undefined;
  if (
    !sub ||
    typeof sub.admin_graphql_api_id !== "string" ||
    typeof sub.name !== "string" ||
    typeof sub.status !== "string"
  )
    return null;
  return {
    id: sub.admin_graphql_api_id,
    name: sub.name,
    status: sub.status,
    createdAt: typeof sub.created_at === "string" ? sub.created_at : undefined,
  };
}
