// Campaigns as the merchant runs them on /loyalty and through the API: create, edit, pause,
// resume, end early and delete (docs/decisions/081), each checked against the lifecycle in
// campaign-status.ts, written with one guarded update and audited. The points ledger is never
// touched: points a campaign already awarded stay.
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import type { HttpAnswerableError } from "~/platform/http.server";
import { listTiers, ensureProgram, type ShopRef } from "~/features/loyalty/ledger.server";
import { LoyaltyNotFound, ownTier } from "~/features/loyalty/program.server";
import { campaignDays } from "~/features/loyalty/campaign-window";
import {
  campaignActions,
  campaignStatus,
  canChangeCampaign,
  illegalCampaignChange,
  type CampaignAction,
  type CampaignStatus,
} from "~/features/loyalty/campaign-status";
import { campaignSchema, type ApiCampaignInput, type CampaignInput } from "~/features/loyalty/schema";

type Ctx = Actor & { shop: ShopRef };

/** 409: the change is not allowed from the campaign's status (or it changed meanwhile). */
export class CampaignConflict extends Error implements HttpAnswerableError {
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = "CampaignConflict";
  }
  responseBody(): Record<string, unknown> {
    return { error: this.message, code: "illegal_transition" };
  }
}

export type CampaignView = {
  id: string;
  name: string;
  description: string;
  type: string;
  multiplier: number;
  startsOn: string;
  endsOn: string;
  tierId: string | null;
  tierName: string | null;
  segment: string | null;
  collectionId: string | null;
  collectionTitle: string | null;
  stacking: string;
  status: CampaignStatus;
  /** The changes allowed now (the list offers these). */
  actions: CampaignAction[];
};

export async function listCampaigns(shop: ShopRef, now = new Date()): Promise<CampaignView[]> {
  const [rows, tiers, collections] = await Promise.all([
    prisma.loyaltyCampaign.findMany({ where: { shopId: shop.id }, orderBy: [{ startsAt: "desc" }, { id: "asc" }] }),
    listTiers(prisma, shop.id),
    prisma.collection.findMany({ where: { shopId: shop.id }, select: { id: true, title: true } }),
  ]);
  const names = new Map(tiers.map((t) => [t.id, t.name]));
  const titles = new Map(collections.map((c) => [c.id, c.title]));
  const today = dayInZone(now, shop.timezone);
  return rows.map((c) => {
    const { start, end } = campaignDays(c);
    const status = campaignStatus(c, today);
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      type: c.type,
      multiplier: c.multiplier,
      startsOn: start,
      endsOn: end,
      tierId: c.tierId,
      tierName: c.tierId ? (names.get(c.tierId) ?? null) : null,
      segment: c.segment,
      collectionId: c.collectionId,
      // A collection deleted in Shopify since: the campaign matches no line.
      collectionTitle: c.collectionId ? (titles.get(c.collectionId) ?? "Deleted collection") : null,
      stacking: c.stacking,
      status,
      actions: campaignActions(status),
    };
  });
}

async function viewOf(shop: ShopRef, id: string, now: Date): Promise<CampaignView> {
  const view = (await listCampaigns(shop, now)).find((c) => c.id === id);
  if (!view) throw new LoyaltyNotFound("Campaign");
  return view;
}

/** Every check of an input before the first write: its tier and collection must be this shop's. */
async function checkLimits(shop: ShopRef, input: CampaignInput) {
  if (input.tierId) await ownTier(shop, input.tierId);
  // The limits combine (decision 072): tier, segment and collection must all hold.
  if (
    input.collectionId &&
    !(await prisma.collection.findFirst({ where: { id: input.collectionId, shopId: shop.id }, select: { id: true } }))
  )
    throw new FieldError({ collectionId: ["Choose one of your store's collections"] });
}

/** The stored row of an input: its store days as the UTC dates of its bounds (campaign-window.ts). */
const rowOf = (input: CampaignInput) => ({
  name: input.name,
  description: input.description,
  type: input.type,
  multiplier: input.multiplier,
  startsAt: new Date(`${input.startsOn}T00:00:00.000Z`),
  endsAt: new Date(`${input.endsOn}T23:59:59.999Z`),
  tierId: input.tierId || null,
  segment: input.segment || null,
  collectionId: input.collectionId || null,
  stacking: input.stacking,
});

