// /app/invoices (spec §2.5): the invoice list with All/Draft/Sent/Paid filters, the
// "Create Smart Invoice" dialog, the detail dialog with timeline and PDF, and a side
// panel of tips computed from the shop's own invoices.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link as RemixLink, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  Checkbox,
  DataTable,
  Divider,
  FormLayout,
  InlineError,
  InlineStack,
  Layout,
  Link,
  Modal,
  Select,
  Spinner,
  Tabs,
  Text,
  TextField,
  Toast,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { emptyForm, newAdRow, newRow, toPayload, type AdRow, type FormState, type ItemRow } from "~/features/invoices";
import { dayInZone } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { planFor } from "~/features/billing";
import { rateToPercentText } from "~/features/invoices";
import { LIST_FILTERS, merchantActions, statusLabel, statusTone, type ListFilter } from "~/features/invoices";
import {
  createInvoice,
  getInvoiceSettings,
  invoiceDto,
  invoiceInsights,
  invoicesThisMonth,
  InvoiceError,
  listInvoices,
  markInvoicePaid,
  sendInvoice,
  stopRecurring,
  updateInvoiceSettings,
  voidInvoice,
} from "~/features/invoices/index.server";
import {
  AD_POSITIONS,
  invoiceCreateSchema,
  invoiceSettingsSchema,
  PAYMENT_METHODS,
  INVOICE_INTERVALS,
} from "~/features/invoices";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { env } from "~/env.server";
import { requireAdmin } from "~/features/shop/index.server";
import { REMINDER_DAYS } from "~/features/invoices";
import { publicOrigin } from "~/platform/http.server";

const REMINDER_TEXT = `${REMINDER_DAYS.slice(0, -1).join(", ")} and ${REMINDER_DAYS[REMINDER_DAYS.length - 1]}`;

export const meta: MetaFunction = () => [{ title: "Invoices · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request);
  const requested = new URL(request.url).searchParams.get("status") ?? "all";
  const filter: ListFilter = (LIST_FILTERS as readonly string[]).includes(requested) ? (requested as ListFilter) : "all";
  const base = publicOrigin(request);
  const [rows, insights, settings, used] = await Promise.all([listInvoices(shop, filter), invoiceInsights(shop), getInvoiceSettings(shop.id), invoicesThisMonth(shop)]);
  return {
    storeId: shop.id,
    shopCurrency: shop.currency || "USD",
    today: dayInZone(new Date(), shop.timezone),
    filter,
    invoices: rows.map((r) => invoiceDto(r, base)),
    insights,
    plan: { name: planFor(shop.plan).name, limit: planFor(shop.plan).invoicesPerMonth, used },
    settings: {
      prefix: settings.prefix,
      paymentInstructions: settings.paymentInstructions ?? "",
      businessAddress: settings.businessAddress ?? "",
      paypalMeUrl: settings.paypalMeUrl ?? "",
      hasLogo: !!settings.logoUrl,
    },
    stripeEnabled: !!env.stripe,
    currencies: Intl.supportedValuesOf("currency"),
  };
}

export type ActionResult =
  | { ok: true; intent: string; invoiceNumber?: string }
  | { ok: false; intent: string; message: string; fieldErrors?: FieldErrors; upgradeUrl?: string };

export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const invoiceId = String(form.get("invoiceId") ?? "");
  const fail = (message: string, status: number, extra: Partial<Extract<ActionResult, { ok: false }>> = {}) =>
    data<ActionResult>({ ok: false, intent, message, ...extra }, { status });
  try {
    switch (intent) {
      case "create": {
        let raw: unknown;
        try {
          raw = JSON.parse(String(form.get("payload") ?? ""));
        } catch {
          return fail("Failed to create invoice.", 400);
        }
        const parsed = invoiceCreateSchema.safeParse(raw);
        if (!parsed.success) return fail("Failed to create invoice.", 400, { fieldErrors: fieldErrorsOf(parsed.error) });
        const { invoice } = await createInvoice(shop, parsed.data, { idempotencyKey: String(form.get("idempotencyKey") ?? "") || null, actor: "merchant" });
        return { ok: true, intent, invoiceNumber: invoice.number } satisfies ActionResult;
      }
      case "send": {
        const { invoice } = await sendInvoice(shop, invoiceId, { idempotencyKey: String(form.get("idempotencyKey") ?? "") || null, baseUrl: publicOrigin(request) });
        return { ok: true, intent, invoiceNumber: invoice.number } satisfies ActionResult;
      }
      case "markPaid":
        return { ok: true, intent, invoiceNumber: (await markInvoicePaid(shop, invoiceId)).number } satisfies ActionResult;
      case "void":
        return { ok: true, intent, invoiceNumber: (await voidInvoice(shop, invoiceId)).number } satisfies ActionResult;
      case "stopRecurring":
        await stopRecurring(shop, invoiceId);
        return { ok: true, intent } satisfies ActionResult;
      case "settings": {
        const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
        const parsed = invoiceSettingsSchema.safeParse(values);
        if (!parsed.success) return fail("Failed to save invoice settings.", 400, { fieldErrors: fieldErrorsOf(parsed.error) });
        // The logo changes only when a new one is uploaded or removal is asked for.
        const logoUrl = values.removeLogo === "true" ? null : values.logoUrl ? parsed.data.logoUrl : undefined;
        await updateInvoiceSettings(shop, { ...parsed.data, logoUrl });
        return { ok: true, intent } satisfies ActionResult;
      }
      default:
        return fail("Unknown action", 400);
    }
  } catch (error) {
    if (error instanceof InvoiceError) {
      return fail(error.message, error.status, {
        fieldErrors: error.extra.fieldErrors as FieldErrors | undefined,
        upgradeUrl: error.extra.upgradeUrl as string | undefined,
      });
    }
    throw error;
  }
}

