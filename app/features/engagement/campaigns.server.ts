// Campaigns: create, edit, the status transitions (a guarded update per transition, 409 when the
// stored status does not allow it) and deleting a draft. Every query carries the shop.
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";
import { canTransition, EDITABLE, statusOf, TRANSITIONS, type Transition } from "./status";
import type { CampaignInput } from "./schema";
import { instantToLocal, localToInstant } from "./zone";

export class CampaignError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
    this.name = "CampaignError";
  }
}

type Shop = { id: string; timezone: string };

const notFound = () => new CampaignError("Campaign not found", 404);

/** Customers who may receive marketing e-mail: subscribed, with an address, not deleted or redacted. */
export const MARKETABLE = { acceptsMarketing: true, email: { not: null }, deletedAt: null, redactedAt: null } as const;
/** Customers who may receive marketing SMS: Shopify's SMS consent subscribed, with a phone number. */
export const SMS_MARKETABLE = { smsMarketing: true, phone: { not: null }, deletedAt: null, redactedAt: null } as const;

/** The consent filter of a campaign's channel. */
export const marketable = (channel: string) => (channel === "sms" ? SMS_MARKETABLE : MARKETABLE);

async function fields(shop: Shop, input: CampaignInput, now: Date) {
  const scheduledAt =
    input.audience === "segment" && input.scheduledAt ? localToInstant(input.scheduledAt, shop.timezone) : null;
  if (scheduledAt && scheduledAt.getTime() <= now.getTime())
    throw new FieldError({ scheduledAt: ["Choose a time in the future"] });
  if (input.audience === "segment") {
    const reachable = await prisma.customerScore.count({
      where: { shopId: shop.id, segment: input.segment, customer: marketable(input.channel) },
    });
    if (reachable === 0)
      throw new FieldError({
        segment: [
          `No customer in this segment is subscribed to ${input.channel === "sms" ? "SMS" : "e-mail"} marketing`,
        ],
      });
  }
  return {
    name: input.name,
    channel: input.channel,
    audience: input.audience,
    segment: input.audience === "segment" ? input.segment! : null,
    scheduledAt,
    delayDays: input.audience === "post_purchase" || input.audience === "points_expiring" ? input.delayDays! : null,
    delayHours: input.audience === "abandoned_checkout" ? input.delayHours! : null,
    discountCode: input.discountCode ?? null,
    discountPercent: input.discountPercent ?? null,
    subject: input.channel === "sms" ? "" : (input.subject ?? ""),
    body: input.body,
    holdoutPercent: input.holdoutPercent,
    frequencyCapHours: input.frequencyCapHours,
    quietStartHour: input.quietStartHour,
    quietEndHour: input.quietEndHour,
  };
}

export async function createCampaign(shop: Shop, input: CampaignInput, now = new Date()) {
  return prisma.engagementCampaign.create({
    data: { shopId: shop.id, status: "draft", ...(await fields(shop, input, now)) },
    select: { id: true },
  });
}

export async function getCampaign(shopId: string, id: string) {
  const row = await prisma.engagementCampaign.findFirst({ where: { id, shopId } });
  if (!row) throw notFound();
  return row;
}

/** The form's values for a stored campaign (the schedule in the shop's zone). */
export async function campaignForm(shop: Shop, id: string) {
  const c = await getCampaign(shop.id, id);
  return {
    id: c.id,
    status: statusOf(c.status),
    values: {
      name: c.name,
      channel: c.channel,
      audience: c.audience,
      segment: c.segment ?? "",
      scheduledAt: c.scheduledAt ? instantToLocal(c.scheduledAt, shop.timezone) : "",
      delayDays: c.delayDays === null ? "" : String(c.delayDays),
      delayHours: c.delayHours === null ? "" : String(c.delayHours),
      discountCode: c.discountCode ?? "",
      discountPercent: c.discountPercent === null ? "" : String(c.discountPercent),
      subject: c.subject,
      body: c.body,
      holdoutPercent: String(c.holdoutPercent),
      frequencyCapHours: String(c.frequencyCapHours),
      quietStartHour: String(c.quietStartHour),
      quietEndHour: String(c.quietEndHour),
    },
  };
}

export async function updateCampaign(shop: Shop, id: string, input: CampaignInput, now = new Date()) {
  const data = await fields(shop, input, now);
  const { count } = await prisma.engagementCampaign.updateMany({
    where: { id, shopId: shop.id, status: { in: [...EDITABLE] } },
    data,
  });
  if (count === 1) return;
  const found = await prisma.engagementCampaign.findFirst({ where: { id, shopId: shop.id }, select: { status: true } });
  if (!found) throw notFound();
  throw new CampaignError(`A ${statusOf(found.status)} campaign cannot be edited; pause it first`, 409);
}

/**
 * Start (a one-off is scheduled, a triggered flow becomes active), pause, resume, end. The
 * update is guarded by the statuses the transition allows, so two clicks never both apply.
 */
export async function changeStatus(
  shop: Shop,
  id: string,
  intent: "start" | Transition,
  now = new Date(),
): Promise<string> {
  const found = await prisma.engagementCampaign.findFirst({
    where: { id, shopId: shop.id },
    select: { status: true, audience: true, scheduledAt: true, activatedAt: true },
  });
  if (!found) throw notFound();
  const transition: Transition = intent === "start" ? (found.audience === "segment" ? "schedule" : "activate") : intent;
  if (!canTransition(found.status, transition))
    throw new CampaignError(`A ${statusOf(found.status)} campaign cannot be ${verb(transition)}`, 409);
  if (transition === "schedule" && found.scheduledAt && found.scheduledAt <= now)
    throw new FieldError({ scheduledAt: ["The scheduled time has passed; choose a time in the future"] });
  const rule = TRANSITIONS[transition];
  const to = rule.to;
  const { count } = await prisma.engagementCampaign.updateMany({
    where: { id, shopId: shop.id, status: { in: [...rule.from] } },
    data: {
      status: to,
      ...(to === "active" && !found.activatedAt ? { activatedAt: now } : {}),
      ...(to === "completed" ? { completedAt: now } : {}),
    },
  });
  if (count !== 1) throw new CampaignError("The campaign changed meanwhile; reload and try again", 409);
  if (to === "completed")
    // Nothing queued goes out after the end (a paused campaign's queue waits: delivery only
    // takes sends of active campaigns).
    await prisma.engagementSend.updateMany({
      where: { shopId: shop.id, campaignId: id, status: "pending" },
      data: { status: "skipped", skipReason: "campaign_ended" },
    });
  return to;
}

function verb(t: Transition): string {
  return { schedule: "scheduled", activate: "started", pause: "paused", resume: "resumed", end: "ended" }[t];
}

/** Only a draft may be deleted (a sent campaign keeps its measurements). */
export async function deleteDraft(shopId: string, id: string) {
  const { count } = await prisma.engagementCampaign.deleteMany({ where: { id, shopId, status: "draft" } });
  if (count === 1) return;
  const found = await prisma.engagementCampaign.findFirst({ where: { id, shopId }, select: { status: true } });
  if (!found) throw notFound();
  throw new CampaignError("Only a draft can be deleted; end the campaign instead", 409);
}
