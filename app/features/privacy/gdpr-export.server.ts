// GDPR export requests from the public /gdpr page. Every request is recorded
// (portability, pending, due in 30 days) and answered with an e-mail holding a
// signed link that expires; the export opens only from that link. Known and
// unknown addresses are treated the same, so the endpoint reveals nothing.
import { prisma, sql, sqlOn } from "~/db.server";
import { env } from "~/env.server";
import { signLink, verifyLink } from "~/platform/signed-link.server";
import { PRIVACY_DUE_DAYS } from "~/features/privacy/privacy.server";
import { sendMail } from "~/platform/mail.server";
import { minuteInZone } from "~/lib/dates";
import { forwardPublicRequest } from "./requests.server";
import { openBundle } from "./fulfil.server";

export const EXPORT_LINK_HOURS = 48;
export const EXPORT_REQUEST_MESSAGE =
  `Request received. We have e-mailed a secure download link to that address; it expires in ${EXPORT_LINK_HOURS} hours. ` +
  `We complete every request within ${PRIVACY_DUE_DAYS} days.`;

export function exportLink(origin: string, requestId: string, expiresAt: Date): string {
  const { expires, signature } = signLink(env.signingSecret, requestId, expiresAt);
  const params = new URLSearchParams({ request: requestId, expires, signature, format: "csv" });
  return `${origin}/api/gdpr/export?${params.toString()}`;
}

export async function requestDataExport(email: string, origin: string, now = new Date()) {
  const request = await prisma.publicPrivacyRequest.create({
    data: {
      type: "portability",
      status: "pending",
      email,
      dueAt: new Date(now.getTime() + PRIVACY_DUE_DAYS * 86_400_000),
      linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_HOURS * 3_600_000),
    },
  });
  // The stores whose customer this address is get the request in their own queue (they hold that data).
  await forwardPublicRequest(email, now);
  const link = exportLink(origin, request.id, request.linkExpiresAt);
  await sendMail({
    shopId: null,
    kind: "gdpr_export_link",
    to: email,
    subject: "Your Profit Pilot data export",
    text: [
      "Hello,",
      "",
      "We received a request to export the personal data Profit Pilot holds about this e-mail address.",
      `Download it here (the link expires in ${EXPORT_LINK_HOURS} hours):`,
      link,
      "",
      "If you did not ask for this, you can ignore this e-mail: nothing is shared unless the link is opened.",
    ].join("\n"),
    html:
      `<p>Hello,</p><p>We received a request to export the personal data Profit Pilot holds about this e-mail address.</p>` +
      `<p><a href="${link}">Download your data</a> (the link expires in ${EXPORT_LINK_HOURS} hours).</p>` +
      `<p>If you did not ask for this, you can ignore this e-mail: nothing is shared unless the link is opened.</p>`,
    dedupeKey: `gdpr-export:${request.id}`,
  });
  return request;
}

/** A cell's date: the minute in the zone of the shop the record belongs to, with the zone named. */
type ZonedDate = { at: Date; timeZone: string };

function csvCell(value: unknown): string {
  let text =
    value && typeof value === "object" && "at" in value && "timeZone" in value
      ? `${minuteInZone((value as ZonedDate).at, (value as ZonedDate).timeZone)} ${(value as ZonedDate).timeZone}`
      : value instanceof Date
        ? value.toISOString()
        : value === null || value === undefined
          ? ""
          : String(value);
  // Spreadsheet formula injection: a cell starting with = + - @ tab or CR is read as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Everything held about an address outside any shop's customer data, as CSV rows. */
export async function buildExportCsv(email: string): Promise<string> {
  const shopIds = await sqlOn()
    .selectFrom("Shop")
    .select("id")
    .where(sql<string>`LOWER("email")`, "=", email)
    .execute();
  const [shops, subscriber, requests, messages] = await Promise.all([
    prisma.shop.findMany({ where: { id: { in: shopIds.map((s) => s.id) } }, orderBy: { createdAt: "asc" } }),
    prisma.newsletterSubscriber.findUnique({ where: { email } }),
    prisma.publicPrivacyRequest.findMany({ where: { email }, orderBy: { createdAt: "asc" } }),
    // Messages a merchant sent to their own customers are that merchant's data (we only
    // process them), so only our own messages, or those to the merchant's account, count.
    prisma.outboxMessage.findMany({
      where: { toAddress: email, OR: [{ shopId: null }, { shopId: { in: shopIds.map((s) => s.id) } }] },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true, kind: true, subject: true, status: true, shopId: true },
    }),
  ]);
  // Dates read in the zone of the shop a record belongs to. Records of no shop (the newsletter,
  // public requests, our own e-mails) use the address's shop when it has exactly one, else UTC.
  const zoneOf = new Map(shops.map((s) => [s.id, s.timezone]));
  const ownZone = shops.length === 1 ? shops[0].timezone : "UTC";
  const at = (d: Date | null, shopId?: string | null): ZonedDate | null =>
    d ? { at: d, timeZone: (shopId && zoneOf.get(shopId)) || ownZone } : null;
  const rows: unknown[][] = [["category", "record", "field", "value"]];
  for (const shop of shops) {
    for (const [field, value] of Object.entries({
      domain: shop.domain,
      name: shop.name,
      ownerName: shop.ownerName,
      email: shop.email,
      plan: shop.plan,
      installedAt: at(shop.installedAt, shop.id),
      uninstalledAt: at(shop.uninstalledAt, shop.id),
    }))
      rows.push(["account", shop.domain, field, value]);
  }
  if (subscriber) rows.push(["communication", "newsletter", "subscribedAt", at(subscriber.createdAt)]);
  for (const r of requests) rows.push(["privacy_request", r.id, `${r.type} (${r.status})`, at(r.createdAt)]);
  for (const m of messages) rows.push(["communication", `email ${m.kind}`, m.subject, at(m.createdAt, m.shopId)]);
  return toCsv(rows);
}

/** The download behind the signed link; marks the request completed. */
export async function openExport(
  params: URLSearchParams,
  now = new Date(),
): Promise<
  { ok: true; filename: string; body: string; contentType: string } | { ok: false; status: number; message: string }
> {
  // A store's answer to one of its requests: the bundle of what the app holds for that store.
  if (params.has("bundle")) return openBundle(params, now);
  const id = params.get("request") ?? "";
  const check = verifyLink(env.signingSecret, id, params.get("expires"), params.get("signature"), now);
  if (!check.ok) {
    return check.reason === "expired"
      ? { ok: false, status: 410, message: "This download link has expired. Request a new one on the GDPR page." }
      : { ok: false, status: 403, message: "This download link is not valid." };
  }
  const request = await prisma.publicPrivacyRequest.findUnique({ where: { id } });
  if (!request) return { ok: false, status: 404, message: "This export is no longer available." };
  const csv = await buildExportCsv(request.email);
  if (request.status !== "completed") {
    await prisma.publicPrivacyRequest.update({ where: { id }, data: { status: "completed", completedAt: now } });
  }
  return {
    ok: true,
    filename: `profit-pilot-data-export-${now.toISOString().slice(0, 10)}.csv`,
    body: csv,
    contentType: "text/csv; charset=utf-8",
  };
}
