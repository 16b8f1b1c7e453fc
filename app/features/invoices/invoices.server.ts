// Invoice queries: create (numbered atomically, plan-limited), list and read; the status
// transitions are in transitions.server.ts. Each function takes the shop first and filters by it. The rules are in money.ts, status.ts and schedule.ts; sending the
// e-mail and the scheduled work are the service's (service.server.ts, jobs.server.ts).
import crypto from "node:crypto";
import type { SqlBool } from "kysely";
import { dialect, prisma, sql, sqlOn, type Prisma } from "~/db.server";
import { hostedUrl } from "~/features/invoices/links.server";
import { addDays, dayInZone } from "~/lib/dates";
import { minorToDecimalString } from "~/lib/money";
import { planFor } from "~/features/billing";
import type { InvoiceCreateInput, InvoiceSettingsInput, MarketingAd } from "~/features/invoices/schema";
import { amountToMinor, computeTotals, MoneyOverflowError, RATE_SCALE, rateToScaled } from "~/features/invoices/money";
import { nthIssueDate, type RecurringInterval } from "~/features/invoices/schedule";
import { clampPage, PAGE_SIZE, type InvoiceListQuery } from "~/features/invoices/list-query";
import { type ListFilter } from "~/features/invoices/status";
import { paymentTips } from "~/features/invoices/payment-tips";
import type { HttpAnswerableError } from "~/platform/http.server";
import { isUniqueViolation } from "~/platform/prisma-errors";

export type InvoiceShop = {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  plan: string;
  email?: string | null;
};
export type Actor = "merchant" | "customer" | "system" | "stripe" | "api";
type Tx = Prisma.TransactionClient;

export const UPGRADE_URL = "/settings?tab=plan";
export const DEFAULT_PREFIX = "INV-";

/** An error a caller can show: HTTP status, plain message, machine-readable code (an HttpAnswerableError). */
export class InvoiceError extends Error implements HttpAnswerableError {
  constructor(
    public readonly status: 400 | 403 | 404 | 409 | 422,
    message: string,
    public readonly code: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "InvoiceError";
  }

  /** The JSON answer: the message, a machine-readable code and any details (plan limit, status). */
  responseBody(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export const notFound = () => new InvoiceError(404, "Invoice not found", "not_found");

export function formatInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, "0")}`;
}

export function newPublicToken(): string {
  // 192 random bits; the hosted page is reachable only by knowing it.
  return crypto.randomBytes(24).toString("base64url");
}

// ─── Settings and numbering ────────────────────────────────────────────────────

export async function getInvoiceSettings(shopId: string, db: Tx | typeof prisma = prisma) {
  const existing = await db.invoiceSettings.findUnique({ where: { shopId } });
  if (existing) return existing;
  try {
    return await db.invoiceSettings.create({ data: { shopId } });
  } catch (error) {
    if (isUniqueViolation(error)) return db.invoiceSettings.findUniqueOrThrow({ where: { shopId } });
    throw error;
  }
}

export async function updateInvoiceSettings(
  shop: Pick<InvoiceShop, "id">,
  input: Omit<InvoiceSettingsInput, "logoUrl"> & { logoUrl?: string | null },
) {
  await getInvoiceSettings(shop.id);
  return prisma.invoiceSettings.update({
    where: { shopId: shop.id },
    data: {
      prefix: input.prefix,
      paymentInstructions: input.paymentInstructions,
      businessAddress: input.businessAddress,
      paypalMeUrl: input.paypalMeUrl,
      ...(input.logoUrl !== undefined ? { logoUrl: input.logoUrl } : {}),
    },
  });
}

/**
 * Takes the next number inside the caller's transaction. The UPDATE locks the shop's
 * sequence row until commit, so concurrent creates are serialized here; a rollback
 * gives the number back, so a failed create leaves no gap.
 */
async function allocateNumber(tx: Tx, shopId: string) {
  const s = await tx.invoiceSettings.update({ where: { shopId }, data: { nextNumber: { increment: 1 } } });
  const sequence = s.nextNumber - 1;
  return { sequence, number: formatInvoiceNumber(s.prefix, sequence) };
}

// ─── Plan limit ────────────────────────────────────────────────────────────────

function monthRange(day: string) {
  const month = day.slice(0, 7);
  const [y, m] = month.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

export async function invoicesThisMonth(
  shop: Pick<InvoiceShop, "id" | "timezone">,
  now = new Date(),
  db: Tx | typeof prisma = prisma,
) {
  const { from, to } = monthRange(dayInZone(now, shop.timezone));
  return db.invoice.count({ where: { shopId: shop.id, issueDate: { gte: from, lt: to } } });
}

/** The plan's monthly invoice allowance and this month's use, for the screen (limit null: unlimited). */
export async function invoicePlanUsage(shop: Pick<InvoiceShop, "id" | "timezone" | "plan">, now = new Date()) {
  const plan = planFor(shop.plan);
  const used = await invoicesThisMonth(shop, now);
  const limit = plan.invoicesPerMonth;
  return { name: plan.name, limit, used, upgradeUrl: UPGRADE_URL, atLimit: limit !== null && used >= limit };
}

export function planLimitMessage(limit: number) {
  return `Your Starter plan includes ${limit} invoices per calendar month and this month's are used. Upgrade to Pro for unlimited invoices (Settings → Plan), or create it next month.`;
}

