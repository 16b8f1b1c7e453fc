// POST /loyalty/campaigns/:campaignId: the Campaigns tab's changes to one campaign, by intent:
// edit (the create form's fields), pause, resume, end (early) and delete (docs/decisions/081).
// 400 with field errors; 403 for a Viewer (answered, decision 079); 404 for another shop's or
// an unknown campaign; 409 for a change its status does not allow. The ledger is never touched.
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { campaignSchema, NOTICES, type LoyaltyActionResult } from "~/features/loyalty";
import {
  CampaignConflict,
  changeCampaign,
  deleteCampaign,
  LoyaltyNotFound,
  updateCampaign,
} from "~/features/loyalty/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { action: "write" } satisfies RoutePermissions;

const INTENTS = ["edit", "pause", "resume", "end", "delete"] as const;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

export const action = answeringRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  const values = read.ok ? read.values : {};
  const intent = (INTENTS as readonly string[]).includes(values.intent ?? "")
    ? (values.intent as (typeof INTENTS)[number])
    : null;
  const answer = (status: number, fieldErrors: FieldErrors) =>
    data<LoyaltyActionResult>({ ok: false, intent: intent ?? "", fieldErrors }, { status });
  if (!read.ok) return answer(400, read.fieldErrors);
  if (!intent) return answer(400, { intent: ["Choose edit, pause, resume, end or delete"] });
  const id = params.campaignId ?? "";
  if (!ID.test(id)) return answer(404, { _form: ["Campaign not found"] });
  try {
    if (intent === "delete") {
      const name = await deleteCampaign(ctx, id);
      return { ok: true, intent, notice: NOTICES.campaignChanged(name, "delete") } satisfies LoyaltyActionResult;
    }
    if (intent === "edit") {
      const parsed = campaignSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      const view = await updateCampaign(ctx, id, parsed.data);
      return { ok: true, intent, notice: NOTICES.campaignChanged(view.name, "edit") } satisfies LoyaltyActionResult;
    }
    const view = await changeCampaign(ctx, id, intent);
    return { ok: true, intent, notice: NOTICES.campaignChanged(view.name, intent) } satisfies LoyaltyActionResult;
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    if (error instanceof LoyaltyNotFound) return answer(404, { _form: [error.message] });
    if (error instanceof CampaignConflict) return answer(409, { _form: [error.message] });
    throw error;
  }
});
