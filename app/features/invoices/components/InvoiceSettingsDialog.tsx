// Invoice settings: number prefix, business address, payment instructions, PayPal.Me, logo.
import { useFetcher } from "@remix-run/react";
import { BlockStack, Checkbox, FormLayout, InlineError, Text, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import type { FieldErrors } from "~/lib/forms";
import { TOAST, type ActionResult, type ToastState } from "~/features/invoices/screen";
import { useFetcherResult } from "~/components/useFetcherResult";

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
  const [values, setValues] = useState(settings);
  const [logo, setLogo] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  useFetcherResult(fetcher, (result) => {
    onToast(result.ok ? { content: TOAST.settings } : { content: TOAST.settingsFailed, error: true });
    if (result.ok) onClose();
    else setErrors(result.fieldErrors ?? {});
  });
  const set = (key: keyof typeof values) => (v: string) => setValues((p) => ({ ...p, [key]: v }));
  const pickLogo = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  };
  const save = () =>
    fetcher.submit(
      {
        intent: "settings",
        prefix: values.prefix,
        paymentInstructions: values.paymentInstructions,
        businessAddress: values.businessAddress,
        paypalMeUrl: values.paypalMeUrl,
        ...(logo ? { logoUrl: logo } : {}),
        removeLogo: String(removeLogo),
      },
      { method: "post" },
    );
  const saving = fetcher.state !== "idle";
  return (
    <Modal
      open
      onClose={onClose}
      title="Invoice settings"
      primaryAction={{ content: saving ? "Saving..." : "Save", loading: saving, onAction: save }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Invoice number prefix"
            value={values.prefix}
            onChange={set("prefix")}
            autoComplete="off"
            helpText="Numbers continue from the last one, e.g. INV-0042."
            error={errors.prefix?.[0]}
          />
          <TextField
            label="Business address"
            value={values.businessAddress}
            onChange={set("businessAddress")}
            multiline={3}
            autoComplete="street-address"
            error={errors.businessAddress?.[0]}
          />
          <TextField
            label="Payment instructions"
            value={values.paymentInstructions}
            onChange={set("paymentInstructions")}
            multiline={3}
            autoComplete="off"
            helpText="Shown when an invoice has no online payment (bank details, wallet address...)."
            error={errors.paymentInstructions?.[0]}
          />
          <TextField
            label="PayPal.Me link"
            value={values.paypalMeUrl}
            onChange={set("paypalMeUrl")}
            autoComplete="off"
            placeholder="https://paypal.me/yourshop"
            error={errors.paypalMeUrl?.[0]}
          />
          <Text as="p" tone="subdued">
            Card payments (Stripe):{" "}
            {stripeEnabled ? "configured" : "not configured (set STRIPE_SECRET_KEY on the server)"}.
          </Text>
          <BlockStack gap="100">
            <Text as="p">Logo (PNG or JPEG, under 300 KB)</Text>
            <input
              type="file"
              accept="image/png,image/jpeg"
              aria-label="Logo file"
              onChange={(e) => pickLogo(e.currentTarget.files?.[0])}
            />
            {settings.hasLogo && (
              <Checkbox label="Remove the current logo" checked={removeLogo} onChange={setRemoveLogo} />
            )}
            {errors.logoUrl?.[0] && <InlineError message={errors.logoUrl[0]} fieldID="invoice-logo" />}
          </BlockStack>
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
