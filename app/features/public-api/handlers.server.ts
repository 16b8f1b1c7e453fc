// The v1 endpoints' handlers: each reads its resource through the feature that owns it (the same
// code the admin screens use) and answers data in its response schema's shape (schemas.ts).
import { minorToDecimalString } from "~/lib/money";
import { getAnalyticsCached } from "~/features/analytics/index.server";
import { customersApiQuery } from "~/features/customers";
import { customersBySegmentPage } from "~/features/customers/index.server";
import { findInvoice, invoiceDto, listInvoicesAfter } from "~/features/invoices/index.server";
import { CATEGORIES, type Category } from "~/features/insights";
import { listInsights, requestRun } from "~/features/insights/index.server";
import { ApiError, type V1Answer, type V1Context } from "./v1.server";
import type { ENDPOINTS } from "./schemas";

type E = typeof ENDPOINTS;

const change = (now: number, before: number) => (before === 0 ? null : (now - before) / before);

export async function analyticsV1({ shop, query }: V1Context<E["analytics"]>): Promise<V1Answer> {
  const a = await getAnalyticsCached(shop, query.timeframe, "previous");
  const { values, previous } = a.figures;
  const figures = {
    revenue: {
      total: minorToDecimalString(values.revenue ?? 0, shop.currency),
      previous: minorToDecimalString(previous.revenue ?? 0, shop.currency),
      change: a.figures.change.revenue,
    },
    orders: {
      total: String(values.orders ?? 0),
      previous: String(previous.orders ?? 0),
      change: a.figures.change.orders,
    },
    // Customers: new customers of the period (their first order in it), as the dashboard counts them.
    customers: {
      total: String(a.marketing.newCustomers),
      previous: String(a.marketing.previousNewCustomers),
      change: change(a.marketing.newCustomers, a.marketing.previousNewCustomers),
    },
  };
  return {
    data: {
      storeId: shop.id,
      timeframe: a.timeframe,
      currency: shop.currency,
      period: a.range,
      previousPeriod: a.comparisonRange,
      metrics: Object.fromEntries(query.metrics.map((m) => [m, figures[m]])),
    },
  };
}

export async function customersV1({ shop, query }: V1Context<E["customers"]>): Promise<V1Answer> {
  const segment = customersApiQuery.shape.segment.safeParse(query.segment);
  if (!segment.success) throw new ApiError(400, "parameter_invalid", segment.error.issues[0].message, "segment");
  const page = await customersBySegmentPage(shop, segment.data, query.limit, query.starting_after);
  if (!page)
    throw new ApiError(400, "parameter_invalid", "starting_after is not a customer of this list.", "starting_after");
  return {
    data: {
      object: "list",
      has_more: page.hasMore,
      data: page.rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        orders: r.orders,
        totalSpent: minorToDecimalString(r.totalSpentMinor, shop.currency),
        lastOrder: r.lastOrderAt,
        segment: r.segment,
      })),
    },
  };
}

export async function invoicesV1({ shop, query }: V1Context<E["invoices"]>): Promise<V1Answer> {
  const page = await listInvoicesAfter(shop, query.status, query.limit, query.starting_after);
  if (!page)
    throw new ApiError(400, "parameter_invalid", "starting_after is not an invoice of this store.", "starting_after");
  return { data: { object: "list", has_more: page.hasMore, data: page.rows.map((r) => invoiceDto(r)) } };
}

export async function invoiceV1({ shop, params }: V1Context<E["invoice"]>): Promise<V1Answer> {
  const invoice = await findInvoice(shop, params.invoiceId);
  if (!invoice) throw new ApiError(404, "resource_missing", "No such invoice.", "invoiceId");
  return { data: invoiceDto(invoice) };
}

export async function insightsV1({ shop, query }: V1Context<E["insights"]>): Promise<V1Answer> {
  const category = query.category;
  if (category !== undefined && !(CATEGORIES as readonly string[]).includes(category))
    throw new ApiError(400, "parameter_invalid", `category must be one of ${CATEGORIES.join(", ")}`, "category");
  const list = await listInsights(shop.id, category as Category | undefined, query.limit + 1);
  return {
    data: {
      object: "list",
      has_more: list.insights.length > query.limit,
      data: list.insights.slice(0, query.limit).map((i) => ({
        id: i.id,
        category: i.category,
        priority: i.band,
        title: i.title,
        message: i.description,
        confidence: i.confidence,
        potentialValue:
          i.potentialValueMinor === null ? null : minorToDecimalString(i.potentialValueMinor, shop.currency),
        firstSeenAt: i.firstSeenAt,
      })),
    },
  };
}

export async function generateInsightsV1({ shop, body }: V1Context<E["generateInsights"]>): Promise<V1Answer> {
  const unknown = (body.categories ?? []).find((c) => !(CATEGORIES as readonly string[]).includes(c));
  if (unknown !== undefined)
    throw new ApiError(400, "body_invalid", `categories must be of ${CATEGORIES.join(", ")}`, "categories");
  const { run, created } = await requestRun(shop.id, "manual");
  return { status: 202, data: { id: run.id, status: run.status, queuedAt: run.queuedAt, created } };
}
