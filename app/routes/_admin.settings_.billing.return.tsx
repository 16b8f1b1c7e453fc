// Shopify sends the merchant here after the subscription approval page: confirm the
// subscription with the Billing API and store the plan, then open Plan & billing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { confirmSubscription, type BillingApi } from "~/features/billing/index.server";

export const permissions = { loader: "manageBilling" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.loader);
  if (ctx.demo) throw redirect("/settings?tab=plan");
  const result = await confirmSubscription(ctx.shop, ctx.billing as unknown as BillingApi);
  return ctx.redirect(`/settings?tab=plan&billing=${result.active ? "approved" : "not-approved"}`);
}
