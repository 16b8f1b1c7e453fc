// Settings → Plan & billing: what the tab shows (plan, trial, subscription, days in the shop's
// zone) and its form posts: in the demo, switch the plan locally; otherwise upgrade (Shopify's
// approval page) or cancel the subscription. Each change goes to the audit log.
import { data } from "@remix-run/node";
import { formatInstant } from "~/lib/dates";
import { describeError } from "~/lib/log-safe";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import {
  cancelSubscription,
  getBillingState,
  requestUpgrade,
  switchPlanLocally,
  type BillingApi,
} from "./billing.server";
import { PLANS, PLAN_ORDER, planFor, type PlanId } from "./plans";

/** The Plan & billing tab's figures for `shop`. */
export async function planView(shop: { id: string; plan: string; timezone: string; trialEndsAt: Date | null }) {
  const subscription = await getBillingState(shop.id);
  const day = (instant: Date) => formatInstant(instant, shop.timezone, "date");
  return {
    plan: planFor(shop.plan).id,
    trialEndsOn: shop.trialEndsAt && shop.trialEndsAt.getTime() > Date.now() ? day(shop.trialEndsAt) : null,
    subscription: subscription && {
      status: subscription.status,
      interval: subscription.interval,
      currentPeriodEndsOn: subscription.currentPeriodEnd ? day(subscription.currentPeriodEnd) : null,
    },
  };
}

export type PlanActionResult = { ok: boolean; message: string };

type PlanActor = Actor & {
  shop: { id: string; plan: string; domain: string; trialEndsAt: Date | null };
  demo: boolean;
  billing: unknown;
};

const answer = (body: PlanActionResult, status = 200) => data<PlanActionResult>(body, { status });

/** The answer to a plan post; the upgrade throws the redirect to Shopify's approval page. */
export async function planAction(ctx: PlanActor, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (ctx.demo) {
    const target = String(form.get("plan") ?? "");
    if (intent !== "switch" || !(PLAN_ORDER as string[]).includes(target))
      return answer({ ok: false, message: "Choose a plan." }, 400);
    await switchPlanLocally(ctx.shop, target as PlanId);
    await recordAudit(ctx, "billing.plan.change", "Shop", ctx.shop.id, { plan: ctx.shop.plan }, { plan: target });
    return answer({ ok: true, message: `Demo store switched to ${PLANS[target as PlanId].name}. No charge was made.` });
  }
  const api = ctx.billing as BillingApi;
  try {
    if (intent === "upgrade") {
      const cycle = form.get("cycle") === "annual" ? "annual" : "monthly";
      return await requestUpgrade(ctx.shop, api, cycle);
    }
    if (intent === "cancel") {
      await cancelSubscription(ctx.shop, api);
      await recordAudit(ctx, "billing.plan.cancel", "Shop", ctx.shop.id, { plan: ctx.shop.plan }, { plan: "starter" });
      return answer({ ok: true, message: "Your subscription is cancelled. The store is now on the Starter plan." });
    }
  } catch (error) {
    // The redirect to Shopify's approval page, or Shopify's own answer, passes through.
    if (error instanceof Response) throw error;
    console.error(`[billing] ${intent} failed: ${describeError(error)}`);
    return answer(
      { ok: false, message: "Shopify's billing did not answer. Nothing was changed; please try again in a moment." },
      502,
    );
  }
  return answer({ ok: false, message: "Unknown action." }, 400);
}
