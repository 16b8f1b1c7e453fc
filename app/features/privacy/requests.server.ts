// The queue of data requests (docs/product/privacy.md, decision 098): created by Shopify's
// compliance webhooks, the public /gdpr form and the merchant; moved through the status machine
// in ./status.ts by one guarded update each, with its audit entry in the same transaction.
// Audit entries carry no personal data (only the request's id, type, law, status and days), so
// a later deletion leaves nothing of the person in the log.
import { lockShopRow, prisma, sql, sqlOn, type DbClient, type Prisma } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { sendMail } from "~/platform/mail.server";
import { addDays, dayInZone, formatDay, startOfDayInZone } from "~/lib/dates";
import { canExtend, deadlineOf, type Regulation, type RequestType } from "./deadline";
import { transitionOf, type RequestIntent, type RequestStatus } from "./status";
import { BUNDLE_LINK_HOURS, bundleLink, matchCustomers, redactPerson } from "./fulfil.server";
import type { RequestAction } from "./schema";

type Tx = Prisma.TransactionClient;

export class PrivacyRequestError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field = "_form",
  ) {
    super(message);
  }
}

export type RequestSource = "shopify_webhook" | "public_form" | "manual";

export const SETTINGS_DEFAULTS = {
  gdprActive: true,
  ccpaActive: false,
  dpoName: null as string | null,
  dpoEmail: null as string | null,
  promiseDays: 30,
  reminderLeadDays: 3,
  policyConfirmedAt: null as Date | null,
  dpaConfirmedAt: null as Date | null,
  staffReviewedAt: null as Date | null,
};
export type PrivacySettingsView = typeof SETTINGS_DEFAULTS;

export async function privacySettings(db: DbClient, shopId: string): Promise<PrivacySettingsView> {
  const row = await db.privacySettings.findUnique({ where: { shopId } });
  if (!row) return { ...SETTINGS_DEFAULTS };
  const { shopId: _s, updatedAt: _u, ...rest } = row;
  return rest;
}

/** A request whose law is not stated (webhooks, the public form) falls under the shop's first active regime. */
export function defaultRegulation(settings: Pick<PrivacySettingsView, "gdprActive" | "ccpaActive">): Regulation {
  return settings.gdprActive ? "gdpr" : settings.ccpaActive ? "ccpa" : "other";
}

/** `dueAt` is the instant the request becomes overdue: the end of its due day in the shop's zone. */
export const dueAtOf = (dueOn: string, timeZone: string) => startOfDayInZone(addDays(dueOn, 1), timeZone);
export const dueOnOf = (dueAt: Date, timeZone: string) => dayInZone(new Date(dueAt.getTime() - 1), timeZone);

type RequestRow = {
  id: string;
  type: string;
  status: string;
  source: string;
  regulation: string;
  receivedAt: Date;
  extendedAt: Date | null;
};

function deadlineInput(row: RequestRow, timeZone: string, promiseDays: number) {
  return {
    regulation: row.regulation as Regulation,
    type: (row.type === "shop_redact" ? "deletion" : row.type) as RequestType,
    receivedOn: dayInZone(row.receivedAt, timeZone),
    viaShopifyWebhook: row.source === "shopify_webhook",
    promiseDays,
    extended: row.extendedAt !== null,
  };
}

const SYSTEM_NAMES: Record<RequestSource, string> = {
  shopify_webhook: "Shopify compliance webhook",
  public_form: "Public GDPR form",
  manual: "Staff",
};
const systemActor = (shopId: string, source: RequestSource): Actor => ({
  shop: { id: shopId },
  staff: { email: "system", name: SYSTEM_NAMES[source] },
});

/** What the audit log keeps of a request: never a name or an address. */
const auditView = (r: { type: string; status: string; regulation: string; verification: string }, dueOn: string) => ({
  type: r.type,
  status: r.status,
  regulation: r.regulation,
  verification: r.verification,
  dueOn,
});

export type NewRequest = {
  type: RequestType;
  source: RequestSource;
  regulation?: Regulation;
  email?: string | null;
  requesterName?: string | null;
  customerShopifyId?: string | null;
  webhookId?: string | null;
  ordersRequested?: string | null;
  receivedAt: Date;
  verified: boolean;
  /** Done on arrival (customers/redact is carried out by its webhook): what was done. */
  completedWith?: unknown;
};