export async function createCampaign(ctx: Ctx, input: CampaignInput, now = new Date()): Promise<CampaignView> {
  const { shop } = ctx;
  // A refused campaign writes nothing, not even the program row.
  await checkLimits(shop, input);
  await ensureProgram(prisma, shop);
  const row = await prisma.loyaltyCampaign.create({ data: { shopId: shop.id, ...rowOf(input) } });
  const view = await viewOf(shop, row.id, now);
  await recordAudit(ctx, "loyalty.campaign.create", "LoyaltyCampaign", row.id, null, view);
  return view;
}

/**
 * A campaign from the documented API body (name, type, rules): the rules are checked by the
 * form's schema, and every refusal (the schema's or createCampaign's, such as another shop's
 * collection) is a FieldError named as the caller sent it, rules.* for a rule.
 */
export async function createApiCampaign(ctx: Ctx, body: ApiCampaignInput, now = new Date()): Promise<CampaignView> {
  const { rules, ...rest } = body;
  const ruleKeys = new Set([...Object.keys(rules), "multiplier", "startsOn", "endsOn"]);
  const named = (errors: Record<string, string[] | undefined>) =>
    Object.fromEntries(Object.entries(errors).map(([k, v]) => [ruleKeys.has(k) ? `rules.${k}` : k, v ?? []]));
  const parsed = campaignSchema.safeParse({ ...rest, ...rules });
  if (!parsed.success) throw new FieldError(named(fieldErrorsOf(parsed.error)));
  try {
    return await createCampaign(ctx, parsed.data, now);
  } catch (error) {
    if (error instanceof FieldError) throw new FieldError(named(error.fieldErrors));
    throw error;
  }
}

/** Reads the campaign and refuses a change its status does not allow (404 for another shop's). */
async function guard(shop: ShopRef, id: string, action: CampaignAction, now: Date) {
  const row = await prisma.loyaltyCampaign.findFirst({ where: { id, shopId: shop.id } });
  if (!row) throw new LoyaltyNotFound("Campaign");
  const status = campaignStatus(row, dayInZone(now, shop.timezone));
  if (!canChangeCampaign(status, action)) throw new CampaignConflict(illegalCampaignChange(row.name, status, action));
  // The update below applies only to the row as read: a change in between is a 409, not lost.
  const asRead = { id, shopId: shop.id, pausedAt: row.pausedAt, endedAt: row.endedAt, endsAt: row.endsAt };
  return { row, asRead };
}

async function applyGuarded(where: object, data: object, name: string) {
  const { count } = await prisma.loyaltyCampaign.updateMany({ where, data });
  if (count === 0) throw new CampaignConflict(`${name} changed meanwhile; reload and try again.`);
}

/** Edits every field (the same rules as creating one); an ended campaign is 409. */
export async function updateCampaign(ctx: Ctx, id: string, input: CampaignInput, now = new Date()) {
  const { shop } = ctx;
  const { row, asRead } = await guard(shop, id, "edit", now);
  await checkLimits(shop, input);
  const before = await viewOf(shop, id, now);
  await applyGuarded(asRead, rowOf(input), row.name);
  const after = await viewOf(shop, id, now);
  await recordAudit(ctx, "loyalty.campaign.edit", "LoyaltyCampaign", id, before, after);
  return after;
}

/** Pause, resume or end early. */
export async function changeCampaign(
  ctx: Ctx,
  id: string,
  action: "pause" | "resume" | "end",
  now = new Date(),
): Promise<CampaignView> {
  const { shop } = ctx;
  const { row, asRead } = await guard(shop, id, action, now);
  const before = await viewOf(shop, id, now);
  const data = action === "pause" ? { pausedAt: now } : action === "resume" ? { pausedAt: null } : { endedAt: now };
  await applyGuarded(asRead, data, row.name);
  const after = await viewOf(shop, id, now);
  await recordAudit(ctx, `loyalty.campaign.${action}`, "LoyaltyCampaign", id, before, after);
  return after;
}

/** Deletes the campaign; the ledger entries it gave are kept (they never name the campaign). */
export async function deleteCampaign(ctx: Ctx, id: string, now = new Date()): Promise<string> {
  const { shop } = ctx;
  const { row } = await guard(shop, id, "delete", now);
  const before = await viewOf(shop, id, now);
  await prisma.loyaltyCampaign.deleteMany({ where: { id, shopId: shop.id } });
  await recordAudit(ctx, "loyalty.campaign.delete", "LoyaltyCampaign", id, before, null);
  return row.name;
}
