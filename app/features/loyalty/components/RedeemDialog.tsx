// Loyalty → Redeem points: points become a single-use discount code for one customer (in
// Shopify, or locally in the demo).
import { useFetcher } from "@remix-run/react";
import { FormLayout, Text } from "@shopify/polaris";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { closeOnNotice, type LoyaltyActionResult, type Notice } from "~/features/loyalty/components/notices";

export function RedeemDialog({ onClose, onDone }: { onClose: () => void; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-redeem" });
  const form = useDialogForm({ email: "", points: "" });
  return (
    <FetcherDialog
      title="Redeem points"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnNotice(onDone, onClose)}
      primaryAction={{
        content: "Create reward code",
        onAction: () => fetcher.submit({ intent: "redeem", ...form.values }, { method: "post" }),
      }}
    >
      <FormLayout>
        <FormField name="email" label="Customer e-mail" type="email" />
        <FormField name="points" label="Points" type="number" />
      </FormLayout>
      <Text as="p" tone="subdued">
        The code takes the points' value off one order by this customer and expires unused after 90 days, when the
        points come back.
      </Text>
    </FetcherDialog>
  );
}
