// Loyalty → Campaigns: every bonus-points campaign, who it is for and whether it runs.
import { Badge, Box, Button, Card, EmptyState, InlineStack, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { DisabledReason, useDisabledReason } from "~/features/team";
import type { CampaignView } from "~/features/loyalty/program.server";

const STATUS_TONE = { active: "success", scheduled: "info", completed: undefined } as const;

export function CampaignsTab({ campaigns, onNew }: { campaigns: CampaignView[]; onNew: () => void }) {
  const refused = useDisabledReason("write", "create campaigns");
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
            ],
          }))}
        />
      )}
    </Card>
  );
}
