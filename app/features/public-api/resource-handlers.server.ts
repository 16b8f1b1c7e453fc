// The v1 handlers for invoices (create, send), product costs, operating expenses, loyalty campaigns
// and inventory:
// each calls the owning feature's service, the one the admin screens use (its validation, plan
// limits, status rules and audit entries), and shapes the answer for its response schema.
import { minorToDecimalString } from "~/lib/money";
import { createInvoice, findInvoice, invoiceDto, sendInvoice } from "~/features/invoices/index.server";
import {
  addOperatingExpense,
  addProductCost,
  auditedCostChange,
  expenseDto,
  listOperatingExpensesAfter,
  listProductCostsAfter,
  productCostDto,
  updateProductCost,
} from "~/features/profit/index.server";
import { createApiCampaign, listCampaigns } from "~/features/loyalty/index.server";
import { inventoryFiltersSchema } from "~/features/inventory";
import { inventoryPage } from "~/features/inventory/index.server";
import { publicOrigin } from "~/platform/http.server";
import { ApiError, type V1Answer, type V1Context } from "./v1.server";
import type { ENDPOINTS } from "./schemas";

type E = typeof ENDPOINTS;

export async function createInvoiceV1({ shop, body }: V1Context<E["createInvoice"]>): Promise<V1Answer> {
  const { invoice } = await createInvoice(shop, body, { actor: "api" });
  return { status: 201, data: invoiceDto(invoice) };
}

export async function sendInvoiceV1({ shop, params, request }: V1Context<E["sendInvoice"]>): Promise<V1Answer> {
  // A missing invoice is a 404 before any transition is tried (another shop's looks the same).
  if (!(await findInvoice(shop, params.invoiceId)))
    throw new ApiError(404, "resource_missing", "No such invoice.", "invoiceId");
  const { invoice } = await sendInvoice(shop, params.invoiceId, { actor: "api", baseUrl: publicOrigin(request) });
  return { data: invoiceDto(invoice) };
}

export async function productCostsV1({ shop, query }: V1Context<E["productCosts"]>): Promise<V1Answer> {
  const page = await listProductCostsAfter(shop, query.limit, query.starting_after);
  if (!page)
    throw new ApiError(400, "parameter_invalid", "starting_after is not a cost of this store.", "starting_after");
  return { data: { object: "list", has_more: page.hasMore, data: page.rows } };
}

export async function createProductCostV1({ actor, body }: V1Context<E["createProductCost"]>): Promise<V1Answer> {
  const row = await auditedCostChange(actor, "product_cost", "add", null, () => addProductCost(actor.shop, body));
  return { status: 201, data: productCostDto(actor.shop, row) };
}

export async function updateProductCostV1({
  actor,
  params,
  body,
}: V1Context<E["updateProductCost"]>): Promise<V1Answer> {
  const row = await auditedCostChange(actor, "product_cost", "update", params.costId, () =>
    updateProductCost(actor.shop, params.costId, body),
  );
  return { data: productCostDto(actor.shop, row) };
}

export async function operatingExpensesV1({ shop, query }: V1Context<E["operatingExpenses"]>): Promise<V1Answer> {
  const page = await listOperatingExpensesAfter(shop, query.limit, query.starting_after);
  if (!page)
    throw new ApiError(400, "parameter_invalid", "starting_after is not an expense of this store.", "starting_after");
  return { data: { object: "list", has_more: page.hasMore, data: page.rows } };
}

export async function createOperatingExpenseV1({
  actor,
  body,
}: V1Context<E["createOperatingExpense"]>): Promise<V1Answer> {
  const row = await auditedCostChange(actor, "expense", "add", null, () => addOperatingExpense(actor.shop, body));
  return { status: 201, data: expenseDto(actor.shop, row) };
}

export async function loyaltyCampaignsV1({ shop, query }: V1Context<E["loyaltyCampaigns"]>): Promise<V1Answer> {
  const all = await listCampaigns(shop);
  const from = query.starting_after ? all.findIndex((c) => c.id === query.starting_after) + 1 : 0;
  if (from === 0 && query.starting_after)
    throw new ApiError(400, "parameter_invalid", "starting_after is not a campaign of this store.", "starting_after");
  const rows = all.slice(from, from + query.limit);
  return { data: { object: "list", has_more: all.length > from + query.limit, data: rows } };
}

export async function createLoyaltyCampaignV1({
  actor,
  body,
}: V1Context<E["createLoyaltyCampaign"]>): Promise<V1Answer> {
  return { status: 201, data: await createApiCampaign(actor, body) };
}

export async function inventoryV1({ shop, query }: V1Context<E["inventory"]>): Promise<V1Answer> {
  const { limit, ...filters } = query;
  const parsed = inventoryFiltersSchema.parse(filters);
  const page = await inventoryPage(shop, parsed, limit);
  return {
    data: {
      object: "list",
      currency: shop.currency,
      page: page.page,
      pages: page.pages,
      total: page.total,
      has_more: page.page < page.pages,
      data: page.rows.map((r) => ({
        ...r,
        lostRevenuePerDay: minorToDecimalString(r.lostRevenuePerDayMinor, shop.currency),
      })),
    },
  };
}