// ─── Create ────────────────────────────────────────────────────────────────────

export type CreateOptions = {
  actor?: Actor;
  now?: Date;
  /** Same key, same shop: the retried request gets the invoice created the first time. */
  idempotencyKey?: string | null;
  /** Issue day override (recurring invoices use the scheduled day). */
  issueDate?: string;
  series?: { seriesId: string; fromNumber: string; nextIssueDate: string } | null;
  /** Set by insertInvoice: the request's fingerprint stored with its idempotency key. */
  idempotencyHash?: string | null;
  /** Test seam: throws after the number was taken, to prove a failed create leaves no gap. */
  afterNumberAllocated?: (number: string) => void;
};

type Prepared = {
  currency: string;
  items: { title: string; quantity: number; unitPriceMinor: number; lineTotalMinor: number }[];
  totals: ReturnType<typeof computeTotals>;
};

function prepare(shop: InvoiceShop, input: InvoiceCreateInput): Prepared {
  const currency = input.currency ?? shop.currency ?? "USD";
  const errors: Record<string, string[]> = {};
  const minor = (text: string, path: string) => {
    const v = amountToMinor(text, currency);
    if (v === null) errors[path] = [`Use at most the decimals ${currency} allows`];
    return v ?? 0;
  };
  const lines = input.items.map((item, i) => ({
    title: item.title,
    quantity: item.qty,
    unitPriceMinor: minor(item.unit_price, `items.${i}.unit_price`),
  }));
  const shippingMinor = minor(input.shipping_cost, "shipping_cost");
  if (Object.keys(errors).length)
    throw new InvoiceError(400, "Please correct the highlighted fields.", "invalid", { fieldErrors: errors });
  let totals;
  try {
    totals = computeTotals(lines, input.tax_rate, shippingMinor);
  } catch (error) {
    if (error instanceof MoneyOverflowError)
      throw new InvoiceError(400, error.message, "invalid", { fieldErrors: { items: [error.message] } });
    throw error;
  }
  return { currency, totals, items: lines.map((l, i) => ({ ...l, lineTotalMinor: totals.lineTotalsMinor[i] })) };
}

export const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

