// One order's profit, line by line: each line's quantity, price, unit cost at sale and its
// source, then the order's fees, shipping, refunds and the sum (the one per-order formula).
import { Badge, BlockStack, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import { formatDay, formatInstant } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import { CHANNEL_LABELS, COST_SOURCE_LABELS, SHIPPING_ESTIMATED } from "~/features/profit/orders-view";
import type { OrderBreakdown } from "~/features/profit/orders-view.server";

type Props = { breakdown: OrderBreakdown; currency: string; timezone: string };

export function OrderProfitBreakdown({ breakdown, currency, timezone }: Props) {
  const { order, lines, refunds } = breakdown;
  const money = (v: number) => formatMoney(v, currency);
  const signed = (v: number) => formatMoney(v, currency, { signed: true });
  const unknown = <Badge tone="warning">Unknown</Badge>;
  const sum: [string, React.ReactNode][] = [
    ["Gross sales", money(order.grossSalesMinor)],
    ["Discounts", signed(-order.discountsMinor)],
    ["Refunds", signed(-order.refundsMinor)],
    ["Shipping charged", signed(order.shippingMinor)],
    ["Revenue", money(order.revenueMinor)],
    [
      "Cost of goods",
      order.missing.cost ? (
        <InlineStack gap="100">
          {signed(-order.cogsMinor)} <Badge tone="warning">{`+ ${order.uncostedUnits} units unknown`}</Badge>
        </InlineStack>
      ) : (
        signed(-order.cogsMinor)
      ),
    ],
    ["Payment fees", order.paymentFeesMinor === null ? unknown : signed(-order.paymentFeesMinor)],
    [
      "Shipping cost",
      order.shippingCostMinor === null ? (
        unknown
      ) : order.shippingEstimated ? (
        <InlineStack gap="100">
          {signed(-order.shippingCostMinor)} <Badge tone="info">{SHIPPING_ESTIMATED}</Badge>
        </InlineStack>
      ) : (
        signed(-order.shippingCostMinor)
      ),
    ],
    ["Profit", order.netProfitMinor === null ? unknown : money(order.netProfitMinor)],
    ["Margin", order.profitMargin === null ? "—" : formatPercent(order.profitMargin)],
  ];
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="p">
            {formatInstant(order.processedAt, timezone)} · {CHANNEL_LABELS[order.channel] ?? order.channel}
            {order.email ? ` · ${order.email}` : ""}
          </Text>
          {order.cancelled && <Badge tone="critical">Cancelled: counts nothing in the P&L</Badge>}
          <Text as="p" tone="subdued">
            Taxes collected ({money(order.taxesMinor)}) are not revenue. Unknown fees and shipping are counted in the
            profit as nothing and marked here; an unknown line cost makes the profit unknown.
          </Text>
        </BlockStack>
      </Card>
      <Card padding="0">
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric", "text"]}
          headings={["Line", "Quantity", "Unit price", "Discount", "Net sales", "Unit cost at sale", "Cost source"]}
          rows={lines.map((l) => [
            l.sku ? `${l.title} (${l.sku})` : l.title,
            l.quantity,
            money(l.unitPriceMinor),
            money(l.discountMinor),
            money(l.netSalesMinor),
            l.unitCostMinor === null ? unknown : money(l.unitCostMinor),
            COST_SOURCE_LABELS[l.costSource],
          ])}
        />
      </Card>
      {refunds.length > 0 && (
        <Card padding="0">
          <DataTable
            columnContentTypes={["text", "numeric"]}
            headings={["Refund day", "Amount"]}
            rows={refunds.map((r) => [formatDay(r.day), money(r.amountMinor)])}
          />
        </Card>
      )}
      <Card padding="0">
        <DataTable columnContentTypes={["text", "numeric"]} headings={["", "Amount"]} rows={sum} />
      </Card>
    </BlockStack>
  );
}
