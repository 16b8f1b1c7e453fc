// /costs (docs/product/costs.md): the last 30 days' profit and costs, variants missing a
// cost, product costs and operating expenses, with the dialogs that add them.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { dayInZone } from "~/lib/dates";
import { FieldError, fieldErrorsOf, formToObject, type FieldErrors } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import {
  addOperatingExpense,
  addProductCost,
  countUncostedProducts,
  getProfitComparison,
  listOperatingExpenses,
  listProductCosts,
  listUncostedVariants,
} from "~/features/profit/index.server";
import {
  COSTS_TOASTS,
  CostsSummary,
  ExpenseDialog,
  ExpensesCard,
  MissingCosts,
  ProductCostDialog,
  ProductCostsCard,
  operatingExpenseSchema,
  productCostSchema,
  type CostsActionResult,
} from "~/features/profit";
import { requireAdmin } from "~/features/shop/index.server";

export const meta: MetaFunction = () => [{ title: "Cost Management · Profit Pilot" }];

const SUMMARY_DAYS = 30;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request);
  const [productCosts, expenses, uncosted, profit] = await Promise.all([
    listProductCosts(shop),
    listOperatingExpenses(shop),
    listUncostedVariants(shop),
    getProfitComparison(shop, SUMMARY_DAYS),
  ]);
  return {
    currency: shop.currency,
    today: dayInZone(new Date(), shop.timezone),
    productCosts,
    expenses,
    uncosted,
    summary: {
      netProfitMinor: profit.current.netProfitMinor,
      totalCostsMinor: profit.current.totalCostsMinor,
      margin: profit.current.profitMargin,
      cogsMinor: profit.current.cogsMinor,
      operatingExpensesMinor: profit.current.operatingExpensesMinor,
      uncostedProducts: await countUncostedProducts(shop.id, profit.range),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (fieldErrors: FieldErrors) =>
    data<CostsActionResult>({ ok: false, intent, fieldErrors }, { status: 400 });
  const values = formToObject(form);
  const unstorable = unstorableText(values);
  if (Object.keys(unstorable).length) return refuse(unstorable);
  try {
    if (intent === "addProductCost") {
      const parsed = productCostSchema.safeParse(values);
      if (!parsed.success) return refuse(fieldErrorsOf(parsed.error));
      await addProductCost(shop, parsed.data);
    } else if (intent === "addExpense") {
      const parsed = operatingExpenseSchema.safeParse(values);
      if (!parsed.success) return refuse(fieldErrorsOf(parsed.error));
      await addOperatingExpense(shop, parsed.data);
    } else {
      return refuse({ intent: ["Unknown action"] });
    }
  } catch (error) {
    if (error instanceof FieldError) return refuse(error.fieldErrors);
    throw error;
  }
  return { ok: true, intent } satisfies CostsActionResult;
}

type ToastState = { title: string; error?: boolean } | null;

export default function Costs() {
  const { currency, today, productCosts, expenses, uncosted, summary } = useLoaderData<typeof loader>();
  const [toast, setToast] = useState<ToastState>(null);
  const [costDialog, setCostDialog] = useState<{ prefill: { productName: string; sku: string } | null } | null>(null);
  const [expenseOpen, setExpenseOpen] = useState(false);
  const report = (kind: keyof typeof COSTS_TOASTS) => (ok: boolean) =>
    setToast(ok ? { title: COSTS_TOASTS[kind].ok } : { title: COSTS_TOASTS[kind].error, error: true });

  return (
    <AdminPage title="Cost Management" subtitle="Costs & Profit">
      <BlockStack gap="500">
        <CostsSummary summary={summary} currency={currency} days={SUMMARY_DAYS} />
        <MissingCosts
          variants={uncosted}
          currency={currency}
          onAdd={(v) => setCostDialog({ prefill: { productName: v.productName, sku: v.sku ?? "" } })}
        />
        <ProductCostsCard costs={productCosts} currency={currency} onAdd={() => setCostDialog({ prefill: null })} />
        <ExpensesCard expenses={expenses} currency={currency} onAdd={() => setExpenseOpen(true)} />
      </BlockStack>
      {costDialog && (
        <ProductCostDialog
          prefill={costDialog.prefill}
          today={today}
          onClose={() => setCostDialog(null)}
          onDone={report("addProductCost")}
        />
      )}
      {expenseOpen && (
        <ExpenseDialog today={today} onClose={() => setExpenseOpen(false)} onDone={report("addExpense")} />
      )}
      {toast && <Toast content={toast.title} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
