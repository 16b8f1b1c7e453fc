// Fulfilling a data request (docs/product/privacy.md): the access bundle of everything this app
// holds on one customer of one shop, and the deletion that redacts the person, anonymises what
// the merchant must keep, and lists what was kept and why.
import { prisma, sql, sqlOn, type DbClient, type Prisma } from "~/db.server";
import { env } from "~/env.server";
import { signLink, verifyLink } from "~/platform/signed-link.server";
import { minuteInZone } from "~/lib/dates";
import { CUSTOMER_PERSONAL_DATA_CLEARED, ORDER_PERSONAL_DATA_CLEARED } from "./personal-data";

type Tx = Prisma.TransactionClient;

/** How long the bundle's link opens: the same as the public export's. */
export const BUNDLE_LINK_HOURS = 48;
/** What an anonymised invoice shows instead of the person. */
export const REDACTED_NAME = "Redacted customer";
export const REDACTED_ADDRESS = "redacted@invalid";

export type Person = {
  email?: string | null;
  customerShopifyIds?: readonly string[];
  customerId?: string | null;
  /** Shopify order ids (both the number and the gid form) named by customers/redact. */
  orderShopifyIds?: readonly string[];
};

/** The shop's customer rows that are this person: by Shopify id, our id, or address (case-insensitive). */
export async function matchCustomers(db: DbClient, shopId: string, person: Person): Promise<string[]> {
  const email = person.email?.trim().toLowerCase() || null;
  const ids = person.customerShopifyIds ?? [];
  if (!email && !ids.length && !person.customerId) return [];
  let q = sqlOn(db).selectFrom("Customer").select("id").where("shopId", "=", shopId);
  q = q.where((eb) =>
    eb.or([
      ...(ids.length ? [eb("shopifyId", "in", [...ids])] : []),
      ...(person.customerId ? [eb("id", "=", person.customerId)] : []),
      ...(email ? [eb(sql<string>`LOWER("email")`, "=", email)] : []),
    ]),
  );
  return (await q.execute()).map((r) => r.id);
}

// ---- Access and portability

export type Bundle = {
  generatedAt: string;
  shop: string;
  customers: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  invoices: Record<string, unknown>[];
  loyalty: { members: unknown[]; ledger: unknown[]; redemptions: unknown[] };
  scores: { scores: unknown[]; segmentChanges: unknown[] };
  messages: unknown[];
  requests: unknown[];
};

/** Everything this app holds on the person in this shop (one query per table, the orders in one read). */
export async function buildBundle(shopId: string, person: Person, now = new Date()): Promise<Bundle> {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { domain: true } });
  const customerIds = await matchCustomers(prisma, shopId, person);
  const email = person.email?.trim().toLowerCase() || null;
  const byCustomer = { shopId, customerId: { in: customerIds } };
  const [customers, orders, invoices, members, ledger, redemptions, scores, segmentChanges, messages, requests] =
    await Promise.all([
      prisma.customer.findMany({
        where: { shopId, id: { in: customerIds } },
        select: {
          shopifyId: true,
          email: true,
          firstName: true,
          lastName: true,
          phone: true,
          country: true,
          region: true,
          city: true,
          address1: true,
          zip: true,
          // Inferred from the address (decision 117): personal data this app holds, so it is reported.
          timeZone: true,
          acceptsMarketing: true,
          createdAt: true,
        },
      }),
      prisma.order.findMany({
        where: { shopId, OR: [{ customerId: { in: customerIds } }, ...(email ? [{ email }] : [])] },
        orderBy: { processedAt: "asc" },
        select: {
          name: true,
          processedAt: true,
          currency: true,
          totalMinor: true,
          refundsMinor: true,
          email: true,
          country: true,
          region: true,
          financialStatus: true,
          cancelledAt: true,
        },
      }),
      email
        ? prisma.invoice.findMany({
            where: { shopId, customerEmail: email },
            orderBy: { sequence: "asc" },
            select: {
              number: true,
              status: true,
              customerName: true,
              customerEmail: true,
              customerPhone: true,
              customerAddress: true,
              currency: true,
              totalMinor: true,
              issueDate: true,
            },
          })
        : Promise.resolve([]),
      prisma.loyaltyMember.findMany({ where: byCustomer }),
      prisma.loyaltyLedgerEntry.findMany({ where: byCustomer, orderBy: { createdAt: "asc" } }),
      prisma.loyaltyRedemption.findMany({ where: byCustomer, orderBy: { createdAt: "asc" } }),
      // With the predicted value the list sorts by, kept beside the score row (decision 108).
      prisma.customerScore
        .findMany({ where: byCustomer, include: { value: { select: { predicted12mMinor: true } } } })
        .then((rows) =>
          rows.map(({ value, ...row }) => ({ ...row, predicted12mMinor: value?.predicted12mMinor ?? null })),
        ),
      prisma.customerSegmentChange.findMany({ where: byCustomer }),
      email
        ? prisma.outboxMessage.findMany({
            where: { shopId, toAddress: email },
            orderBy: { createdAt: "asc" },
            select: { kind: true, subject: true, status: true, createdAt: true },
          })
        : Promise.resolve([]),
      prisma.privacyRequest.findMany({
        where: {
          shopId,
          OR: [...(email ? [{ email }] : []), ...(customerIds.length ? [{ customerId: { in: customerIds } }] : [])],
        },
        select: { type: true, status: true, regulation: true, receivedAt: true, completedAt: true },
      }),
    ]);
  const strip = (rows: Record<string, unknown>[]) =>
    rows.map(({ shopId: _s, customerId: _c, id: _i, ...rest }) => rest);
  return {
    generatedAt: now.toISOString(),
    shop: shop.domain,
    customers,
    orders,
    invoices,
    loyalty: { members: strip(members), ledger: strip(ledger), redemptions: strip(redemptions) },
    scores: { scores: strip(scores), segmentChanges: strip(segmentChanges) },
    messages,
    requests,
  };
}

