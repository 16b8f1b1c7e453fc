// The detail dialog's invoice: number, status, total, customer, dates, lines and totals.
import type { ReactNode } from "react";
import { BlockStack, Box, DataTable, InlineStack, Link, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { rateToPercentText } from "~/features/invoices/money";
import { StatusBadge } from "~/features/invoices/components/StatusBadge";
import { capitalize } from "~/features/invoices/screen";
import type { InvoiceDetailData } from "~/features/invoices/screen";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text as="p">
      <Text as="span" tone="subdued">
        {label}:{" "}
      </Text>
      {children}
    </Text>
  );
}

export function InvoiceDetailSummary({ invoice: d }: { invoice: InvoiceDetailData }) {
  const m = (minor: number) => formatMoney(minor, d.currency);
  return (
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
          <Fact label="Platform">{d.platform}</Fact>
          <Fact label="Issued">{d.issueDate}</Fact>
          <Fact label="Due date">{d.dueDate || "N/A"}</Fact>
          {d.paidAtText && <Fact label="Paid at">{d.paidAtText}</Fact>}
          <Fact label="Payment">{d.paymentMethod === "none" ? "Your instructions" : capitalize(d.paymentMethod)}</Fact>
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
    </BlockStack>
  );
}
