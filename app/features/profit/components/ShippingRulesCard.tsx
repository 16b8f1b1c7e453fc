// The shop's shipping label cost rules (docs/decisions/092) with where its orders' label costs
// come from: imported labels, rule estimates, and the countries still unknown.
import { Badge, Button, ButtonGroup, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { useCan } from "~/features/team";
import { CostSection } from "~/features/profit/components/CostSection";
import { formatMoney, decimalStringToMinor } from "~/lib/money";
import type { ShippingRuleDto } from "~/features/profit/shipping-rules.server";

export type ShippingCoverage = { imported: number; estimated: number; unknown: number };

type Props = {
  rules: ShippingRuleDto[];
  currency: string;
  onAdd: () => void;
  onEdit: (rule: ShippingRuleDto) => void;
  onDelete: (rule: ShippingRuleDto) => void;
};

const BASIS: Record<string, string> = { order: "Per order", item: "Per item", weight: "By weight" };

function costText(rule: ShippingRuleDto, currency: string) {
  if (rule.basis === "weight") {
    const bands = `${rule.bandCount} ${rule.bandCount === 1 ? "band" : "bands"}`;
    const range = rule.bandRangeMinor?.map((m) => formatMoney(m, currency)).join("–");
    return range ? `${bands}, ${range}` : bands;
  }
  const amount = formatMoney(decimalStringToMinor(rule.amount, currency) ?? 0, currency);
  return rule.basis === "item" ? `${amount} per item` : amount;
}

export function ShippingRulesCard({ rules, currency, onAdd, onEdit, onDelete }: Props) {
  const canWrite = useCan("write");
  return (
    <CostSection
      title="Shipping rules"
      action={
        <Button onClick={onAdd} disabled={!canWrite}>
          Add rule
        </Button>
      }
    >
      {rules.length === 0 ? (
        <Text as="p" tone="subdued">
          No shipping rules yet. Add one to estimate label costs for orders without an imported label.
        </Text>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "rule", plural: "rules" }}
          columns={[{ title: "Applies to" }, { title: "Basis" }, { title: "Cost" }]}
          rows={rules.map((r) => ({
            id: r.id,
            cells: [
              <span key="where">
                {r.where} {r.scope === "rest" && <Badge>Fallback</Badge>}
              </span>,
              BASIS[r.basis] ?? r.basis,
              <span key="cost" title={r.bands || undefined}>
                {costText(r, currency)}
              </span>,
            ],
            actions: (
              <ButtonGroup>
                <Button
                  size="slim"
                  onClick={() => onEdit(r)}
                  disabled={!canWrite}
                  accessibilityLabel={`Edit ${r.where}`}
                >
                  Edit
                </Button>
                <Button
                  size="slim"
                  tone="critical"
                  variant="plain"
                  onClick={() => onDelete(r)}
                  disabled={!canWrite}
                  accessibilityLabel={`Delete the rule for ${r.where}`}
                >
                  Delete
                </Button>
              </ButtonGroup>
            ),
          }))}
        />
      )}
    </CostSection>
  );
}
