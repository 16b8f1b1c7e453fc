// /costs (docs/product/costs.md): Cost Management (the sidebar's Costs & Profit) — the P&L of the
// period with a breakdown behind every line, variants sold without a cost, the product costs
// (and Shopify's cost per item) and operating expenses, each editable and deletable.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { dayInZone } from "~/lib/dates";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { parseTimeframe } from "~/lib/timeframe";
import {
  addOperatingExpense,
  addProductCost,
  auditedCostChange,
  deleteOperatingExpense,
  deleteProductCost,
  getBreakdown,
  getProfitAndLoss,
  lastImport,
  pageOfOperatingExpenses,
  pageOfProductCosts,
  shopifyCostsState,
  updateOperatingExpense,
  updateProductCost,
} from "~/features/profit/index.server";
import {
  COSTS_INTENTS,
  COSTS_PAGE_SIZE,
  COST_PAGES,
  COSTS_TOASTS,
  CostsDialogs,
  CostsSummary,
  BreakdownModal,
  ExpensesCard,
  MissingCosts,
  PnlCard,
  ProductCostsBulkCard,
  ProductCostsCard,
  ShopifyCostsCard,
  TimeframeSelect,
  operatingExpenseSchema,
  productCostSchema,
  type CostsActionResult,
  type CostsDialogState,
} from "~/features/profit";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { pnlAdFigures } from "~/features/analytics/index.server";
import { withAdFigures } from "~/features/profit";
import type { RoutePermissions } from "~/features/team";
import { useChangeSearchParams } from "~/components/search-params";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Cost Management · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const pageParam = (url: URL, name: string) => Number(url.searchParams.get(name)) || 1;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const url = new URL(request.url);
  const days = parseTimeframe(url.searchParams.get("days"));
  const line = url.searchParams.get("line");
  const [pnl, productCosts, expenses, breakdown, lastCostImport, shopifyCosts] = await Promise.all([
    getProfitAndLoss(shop, days),
    pageOfProductCosts(shop, pageParam(url, "costsPage"), COSTS_PAGE_SIZE),
    pageOfOperatingExpenses(shop, pageParam(url, "expensesPage"), COSTS_PAGE_SIZE),
    line && line.length <= 120 ? getBreakdown(shop, days, line) : null,
    lastImport(shop.id, "product_cost"),
    shopifyCostsState(shop),
  ]);
  const adFigures = await pnlAdFigures(shop, pnl.range, pnl.lines);
  const missingPages = Math.max(1, Math.ceil(pnl.missing.variants.length / COSTS_PAGE_SIZE));
  const missingPage = Math.min(Math.max(1, pageParam(url, "missingPage")), missingPages);
  return {
    days,
    currency: shop.currency,
    today: dayInZone(new Date(), shop.timezone),
    pnl: {
      lines: withAdFigures(pnl.lines, adFigures),
      figures: pnl.figures,
      range: pnl.range,
      comparable: pnl.comparable,
    },
    missing: {
      sold: pnl.missing.sold,
      total: pnl.missing.variants.length,
      unknownFeeOrders: pnl.missing.unknownFeeOrders,
      unknownLabelOrders: pnl.missing.unknownLabelOrders,
      orders: pnl.missing.orders,
      page: missingPage,
      pages: missingPages,
      rows: pnl.missing.variants.slice((missingPage - 1) * COSTS_PAGE_SIZE, missingPage * COSTS_PAGE_SIZE),
    },
    productCosts,
    expenses,
    breakdown: breakdown && line ? { line, ...breakdown } : null,
    bulk: { timezone: shop.timezone, last: lastCostImport },
    shopifyCosts,
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const { shop } = ctx;
  const read = await readForm(request);
  const values = read.ok ? read.values : {};
  const intent = (COSTS_INTENTS as readonly string[]).includes(values.intent ?? "") ? values.intent : "";
  const answer = (status: number, fieldErrors: FieldErrors) =>
    data<CostsActionResult>({ ok: false, intent, fieldErrors }, { status });
  if (!read.ok) return answer(400, read.fieldErrors);
  if (!intent) return answer(400, { intent: ["Unknown action"] });
  const id = values.id ?? "";
  if (!intent.startsWith("add") && !ID.test(id)) return answer(404, { _form: ["Not found"] });
  try {
    if (intent === "deleteProductCost")
      await auditedCostChange(ctx, "product_cost", "delete", id, () => deleteProductCost(shop, id));
    else if (intent === "deleteExpense")
      await auditedCostChange(ctx, "expense", "delete", id, () => deleteOperatingExpense(shop, id));
    else if (intent.endsWith("ProductCost")) {
      const parsed = productCostSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      if (intent === "addProductCost")
        await auditedCostChange(ctx, "product_cost", "add", null, () => addProductCost(shop, parsed.data));
      else await auditedCostChange(ctx, "product_cost", "update", id, () => updateProductCost(shop, id, parsed.data));
    } else {
      const parsed = operatingExpenseSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      if (intent === "addExpense")
        await auditedCostChange(ctx, "expense", "add", null, () => addOperatingExpense(shop, parsed.data));
      else await auditedCostChange(ctx, "expense", "update", id, () => updateOperatingExpense(shop, id, parsed.data));
    }
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    const status = error instanceof Error ? (error as { status?: number }).status : undefined;
    if (status === 404 || status === 409) return answer(status, { _form: [(error as Error).message] });
    throw error;
  }
  return { ok: true, intent } satisfies CostsActionResult;
});

