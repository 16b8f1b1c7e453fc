// A campaign row's menu: the changes its status allows (decision 081). Pause and resume are
// undone by each other and post at once; edit opens the form; end and delete are confirmed.
import { useFetcher } from "@remix-run/react";
import { ActionList, Button, Popover } from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import type { CampaignAction } from "~/features/loyalty/campaign-status";
import type { CampaignView } from "~/features/loyalty/campaigns.server";
import type { LoyaltyActionResult, Notice } from "~/features/loyalty/components/notices";

const LABELS: Record<CampaignAction, string> = {
  edit: "Edit",
  pause: "Pause",
  resume: "Resume",
  end: "End now",
  delete: "Delete",
};

export function CampaignActions({
  campaign,
  disabled,
  onEdit,
  onConfirm,
  onDone,
}: {
  campaign: CampaignView;
  /** The role may not change campaigns (the reason is shown beside the list's heading). */
  disabled: boolean;
  onEdit: (c: CampaignView) => void;
  onConfirm: (c: CampaignView, action: "end" | "delete") => void;
  onDone: (notice: Notice) => void;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<LoyaltyActionResult>({ key: `loyalty-campaign-state-${campaign.id}` });
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.notice) onDone(r.notice);
    else if (!r.ok) onDone({ title: "Not changed", body: r.fieldErrors._form?.[0] ?? "Try again", destructive: true });
  });
  const run = (action: CampaignAction) => () => {
    setOpen(false);
    if (action === "edit") onEdit(campaign);
    else if (action === "end" || action === "delete") onConfirm(campaign, action);
    else
      fetcher.submit(
        { intent: action },
        { method: "post", action: `/loyalty/campaigns/${encodeURIComponent(campaign.id)}` },
      );
  };
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button
          disclosure
          size="slim"
          disabled={disabled}
          loading={fetcher.state !== "idle"}
          accessibilityLabel={`Actions for ${campaign.name}`}
          onClick={() => setOpen((o) => !o)}
        >
          Actions
        </Button>
      }
    >
      <ActionList
        items={campaign.actions.map((a) => ({
          content: LABELS[a],
          destructive: a === "delete" || a === "end",
          onAction: run(a),
        }))}
      />
    </Popover>
  );
}
