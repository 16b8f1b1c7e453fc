import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Button,
  Card,
  Checkbox,
  DataTable,
  FormLayout,
  InlineGrid,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
  Toast,
} from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { dayInZone } from "~/lib/dates";
import { FieldError } from "~/lib/forms";
import { formatMoney, formatPercent } from "~/lib/money";
import {
  addOperatingExpense,
  addProductCost,
  listOperatingExpenses,
  listProductCosts,
  listUncostedVariants,
} from "~/features/profit/index.server";
import { countUncostedProducts, getProfitComparison } from "~/features/profit/index.server";
import {
  EXPENSE_CATEGORIES,
  EXPENSE_INTERVALS,
  operatingExpenseSchema,
  productCostSchema,
} from "~/features/profit";
import { fieldErrorsOf, formToObject, type FieldErrors } from "~/lib/forms";
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

type ActionResult = { ok: true; intent: string } | { ok: false; intent: string; fieldErrors: FieldErrors };

export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = formToObject(form);
  if (intent === "addProductCost") {
    const parsed = productCostSchema.safeParse(values);
    if (!parsed.success) return data<ActionResult>({ ok: false, intent, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    try {
      await addProductCost(shop, parsed.data);
    } catch (error) {
      if (error instanceof FieldError) return data<ActionResult>({ ok: false, intent, fieldErrors: error.fieldErrors }, { status: 400 });
      throw error;
    }
    return { ok: true, intent } satisfies ActionResult;
  }
  if (intent === "addExpense") {
    const parsed = operatingExpenseSchema.safeParse(values);
    if (!parsed.success) return data<ActionResult>({ ok: false, intent, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    try {
      await addOperatingExpense(shop, parsed.data);
    } catch (error) {
      if (error instanceof FieldError) return data<ActionResult>({ ok: false, intent, fieldErrors: error.fieldErrors }, { status: 400 });
      throw error;
    }
    return { ok: true, intent } satisfies ActionResult;
  }
  return data<ActionResult>({ ok: false, intent, fieldErrors: { intent: ["Unknown action"] } }, { status: 400 });
}

type ToastState = { title: string; error?: boolean } | null;

const TOASTS = {
  addProductCost: { ok: "Product Cost Added — Product cost has been saved successfully.", error: "Error — Failed to add product cost." },
  addExpense: { ok: "Expense Added — Operating expense has been recorded successfully.", error: "Error — Failed to add expense." },
} as const;

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function Costs() {
  const { currency, today, productCosts, expenses, uncosted, summary } = useLoaderData<typeof loader>();
  const [toast, setToast] = useState<ToastState>(null);
  const [costPrefill, setCostPrefill] = useState<{ productName: string; sku: string } | null>(null);
  const [costOpen, setCostOpen] = useState(false);
  const [expenseOpen, setExpenseOpen] = useState(false);

  return (
    <AdminPage title="Cost Management" subtitle="Costs & Profit">
      <BlockStack gap="500">
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
          <Card>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm" tone="subdued">Net Profit (last {SUMMARY_DAYS} days)</Text>
              <Text as="p" variant="headingXl" tone={summary.netProfitMinor >= 0 ? "success" : "critical"}>
                <span data-testid="costs-net-profit">{formatMoney(summary.netProfitMinor, currency)}</span>
              </Text>
              <Text as="p" variant="bodySm" tone="subdued">
                {summary.margin !== null && summary.margin > 0 ? `${formatPercent(summary.margin, 1)} margin` : "No margin data"}
              </Text>
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm" tone="subdued">Total Costs (last {SUMMARY_DAYS} days)</Text>
              <Text as="p" variant="headingXl"><span data-testid="costs-total-costs">{formatMoney(summary.totalCostsMinor, currency)}</span></Text>
              <Text as="p" variant="bodySm" tone="subdued">
                Cost of goods {formatMoney(summary.cogsMinor, currency)} · Expenses {formatMoney(summary.operatingExpensesMinor, currency)}
              </Text>
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm" tone="subdued">Products sold without a cost</Text>
              <Text as="p" variant="headingXl"><span data-testid="costs-uncosted">{summary.uncostedProducts}</span></Text>
              <Text as="p" variant="bodySm" tone="subdued">Their cost of goods is left out of profit until you add it.</Text>
            </BlockStack>
          </Card>
        </InlineGrid>

        {uncosted.length > 0 && (
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">Missing costs</Text>
              <Text as="p" tone="subdued">These variants have no unit cost from Shopify. Add one so profit is complete.</Text>
              <DataTable
                columnContentTypes={["text", "text", "numeric", "text"]}
                headings={["Product", "SKU", "Price", ""]}
                rows={uncosted.map((v) => [
                  `${v.productName}${v.variant && !/^Default( Title)?$/.test(v.variant) ? ` — ${v.variant}` : ""}`,
                  v.sku ?? "N/A",
                  formatMoney(v.priceMinor, currency),
                  <Button
                    key={v.id}
                    size="slim"
                    accessibilityLabel={`Add cost for ${v.productName}`}
                    onClick={() => {
                      setCostPrefill({ productName: v.productName, sku: v.sku ?? "" });
                      setCostOpen(true);
                    }}
                  >
                    Add cost
                  </Button>,
                ])}
              />
            </BlockStack>
          </Card>
        )}

        <Card>
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd">Product Costs</Text>
              <Button variant="primary" onClick={() => { setCostPrefill(null); setCostOpen(true); }}>
                Add Product Cost
              </Button>
            </InlineStack>
            {productCosts.length === 0 ? (
              <Text as="p" tone="subdued">No product costs added yet</Text>
            ) : (
              <DataTable
                columnContentTypes={["text", "text", "numeric", "text", "text"]}
                headings={["Product", "SKU", "Cost per unit", "Supplier", "Effective from"]}
                rows={productCosts.map((c) => [c.productName, c.sku || "N/A", formatMoney(c.costPerUnitMinor, currency), c.supplier || "N/A", c.effectiveFrom])}
              />
            )}
          </BlockStack>
        </Card>

        <Card>
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd">Operating Expenses</Text>
              <Button variant="primary" onClick={() => setExpenseOpen(true)}>Add Expense</Button>
            </InlineStack>
            {expenses.length === 0 ? (
              <Text as="p" tone="subdued">No expenses recorded yet</Text>
            ) : (
              <DataTable
                columnContentTypes={["text", "text", "numeric", "text", "text"]}
                headings={["Category", "Description", "Amount", "Date", "Type"]}
                rows={expenses.map((e) => [
                  label(e.category),
                  e.description,
                  formatMoney(e.amountMinor, currency),
                  e.date,
                  e.recurring ? <Badge key={e.id} tone="info">{`Recurring · ${label(e.recurringInterval ?? "monthly")}`}</Badge> : <Badge key={e.id}>One-time</Badge>,
                ])}
              />
            )}
          </BlockStack>
        </Card>
      </BlockStack>

      <ProductCostDialog
        open={costOpen}
        prefill={costPrefill}
        today={today}
        onClose={() => setCostOpen(false)}
        onDone={(ok) => setToast(ok ? { title: TOASTS.addProductCost.ok } : { title: TOASTS.addProductCost.error, error: true })}
      />
      <ExpenseDialog
        open={expenseOpen}
        today={today}
        onClose={() => setExpenseOpen(false)}
        onDone={(ok) => setToast(ok ? { title: TOASTS.addExpense.ok } : { title: TOASTS.addExpense.error, error: true })}
      />
      {toast && <Toast content={toast.title} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}

function useSubmitResult(fetcher: ReturnType<typeof useFetcher<typeof action>>, onResult: (ok: boolean) => void) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onResult(fetcher.data.ok);
    // Only react to a finished submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}

function ProductCostDialog({ open, prefill, today, onClose, onDone }: {
  open: boolean;
  prefill: { productName: string; sku: string } | null;
  today: string;
  onClose: () => void;
  onDone: (ok: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: "add-product-cost" });
  const empty = { productName: "", sku: "", costPerUnit: "", supplier: "", effectiveFrom: today };
  const [values, setValues] = useState(empty);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (open) {
      setValues({ ...empty, ...(prefill ?? {}) });
      setServerErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, prefill]);
  useSubmitResult(fetcher, (ok) => {
    if (ok) onClose();
    else if (fetcher.data && !fetcher.data.ok) setServerErrors(fetcher.data.fieldErrors);
    onDone(ok);
  });
  const check = useMemo(() => productCostSchema.safeParse(values), [values]);
  const clientErrors = check.success ? {} : fieldErrorsOf(check.error);
  const errorFor = (field: keyof typeof values) =>
    serverErrors[field]?.[0] ?? (values[field] ? clientErrors[field]?.[0] : undefined);
  const set = (field: keyof typeof values) => (v: string) => {
    setValues((prev) => ({ ...prev, [field]: v }));
    setServerErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  const submitting = fetcher.state !== "idle";
  const canSave = values.productName.trim() !== "" && values.costPerUnit.trim() !== "";

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add Product Cost"
      primaryAction={{
        content: submitting ? "Saving..." : "Save Product Cost",
        disabled: !canSave || submitting,
        loading: submitting,
        onAction: () => fetcher.submit({ intent: "addProductCost", ...values }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField label="Product name" value={values.productName} onChange={set("productName")} autoComplete="off" requiredIndicator error={errorFor("productName")} />
          <FormLayout.Group>
            <TextField label="SKU" value={values.sku} onChange={set("sku")} autoComplete="off" helpText="Matches the product's variants by SKU" error={errorFor("sku")} />
            <TextField label="Cost per unit" type="number" min={0} step={0.01} value={values.costPerUnit} onChange={set("costPerUnit")} autoComplete="off" requiredIndicator error={errorFor("costPerUnit")} />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField label="Supplier" value={values.supplier} onChange={set("supplier")} autoComplete="off" error={errorFor("supplier")} />
            <TextField label="Effective from" type="date" value={values.effectiveFrom} onChange={set("effectiveFrom")} autoComplete="off" helpText="Sales from this day use this cost" error={errorFor("effectiveFrom")} />
          </FormLayout.Group>
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}

function ExpenseDialog({ open, today, onClose, onDone }: {
  open: boolean;
  today: string;
  onClose: () => void;
  onDone: (ok: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: "add-expense" });
  const empty = { category: "other", description: "", amount: "", date: today, recurring: false, recurringInterval: "monthly" };
  const [values, setValues] = useState(empty);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (open) {
      setValues(empty);
      setServerErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useSubmitResult(fetcher, (ok) => {
    if (ok) onClose();
    else if (fetcher.data && !fetcher.data.ok) setServerErrors(fetcher.data.fieldErrors);
    onDone(ok);
  });
  // The interval is sent only for a recurring expense.
  const payload = useMemo(() => {
    const { recurringInterval, ...rest } = values;
    return { ...rest, recurring: String(values.recurring), ...(values.recurring ? { recurringInterval } : {}) };
  }, [values]);
  const check = useMemo(() => operatingExpenseSchema.safeParse(payload), [payload]);
  const clientErrors = check.success ? {} : fieldErrorsOf(check.error);
  const errorFor = (field: string, touched: boolean) => serverErrors[field]?.[0] ?? (touched ? clientErrors[field]?.[0] : undefined);
  const set = (field: keyof typeof values) => (v: string | boolean) => {
    setValues((prev) => ({ ...prev, [field]: v }));
    setServerErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  const submitting = fetcher.state !== "idle";
  const canSave = values.description.trim() !== "" && values.amount.trim() !== "";

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add Expense"
      primaryAction={{
        content: submitting ? "Saving..." : "Save Expense",
        disabled: !canSave || submitting,
        loading: submitting,
        onAction: () => fetcher.submit({ intent: "addExpense", ...payload }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <Select label="Category" options={EXPENSE_CATEGORIES.map((c) => ({ label: label(c), value: c }))} value={values.category} onChange={set("category")} error={errorFor("category", true)} />
          <TextField label="Description" value={values.description} onChange={set("description")} autoComplete="off" requiredIndicator error={errorFor("description", values.description !== "")} />
          <FormLayout.Group>
            <TextField label="Amount" type="number" min={0} step={0.01} value={values.amount} onChange={set("amount")} autoComplete="off" requiredIndicator error={errorFor("amount", values.amount !== "")} />
            <TextField label="Date" type="date" value={values.date} onChange={set("date")} autoComplete="off" error={errorFor("date", true)} />
          </FormLayout.Group>
          <Checkbox label="Recurring expense" checked={values.recurring} onChange={(v) => set("recurring")(v)} />
          {values.recurring && (
            <Select label="Repeats" options={EXPENSE_INTERVALS.map((i) => ({ label: label(i), value: i }))} value={values.recurringInterval} onChange={set("recurringInterval")} />
          )}
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