async function createInTx(
  tx: Tx,
  shop: InvoiceShop,
  input: InvoiceCreateInput,
  prepared: Prepared,
  options: CreateOptions,
) {
  const now = options.now ?? new Date();
  const actor = options.actor ?? "merchant";
  const { sequence, number } = await allocateNumber(tx, shop.id);
  // Counted after the number lock, so concurrent creates cannot both squeeze past the limit.
  const limit = planFor(shop.plan).invoicesPerMonth;
  if (limit !== null && (await invoicesThisMonth(shop, now, tx)) >= limit)
    throw new InvoiceError(403, planLimitMessage(limit), "plan_limit", { limit, upgradeUrl: UPGRADE_URL });
  options.afterNumberAllocated?.(number);
  const issueDate = options.issueDate ?? dayInZone(now, shop.timezone);
  const interval = input.is_recurring ? ((input.recurring_interval ?? "monthly") as RecurringInterval) : null;
  const invoice = await tx.invoice.create({
    data: {
      shopId: shop.id,
      number,
      sequence,
      status: "draft",
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone ?? null,
      customerAddress: input.customer.address ?? null,
      platform: input.platform,
      currency: prepared.currency,
      // Stored as the exact fraction the tax was computed with (8.25% → 0.0825).
      taxRate: (rateToScaled(input.tax_rate) ?? 0) / RATE_SCALE,
      subtotalMinor: prepared.totals.subtotalMinor,
      taxMinor: prepared.totals.taxMinor,
      shippingMinor: prepared.totals.shippingMinor,
      totalMinor: prepared.totals.totalMinor,
      issueDate,
      dueInDays: input.due_in_days,
      dueDate: addDays(issueDate, input.due_in_days),
      paymentMethod: input.payment_method,
      cryptoCurrency: input.payment_method === "crypto" ? (input.crypto_currency ?? null) : null,
      autoSend: input.auto_send,
      isRecurring: !!interval,
      recurringInterval: interval,
      seriesId: options.series?.seriesId ?? null,
      nextIssueDate: options.series?.nextIssueDate ?? (interval ? nthIssueDate(issueDate, interval, 1) : null),
      marketingAds: input.marketing_ads.length ? JSON.stringify(input.marketing_ads) : null,
      adRotationEnabled: input.ad_rotation_enabled,
      publicToken: newPublicToken(),
      idempotencyKey: options.idempotencyKey ?? null,
      idempotencyHash: options.idempotencyKey ? (options.idempotencyHash ?? null) : null,
      createdAt: now,
      items: {
        create: prepared.items.map((item, position) => ({ shopId: shop.id, position, ...item })),
      },
      events: {
        create: {
          shopId: shop.id,
          type: "created",
          actor,
          detail: options.series ? `Created from ${options.series.fromNumber} (recurring ${interval})` : null,
          createdAt: now,
        },
      },
    },
  });
  // A recurring series is identified by its first invoice.
  if (interval && !options.series)
    await tx.invoice.update({ where: { id: invoice.id }, data: { seriesId: invoice.id } });
  return invoice.id;
}

/** A fingerprint of what was asked for, to tell a retry from a different request reusing its key. */
export function requestFingerprint(input: InvoiceCreateInput): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(canonical(input)))
    .digest("base64url");
}

const idempotencyKeyReused = () =>
  new InvoiceError(
    422,
    "This Idempotency-Key was already used with a different request. Use a new key for a new invoice.",
    "idempotency_key_reused",
  );

/**
 * Stores a new draft (numbered, plan-limited). The same idempotency key with the same
 * request gives back the first one's id; with a different request it is refused (422).
 */
