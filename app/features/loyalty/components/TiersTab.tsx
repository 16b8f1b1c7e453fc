// Loyalty → Tier Management: the tiers with their members, and a scheduled change where one is set.
import { BlockStack, Box, Button, Card, EmptyState, InlineStack, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { DisabledReason, useDisabledReason } from "~/features/team";
import { n } from "~/features/loyalty/components/Metric";
import type { TierView } from "~/features/loyalty/program.server";
import { currencyDigits, formatMoney, formatPercent } from "~/lib/money";

/** "From 2026-12-01: $700.00, ×1.5", or the plain value when nothing is scheduled. */
function scheduled(t: TierView, currency: string) {
  const money = (major: number) => formatMoney(major * 10 ** currencyDigits(currency), currency);
  if (!t.pendingFrom) return null;
  return `From ${t.pendingFrom.slice(0, 10)}: ${money(t.pendingMinSpend ?? t.minSpend)}, ×${t.pendingMultiplier ?? t.multiplier}`;
}

export function TiersTab({
  tiers,
  untieredMembers,
  totalMembers,
  currency,
  onAdd,
  onEdit,
  onDelete,
}: {
  tiers: TierView[];
  /** Members below the first tier's minimum spend, and all members (the tiers and these add to it). */
  untieredMembers: number;
  totalMembers: number;
  currency: string;
  onAdd: () => void;
  onEdit: (t: TierView) => void;
  onDelete: (t: TierView) => void;
}) {
  const refused = useDisabledReason("write", "change tiers");
  return (
    <Card padding="0">
      <Box padding="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Tiers
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <DisabledReason reason={refused} />
            <Button variant="primary" onClick={onAdd} disabled={!!refused}>
              Add tier
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
      {tiers.length === 0 ? (
        <EmptyState heading="No tiers yet" image="">
          <p>Add a tier to reward your best customers.</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "tier", plural: "tiers" }}
          columns={[
            { title: "Tier" },
            { title: "Minimum spend", alignment: "end" },
            { title: "Benefits" },
            { title: "Multiplier", alignment: "end" },
            { title: "Members", alignment: "end" },
          ]}
          rows={tiers.map((t) => ({
            id: t.id,
            cells: [
              scheduled(t, currency) ? (
                <BlockStack key="n" gap="100">
                  <span>{t.name}</span>
                  <Text as="span" variant="bodySm" tone="caution">
                    {`Scheduled change · ${scheduled(t, currency)}`}
                  </Text>
                </BlockStack>
              ) : (
                t.name
              ),
              formatMoney(t.minSpend * 10 ** currencyDigits(currency), currency),
              t.benefitList.join(", ") || "—",
              `×${t.multiplier}`,
              `${n(t.members)} (${formatPercent(t.share, 0)})`,
            ],
            actions: (
              <InlineStack gap="200">
                <Button onClick={() => onEdit(t)} disabled={!!refused} accessibilityLabel={`Edit ${t.name}`}>
                  Edit
                </Button>
                <Button
                  tone="critical"
                  onClick={() => onDelete(t)}
                  disabled={!!refused}
                  accessibilityLabel={`Delete ${t.name}`}
                >
                  Delete
                </Button>
              </InlineStack>
            ),
          }))}
        />
      )}
      {tiers.length > 0 && (
        <Box padding="400">
          <Text as="p" variant="bodySm" tone="subdued" id="tiers-no-tier">
            {untieredMembers
              ? `No tier: ${n(untieredMembers)} members (${formatPercent(totalMembers ? untieredMembers / totalMembers : 0, 0)}) have a qualifying spend below the first tier's minimum (refunds can take it below zero). `
              : ""}
            {`${n(totalMembers)} members in all.`}
          </Text>
        </Box>
      )}
    </Card>
  );
}
