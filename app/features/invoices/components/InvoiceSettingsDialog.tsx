// Invoice settings: number prefix, business address, payment instructions, PayPal.Me, logo.
import { useFetcher } from "@remix-run/react";
import { BlockStack, FormLayout, InlineError, Text } from "@shopify/polaris";
import { useState } from "react";
import { CheckboxField, FetcherDialog, FormField, useDialogForm, useFieldError } from "~/components/FetcherDialog";
import { TOAST, type ActionResult, type ToastState } from "~/features/invoices/screen";

export type InvoiceSettingsData = {
  prefix: string;
  paymentInstructions: string;
  businessAddress: string;
  paypalMeUrl: string;
  hasLogo: boolean;
};

type Props = {
  settings: InvoiceSettingsData;
  stripeEnabled: boolean;
  onClose: () => void;
  onToast: (toast: ToastState) => void;
};

export function InvoiceSettingsDialog({ settings, stripeEnabled, onClose, onToast }: Props) {
  const fetcher = useFetcher<ActionResult>({ key: "invoice-settings" });
  const { hasLogo, ...text } = settings;
  const form = useDialogForm({ ...text, removeLogo: false });
  const [logo, setLogo] = useState<string | null>(null);
  const { removeLogo, ...values } = form.values;
  const save = () =>
    fetcher.submit(
      { intent: "settings", ...values, ...(logo ? { logoUrl: logo } : {}), removeLogo: String(removeLogo) },
      { method: "post" },
    );
  return (
    <FetcherDialog
      title="Invoice settings"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(result) => {
        onToast(result.ok ? { content: TOAST.settings } : { content: TOAST.settingsFailed, error: true });
        if (result.ok) onClose();
      }}
      primaryAction={{ content: fetcher.state !== "idle" ? "Saving..." : "Save", onAction: save }}
    >
      <FormLayout>
        <FormField
          name="prefix"
          label="Invoice number prefix"
          helpText="Numbers continue from the last one, e.g. INV-0042."
        />
        <FormField name="businessAddress" label="Business address" multiline={3} autoComplete="street-address" />
        <FormField
          name="paymentInstructions"
          label="Payment instructions"
          multiline={3}
          helpText="Shown when an invoice has no online payment (bank details, wallet address...)."
        />
        <FormField name="paypalMeUrl" label="PayPal.Me link" placeholder="https://paypal.me/yourshop" />
        <Text as="p" tone="subdued">
          Card payments (Stripe):{" "}
          {stripeEnabled ? "configured" : "not configured (set STRIPE_SECRET_KEY on the server)"}.
        </Text>
        <LogoField hasLogo={hasLogo} onPick={setLogo} />
      </FormLayout>
    </FetcherDialog>
  );
}

/** The logo file, read as a data URL for the post; its error is the answer's `logoUrl`. */
function LogoField({ hasLogo, onPick }: { hasLogo: boolean; onPick: (dataUrl: string) => void }) {
  const error = useFieldError("logoUrl");
  const pick = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onPick(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <BlockStack gap="100">
      <Text as="p">Logo (PNG or JPEG, under 300 KB)</Text>
      <input
        id="invoice-logo"
        type="file"
        accept="image/png,image/jpeg"
        aria-label="Logo file"
        onChange={(e) => pick(e.currentTarget.files?.[0])}
      />
      {hasLogo && <CheckboxField name="removeLogo" label="Remove the current logo" />}
      {error && <InlineError message={error} fieldID="invoice-logo" />}
    </BlockStack>
  );
}