export async function insertInvoice(shop: InvoiceShop, input: InvoiceCreateInput, options: CreateOptions = {}) {
  const fingerprint = options.idempotencyKey ? requestFingerprint(input) : null;
  const previousWithKey = async () => {
    if (!options.idempotencyKey) return null;
    const previous = await prisma.invoice.findUnique({
      where: { shopId_idempotencyKey: { shopId: shop.id, idempotencyKey: options.idempotencyKey } },
      select: { id: true, idempotencyHash: true },
    });
    if (previous && previous.idempotencyHash !== null && previous.idempotencyHash !== fingerprint)
      throw idempotencyKeyReused();
    return previous;
  };
  const previous = await previousWithKey();
  if (previous) return { id: previous.id, replayed: true };
  const prepared = prepare(shop, input);
  await getInvoiceSettings(shop.id);
  try {
    const id = await prisma.$transaction(
      (tx) => createInTx(tx, shop, input, prepared, { ...options, idempotencyHash: fingerprint }),
      TX_OPTIONS,
    );
    return { id, replayed: false };
  } catch (error) {
    if (options.idempotencyKey && isUniqueViolation(error)) {
      const raced = await previousWithKey();
      if (raced) return { id: raced.id, replayed: true };
    }
    throw error;
  }
}

/** The next invoice of a recurring series, inside the caller's transaction (jobs). */
export async function createNextInSeries(tx: Tx, shop: InvoiceShop, source: FullInvoice, issueDate: string) {
  const input: InvoiceCreateInput = {
    customer: {
      email: source.customerEmail,
      name: source.customerName,
      phone: source.customerPhone ?? undefined,
      address: source.customerAddress ?? undefined,
    },
    items: source.items.map((i) => ({
      title: i.title,
      qty: i.quantity,
      unit_price: minorToDecimalString(i.unitPriceMinor, source.currency),
    })),
    currency: source.currency,
    tax_rate: source.taxRate,
    shipping_cost: minorToDecimalString(source.shippingMinor, source.currency),
    due_in_days: source.dueInDays,
    auto_send: source.autoSend,
    platform: source.platform,
    marketing_ads: parseAds(source.marketingAds),
    ad_rotation_enabled: source.adRotationEnabled,
    payment_method: source.paymentMethod as InvoiceCreateInput["payment_method"],
    crypto_currency: source.cryptoCurrency ?? undefined,
    is_recurring: true,
    recurring_interval: (source.recurringInterval ?? "monthly") as RecurringInterval,
  };
  const prepared = prepare(shop, input);
  // Dates step from the series' first issue day, so 31 Jan → 28 Feb → 31 Mar (no drift).
  const seriesId = source.seriesId ?? source.id;
  const first = await tx.invoice.findFirst({ where: { shopId: shop.id, id: seriesId }, select: { issueDate: true } });
  const occurrences = await tx.invoice.count({ where: { shopId: shop.id, seriesId } });
  const interval = input.recurring_interval ?? "monthly";
  const anchor = first?.issueDate ?? issueDate;
  return createInTx(tx, shop, input, prepared, {
    actor: "system",
    issueDate,
    series: { seriesId, fromNumber: source.number, nextIssueDate: nthIssueDate(anchor, interval, occurrences + 1) },
  });
}

// ─── Read ──────────────────────────────────────────────────────────────────────

