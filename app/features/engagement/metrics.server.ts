// The campaign figures the list, the dashboard card and GET /api/customer-engagement share.
// Rates are fractions of the delivered messages; recovery rate and conversions count from the
// trigger event (intent to treat: a treated recipient skipped for ordering first still counts);
// the lift compares the treated with the hold-out (lift.ts).
import { prisma } from "~/db.server";
import { computeLift, type Group } from "./lift";
import { statusOf } from "./status";
import type { CampaignFigures } from "./types";

export type { CampaignFigures };

const emptyGroup = (): Group => ({ n: 0, conversions: 0, revenueMinor: 0, revenueSqMinor: 0 });
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

export async function campaignFigures(shopId: string, onlyId?: string): Promise<CampaignFigures[]> {
  const campaigns = await prisma.engagementCampaign.findMany({
    where: { shopId, ...(onlyId ? { id: onlyId } : {}) },
    orderBy: { createdAt: "desc" },
  });
  if (!campaigns.length) return [];
  const sends = await prisma.engagementSend.findMany({
    where: { shopId, campaignId: { in: campaigns.map((c) => c.id) } },
    select: {
      campaignId: true,
      holdout: true,
      status: true,
      skipReason: true,
      sentAt: true,
      openedAt: true,
      clickedAt: true,
      convertedAt: true,
      revenueMinor: true,
    },
  });
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
  for (const s of sends) {
    const a = acc.get(s.campaignId) ?? {
      treated: emptyGroup(),
      held: emptyGroup(),
      sent: 0,
      delivered: 0,
      opened: 0,
      clicked: 0,
      attributed: 0,
    };
    acc.set(s.campaignId, a);
    // Not a recipient at all: lost consent before the send, or the campaign ended first.
    if (s.skipReason === "no_consent" || s.skipReason === "campaign_ended" || s.status === "pending") continue;
    const g = s.holdout ? a.held : a.treated;
    g.n += 1;
    if (s.convertedAt) {
      g.conversions += 1;
      g.revenueMinor += s.revenueMinor;
      g.revenueSqMinor += s.revenueMinor * s.revenueMinor;
    }
    if (s.sentAt) a.sent += 1;
    if (s.status === "sent") a.delivered += 1;
    if (s.openedAt) a.opened += 1;
    if (s.clickedAt) a.clicked += 1;
    if (s.status === "sent" && s.convertedAt) a.attributed += s.revenueMinor;
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
