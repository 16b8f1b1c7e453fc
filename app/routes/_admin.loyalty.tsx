// /loyalty: the loyalty program (app/features/loyalty, docs/decisions/056): settings, tiers
// with a dry-run preview, campaigns, and figures from the points ledger.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dayInZone } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import {
  LoyaltyScreen,
  NOTICES,
  adjustSchema,
  campaignSchema,
  redeemSchema,
  redemptionRateSchema,
  settingsSchema,
  tierSchema,
  type LoyaltyActionResult,
} from "~/features/loyalty";
import {
  adjustPoints,
  changeTier,
  createCampaign,
  customerByEmail,
  listRedemptions,
  redeemPoints,
  getAnalytics,
  getOverview,
  getSettings,
  listCampaigns,
  previewTierChange,
  saveRedemptionRate,
  saveSettings,
  tiersWithMembers,
  type TierChange,
} from "~/features/loyalty/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { listCollections } from "~/features/store-sync/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Loyalty · Profit Pilot" }];

const TABS = ["overview", "tiers", "campaigns", "analytics"] as const;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, demo } = await requireAdmin(request, permissions.loader);
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as (typeof TABS)[number]) : "overview";
  const [overview, settings, tiers, campaigns, collections, analytics, redemptions] = await Promise.all([
    getOverview(shop),
    getSettings(shop),
    tiersWithMembers(shop),
    listCampaigns(shop),
    listCollections(shop.id),
    tab === "analytics" ? getAnalytics(shop) : null,
    tab === "overview" ? listRedemptions(shop) : [],
  ]);
  return {
    tab,
    embedded: !demo,
    currency: shop.currency,
    today: dayInZone(new Date(), shop.timezone),
    overview,
    settings,
    tiers,
    campaigns,
    collections: collections.map((c) => ({ id: c.id, title: c.title })),
    analytics,
    redemptions,
  };
}

const INTENTS = [
  "saveSettings",
  "saveRedemptionRate",
  "previewTier",
  "addTier",
  "editTier",
  "deleteTier",
  "createCampaign",
  "redeem",
  "adjust",
] as const;

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  const values = read.ok ? read.values : {};
  const intent = (INTENTS as readonly string[]).includes(values.intent ?? "") ? (values.intent as string) : "";
  const answer = (status: number, fieldErrors: FieldErrors) =>
    data<LoyaltyActionResult>({ ok: false, intent, fieldErrors }, { status });
  if (!read.ok) return answer(400, read.fieldErrors);
  if (!intent) return answer(400, { intent: ["Unknown action"] });
  const id = values.id ?? "";
  const mode = intent === "previewTier" ? values.mode : intent.replace("Tier", "");
  if ((mode === "edit" || mode === "delete") && !ID.test(id)) return answer(404, { _form: ["Tier not found"] });
  try {
    if (intent === "saveSettings") {
      const parsed = settingsSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      await saveSettings(ctx, parsed.data);
      return { ok: true, intent, notice: NOTICES.settingsSaved() } satisfies LoyaltyActionResult;
    }
    if (intent === "saveRedemptionRate") {
      const parsed = redemptionRateSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      await saveRedemptionRate(ctx, parsed.data);
      return { ok: true, intent, notice: NOTICES.settingsSaved() } satisfies LoyaltyActionResult;
    }
    if (intent === "createCampaign") {
      const parsed = campaignSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      await createCampaign(ctx, parsed.data);
      return { ok: true, intent, notice: NOTICES.campaignCreated() } satisfies LoyaltyActionResult;
    }
    if (intent === "redeem") {
      const parsed = redeemSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      const customerId = await customerByEmail(ctx.shop, parsed.data.email);
      // A connected store creates the code in Shopify; the demo issues it locally.
      const r = await redeemPoints(
        ctx,
        { customerId, points: parsed.data.points },
        ctx.demo ? null : ctx.admin.graphql,
      );
      const notice = NOTICES.codeCreated(r.code, formatMoney(r.valueMinor, ctx.shop.currency));
      return { ok: true, intent, notice } satisfies LoyaltyActionResult;
    }
    if (intent === "adjust") {
      const parsed = adjustSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      const customerId = await customerByEmail(ctx.shop, parsed.data.email);
      await adjustPoints(ctx, { customerId, points: parsed.data.points, reason: parsed.data.reason });
      return { ok: true, intent, notice: NOTICES.pointsAdjusted(parsed.data.points) } satisfies LoyaltyActionResult;
    }
    let change: TierChange;
    if (mode === "delete") change = { kind: "delete", id };
    else {
      const parsed = tierSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      if (mode === "add") change = { kind: "add", input: parsed.data };
      else if (mode === "edit") change = { kind: "edit", id, input: parsed.data };
      else return answer(400, { mode: ["Preview an add, edit or delete"] });
    }
    if (intent === "previewTier")
      return { ok: true, intent, preview: await previewTierChange(ctx.shop, change) } satisfies LoyaltyActionResult;
    const { name } = await changeTier(ctx, change);
    const notice =
      change.kind === "add"
        ? NOTICES.tierCreated(name)
        : change.kind === "edit"
          ? NOTICES.tierUpdated(name)
          : NOTICES.tierDeleted(name);
    return { ok: true, intent, notice } satisfies LoyaltyActionResult;
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    const status = error instanceof Error ? (error as { status?: number }).status : undefined;
    if (status === 404 || status === 502) return answer(status, { _form: [(error as Error).message] });
    throw error;
  }
});

export default function Loyalty() {
  const d = useLoaderData<typeof loader>();
  return (
    <LoyaltyScreen
      tab={d.tab}
      embedded={d.embedded}
      currency={d.currency}
      today={d.today}
      overview={d.overview}
      settings={d.settings}
      tiers={d.tiers}
      campaigns={d.campaigns}
      collections={d.collections}
      analytics={d.analytics}
      redemptions={d.redemptions}
    />
  );
}
