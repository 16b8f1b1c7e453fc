// Loyalty → Campaigns: every bonus-points campaign, who it is for, where it is in its
// lifecycle (scheduled, active, paused, ended: decision 081) and the changes it allows.
import { Badge, Box, Button, Card, EmptyState, InlineStack, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { DisabledReason, useDisabledReason } from "~/features/team";
import type { CampaignView } from "~/features/loyalty/campaigns.server";
import { CampaignActions } from "~/features/loyalty/components/CampaignActions";
import type { Notice } from "~/features/loyalty/components/notices";

const STATUS_TONE = { active: "success", scheduled: "info", paused: "attention", ended: undefined } as const;

export function CampaignsTab({
  campaigns,
  onNew,
  onEdit,
  onConfirm,
  onDone,
}: {
  campaigns: CampaignView[];
  onNew: () => void;
  onEdit: (c: CampaignView) => void;
  onConfirm: (c: CampaignView, action: "end" | "delete") => void;
  onDone: (notice: Notice) => void;
}) {
  const refused = useDisabledReason("write", "create or change campaigns");
  return (
    <Card padding="0">
      <Box padding="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Campaigns
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <DisabledReason reason={refused} />
            <Button variant="primary" onClick={onNew} disabled={!!refused}>
              New Campaign
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
      {campaigns.length === 0 ? (
        <EmptyState heading="No campaigns yet" image="">
          <p>
            Run a bonus-points campaign for any length of time, for everyone, one tier, one customer segment or the
            products of one collection.
          </p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "campaign", plural: "campaigns" }}
          columns={[
            { title: "Campaign" },
            { title: "Multiplier", alignment: "end" },
            { title: "Runs" },
            { title: "For" },
            { title: "Overlaps" },
            { title: "Status" },
            { title: "Actions" },
          ]}
          rows={campaigns.map((c) => ({
            id: c.id,
            cells: [
              c.name,
              `×${c.multiplier}`,
              `${c.startsOn} to ${c.endsOn}`,
              [c.tierName, c.segment && `${c.segment} customers`, c.collectionTitle && `${c.collectionTitle} products`]
                .filter(Boolean)
                .join(" · ") || "All members",
              c.stacking === "multiply" ? "Multiplies" : "Highest wins",
              <Badge key="s" tone={STATUS_TONE[c.status]}>
                {c.status[0].toUpperCase() + c.status.slice(1)}
              </Badge>,
              <CampaignActions
                key="a"
                campaign={c}
                disabled={!!refused}
                onEdit={onEdit}
                onConfirm={onConfirm}
                onDone={onDone}
              />,
            ],
          }))}
        />
      )}
    </Card>
  );
}