export const fullInclude = {
  items: { orderBy: { position: "asc" } },
  events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.InvoiceInclude;

export type FullInvoice = Prisma.InvoiceGetPayload<{ include: typeof fullInclude }>;

export function parseAds(json: string | null): MarketingAd[] {
  if (!json) return [];
  try {
    return JSON.parse(json) as MarketingAd[];
  } catch {
    return [];
  }
}

export async function findInvoice(shop: Pick<InvoiceShop, "id">, invoiceId: string) {
  return prisma.invoice.findFirst({ where: { id: invoiceId, shopId: shop.id }, include: fullInclude });
}

export async function getInvoice(shop: Pick<InvoiceShop, "id">, invoiceId: string) {
  const invoice = await findInvoice(shop, invoiceId);
  if (!invoice) throw notFound();
  return invoice;
}

export { LIST_FILTERS, type ListFilter } from "~/features/invoices/status";

/** The API's list: the shop's invoices under one filter, newest first. */
export async function listInvoices(shop: Pick<InvoiceShop, "id">, filter: ListFilter = "all", take = 200) {
  return prisma.invoice.findMany({
    where: { shopId: shop.id, ...(filter === "all" ? {} : { status: filter }) },
    include: { items: { orderBy: { position: "asc" } } },
    orderBy: [{ sequence: "desc" }],
    take,
  });
}

/**
 * One page for the public API, newest first: `limit` invoices after the invoice `startingAfter`
 * (keyset on the sequence) and whether more follow; null when `startingAfter` is not the shop's.
 */
export async function listInvoicesAfter(
  shop: Pick<InvoiceShop, "id">,
  filter: ListFilter,
  limit: number,
  startingAfter?: string,
) {
  let before: number | undefined;
  if (startingAfter) {
    const cursor = await prisma.invoice.findFirst({
      where: { id: startingAfter, shopId: shop.id },
      select: { sequence: true },
    });
    if (!cursor) return null;
    before = cursor.sequence;
  }
  const rows = await prisma.invoice.findMany({
    where: {
      shopId: shop.id,
      ...(filter === "all" ? {} : { status: filter }),
      ...(before === undefined ? {} : { sequence: { lt: before } }),
    },
    include: { items: { orderBy: { position: "asc" } } },
    orderBy: [{ sequence: "desc" }],
    take: limit + 1,
  });
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * The shop's invoices matching the list's query. The search is a literal, case-insensitive
 * substring of the number, the customer's name or e-mail: lower() on both sides and
 * instr/strpos rather than LIKE, whose % and _ would be wildcards (Prisma's `contains` does not
 * escape them, and SQLite's LIKE has no escape character without an ESCAPE clause).
 */
function invoicesMatching(shopId: string, query: Pick<InvoiceListQuery, "status" | "q">) {
  const found = (column: "number" | "customerName" | "customerEmail") =>
    dialect === "postgresql"
      ? sql<SqlBool>`strpos(lower(${sql.ref(column)}), lower(${query.q})) > 0`
      : sql<SqlBool>`instr(lower(${sql.ref(column)}), lower(${query.q})) > 0`;
  let matching = sqlOn().selectFrom("Invoice").where("shopId", "=", shopId);
  if (query.status !== "all") matching = matching.where("status", "=", query.status);
  if (query.q)
    matching = matching.where((eb) => eb.or([found("number"), found("customerName"), found("customerEmail")]));
  return matching;
}

/** One page of the screen's list (search, filter, page), newest first, with the total that matched. */
export async function listInvoicePage(shop: Pick<InvoiceShop, "id">, query: InvoiceListQuery, pageSize = PAGE_SIZE) {
  const matching = invoicesMatching(shop.id, query);
  const { count: total } = await matching
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const page = clampPage(query.page, total, pageSize);
  const ids = await matching
    .select("id")
    .orderBy("sequence", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const rows = await prisma.invoice.findMany({
    where: { shopId: shop.id, id: { in: ids.map((r) => r.id) } },
    select: {
      id: true,
      number: true,
      status: true,
      customerName: true,
      customerEmail: true,
      dueDate: true,
      totalMinor: true,
      currency: true,
      isRecurring: true,
      recurringInterval: true,
    },
    orderBy: [{ sequence: "desc" }],
  });
  return { rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
export type InvoiceListPage = Awaited<ReturnType<typeof listInvoicePage>>;

export async function listSeries(shop: Pick<InvoiceShop, "id">, seriesId: string) {
  return prisma.invoice.findMany({
    where: { shopId: shop.id, seriesId },
    select: { id: true, number: true, status: true, issueDate: true, totalMinor: true, currency: true },
    orderBy: { sequence: "asc" },
  });
}

export function getInvoiceByToken(token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return Promise.resolve(null);
  return prisma.invoice.findUnique({ where: { publicToken: token }, include: { ...fullInclude, shop: true } });
}

/** Figures for the side panel's tips: overdue money and how fast customers pay. */
export async function invoiceInsights(shop: Pick<InvoiceShop, "id" | "currency" | "timezone">) {
  const [overdue, paid, counts] = await Promise.all([
    prisma.invoice.groupBy({
      by: ["currency"],
      where: { shopId: shop.id, status: "overdue" },
      _sum: { totalMinor: true },
      _count: true,
    }),
    prisma.invoice.findMany({
      where: { shopId: shop.id, status: "paid", sentAt: { not: null }, paidAt: { not: null } },
      select: { sentAt: true, paidAt: true, dueDate: true, dueInDays: true, totalMinor: true, currency: true },
      take: 500,
      orderBy: { paidAt: "desc" },
    }),
    prisma.invoice.groupBy({ by: ["status"], where: { shopId: shop.id }, _count: true }),
  ]);
  const home = overdue.find((o) => o.currency === shop.currency);
  const days = paid.map((p) => (p.paidAt!.getTime() - p.sentAt!.getTime()) / 86_400_000);
  return {
    overdueCount: overdue.reduce((s, o) => s + o._count, 0),
    overdueTotalMinor: home?._sum.totalMinor ?? 0,
    overdueOtherCurrencies: overdue.filter((o) => o.currency !== shop.currency).length,
    averageDaysToPay: days.length ? Math.round((days.reduce((a, b) => a + b, 0) / days.length) * 10) / 10 : null,
    paidCount: paid.length,
    byStatus: Object.fromEntries(counts.map((c) => [c.status, c._count])) as Record<string, number>,
    tips: paymentTips(
      paid.map((p) => ({
        sentDay: dayInZone(p.sentAt!, shop.timezone),
        paidDay: dayInZone(p.paidAt!, shop.timezone),
        dueDay: p.dueDate,
        dueInDays: p.dueInDays,
        totalMinor: p.currency === shop.currency ? p.totalMinor : null,
      })),
      shop.currency,
    ),
  };
}

// ─── Wire format ───────────────────────────────────────────────────────────────

type ListRow = Awaited<ReturnType<typeof listInvoices>>[number];

/** The invoice as the API and the screen read it (docs/product/api.md; amounts as decimal strings plus minor units). */
export function invoiceDto(invoice: ListRow | FullInvoice, baseUrl?: string) {
  const money = (minor: number) => minorToDecimalString(minor, invoice.currency);
  return {
    id: invoice.id,
    invoiceNumber: invoice.number,
    status: invoice.status,
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    customerPhone: invoice.customerPhone,
    customerAddress: invoice.customerAddress,
    platform: invoice.platform,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    currency: invoice.currency,
    items: invoice.items.map((i) => ({
      title: i.title,
      qty: i.quantity,
      unit_price: money(i.unitPriceMinor),
      line_total: money(i.lineTotalMinor),
      unitPriceMinor: i.unitPriceMinor,
      lineTotalMinor: i.lineTotalMinor,
    })),
    taxRate: invoice.taxRate,
    subtotal: money(invoice.subtotalMinor),
    tax: money(invoice.taxMinor),
    shipping: money(invoice.shippingMinor),
    total: money(invoice.totalMinor),
    subtotalMinor: invoice.subtotalMinor,
    taxMinor: invoice.taxMinor,
    shippingMinor: invoice.shippingMinor,
    totalMinor: invoice.totalMinor,
    paymentMethod: invoice.paymentMethod,
    cryptoCurrency: invoice.cryptoCurrency,
    autoSend: invoice.autoSend,
    isRecurring: invoice.isRecurring,
    recurringInterval: invoice.recurringInterval,
    seriesId: invoice.seriesId,
    nextIssueDate: invoice.nextIssueDate,
    marketingAds: parseAds(invoice.marketingAds),
    adRotationEnabled: invoice.adRotationEnabled,
    hostedUrl: hostedUrl(invoice.publicToken, baseUrl),
    createdAt: invoice.createdAt.toISOString(),
  };
}
export type InvoiceDto = ReturnType<typeof invoiceDto>;