type ToastState = { title: string; error?: boolean } | null;

export default function Costs() {
  const { days, currency, today, pnl, missing, productCosts, expenses, breakdown, bulk, shopifyCosts } =
    useLoaderData<typeof loader>();
  const change = useChangeSearchParams();
  const [toast, setToast] = useState<ToastState>(null);
  const [dialog, setDialog] = useState<CostsDialogState>(null);
  const report = (kind: keyof typeof COSTS_TOASTS) => (ok: boolean) =>
    setToast(ok ? { title: COSTS_TOASTS[kind].ok } : { title: COSTS_TOASTS[kind].error, error: true });
  const setParam = (name: string, value: string | null) => change({ [name]: value });

  return (
    <AdminPage
      title="Cost Management"
      subtitle={`${pnl.range.from} to ${pnl.range.to}`}
      primaryAction={<TimeframeSelect days={days} onChange={(v) => setParam("days", v)} />}
      actionGroups={[{ title: "Cost pages", actions: COST_PAGES }]}
    >
      <BlockStack gap="500">
        <CostsSummary lines={pnl.lines} figures={pnl.figures} missing={missing} currency={currency} days={days} />
        <PnlCard lines={pnl.lines} currency={currency} comparable={pnl.comparable} days={days} />
        <MissingCosts
          missing={missing}
          currency={currency}
          onPage={(p) => setParam("missingPage", String(p))}
          onAdd={(v) => setDialog({ kind: "cost", prefill: { productName: v.productName, sku: v.sku ?? "" } })}
        />
        <ProductCostsCard
          page={productCosts}
          currency={currency}
          onPage={(p) => setParam("costsPage", String(p))}
          onAdd={() => setDialog({ kind: "cost", prefill: null })}
          onEdit={(c) => setDialog({ kind: "cost", editing: c })}
          onDelete={(c) => setDialog({ kind: "deleteCost", target: c })}
        />
        <ProductCostsBulkCard currency={currency} {...bulk} />
        <ShopifyCostsCard currency={currency} {...shopifyCosts} />
        <ExpensesCard
          page={expenses}
          currency={currency}
          onPage={(p) => setParam("expensesPage", String(p))}
          onAdd={() => setDialog({ kind: "expense" })}
          onEdit={(e) => setDialog({ kind: "expense", editing: e })}
          onDelete={(e) => setDialog({ kind: "deleteExpense", target: e })}
        />
      </BlockStack>
      <CostsDialogs state={dialog} today={today} currency={currency} onClose={() => setDialog(null)} report={report} />
      {breakdown && <BreakdownModal breakdown={breakdown} currency={currency} onClose={() => setParam("line", null)} />}
      {toast && <Toast content={toast.title} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
