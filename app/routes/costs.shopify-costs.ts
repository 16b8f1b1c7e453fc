// POST /costs/shopify-costs: the "Cost per item in Shopify" card on /costs
// (docs/product/costs.md#cost-per-item-in-shopify, docs/decisions/091): choose the source of
// truth for product costs, preview / import / undo Shopify's costs, push the app's costs.
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { shopifyCostsSchema } from "~/features/profit";
import { shopifyCostsIntent } from "~/features/store-sync/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { action: "write" } satisfies RoutePermissions;

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, intent: "", fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = shopifyCostsSchema.safeParse(read.values);
  if (!parsed.success)
    return data({ ok: false, intent: "", fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const answer = await shopifyCostsIntent(ctx, { graphql: ctx.admin.graphql }, parsed.data);
  return data(answer.body, { status: answer.status });
});
