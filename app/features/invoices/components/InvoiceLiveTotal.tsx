// The create dialog's running total: subtotal, tax, shipping and total as the merchant
// types, computed with the server's money rules (previewTotals), so what is shown is what
// will be stored.
import { BlockStack, Box, InlineStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { previewTotals, toPayload, type FormState } from "~/features/invoices/form";
import { rateToPercentText } from "~/features/invoices/money";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <InlineStack align="space-between" gap="400" wrap={false}>
      <Text as="span" tone={strong ? undefined : "subdued"} fontWeight={strong ? "semibold" : undefined}>
        {label}
      </Text>
      <Text as="span" fontWeight={strong ? "semibold" : undefined} numeric>
        {value}
      </Text>
    </InlineStack>
  );
}

export function InvoiceLiveTotal({ form }: { form: FormState }) {
  const totals = previewTotals(form);
  const currency = form.currency;
  const m = (minor: number) => formatMoney(minor, currency);
  return (
    <Box background="bg-surface-secondary" padding="300" borderRadius="200">
      <div data-testid="invoice-live-total" aria-live="polite">
        {totals ? (
          <BlockStack gap="100">
            <Line label="Subtotal" value={m(totals.subtotalMinor)} />
            <Line label={`Tax (${rateToPercentText(toPayload(form).tax_rate)}%)`} value={m(totals.taxMinor)} />
            <Line label="Shipping" value={m(totals.shippingMinor)} />
            <Line label={`Total ${currency}`} value={m(totals.totalMinor)} strong />
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            The total appears once the prices, tax rate (0% to 100%) and shipping are amounts {currency} allows.
          </Text>
        )}
      </div>
    </Box>
  );
}