/** Records a request in the shop's queue, its due day by the rules of its law, and the audit entry. */
export async function createRequest(tx: Tx, shopId: string, input: NewRequest, actor?: Actor) {
  const [shop, settings] = await Promise.all([
    tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { timezone: true } }),
    privacySettings(tx, shopId),
  ]);
  const email = input.email?.trim().toLowerCase() || null;
  const [customerId] = await matchCustomers(tx, shopId, {
    email,
    customerShopifyIds: input.customerShopifyId ? [input.customerShopifyId] : [],
  });
  const row = {
    type: input.type,
    status: input.completedWith === undefined ? "pending" : "completed",
    source: input.source,
    regulation: input.regulation ?? defaultRegulation(settings),
    receivedAt: input.receivedAt,
    extendedAt: null,
  };
  const deadline = deadlineOf(deadlineInput({ id: "", ...row }, shop.timezone, settings.promiseDays));
  const created = await tx.privacyRequest.create({
    data: {
      shopId,
      ...row,
      email,
      requesterName: input.requesterName?.trim() || null,
      customerShopifyId: input.customerShopifyId ?? null,
      customerId: customerId ?? null,
      webhookId: input.webhookId ?? null,
      ordersRequested: input.ordersRequested ?? null,
      verification: input.verified ? "verified" : "unverified",
      verifiedAt: input.verified ? input.receivedAt : null,
      dueAt: dueAtOf(deadline.dueOn, shop.timezone),
      ...(input.completedWith === undefined
        ? {}
        : { completedAt: input.receivedAt, outcome: JSON.stringify(input.completedWith) }),
    },
  });
  await recordAudit(
    actor ?? systemActor(shopId, input.source),
    "privacy.request.create",
    "PrivacyRequest",
    created.id,
    null,
    { ...auditView(created, deadline.dueOn), source: input.source },
    tx,
  );
  return created;
}

/**
 * The public /gdpr form: the address may be a customer of stores using the app. Each such store
 * gets the request in its queue (the store is the controller of its customers' data; we forward).
 * The caller answers the same way whatever this finds.
 */
export async function forwardPublicRequest(email: string, receivedAt: Date): Promise<number> {
  const shops = await sqlOn()
    .selectFrom("Customer")
    .select("shopId")
    .distinct()
    .where(sql<string>`LOWER("email")`, "=", email.toLowerCase())
    .where("redactedAt", "is", null)
    .execute();
  for (const { shopId } of shops)
    await prisma.$transaction((tx) =>
      createRequest(tx, shopId, { type: "portability", source: "public_form", email, receivedAt, verified: false }),
    );
  return shops.length;
}

type ShopRef = { id: string; timezone: string; name: string; domain?: string };

async function loadRequest(db: DbClient, shopId: string, id: string) {
  const request = await db.privacyRequest.findFirst({ where: { id, shopId } });
  if (!request) throw new PrivacyRequestError(404, "This request does not exist.");
  return request;
}

async function notify(shop: ShopRef, to: string | null, kind: string, id: string, subject: string, lines: string[]) {
  if (!to) return false;
  await sendMail({
    shopId: shop.id,
    kind,
    to,
    subject,
    text: lines.join("\n"),
    fromName: shop.name,
    dedupeKey: `${kind}:${id}`,
  });
  return true;
}

export type ActOptions = { origin: string; now?: Date };

