// What the /privacy screen, GET /api/privacy-compliance and the dashboard's card read: the
// request queue by tab, the counts, the last audit, and the compliance checklist with its score.
import { prisma, type Prisma } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { dayInZone } from "~/lib/dates";
import { complianceItems, complianceScore, type ComplianceFacts } from "./compliance";
import { canExtend, deadlineOf, type Regulation, type RequestType } from "./deadline";
import { privacySettings, dueOnOf } from "./requests.server";
import { availableActions, type RequestStatus } from "./status";
import type { PrivacySettingsInput } from "./schema";

const DAY = 86_400_000;
export const REQUEST_TABS = ["open", "overdue", "completed", "refused", "all"] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];
export const REQUESTS_PAGE_SIZE = 25;

const OPEN = ["pending", "in_progress"];

function tabWhere(shopId: string, tab: RequestTab, now: Date): Prisma.PrivacyRequestWhereInput {
  if (tab === "open") return { shopId, status: { in: OPEN } };
  if (tab === "overdue") return { shopId, status: { in: OPEN }, dueAt: { lte: now } };
  if (tab === "all") return { shopId };
  return { shopId, status: tab };
}

type ShopRef = { id: string; timezone: string };

export async function listRequests(shop: ShopRef, tab: RequestTab, page: number, now = new Date()) {
  const where = tabWhere(shop.id, tab, now);
  const [total, rows, settings] = await Promise.all([
    prisma.privacyRequest.count({ where }),
    prisma.privacyRequest.findMany({
      where,
      // Open work by its due day; closed requests newest first.
      orderBy:
        tab === "open" || tab === "overdue"
          ? [{ dueAt: "asc" }, { id: "asc" }]
          : [{ receivedAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * REQUESTS_PAGE_SIZE,
      take: REQUESTS_PAGE_SIZE,
    }),
    privacySettings(prisma, shop.id),
  ]);
  const today = dayInZone(now, shop.timezone);
  return {
    total,
    page,
    pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
    requests: rows.map((r) => {
      const dueOn = dueOnOf(r.dueAt, shop.timezone);
      const verified = r.verification === "verified";
      const receivedOn = dayInZone(r.receivedAt, shop.timezone);
      const input = {
        regulation: r.regulation as Regulation,
        type: (r.type === "shop_redact" ? "deletion" : r.type) as RequestType,
        receivedOn,
        viaShopifyWebhook: r.source === "shopify_webhook",
        promiseDays: settings.promiseDays,
        extended: r.extendedAt !== null,
      };
      const deadline = deadlineOf(input);
      const outcome = r.outcome ? (JSON.parse(r.outcome) as unknown) : null;
      return {
        id: r.id,
        type: r.type,
        status: r.status,
        source: r.source,
        regulation: r.regulation,
        requester:
          r.requesterName ??
          r.email ??
          (r.customerShopifyId ? `Shopify customer ${r.customerShopifyId}` : "Anonymised"),
        email: r.email,
        matched: r.customerId !== null,
        verification: r.verification,
        receivedOn,
        dueOn,
        overdue: OPEN.includes(r.status) && today > dueOn,
        completedOn: r.completedAt ? dayInZone(r.completedAt, shop.timezone) : null,
        extended: r.extendedAt !== null,
        rules: deadline.rules.map((rule) => rule.source),
        confirmBy: deadline.confirmBy,
        refusalReason: r.refusalReason,
        outcome,
        // Extend only where the law allows it now (the action checks again).
        actions: availableActions({ status: r.status as RequestStatus, type: r.type, verified }).filter(
          (a) => a !== "extend" || canExtend(input, today),
        ),
      };
    }),
  };
}
export type RequestList = Awaited<ReturnType<typeof listRequests>>;
export type RequestRow = RequestList["requests"][number];

/** Counts of the header and the API: pending counts every open request; overdue is computed. */
export async function requestCounts(shopId: string, now = new Date()) {
  const [grouped, overdue] = await Promise.all([
    prisma.privacyRequest.groupBy({ by: ["status"], where: { shopId }, _count: { _all: true } }),
    prisma.privacyRequest.count({ where: { shopId, status: { in: OPEN }, dueAt: { lte: now } } }),
  ]);
  const of = (s: string) => grouped.find((g) => g.status === s)?._count._all ?? 0;
  return {
    pending: of("pending"),
    inProgress: of("in_progress"),
    active: of("pending") + of("in_progress"),
    completed: of("completed"),
    refused: of("refused"),
    overdue,
  };
}

/** The last entry of the privacy area in the audit log: the last time anyone did anything here. */
export async function lastAudit(shopId: string): Promise<Date | null> {
  const last = await prisma.auditEntry.findFirst({
    where: { shopId, action: { startsWith: "privacy." } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return last?.createdAt ?? null;
}

export async function complianceFacts(shopId: string, now = new Date()): Promise<ComplianceFacts> {
  const since = new Date(now.getTime() - 90 * DAY);
  const settings = await privacySettings(prisma, shopId);
  // Closed after the end of its due day (a field reference: one count, no rows read).
  const closedLate = (extra: Prisma.PrivacyRequestWhereInput) =>
    prisma.privacyRequest.count({
      where: {
        shopId,
        status: { in: ["completed", "refused"] },
        AND: [{ completedAt: { gt: prisma.privacyRequest.fields.dueAt } }, extra],
      },
    });
  const [webhookCount, webhookOpenLate, webhookClosedLate, lateClosed90d, overdueOpen, retention, delivered, failed] =
    await Promise.all([
      prisma.privacyRequest.count({ where: { shopId, source: "shopify_webhook" } }),
      prisma.privacyRequest.count({
        where: { shopId, source: "shopify_webhook", status: { in: OPEN }, dueAt: { lte: now } },
      }),
      closedLate({ source: "shopify_webhook" }),
      closedLate({ completedAt: { gte: since } }),
      prisma.privacyRequest.count({ where: { shopId, status: { in: OPEN }, dueAt: { lte: now } } }),
      prisma.auditEntry.findFirst({
        where: { shopId, action: "privacy.retention.run", createdAt: { gte: new Date(now.getTime() - DAY) } },
        select: { id: true },
      }),
      prisma.outboxMessage.count({
        where: { shopId, kind: "privacy_access_bundle", status: { not: "failed" }, createdAt: { gte: since } },
      }),
      prisma.outboxMessage.count({
        where: { shopId, kind: "privacy_access_bundle", status: "failed", createdAt: { gte: since } },
      }),
    ]);
  return {
    webhookLate: webhookOpenLate + webhookClosedLate,
    webhookCount,
    lateClosed90d,
    overdueOpen,
    retentionRanWithin24h: retention !== null,
    exportsDelivered90d: delivered,
    exportsFailed90d: failed,
    staffReviewedWithin90d: !!settings.staffReviewedAt && settings.staffReviewedAt >= since,
    policyConfirmed: !!settings.policyConfirmedAt,
    dpaConfirmed: !!settings.dpaConfirmedAt,
    dpoNamed: !!(settings.dpoName && settings.dpoEmail),
  };
}

export async function compliance(shopId: string, now = new Date()) {
  const items = complianceItems(await complianceFacts(shopId, now));
  return { items, score: complianceScore(items) };
}

/** The figures of GET /api/privacy-compliance and of the dashboard's card: one source. */
export async function privacyStatus(shop: ShopRef, now = new Date()) {
  const [settings, counts, audit, { score }] = await Promise.all([
    privacySettings(prisma, shop.id),
    requestCounts(shop.id, now),
    lastAudit(shop.id),
    compliance(shop.id, now),
  ]);
  return {
    gdprActive: settings.gdprActive,
    ccpaActive: settings.ccpaActive,
    pendingRequests: counts.active,
    completedRequests: counts.completed,
    overdueRequests: counts.overdue,
    lastAudit: audit ? dayInZone(audit, shop.timezone) : null,
    score,
  };
}
export type PrivacyStatus = Awaited<ReturnType<typeof privacyStatus>>;

const CONFIRMABLE = { policy: "policyConfirmedAt", dpa: "dpaConfirmedAt", staff: "staffReviewedAt" } as const;

/** Confirms (or withdraws) a merchant-confirmed item; audited. */
export async function confirmItem(actor: Actor, item: keyof typeof CONFIRMABLE, confirmed: boolean, now = new Date()) {
  const field = CONFIRMABLE[item];
  const shopId = actor.shop.id;
  await prisma.$transaction(async (tx) => {
    const value = confirmed ? now : null;
    await tx.privacySettings.upsert({
      where: { shopId },
      create: { shopId, [field]: value },
      update: { [field]: value },
    });
    await recordAudit(
      actor,
      `privacy.compliance.${confirmed ? "confirm" : "withdraw"}`,
      "PrivacySettings",
      item,
      null,
      { item },
      tx,
    );
  });
}

export async function saveSettings(actor: Actor, input: PrivacySettingsInput) {
  const shopId = actor.shop.id;
  await prisma.$transaction(async (tx) => {
    const before = await privacySettings(tx, shopId);
    const data = {
      gdprActive: input.gdprActive,
      ccpaActive: input.ccpaActive,
      dpoName: input.dpoName || null,
      dpoEmail: input.dpoEmail || null,
      promiseDays: input.promiseDays,
      reminderLeadDays: input.reminderLeadDays,
    };
    await tx.privacySettings.upsert({ where: { shopId }, create: { shopId, ...data }, update: data });
    const pick = (s: typeof data) => ({ ...s, dpoName: s.dpoName ? "set" : null, dpoEmail: s.dpoEmail ? "set" : null });
    await recordAudit(actor, "privacy.settings.update", "PrivacySettings", shopId, pick(before), pick(data), tx);
  });
}
