// One invoice in the list: number, status, customer, due date, total, View and Send.
import { useNavigate } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, ButtonGroup, InlineStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { StatusBadge } from "~/features/invoices/components/StatusBadge";
import { capitalize } from "~/features/invoices/screen";

export type InvoiceCardData = {
  id: string;
  invoiceNumber: string;
  status: string;
  isRecurring: boolean;
  recurringInterval: string | null;
  customerName: string;
  customerEmail: string;
  dueDate: string;
  totalMinor: number;
  currency: string;
};

type Props = { invoice: InvoiceCardData; viewHref: string; sending: boolean; onSend: () => void };

export function InvoiceCard({ invoice, viewHref, sending, onSend }: Props) {
  const navigate = useNavigate();
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
              {invoice.isRecurring && (
                <Badge tone="info-strong">{`Recurring · ${capitalize(invoice.recurringInterval ?? "monthly")}`}</Badge>
              )}
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
              {formatMoney(invoice.totalMinor, invoice.currency)}{" "}
              <Text as="span" tone="subdued" variant="bodySm">
                {invoice.currency}
              </Text>
            </Text>
            <ButtonGroup>
              <Button
                onClick={() => navigate(viewHref, { preventScrollReset: true })}
                accessibilityLabel={`View invoice ${invoice.invoiceNumber}`}
              >
                View
              </Button>
              {invoice.status === "draft" && (
                <Button
                  variant="primary"
                  onClick={onSend}
                  loading={sending}
                  disabled={sending}
                  accessibilityLabel={`Send invoice ${invoice.invoiceNumber}`}
                >
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
