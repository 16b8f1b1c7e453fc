// Loyalty → End or Delete a campaign: what cannot be undone is confirmed first. The points it
// already awarded stay in the ledger either way (decision 081).
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { CampaignView } from "~/features/loyalty/campaigns.server";
import { closeOnNotice, type LoyaltyActionResult, type Notice } from "~/features/loyalty/components/notices";

const COPY = {
  end: {
    title: (name: string) => `End ${name} now?`,
    body: "Orders placed from now earn no bonus from it. It stays in the list and in Analytics. This cannot be undone.",
    button: "End campaign",
  },
  delete: {
    title: (name: string) => `Delete ${name}?`,
    body: "It leaves the list and Analytics, and orders posted from now earn no bonus from it. This cannot be undone.",
    button: "Delete campaign",
  },
} as const;

export function CampaignConfirmDialog({
  campaign,
  action,
  onClose,
  onDone,
}: {
  campaign: CampaignView;
  action: "end" | "delete";
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: `loyalty-campaign-${action}` });
  const copy = COPY[action];
  return (
    <FetcherDialog
      title={copy.title(campaign.name)}
      fetcher={fetcher}
      onClose={onClose}
      onResult={closeOnNotice(onDone, onClose)}
      primaryAction={{
        content: copy.button,
        destructive: true,
        onAction: () =>
          fetcher.submit(
            { intent: action },
            { method: "post", action: `/loyalty/campaigns/${encodeURIComponent(campaign.id)}` },
          ),
      }}
    >
      <Text as="p">{copy.body}</Text>
      <Text as="p" tone="subdued">
        Points it already awarded stay with the customers.
      </Text>
    </FetcherDialog>
  );
}
