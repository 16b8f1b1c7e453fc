// "Create Smart Invoice": checks the form with the same zod schema as the server, then
// posts it once (an idempotency key per form, so a double click creates one invoice).
import { useFetcher } from "@remix-run/react";
import { Banner, FormLayout } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { FetcherDialog } from "~/components/FetcherDialog";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { emptyForm, toPayload, type AdRow, type FormState, type ItemRow } from "~/features/invoices/form";
import { invoiceCreateSchema } from "~/features/invoices/schema";
import { newKey, TOAST, type ActionResult, type ToastState } from "~/features/invoices/screen";
import { InvoiceAdsFields } from "~/features/invoices/components/InvoiceAdsFields";
import { InvoiceCustomerFields } from "~/features/invoices/components/InvoiceCustomerFields";
import { InvoiceItemsFields } from "~/features/invoices/components/InvoiceItemsFields";
import { InvoiceLiveTotal } from "~/features/invoices/components/InvoiceLiveTotal";
import { InvoiceTermsFields } from "~/features/invoices/components/InvoiceTermsFields";

export type CreateDialogData = {
  shopCurrency: string;
  currencies: string[];
  stripeEnabled: boolean;
  paypalMeUrl: string;
};

type Props = { data: CreateDialogData; onClose: () => void; onToast: (toast: ToastState) => void };

export function CreateInvoiceDialog({ data, onClose, onToast }: Props) {
  const fetcher = useFetcher<ActionResult>({ key: "create-invoice" });
  const [form, setForm] = useState<FormState>(() => emptyForm(data.shopCurrency));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; upgradeUrl?: string } | null>(null);
  const [idempotencyKey] = useState(() => newKey());

  const onResult = (result: ActionResult) => {
    if (result.ok) {
      onToast({ content: TOAST.created });
      onClose();
      return;
    }
    setErrors(result.fieldErrors ?? {});
    setFailure(
      result.fieldErrors && !result.upgradeUrl ? null : { message: result.message, upgradeUrl: result.upgradeUrl },
    );
    onToast({ content: TOAST.createFailed, error: true });
  };

  const set = <K extends keyof FormState>(key: K, value: FormState[K], errorKey?: string) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errorKey) setErrors((prev) => ({ ...prev, [errorKey]: undefined }));
  };
  const setItem = (index: number, field: keyof ItemRow, value: string) => {
    setForm((prev) => ({
      ...prev,
      items: prev.items.map((row, i) => (i === index ? { ...row, [field]: value } : row)),
    }));
    const errorKey = field === "title" ? "title" : field === "qty" ? "qty" : "unit_price";
    setErrors((prev) => ({ ...prev, [`items.${index}.${errorKey}`]: undefined, items: undefined }));
  };
  const setAd = (index: number, field: keyof AdRow, value: string) => {
    setForm((prev) => ({ ...prev, ads: prev.ads.map((row, i) => (i === index ? { ...row, [field]: value } : row)) }));
    setErrors((prev) => ({ ...prev, [`marketing_ads.${index}.${field}`]: undefined }));
  };
  const error = (key: string) => errors[key]?.[0];
  const submitting = fetcher.state !== "idle";

  const submit = () => {
    const payload = toPayload(form);
    const check = invoiceCreateSchema.safeParse(payload);
    if (!check.success) {
      setErrors(fieldErrorsOf(check.error));
      setFailure(null);
      onToast({ content: TOAST.createFailed, error: true });
      return;
    }
    fetcher.submit({ intent: "create", payload: JSON.stringify(payload), idempotencyKey }, { method: "post" });
  };

  const currencies = useMemo(() => data.currencies.map((c) => ({ label: c, value: c })), [data.currencies]);
  const paymentLabels: Record<string, string> = {
    none: "None (my payment instructions)",
    stripe: data.stripeEnabled ? "Card (Stripe)" : "Card (Stripe, not configured: instructions shown)",
    paypal: data.paypalMeUrl ? "PayPal" : "PayPal (no PayPal.Me link yet: instructions shown)",
    crypto: "Crypto",
  };

  return (
    <FetcherDialog
      title="Create Smart Invoice"
      size="large"
      fetcher={fetcher}
      errors={errors}
      onClose={onClose}
      onResult={onResult}
      primaryAction={{
        content: submitting ? "Creating..." : "Create Invoice",
        onAction: submit,
        disabled: submitting,
      }}
    >
      <FormLayout>
        {failure && (
          <Banner
            tone="critical"
            title="Failed to create invoice."
            action={failure.upgradeUrl ? { content: "Upgrade to Pro", url: failure.upgradeUrl } : undefined}
          >
            <p>{failure.message}</p>
          </Banner>
        )}
        <InvoiceCustomerFields form={form} error={error} set={set} />
        <InvoiceItemsFields
          items={form.items}
          error={error}
          onChange={setItem}
          onItems={(update) => setForm((prev) => ({ ...prev, items: update(prev.items) }))}
        />
        <InvoiceTermsFields form={form} currencies={currencies} paymentLabels={paymentLabels} error={error} set={set} />
        <InvoiceLiveTotal form={form} />
        <InvoiceAdsFields
          ads={form.ads}
          rotation={form.adRotation}
          error={error}
          onChange={setAd}
          onAds={(update) => setForm((prev) => ({ ...prev, ads: update(prev.ads) }))}
          onRotation={(on) => set("adRotation", on)}
        />
      </FormLayout>
    </FetcherDialog>
  );
}
