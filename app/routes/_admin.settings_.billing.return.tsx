// Shopify sends the merchant here after the subscription approval page: confirm the
// subscription with the Billing API and store the plan, then open Plan & billing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/features/shop/index.server";
import { confirmSubscription, type BillingApi } from "~/features/billing/index.server";
import { shopify } from "~/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  if (ctx.demo) throw redirect("/settings?tab=plan");
  const { billing, redirect: adminRedirect } = await shopify().authenticate.admin(request);
  const result = await confirmSubscription(ctx.shop, billing as unknown as BillingApi);
  return adminRedirect(`/settings?tab=plan&billing=${result.active ? "approved" : "not-approved"}`);
}
