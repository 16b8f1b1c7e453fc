// POST /api/loyalty/campaigns: create a loyalty campaign for the authenticated shop, with the
// documented body (admin-and-public.md §7: name, type, rules). 201 with the campaign;
// 400 with field errors (also an unknown or another shop's rules.collectionId, decision 072);
// 404 for another shop's tier.
import type { ActionFunctionArgs } from "@remix-run/node";
import { badRequest, json, methodNotAllowed, readJson } from "~/platform/http.server";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import { apiCampaignSchema } from "~/features/loyalty";
import { createApiCampaign, LoyaltyNotFound } from "~/features/loyalty/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { action: "write" } satisfies RoutePermissions;

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const read = await readJson(request);
  if (!read.ok) return read.response;
  const unstorable = unstorableText(read.body);
  if (Object.keys(unstorable).length) return badRequest(unstorable);
  const outer = apiCampaignSchema.safeParse(read.body);
  if (!outer.success) return badRequest(fieldErrorsOf(outer.error));
  try {
    const campaign = await createApiCampaign(ctx, outer.data);
    return json({ campaign }, { status: 201 });
  } catch (error) {
    // Schema and rule errors (an unknown or another shop's collection) come named as sent, rules.* for a rule.
    if (error instanceof FieldError) return badRequest(error.fieldErrors);
    if (error instanceof LoyaltyNotFound) return json({ error: "Not found" }, { status: 404 });
    throw error;
  }
}
