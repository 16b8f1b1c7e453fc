// The campaign screens' one action: save (create or edit), preview, start, pause, resume, end,
// delete a draft. Answers carry their HTTP status: 400 field errors, 404 another shop's
// campaign, 409 a transition the status does not allow; nothing is written on a refusal.
import { FieldError, fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { getJobQueue } from "~/platform/jobs/index.server";
import { CampaignError, changeStatus, createCampaign, deleteDraft, updateCampaign } from "./campaigns.server";
import { requestShopRun } from "./jobs.server";
import { previewMessage } from "./preview.server";
import { campaignSchemaFor } from "./schema";
import { smsConnected } from "./sms.server";

type Shop = { id: string; name: string; domain: string; timezone: string };

export type ActionAnswer = { status: number; body: Record<string, unknown>; redirectTo?: string };

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const refused = (fieldErrors: FieldErrors, status = 400): ActionAnswer => ({
  status,
  body: { ok: false, fieldErrors },
});

export async function campaignAction(
  shop: Shop,
  routeId: string | null,
  values: Record<string, string>,
): Promise<ActionAnswer> {
  const intent = values.intent;
  const id = routeId ?? values.id ?? null;
  if (id !== null && !ID.test(id)) return refused({ _form: ["Campaign not found"] }, 404);
  try {
    if (intent === "preview") {
      const p = await previewMessage(shop, {
        channel: values.channel,
        subject: values.subject ?? "",
        body: values.body ?? "",
        segment: values.segment || null,
        discountCode: (values.discountCode ?? "").slice(0, 255) || null,
        discountPercent: /^\d{1,3}$/.test(values.discountPercent ?? "") ? Number(values.discountPercent) : null,
      });
      return { status: p.ok ? 200 : 400, body: p };
    }
    if (intent === "save") {
      const parsed = campaignSchemaFor({ sms: await smsConnected(shop.id) }).safeParse(values);
      if (!parsed.success) return refused(fieldErrorsOf(parsed.error));
      if (id) {
        await updateCampaign(shop, id, parsed.data);
        return { status: 200, body: { ok: true, intent, id } };
      }
      const created = await createCampaign(shop, parsed.data);
      return {
        status: 200,
        body: { ok: true, intent, id: created.id },
        redirectTo: `/customers/campaigns/${created.id}`,
      };
    }
    if (!id) return refused({ _form: ["Choose a campaign"] });
    if (intent === "delete") {
      await deleteDraft(shop.id, id);
      return { status: 200, body: { ok: true, intent }, redirectTo: routeId ? "/customers/campaigns" : undefined };
    }
    if (intent === "start" || intent === "pause" || intent === "resume" || intent === "end") {
      const to = await changeStatus(shop, id, intent);
      // A campaign that became active is planned and sent at once, not at the next sweep.
      if (to === "active") await requestShopRun(getJobQueue(), shop.id);
      return { status: 200, body: { ok: true, intent, id } };
    }
    return refused({ intent: ["Unknown action"] });
  } catch (error) {
    if (error instanceof FieldError) return refused(error.fieldErrors);
    if (error instanceof CampaignError) return refused({ _form: [error.message] }, error.status);
    throw error;
  }
}