/** One merchant action on a request (or a new manual request). Throws PrivacyRequestError with its HTTP answer. */
export async function actOnRequest(actor: Actor, shop: ShopRef, action: RequestAction, options: ActOptions) {
  const now = options.now ?? new Date();
  const today = dayInZone(now, shop.timezone);
  if (action.intent === "create") {
    if (action.receivedOn > today) throw new PrivacyRequestError(400, "Choose today or an earlier day", "receivedOn");
    if (action.receivedOn < addDays(today, -365))
      throw new PrivacyRequestError(400, "Choose a day within the last year", "receivedOn");
    const receivedAt = action.receivedOn === today ? now : startOfDayInZone(action.receivedOn, shop.timezone);
    return prisma.$transaction((tx) =>
      createRequest(
        tx,
        shop.id,
        {
          type: action.type,
          source: "manual",
          regulation: action.regulation,
          email: action.email,
          requesterName: action.requesterName,
          receivedAt,
          verified: false,
        },
        actor,
      ),
    );
  }
  const request = await loadRequest(prisma, shop.id, action.id);
  const settings = await privacySettings(prisma, shop.id);
  const rule = transitionOf(action.intent as RequestIntent, {
    status: request.status as RequestStatus,
    type: request.type,
    verified: request.verification === "verified",
  });
  if (!rule.ok) throw new PrivacyRequestError(409, rule.message);
  const before = auditView(request, dueOnOf(request.dueAt, shop.timezone));
  const data: Prisma.PrivacyRequestUpdateManyMutationInput = { status: rule.to };
  let mail: (() => Promise<boolean>) | null = null;
  let outcome: unknown = null;

  if (action.intent === "verify") {
    Object.assign(data, { verification: "verified", verifiedAt: now });
  } else if (action.intent === "extend") {
    const input = deadlineInput(request, shop.timezone, settings.promiseDays);
    if (!canExtend(input, today)) {
      const noticeBy = deadlineOf(input).extensionNoticeBy;
      throw new PrivacyRequestError(
        409,
        noticeBy === null
          ? "The law of this request allows no extension."
          : today > noticeBy
            ? "An extension notice had to be sent within the first period; it has passed."
            : "Shopify's 30 days bind this request: an extension would not move its due day.",
      );
    }
    if (!request.email) throw new PrivacyRequestError(409, "There is no e-mail address to send the notice to.");
    const dueOn = deadlineOf({ ...input, extended: true }).dueOn;
    Object.assign(data, { extendedAt: now, extensionReason: action.reason, dueAt: dueAtOf(dueOn, shop.timezone) });
    mail = () =>
      notify(shop, request.email, "privacy_extension_notice", request.id, `About your data request to ${shop.name}`, [
        "Hello,",
        "",
        `We received your data request on ${formatDay(input.receivedOn)}. We need more time to answer it, for this reason:`,
        "",
        action.reason,
        "",
        `We will answer by ${formatDay(dueOn)}.`,
        "",
        shop.name,
      ]);
  } else if (action.intent === "refuse") {
    Object.assign(data, { refusalReason: action.reason, completedAt: now });
    mail = () =>
      notify(shop, request.email, "privacy_refusal", request.id, `About your data request to ${shop.name}`, [
        "Hello,",
        "",
        "We cannot act on your data request, for this reason:",
        "",
        action.reason,
        "",
        "You may complain to your data protection authority.",
        "",
        shop.name,
      ]);
  } else if (action.intent === "complete") {
    outcome = { note: action.note };
    Object.assign(data, { completedAt: now, outcome: JSON.stringify(outcome) });
  } else if (action.intent === "fulfil") {
    Object.assign(data, { completedAt: now });
    if (request.type === "access" || request.type === "portability") {
      const expires = new Date(now.getTime() + BUNDLE_LINK_HOURS * 3_600_000);
      const links = (["json", "csv"] as const).map((f) => bundleLink(options.origin, shop.id, request.id, expires, f));
      if (!request.email) throw new PrivacyRequestError(409, "There is no e-mail address to send the data to.");
      outcome = { delivered: "link", expiresAt: expires.toISOString() };
      mail = () =>
        notify(shop, request.email, "privacy_access_bundle", request.id, `Your data from ${shop.name}`, [
          "Hello,",
          "",
          `Here is the data ${shop.name} holds about you (the links expire in ${BUNDLE_LINK_HOURS} hours):`,
          `JSON: ${links[0]}`,
          `CSV: ${links[1]}`,
          "",
          shop.name,
        ]);
    }
  }

  const updated = await prisma.$transaction(async (tx) => {
    if (action.intent === "fulfil" && (request.type === "deletion" || request.type === "shop_redact")) {
      await lockShopRow(tx, shop.id);
      outcome = await redactPerson(
        tx,
        shop.id,
        {
          email: request.email,
          customerId: request.customerId,
          customerShopifyIds: request.customerShopifyId ? [request.customerShopifyId] : [],
        },
        now,
      );
      data.outcome = JSON.stringify(outcome);
    } else if (outcome && data.outcome === undefined) data.outcome = JSON.stringify(outcome);
    const { count } = await tx.privacyRequest.updateMany({
      where: { id: request.id, shopId: shop.id, status: { in: rule.from } },
      data,
    });
    if (count === 0) throw new PrivacyRequestError(409, "This request changed meanwhile; reload the page.");
    const after = await tx.privacyRequest.findUniqueOrThrow({ where: { id: request.id } });
    await recordAudit(
      actor,
      `privacy.request.${action.intent}`,
      "PrivacyRequest",
      request.id,
      before,
      auditView(after, dueOnOf(after.dueAt, shop.timezone)),
      tx,
    );
    return after;
  });
  // After the commit: a notice is sent only for a step that happened. The outbox records it.
  if (mail) {
    const sent = await mail();
    await recordAudit(actor, `privacy.request.${action.intent}.notice`, "PrivacyRequest", request.id, null, { sent });
  }
  return updated;
}