function cell(value: unknown, timeZone: string): string {
  let text =
    value instanceof Date
      ? `${minuteInZone(value, timeZone)} ${timeZone}`
      : value === null || value === undefined
        ? ""
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  // Spreadsheet formula injection: a cell starting with = + - @ tab or CR is read as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The bundle as one CSV: category, record number, field, value (dates in the shop's zone). */
export function bundleCsv(bundle: Bundle, timeZone: string): string {
  const rows: string[] = ["category,record,field,value"];
  const add = (category: string, list: unknown[]) =>
    list.forEach((row, i) => {
      for (const [field, value] of Object.entries(row as Record<string, unknown>))
        rows.push([category, String(i + 1), field, cell(value, timeZone)].join(","));
    });
  add("customer", bundle.customers);
  add("order", bundle.orders);
  add("invoice", bundle.invoices);
  add("loyalty_member", bundle.loyalty.members);
  add("loyalty_ledger", bundle.loyalty.ledger);
  add("loyalty_redemption", bundle.loyalty.redemptions);
  add("score", bundle.scores.scores);
  add("segment_change", bundle.scores.segmentChanges);
  add("message", bundle.messages);
  add("privacy_request", bundle.requests);
  return rows.join("\r\n") + "\r\n";
}

const bundlePayload = (shopId: string, requestId: string) => `privacy-bundle:${shopId}:${requestId}`;

/** The signed, expiring link of one request's bundle (single shop: the shop is in the signature). */
export function bundleLink(origin: string, shopId: string, requestId: string, expiresAt: Date, format: "json" | "csv") {
  const { expires, signature } = signLink(env.signingSecret, bundlePayload(shopId, requestId), expiresAt);
  const params = new URLSearchParams({ bundle: requestId, shop: shopId, format, expires, signature });
  return `${origin}/api/gdpr/export?${params.toString()}`;
}

/** The download behind a bundle link: only a completed access or portability request of that shop opens. */
export async function openBundle(
  params: URLSearchParams,
  now = new Date(),
): Promise<
  { ok: true; filename: string; body: string; contentType: string } | { ok: false; status: number; message: string }
> {
  const id = params.get("bundle") ?? "";
  const shopId = params.get("shop") ?? "";
  const check = verifyLink(
    env.signingSecret,
    bundlePayload(shopId, id),
    params.get("expires"),
    params.get("signature"),
    now,
  );
  if (!check.ok)
    return check.reason === "expired"
      ? { ok: false, status: 410, message: "This download link has expired. Ask the store for a new one." }
      : { ok: false, status: 403, message: "This download link is not valid." };
  const request = await prisma.privacyRequest.findFirst({
    where: { id, shopId, status: "completed", type: { in: ["access", "portability"] } },
    select: { email: true, customerId: true, customerShopifyId: true, shop: { select: { timezone: true } } },
  });
  if (!request) return { ok: false, status: 404, message: "This export is no longer available." };
  const bundle = await buildBundle(
    shopId,
    {
      email: request.email,
      customerId: request.customerId,
      customerShopifyIds: request.customerShopifyId ? [request.customerShopifyId] : [],
    },
    now,
  );
  const day = now.toISOString().slice(0, 10);
  return params.get("format") === "json"
    ? {
        ok: true,
        filename: `data-export-${day}.json`,
        body: JSON.stringify(bundle, null, 2),
        contentType: "application/json; charset=utf-8",
      }
    : {
        ok: true,
        filename: `data-export-${day}.csv`,
        body: bundleCsv(bundle, request.shop.timezone),
        contentType: "text/csv; charset=utf-8",
      };
}

// ---- Deletion

export type KeptRecord = { what: string; count: number; why: string };
export type DeletionOutcome = { redacted: { what: string; count: number }[]; kept: KeptRecord[] };

/**
 * Erases one person's personal data from every table of the shop. Records the merchant must keep
 * are anonymised, not deleted: the customer row (so order analytics add up), orders (totals for the
 * accounts), invoices (tax law keeps them), the loyalty ledger (the points liability). The
 * person's scores (derived, searchable by name) are deleted. The caller holds the shop's write
 * lock (lockShopRow) so a recompute in progress cannot write them back.
 */
export async function redactPerson(tx: Tx, shopId: string, person: Person, at: Date): Promise<DeletionOutcome> {
  const customerIds = await matchCustomers(tx, shopId, person);
  const email = person.email?.trim().toLowerCase() || null;
  const customers = customerIds.length
    ? await tx.customer.updateMany({
        where: { shopId, id: { in: customerIds } },
        data: { ...CUSTOMER_PERSONAL_DATA_CLEARED, redactedAt: at },
      })
    : { count: 0 };
  let checkouts = { count: 0 };
  if (customerIds.length) {
    const mine = { shopId, customerId: { in: customerIds } };
    await tx.customerScore.deleteMany({ where: mine });
    // The person's abandoned checkouts (their recovery links), wallet readings and sign-in nonces.
    checkouts = await tx.abandonedCheckout.deleteMany({ where: mine });
    await tx.holderCheck.deleteMany({ where: mine });
    await tx.siweNonce.deleteMany({ where: mine });
  }
  const orderIds = [...(person.orderShopifyIds ?? [])];
  const orders = await tx.order.updateMany({
    where: {
      shopId,
      OR: [
        ...(customerIds.length ? [{ customerId: { in: customerIds } }] : []),
        ...(orderIds.length ? [{ shopifyId: { in: orderIds } }] : []),
        ...(email ? [{ email }] : []),
      ],
    },
    data: ORDER_PERSONAL_DATA_CLEARED,
  });
  let invoices = { count: 0 };
  let messages = { count: 0 };
  if (email) {
    const invoiceIds = (
      await sqlOn(tx)
        .selectFrom("Invoice")
        .select("id")
        .where("shopId", "=", shopId)
        .where(sql<string>`LOWER("customerEmail")`, "=", email)
        .execute()
    ).map((r) => r.id);
    if (invoiceIds.length) {
      invoices = await tx.invoice.updateMany({
        where: { shopId, id: { in: invoiceIds } },
        data: {
          customerName: REDACTED_NAME,
          customerEmail: REDACTED_ADDRESS,
          customerPhone: null,
          customerAddress: null,
        },
      });
      // The stored PDFs carry the old name; they are rendered again from the anonymised invoice.
      await tx.invoicePdf.deleteMany({ where: { shopId, invoiceId: { in: invoiceIds } } });
    }
    const messageIds = (
      await sqlOn(tx)
        .selectFrom("OutboxMessage")
        .select("id")
        .where("shopId", "=", shopId)
        .where(sql<string>`LOWER("toAddress")`, "=", email)
        .execute()
    ).map((r) => r.id);
    if (messageIds.length)
      messages = await tx.outboxMessage.updateMany({
        where: { shopId, id: { in: messageIds } },
        data: { toAddress: REDACTED_ADDRESS, subject: "[redacted]", text: "[redacted]", html: null },
      });
  }
  const shopifyIds = [...(person.customerShopifyIds ?? [])];
  const requests = await tx.privacyRequest.updateMany({
    where: {
      shopId,
      OR: [
        ...(email ? [{ email }] : []),
        ...(customerIds.length ? [{ customerId: { in: customerIds } }] : []),
        ...(shopifyIds.length ? [{ customerShopifyId: { in: shopifyIds } }] : []),
      ],
    },
    data: { email: null, requesterName: null },
  });
  const loyalty = customerIds.length
    ? await tx.loyaltyLedgerEntry.count({ where: { shopId, customerId: { in: customerIds } } })
    : 0;
  const kept: KeptRecord[] = [
    {
      what: "Customer record",
      count: customers.count,
      why: "Kept without name, address or contact so order analytics still add up",
    },
    {
      what: "Orders",
      count: orders.count,
      why: "Totals are kept for the store's accounts; the buyer's address and region are removed",
    },
    {
      what: "Invoices",
      count: invoices.count,
      why: "Invoices must be kept for tax records; the person's name and contact details are replaced",
    },
    {
      what: "Loyalty ledger entries",
      count: loyalty,
      why: "The points liability must add up; the entries point only to the anonymised customer",
    },
    {
      what: "E-mails sent",
      count: messages.count,
      why: "Kept as a record that a message was sent; address and content removed",
    },
    {
      what: "Data requests",
      count: requests.count,
      why: "Kept as evidence the request was answered; the person's name and address removed",
    },
  ].filter((k) => k.count > 0);
  return {
    redacted: [
      { what: "Name, e-mail, phone and address", count: customers.count },
      { what: "Customer scores and segments", count: customerIds.length },
      { what: "Abandoned checkouts", count: checkouts.count },
    ],
    kept,
  };
}
