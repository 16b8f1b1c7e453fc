// Loyalty → Delete tier: previewed (how many members move) before it is deleted.
import { useFetcher } from "@remix-run/react";
import { Banner, Text } from "@shopify/polaris";
import { useState } from "react";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { TierView } from "~/features/loyalty/program.server";
import { movesSentence, type LoyaltyActionResult, type Notice } from "~/features/loyalty/components/notices";

export function DeleteTierDialog({
  tier,
  onClose,
  onDone,
}: {
  tier: TierView;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-tier-delete" });
  const [preview, setPreview] = useState<{ up: number; down: number } | null>(null);
  return (
    <FetcherDialog
      title={`Delete ${tier.name}?`}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(r) => {
        if (r.ok && r.preview) setPreview(r.preview);
        if (r.ok && r.notice) {
          onDone(r.notice);
          onClose();
        }
      }}
      primaryAction={
        preview
          ? {
              content: "Delete tier",
              destructive: true,
              onAction: () => fetcher.submit({ intent: "deleteTier", id: tier.id }, { method: "post" }),
            }
          : {
              content: "Preview changes",
              onAction: () =>
                fetcher.submit({ intent: "previewTier", mode: "delete", id: tier.id }, { method: "post" }),
            }
      }
    >
      <Text as="p">Its members are placed in the tier their spend reaches without it. This cannot be undone.</Text>
      {preview && (
        <Banner tone="warning" title="Preview">
          <p>{movesSentence(preview)}</p>
        </Banner>
      )}
    </FetcherDialog>
  );
}
