// The campaign figures the list, the dashboard card and GET /api/customer-engagement share.
// Rates are fractions of the delivered messages; recovery rate and conversions count from the
// trigger event (intent to treat: a treated recipient skipped for ordering first still counts);
// the lift compares the treated with the hold-out (lift.ts).
import type { Expression, SqlBool } from "kysely";
import { prisma, sql, sqlOn } from "~/db.server";
import { computeLift, type Group } from "./lift";
import { statusOf } from "./status";
import type { CampaignFigures, RecipientError } from "./types";

export type { CampaignFigures };

/** The squared revenue, widened first: PostgreSQL's integer product would overflow past ~$460. */
const REVENUE_SQ = sql<number>`CAST("revenueMinor" AS BIGINT) * "revenueMinor"`;

const emptyGroup = (): Group => ({ n: 0, conversions: 0, revenueMinor: 0, revenueSqMinor: 0 });
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

export async function campaignFigures(shopId: string, onlyId?: string): Promise<CampaignFigures[]> {
  const campaigns = await prisma.engagementCampaign.findMany({
    where: { shopId, ...(onlyId ? { id: onlyId } : {}) },
    orderBy: { createdAt: "desc" },
  });
  if (!campaigns.length) return [];
  // One aggregate over the send rows, per campaign and group (treated or held out): the card
  // and the list never read the rows themselves.
  const rows = await sqlOn(prisma)
    .selectFrom("EngagementSend")
    .where("shopId", "=", shopId)
    .where(
      "campaignId",
      "in",
      campaigns.map((c) => c.id),
    )
    // Not recipients: still pending, lost consent before the send, or the campaign ended first.
    .where("status", "!=", "pending")
    .where((eb) => eb.or([eb("skipReason", "is", null), eb("skipReason", "not in", ["no_consent", "campaign_ended"])]))
    .select((eb) => {
      const count = (on: Expression<SqlBool>) => eb.fn.sum<number>(eb.case().when(on).then(1).else(0).end());
      const converted = eb("convertedAt", "is not", null);
      return [
        "campaignId",
        "holdout",
        eb.fn.countAll<number>().as("n"),
        count(converted).as("conversions"),
        eb.fn.sum<number>(eb.case().when(converted).then(eb.ref("revenueMinor")).else(0).end()).as("revenue"),
        eb.fn.sum<number>(eb.case().when(converted).then(REVENUE_SQ).else(0).end()).as("revenueSq"),
        count(eb("sentAt", "is not", null)).as("sent"),
        // An SMS is delivered when Twilio reported it so (status callback), an e-mail when the server took it.
        count(
          eb.and([
            eb("status", "=", "sent"),
            eb.or([eb("providerMessageId", "is", null), eb("deliveryStatus", "=", "delivered")]),
          ]),
        ).as("delivered"),
        count(eb("openedAt", "is not", null)).as("opened"),
        count(eb("clickedAt", "is not", null)).as("clicked"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("status", "=", "sent"), converted]))
              .then(eb.ref("revenueMinor"))
              .else(0)
              .end(),
          )
          .as("attributed"),
      ];
    })
    .groupBy(["campaignId", "holdout"])
    .execute();
  type Acc = {
    treated: Group;
    held: Group;
    sent: number;
    delivered: number;
    opened: number;
    clicked: number;
    attributed: number;
  };
  const acc = new Map<string, Acc>();
  for (const r of rows) {
    const a = acc.get(r.campaignId) ?? {
      treated: emptyGroup(),
      held: emptyGroup(),
      sent: 0,
      delivered: 0,
      opened: 0,
      clicked: 0,
      attributed: 0,
    };
    acc.set(r.campaignId, a);
    const g = Number(r.holdout) ? a.held : a.treated;
    g.n += Number(r.n);
    g.conversions += Number(r.conversions);
    g.revenueMinor += Number(r.revenue);
    g.revenueSqMinor += Number(r.revenueSq);
    a.sent += Number(r.sent);
    a.delivered += Number(r.delivered);
    a.opened += Number(r.opened);
    a.clicked += Number(r.clicked);
    a.attributed += Number(r.attributed);
  }
  return campaigns.map((c) => {
    const a = acc.get(c.id);
    const treated = a?.treated ?? emptyGroup();
    const held = a?.held ?? emptyGroup();
    return {
      id: c.id,
      name: c.name,
      type: c.channel,
      status: statusOf(c.status),
      audience: c.audience,
      segment: c.segment,
      delayDays: c.delayDays,
      delayHours: c.delayHours,
      scheduledAt: c.scheduledAt?.toISOString() ?? null,
      recipients: treated.n + held.n,
      holdout: held.n,
      sent: a?.sent ?? 0,
      delivered: a?.delivered ?? 0,
      opened: a?.opened ?? 0,
      clicked: a?.clicked ?? 0,
      openRate: ratio(a?.opened ?? 0, a?.delivered ?? 0),
      clickRate: ratio(a?.clicked ?? 0, a?.delivered ?? 0),
      recoveryRate: ratio(treated.conversions, treated.n),
      attributedRevenueMinor: a?.attributed ?? 0,
      lift: computeLift(treated, held),
    };
  });
}

/** The dashboard card's and the API's summary: the campaigns with the spec's fields and totals. */
export async function engagementSummary(shopId: string) {
  const figures = await campaignFigures(shopId);
  const active = figures.filter((f) => f.status === "active" || f.status === "scheduled").length;
  const sent = figures.reduce((s, f) => s + f.sent, 0);
  const delivered = figures.reduce((s, f) => s + f.delivered, 0);
  const opened = figures.reduce((s, f) => s + f.opened, 0);
  const clicked = figures.reduce((s, f) => s + f.clicked, 0);
  return {
    campaigns: figures,
    totals: {
      campaigns: figures.length,
      active,
      sent,
      openRate: ratio(opened, delivered),
      clickRate: ratio(clicked, delivered),
      attributedRevenueMinor: figures.reduce((s, f) => s + f.attributedRevenueMinor, 0),
      incrementalRevenueMinor: figures.reduce((s, f) => s + (f.lift.enough ? f.lift.incrementalRevenueMinor : 0), 0),
    },
  };
}

/**
 * The recipients whose message the provider refused (Twilio's code and text, numbers masked),
 * newest first: shown on the campaign so the merchant sees who was not reached and why.
 */
export async function recipientErrors(shopId: string, campaignId: string, limit = 50): Promise<RecipientError[]> {
  const rows = await prisma.engagementSend.findMany({
    where: { shopId, campaignId, status: "failed", error: { not: null } },
    orderBy: { sentAt: "desc" },
    take: limit,
    select: { customerId: true, error: true, sentAt: true },
  });
  const customers = await prisma.customer.findMany({
    where: { shopId, id: { in: rows.map((r) => r.customerId) } },
    select: { id: true, firstName: true, lastName: true },
  });
  const names = new Map(customers.map((c) => [c.id, [c.firstName, c.lastName].filter(Boolean).join(" ")]));
  return rows.map((r) => ({
    customer: names.get(r.customerId) || "A customer",
    error: r.error!,
    at: r.sentAt?.toISOString() ?? null,
  }));
}