// ─── Client ───────────────────────────────────────────────────────────────────

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Invoice = LoaderData["invoices"][number];
type ToastState = { content: string; error?: boolean } | null;

const TOAST = {
  created: "Invoice Created — Your smart invoice has been created successfully.",
  createFailed: "Error — Failed to create invoice.",
  sent: "Invoice Sent — The invoice has been sent successfully.",
  sendFailed: "Error — Failed to send invoice. Please try again.",
  paid: "Invoice marked as paid",
  voided: "Invoice voided",
  settings: "Invoice settings saved",
} as const;

const TAB_LABELS: Record<ListFilter, string> = { all: "All", draft: "Draft", sent: "Sent", paid: "Paid" };
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}

/** Runs a send/markPaid/void through the route action and reports the result once. */
function useInvoiceAction(onDone: (ok: boolean, result: ActionResult | undefined) => void) {
  const fetcher = useFetcher<typeof action>();
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && reported.current !== fetcher.data) {
      reported.current = fetcher.data;
      onDone(fetcher.data.ok, fetcher.data);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

export default function Invoices() {
  const loaderData = useLoaderData<typeof loader>();
  const { invoices, filter, insights, plan, storeId, shopCurrency } = loaderData;
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const [toast, setToast] = useState<ToastState>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  // One key per invoice per page view: a double click sends the same key, so one e-mail.
  const sendNonce = useMemo(() => newKey(), []);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const sendFetcher = useInvoiceAction((ok) => {
    setSendingId(null);
    setToast(ok ? { content: TOAST.sent } : { content: TOAST.sendFailed, error: true });
  });
  const send = useCallback(
    (id: string) => {
      setSendingId(id);
      sendFetcher.submit({ intent: "send", invoiceId: id, idempotencyKey: `ui-${id}-${sendNonce}` }, { method: "post" });
    },
    [sendFetcher, sendNonce],
  );

  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/invoices";
  const tabs = LIST_FILTERS.map((f) => ({ id: `invoices-${f}`, content: TAB_LABELS[f], panelID: `invoices-${f}-panel` }));
  const atLimit = plan.limit !== null && plan.used >= plan.limit;

  return (
    <AdminPage
      title="Invoices"
      subtitle="Smart invoicing: create, send, get paid"
      primaryAction={{ content: "Create Invoice", onAction: () => setCreateOpen(true) }}
      secondaryActions={[
        { content: "Invoice settings", onAction: () => setSettingsOpen(true) },
        { content: "Outbox", url: "/app/outbox" },
      ]}
    >
      <BlockStack gap="400">
        <RemixLink to="/dashboard" style={{ color: "var(--p-color-text-link)" }}>
          ← Back to Dashboard
        </RemixLink>
        {atLimit && (
          <Banner tone="warning" title={`You have used all ${plan.limit} invoices of your ${plan.name} plan this month`} action={{ content: "Upgrade to Pro", url: "/settings?tab=plan" }}>
            <p>New invoices are refused until next month. Pro has unlimited invoices.</p>
          </Banner>
        )}
        <Layout>
          <Layout.Section>
            <Card padding="0">
              <Tabs tabs={tabs} selected={LIST_FILTERS.indexOf(filter)} onSelect={(i) => setSearchParams(LIST_FILTERS[i] === "all" ? {} : { status: LIST_FILTERS[i] })} />
              <Box padding="400">
                {loading ? (
                  <InlineStack gap="200" blockAlign="center">
                    <Spinner size="small" accessibilityLabel="Loading invoices" />
                    <Text as="p" tone="subdued">
                      Loading invoices
                    </Text>
                  </InlineStack>
                ) : invoices.length === 0 ? (
                  <Text as="p" tone="subdued">
                    No invoices found
                  </Text>
                ) : (
                  <BlockStack gap="300">
                    {invoices.map((inv) => (
                      <InvoiceCard key={inv.id} invoice={inv} sending={sendingId === inv.id && sendFetcher.state !== "idle"} onView={() => setViewing(inv.id)} onSend={() => send(inv.id)} />
                    ))}
                  </BlockStack>
                )}
              </Box>
            </Card>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <SidePanel insights={insights} plan={plan} currency={shopCurrency} />
          </Layout.Section>
        </Layout>
      </BlockStack>

      <CreateInvoiceDialog
        open={createOpen}
        data={loaderData}
        onClose={() => setCreateOpen(false)}
        onDone={(ok) => setToast(ok ? { content: TOAST.created } : { content: TOAST.createFailed, error: true })}
      />
      <InvoiceDetailDialog
        storeId={storeId}
        invoiceId={viewing}
        onClose={() => setViewing(null)}
        onSend={(id) => {
          send(id);
          setViewing(null);
        }}
        onToast={setToast}
      />
      <SettingsDialog open={settingsOpen} settings={loaderData.settings} stripeEnabled={loaderData.stripeEnabled} onClose={() => setSettingsOpen(false)} onDone={(ok) => setToast(ok ? { content: TOAST.settings } : { content: "Error — Failed to save invoice settings.", error: true })} />
      {toast && <Toast content={toast.content} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}

function InvoiceCard({ invoice, sending, onView, onSend }: { invoice: Invoice; sending: boolean; onView: () => void; onSend: () => void }) {
  return (
    <Box borderWidth="025" borderColor="border" borderRadius="200" padding="400">
      <div data-testid="invoice-card" data-invoice-number={invoice.invoiceNumber}>
        <InlineStack align="space-between" blockAlign="center" gap="400" wrap>
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h3" variant="headingSm">
                {invoice.invoiceNumber}
              </Text>
              <StatusBadge status={invoice.status} />
              {invoice.isRecurring && <Badge tone="info-strong">{`Recurring · ${label(invoice.recurringInterval ?? "monthly")}`}</Badge>}
            </InlineStack>
            <Text as="p">{invoice.customerName}</Text>
            <Text as="p" tone="subdued" variant="bodySm">
              {invoice.customerEmail}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm">
              Due {invoice.dueDate || "N/A"}
            </Text>
          </BlockStack>
          <BlockStack gap="200" inlineAlign="end">
            <Text as="p" variant="headingMd">
              {formatMoney(invoice.totalMinor, invoice.currency)} <Text as="span" tone="subdued" variant="bodySm">{invoice.currency}</Text>
            </Text>
            <ButtonGroup>
              <Button onClick={onView} accessibilityLabel={`View invoice ${invoice.invoiceNumber}`}>
                View
              </Button>
              {invoice.status === "draft" && (
                <Button variant="primary" onClick={onSend} loading={sending} disabled={sending} accessibilityLabel={`Send invoice ${invoice.invoiceNumber}`}>
                  Send
                </Button>
              )}
            </ButtonGroup>
          </BlockStack>
        </InlineStack>
      </div>
    </Box>
  );
}

function SidePanel({ insights, plan, currency }: { insights: LoaderData["insights"]; plan: LoaderData["plan"]; currency: string }) {
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            AI insights
          </Text>
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Overdue reminders
            </Text>
            <Text as="p" tone="subdued">
              {insights.overdueCount > 0
                ? `${insights.overdueCount} invoice${insights.overdueCount === 1 ? " is" : "s are"} overdue${insights.overdueTotalMinor ? `, ${formatMoney(insights.overdueTotalMinor, currency)} in ${currency}` : ""}${insights.overdueOtherCurrencies ? ` (plus ${insights.overdueOtherCurrencies} other currenc${insights.overdueOtherCurrencies === 1 ? "y" : "ies"})` : ""}. Reminders go out automatically ${REMINDER_TEXT} days after sending and stop once paid.`
                : `Nothing is overdue. Reminders go out automatically ${REMINDER_TEXT} days after sending and stop once paid.`}
            </Text>
          </BlockStack>
          <Divider />
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              5% early-payment discount
            </Text>
            <Text as="p" tone="subdued">
              {insights.averageDaysToPay !== null
                ? `Customers pay ${insights.averageDaysToPay} days after sending on average (${insights.paidCount} paid invoice${insights.paidCount === 1 ? "" : "s"}). A 5% discount for payment within 7 days can shorten that.`
                : "Once invoices are paid you will see how long customers take. A 5% discount for payment within 7 days encourages prompt payment."}
            </Text>
          </BlockStack>
          <Divider />
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Net-30 terms
            </Text>
            <Text as="p" tone="subdued">
              For wholesale and B2B customers, net-30 terms (due in 30 days) are standard; set "Due in days" to 30 when you create the invoice.
            </Text>
          </BlockStack>
        </BlockStack>
      </Card>
      {plan.limit !== null && (
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingSm">
              {plan.name} plan
            </Text>
            <Text as="p" tone="subdued">
              {`${plan.used} of ${plan.limit} invoices used this month.`}
            </Text>
            <Link url="/settings?tab=plan">Upgrade for unlimited invoices</Link>
          </BlockStack>
        </Card>
      )}
    </BlockStack>
  );
}

// ─── Create dialog ──────────────────────────────────────────────────────────────

function CreateInvoiceDialog({ open, data: loaderData, onClose, onDone }: { open: boolean; data: LoaderData; onClose: () => void; onDone: (ok: boolean) => void }) {
  const fetcher = useFetcher<typeof action>({ key: "create-invoice" });
  const [form, setForm] = useState<FormState>(() => emptyForm(loaderData.shopCurrency));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; upgradeUrl?: string } | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => newKey());
  const reported = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || reported.current === fetcher.data) return;
    reported.current = fetcher.data;
    const result = fetcher.data;
    if (result.ok) {
      setForm(emptyForm(loaderData.shopCurrency));
      setErrors({});
      setFailure(null);
      setIdempotencyKey(newKey());
      onClose();
      onDone(true);
    } else {
      setErrors(result.fieldErrors ?? {});
      setFailure(result.fieldErrors && !result.upgradeUrl ? null : { message: result.message, upgradeUrl: result.upgradeUrl });
      onDone(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K], errorKey?: string) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errorKey) setErrors((prev) => ({ ...prev, [errorKey]: undefined }));
  };
  const setItem = (index: number, field: keyof ItemRow, value: string) => {
    setForm((prev) => ({ ...prev, items: prev.items.map((row, i) => (i === index ? { ...row, [field]: value } : row)) }));
    const errorKey = field === "title" ? "title" : field === "qty" ? "qty" : "unit_price";
    setErrors((prev) => ({ ...prev, [`items.${index}.${errorKey}`]: undefined, items: undefined }));
  };
  const setAd = (index: number, field: keyof AdRow, value: string) => {
    setForm((prev) => ({ ...prev, ads: prev.ads.map((row, i) => (i === index ? { ...row, [field]: value } : row)) }));
    setErrors((prev) => ({ ...prev, [`marketing_ads.${index}.${field}`]: undefined }));
  };
  const err = (key: string) => errors[key]?.[0];
  const submitting = fetcher.state !== "idle";

  const submit = () => {
    const payload = toPayload(form);
    const check = invoiceCreateSchema.safeParse(payload);
    if (!check.success) {
      setErrors(fieldErrorsOf(check.error));
      setFailure(null);
      onDone(false);
      return;
    }
    fetcher.submit({ intent: "create", payload: JSON.stringify(payload), idempotencyKey }, { method: "post" });
  };

  const currencyOptions = useMemo(() => loaderData.currencies.map((c) => ({ label: c, value: c })), [loaderData.currencies]);
  const paymentLabel: Record<string, string> = {
    none: "None (my payment instructions)",
    stripe: loaderData.stripeEnabled ? "Card (Stripe)" : "Card (Stripe, not configured: instructions shown)",
    paypal: loaderData.settings.paypalMeUrl ? "PayPal" : "PayPal (no PayPal.Me link yet: instructions shown)",
    crypto: "Crypto",
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create Smart Invoice"
      size="large"
      primaryAction={{ content: submitting ? "Creating..." : "Create Invoice", onAction: submit, loading: submitting, disabled: submitting }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          {failure && (
            <Banner tone="critical" title="Failed to create invoice." action={failure.upgradeUrl ? { content: "Upgrade to Pro", url: failure.upgradeUrl } : undefined}>
              <p>{failure.message}</p>
            </Banner>
          )}
          <FormLayout.Group>
            <TextField label="Customer email" type="email" value={form.email} onChange={(v) => set("email", v, "customer.email")} autoComplete="email" requiredIndicator error={err("customer.email")} />
            <TextField label="Customer name" value={form.name} onChange={(v) => set("name", v, "customer.name")} autoComplete="name" requiredIndicator error={err("customer.name")} />
          </FormLayout.Group>
          <TextField label="Customer phone" type="tel" value={form.phone} onChange={(v) => set("phone", v, "customer.phone")} autoComplete="tel" error={err("customer.phone")} />

          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Items
            </Text>
            {form.items.map((row, i) => (
              <InlineStack key={row.key} gap="200" blockAlign="start" wrap={false}>
                <div style={{ flex: 3 }}>
                  <TextField label="Item name" labelHidden={i > 0} value={row.title} onChange={(v) => setItem(i, "title", v)} autoComplete="off" error={err(`items.${i}.title`)} />
                </div>
                <div style={{ flex: 1 }}>
                  <TextField label="Qty" labelHidden={i > 0} type="number" min={1} step={1} value={row.qty} onChange={(v) => setItem(i, "qty", v)} autoComplete="off" error={err(`items.${i}.qty`)} />
                </div>
                <div style={{ flex: 1.5 }}>
                  <TextField label="Price" labelHidden={i > 0} type="number" min={0} step={0.01} value={row.price} onChange={(v) => setItem(i, "price", v)} autoComplete="off" error={err(`items.${i}.unit_price`)} />
                </div>
                <div style={{ paddingTop: i === 0 ? 24 : 0 }}>
                  <Button
                    accessibilityLabel={`Remove item ${i + 1}`}
                    disabled={form.items.length === 1}
                    onClick={() => setForm((prev) => ({ ...prev, items: prev.items.filter((_, j) => j !== i) }))}
                  >
                    Remove
                  </Button>
                </div>
              </InlineStack>
            ))}
            {err("items") && <InlineError message={err("items")!} fieldID="invoice-items" />}
            <div>
              <Button onClick={() => setForm((prev) => ({ ...prev, items: [...prev.items, newRow()] }))}>Add Item</Button>
            </div>
          </BlockStack>

          <FormLayout.Group>
            <TextField label="Tax rate (%)" type="number" min={0} max={100} step={0.01} value={form.taxPercent} onChange={(v) => set("taxPercent", v, "tax_rate")} autoComplete="off" error={err("tax_rate")} />
            <TextField label="Shipping cost" type="number" min={0} step={0.01} value={form.shipping} onChange={(v) => set("shipping", v, "shipping_cost")} autoComplete="off" error={err("shipping_cost")} />
          </FormLayout.Group>
          <FormLayout.Group>
            <Select label="Currency" options={currencyOptions} value={form.currency} onChange={(v) => set("currency", v, "currency")} error={err("currency")} />
            <TextField label="Due in days" type="number" min={1} step={1} value={form.dueInDays} onChange={(v) => set("dueInDays", v, "due_in_days")} autoComplete="off" error={err("due_in_days")} />
          </FormLayout.Group>
          <FormLayout.Group>
            <Select label="Payment method" options={PAYMENT_METHODS.map((p) => ({ label: paymentLabel[p], value: p }))} value={form.paymentMethod} onChange={(v) => set("paymentMethod", v, "payment_method")} error={err("payment_method")} />
            {form.paymentMethod === "crypto" ? (
              <TextField label="Crypto currency" value={form.cryptoCurrency} onChange={(v) => set("cryptoCurrency", v, "crypto_currency")} autoComplete="off" placeholder="e.g. USDC" error={err("crypto_currency")} />
            ) : (
              <span />
            )}
          </FormLayout.Group>
          <FormLayout.Group>
            <BlockStack gap="200">
              <Checkbox label="Recurring invoice" checked={form.isRecurring} onChange={(v) => set("isRecurring", v)} helpText="The next invoice is created automatically at each interval." />
              {form.isRecurring && (
                <Select label="Repeats" options={INVOICE_INTERVALS.map((i) => ({ label: label(i), value: i }))} value={form.interval} onChange={(v) => set("interval", v, "recurring_interval")} error={err("recurring_interval")} />
              )}
            </BlockStack>
            <Checkbox label="Auto send" checked={form.autoSend} onChange={(v) => set("autoSend", v)} helpText="E-mail the invoice as soon as it is created (and each recurring one)." />
          </FormLayout.Group>

          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h3" variant="headingSm">
                Marketing ads (optional)
              </Text>
              <Button size="slim" disabled={form.ads.length >= 10} onClick={() => setForm((prev) => ({ ...prev, ads: [...prev.ads, newAdRow()] }))}>
                Add ad
              </Button>
            </InlineStack>
            {form.ads.map((ad, i) => (
              <Box key={ad.key} borderWidth="025" borderColor="border" borderRadius="200" padding="300">
                <FormLayout>
                  <FormLayout.Group>
                    <TextField label="Ad title" value={ad.title} onChange={(v) => setAd(i, "title", v)} autoComplete="off" error={err(`marketing_ads.${i}.title`)} />
                    <Select label="Position" options={AD_POSITIONS.map((p) => ({ label: label(p), value: p }))} value={ad.position} onChange={(v) => setAd(i, "position", v)} error={err(`marketing_ads.${i}.position`)} />
                  </FormLayout.Group>
                  <TextField label="Ad description" value={ad.description} onChange={(v) => setAd(i, "description", v)} autoComplete="off" error={err(`marketing_ads.${i}.description`)} />
                  <FormLayout.Group>
                    <TextField label="Link URL" value={ad.linkUrl} onChange={(v) => setAd(i, "linkUrl", v)} autoComplete="off" placeholder="https://" error={err(`marketing_ads.${i}.linkUrl`)} />
                    <TextField label="Image URL" value={ad.imageUrl} onChange={(v) => setAd(i, "imageUrl", v)} autoComplete="off" placeholder="https://" error={err(`marketing_ads.${i}.imageUrl`)} />
                  </FormLayout.Group>
                  <div>
                    <Button size="slim" onClick={() => setForm((prev) => ({ ...prev, ads: prev.ads.filter((_, j) => j !== i) }))} accessibilityLabel={`Remove ad ${i + 1}`}>
                      Remove ad
                    </Button>
                  </div>
                </FormLayout>
              </Box>
            ))}
            {form.ads.length > 1 && (
              <Checkbox label="Rotate ads" checked={form.adRotation} onChange={(v) => set("adRotation", v)} helpText="Each e-mail for this invoice (the invoice, then each reminder) shows the next ad per position." />
            )}
          </BlockStack>
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}

// ─── Detail dialog ──────────────────────────────────────────────────────────────

type Detail = Invoice & {
  actions: string[];
  timeline: { id: string; type: string; actor: string; detail: string | null; at: string }[];
  series: { id: string; invoiceNumber: string; status: string; issueDate: string; totalMinor: number; currency: string }[];
};

const EVENT_LABELS: Record<string, string> = {
  created: "Created",
  sent: "Sent",
  emailed: "E-mailed",
  email_failed: "E-mail failed",
  viewed: "Viewed by the customer",
  reminder: "Reminder",
  overdue: "Overdue",
  paid: "Paid",
  void: "Voided",
  recurring_next: "Next invoice created",
  recurring_skipped: "Recurring invoice skipped",
  recurring_stopped: "Recurring stopped",
};

function formatWhen(iso: string) {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

function InvoiceDetailDialog({ storeId, invoiceId, onClose, onSend, onToast }: { storeId: string; invoiceId: string | null; onClose: () => void; onSend: (id: string) => void; onToast: (t: ToastState) => void }) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const fetcher = useInvoiceAction((ok, result) => {
    if (ok) onToast({ content: result?.intent === "void" ? TOAST.voided : result?.intent === "stopRecurring" ? "Recurring stopped" : TOAST.paid });
    else onToast({ content: `Error — ${result && !result.ok ? result.message : "The action failed."}`, error: true });
    if (invoiceId) void load(invoiceId);
  });

  const load = useCallback(
    async (id: string) => {
      setLoadError(null);
      try {
        const res = await fetch(`/api/stores/${storeId}/invoices/${id}`, { headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
        setDetail((await res.json()) as Detail);
      } catch (error) {
        setLoadError(error instanceof Error ? error.message : String(error));
      }
    },
    [storeId],
  );

  useEffect(() => {
    setDetail(null);
    if (invoiceId) void load(invoiceId);
  }, [invoiceId, load]);

  const downloadPdf = async () => {
    if (!detail) return;
    setDownloading(true);
    try {
      // fetch (not a plain link) so the embedded app's session token is attached.
      const res = await fetch(`/api/stores/${storeId}/invoices/${detail.id}/pdf`);
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = `invoice-${detail.invoiceNumber}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      onToast({ content: "Error — The PDF could not be downloaded.", error: true });
    } finally {
      setDownloading(false);
    }
  };

  const d = detail;
  const m = (minor: number) => (d ? formatMoney(minor, d.currency) : "");
  const busy = fetcher.state !== "idle";
  const actions = d ? merchantActions(d.status) : [];
  const secondary = [
    ...(d && actions.includes("markPaid") ? [{ content: "Mark as paid", disabled: busy, onAction: () => fetcher.submit({ intent: "markPaid", invoiceId: d.id }, { method: "post" }) }] : []),
    ...(d && actions.includes("void") ? [{ content: "Void", destructive: true, disabled: busy, onAction: () => fetcher.submit({ intent: "void", invoiceId: d.id }, { method: "post" }) }] : []),
    ...(d ? [{ content: downloading ? "Preparing PDF..." : "Download PDF", disabled: downloading, onAction: () => void downloadPdf() }] : []),
    { content: "Close", onAction: onClose },
  ];

  return (
    <Modal
      open={invoiceId !== null}
      onClose={onClose}
      title={d ? `Invoice ${d.invoiceNumber}` : "Invoice"}
      size="large"
      primaryAction={d && d.status === "draft" ? { content: "Send Invoice", onAction: () => onSend(d.id) } : undefined}
      secondaryActions={secondary}
    >
      <Modal.Section>
        {loadError ? (
          <Banner tone="critical" title="The invoice could not be loaded">
            <p>{loadError}</p>
          </Banner>
        ) : !d ? (
          <InlineStack gap="200" blockAlign="center">
            <Spinner size="small" accessibilityLabel="Loading invoice" />
            <Text as="p">Loading invoice</Text>
          </InlineStack>
        ) : (
          <BlockStack gap="400">
            <InlineStack align="space-between" blockAlign="center">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h2" variant="headingLg">
                  {d.invoiceNumber}
                </Text>
                <StatusBadge status={d.status} />
              </InlineStack>
              <Text as="p" variant="headingLg">
                {m(d.totalMinor)} {d.currency}
              </Text>
            </InlineStack>
            <InlineStack gap="800" wrap>
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  Customer
                </Text>
                <Text as="p">{d.customerName || "N/A"}</Text>
                <Text as="p" tone="subdued">
                  {d.customerEmail || "N/A"}
                </Text>
                <Text as="p" tone="subdued">
                  {d.customerPhone || "N/A"}
                </Text>
              </BlockStack>
              <BlockStack gap="100">
                <Text as="p">
                  <Text as="span" tone="subdued">
                    Platform:{" "}
                  </Text>
                  {d.platform}
                </Text>
                <Text as="p">
                  <Text as="span" tone="subdued">
                    Issued:{" "}
                  </Text>
                  {d.issueDate}
                </Text>
                <Text as="p">
                  <Text as="span" tone="subdued">
                    Due date:{" "}
                  </Text>
                  {d.dueDate || "N/A"}
                </Text>
                {d.paidAt && (
                  <Text as="p">
                    <Text as="span" tone="subdued">
                      Paid at:{" "}
                    </Text>
                    {formatWhen(d.paidAt)}
                  </Text>
                )}
                <Text as="p">
                  <Text as="span" tone="subdued">
                    Payment:{" "}
                  </Text>
                  {d.paymentMethod === "none" ? "Your instructions" : label(d.paymentMethod)}
                </Text>
              </BlockStack>
            </InlineStack>
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric"]}
              headings={["Item", "Qty", "Unit price", "Line total"]}
              rows={d.items.map((i) => [i.title, i.qty, m(i.unitPriceMinor), m(i.lineTotalMinor)])}
            />
            <Box paddingInlineStart="800">
              <BlockStack gap="100" inlineAlign="end">
                <Text as="p">Subtotal: {m(d.subtotalMinor)}</Text>
                <Text as="p">
                  Tax ({rateToPercentText(d.taxRate)}%): {m(d.taxMinor)}
                </Text>
                <Text as="p">Shipping: {m(d.shippingMinor)}</Text>
                <Text as="p" variant="headingMd">
                  Total: {m(d.totalMinor)}
                </Text>
              </BlockStack>
            </Box>
            {d.status !== "draft" && (
              <Text as="p">
                Customer link:{" "}
                <Link url={d.hostedUrl} external>
                  {d.hostedUrl}
                </Link>
              </Text>
            )}
            {d.seriesId && (
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {`Recurring series (${label(d.recurringInterval ?? "monthly")})`}
                  </Text>
                  {d.nextIssueDate && (
                    <Button size="slim" disabled={busy} onClick={() => fetcher.submit({ intent: "stopRecurring", invoiceId: d.id }, { method: "post" })}>
                      Stop recurring
                    </Button>
                  )}
                </InlineStack>
                {d.nextIssueDate && (
                  <Text as="p" tone="subdued">
                    Next invoice on {d.nextIssueDate}
                    {d.autoSend ? ", sent automatically" : ", as a draft"}.
                  </Text>
                )}
                <DataTable
                  columnContentTypes={["text", "text", "text", "numeric"]}
                  headings={["Invoice", "Issued", "Status", "Total"]}
                  rows={d.series.map((s) => [s.id === d.id ? `${s.invoiceNumber} (this one)` : s.invoiceNumber, s.issueDate, statusLabel(s.status), formatMoney(s.totalMinor, s.currency)])}
                />
              </BlockStack>
            )}
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                Timeline
              </Text>
              <ol style={{ margin: 0, paddingLeft: 18 }} aria-label="Invoice timeline">
                {d.timeline.map((e) => (
                  <li key={e.id} style={{ marginBottom: 6 }}>
                    <Text as="span" fontWeight="semibold">
                      {EVENT_LABELS[e.type] ?? label(e.type.replace(/_/g, " "))}
                    </Text>{" "}
                    <Text as="span" tone="subdued">
                      {formatWhen(e.at)} · by {e.actor}
                    </Text>
                    {e.detail && (
                      <Text as="p" tone="subdued" variant="bodySm">
                        {e.detail}
                      </Text>
                    )}
                  </li>
                ))}
              </ol>
            </BlockStack>
          </BlockStack>
        )}
      </Modal.Section>
    </Modal>
  );
}

// ─── Settings dialog ────────────────────────────────────────────────────────────

function SettingsDialog({ open, settings, stripeEnabled, onClose, onDone }: { open: boolean; settings: LoaderData["settings"]; stripeEnabled: boolean; onClose: () => void; onDone: (ok: boolean) => void }) {
  const fetcher = useFetcher<typeof action>({ key: "invoice-settings" });
  const [values, setValues] = useState(settings);
  const [logo, setLogo] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (open) {
      setValues(settings);
      setLogo(null);
      setRemoveLogo(false);
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || reported.current === fetcher.data) return;
    reported.current = fetcher.data;
    if (fetcher.data.ok) onClose();
    else setErrors(fetcher.data.fieldErrors ?? {});
    onDone(fetcher.data.ok);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const set = (key: keyof typeof values) => (v: string) => setValues((p) => ({ ...p, [key]: v }));
  const pickLogo = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invoice settings"
      primaryAction={{
        content: fetcher.state !== "idle" ? "Saving..." : "Save",
        loading: fetcher.state !== "idle",
        onAction: () =>
          fetcher.submit(
            { intent: "settings", prefix: values.prefix, paymentInstructions: values.paymentInstructions, businessAddress: values.businessAddress, paypalMeUrl: values.paypalMeUrl, ...(logo ? { logoUrl: logo } : {}), removeLogo: String(removeLogo) },
            { method: "post" },
          ),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField label="Invoice number prefix" value={values.prefix} onChange={set("prefix")} autoComplete="off" helpText="Numbers continue from the last one, e.g. INV-0042." error={errors.prefix?.[0]} />
          <TextField label="Business address" value={values.businessAddress} onChange={set("businessAddress")} multiline={3} autoComplete="street-address" error={errors.businessAddress?.[0]} />
          <TextField label="Payment instructions" value={values.paymentInstructions} onChange={set("paymentInstructions")} multiline={3} autoComplete="off" helpText="Shown when an invoice has no online payment (bank details, wallet address...)." error={errors.paymentInstructions?.[0]} />
          <TextField label="PayPal.Me link" value={values.paypalMeUrl} onChange={set("paypalMeUrl")} autoComplete="off" placeholder="https://paypal.me/yourshop" error={errors.paypalMeUrl?.[0]} />
          <Text as="p" tone="subdued">
            Card payments (Stripe): {stripeEnabled ? "configured" : "not configured (set STRIPE_SECRET_KEY on the server)"}.
          </Text>
          <BlockStack gap="100">
            <Text as="p">Logo (PNG or JPEG, under 300 KB)</Text>
            <input type="file" accept="image/png,image/jpeg" aria-label="Logo file" onChange={(e) => pickLogo(e.currentTarget.files?.[0])} />
            {settings.hasLogo && <Checkbox label="Remove the current logo" checked={removeLogo} onChange={setRemoveLogo} />}
            {errors.logoUrl?.[0] && <InlineError message={errors.logoUrl[0]} fieldID="invoice-logo" />}
          </BlockStack>
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
