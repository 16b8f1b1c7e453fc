// The payment gateways the shop's orders were paid through, with where each one's fees come
// from and its rule (docs/decisions/088). A gateway without a rule counts its orders as unknown.
import { Badge, Button, ButtonGroup, InlineStack, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { useCan } from "~/features/team";
import { CostSection } from "~/features/profit/components/CostSection";
import { formatMoney, decimalStringToMinor } from "~/lib/money";

export type FeeGatewayRow = {
  gateway: string;
  orders: number;
  unknown: number;
  actual: number;
  rule: { id: string; rate: string; fixed: string } | null;
};

type Props = {
  rows: FeeGatewayRow[];
  currency: string;
  onSet: (row: FeeGatewayRow | null) => void;
  onDelete: (row: FeeGatewayRow) => void;
};

const count = (n: number) => n.toLocaleString("en-US");

/** Every source the gateway's orders have: Shopify's own fees, the rule's, and those still unknown. */
function SourceBadges({ row }: { row: FeeGatewayRow }) {
  const badges = [
    row.actual > 0 && <Badge key="actual" tone="success">{`Shopify Payments · ${count(row.actual)} orders`}</Badge>,
    row.rule && (
      <Badge key="rule" tone="info">
        Rule (estimated)
      </Badge>
    ),
    row.unknown > 0 && <Badge key="unknown" tone="warning">{`Unknown · ${count(row.unknown)} orders`}</Badge>,
  ].filter(Boolean);
  if (!badges.length) return <Badge>No orders yet</Badge>;
  return (
    <InlineStack gap="100" wrap>
      {badges}
    </InlineStack>
  );
}

export function FeeGatewaysCard({ rows, currency, onSet, onDelete }: Props) {
  const canWrite = useCan("write");
  const ruleText = (r: FeeGatewayRow["rule"]) =>
    r ? `${r.rate}% + ${formatMoney(decimalStringToMinor(r.fixed, currency) ?? 0, currency)}` : "—";
  return (
    <CostSection
      title="Payment fees by gateway"
      action={
        <Button onClick={() => onSet(null)} disabled={!canWrite}>
          Add rule
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Text as="p" tone="subdued">
          No orders with a payment gateway yet. Fees appear once orders are imported from Shopify.
        </Text>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "gateway", plural: "gateways" }}
          columns={[
            { title: "Gateway" },
            { title: "Orders", alignment: "end" },
            { title: "Fee source" },
            { title: "Rule" },
          ]}
          rows={rows.map((r) => ({
            id: r.gateway,
            cells: [r.gateway, count(r.orders), <SourceBadges key="source" row={r} />, ruleText(r.rule)],
            actions: (
              <ButtonGroup>
                <Button
                  size="slim"
                  onClick={() => onSet(r)}
                  disabled={!canWrite}
                  accessibilityLabel={`Rule for ${r.gateway}`}
                >
                  {r.rule ? "Edit rule" : "Set rule"}
                </Button>
                {r.rule && (
                  <Button
                    size="slim"
                    tone="critical"
                    variant="plain"
                    onClick={() => onDelete(r)}
                    disabled={!canWrite}
                    accessibilityLabel={`Delete the rule for ${r.gateway}`}
                  >
                    Delete
                  </Button>
                )}
              </ButtonGroup>
            ),
          }))}
        />
      )}
    </CostSection>
  );
}
