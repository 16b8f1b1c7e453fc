// /customers/campaigns: every campaign with its figures, and pause / resume / end / delete a draft
// (ending and deleting are confirmed in a modal: neither can be undone).
import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Button, ButtonGroup, EmptyState, Link, Text } from "@shopify/polaris";
import { useState } from "react";
import { Modal } from "~/components/Modal";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { useCan } from "~/features/team";
import { formatMoney } from "~/lib/money";
import type { CampaignFigures } from "~/features/engagement/types";
import { STATUS_LABEL, canTransition } from "~/features/engagement/status";
import { audienceLine, incrementalParts, rate, TYPE_LABEL } from "./format";

const TONE = {
  draft: undefined,
  scheduled: "info",
  active: "success",
  paused: "attention",
  completed: undefined,
} as const;

/** The incremental revenue over its interval, so the column stays narrow enough to be seen. */
function Incremental({ figures, currency }: { figures: CampaignFigures; currency: string }) {
  const parts = incrementalParts(figures, currency);
  if (!parts) return <>Not enough data yet</>;
  return (
    <BlockStack inlineAlign="end">
      <Text as="span">{parts.value}</Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {parts.interval}
      </Text>
    </BlockStack>
  );
}

type Confirm = { id: string; name: string; intent: "end" | "delete" } | null;

export function CampaignList({ campaigns, currency }: { campaigns: CampaignFigures[]; currency: string }) {
  const fetcher = useFetcher();
  const canWrite = useCan("write");
  const [confirm, setConfirm] = useState<Confirm>(null);
  const act = (id: string, intent: string) => fetcher.submit({ intent, id }, { method: "post" });
  const busy = fetcher.state !== "idle";
  const rows = campaigns.map((c) => ({
    id: c.id,
    cells: [
      // The channel under the name: one column less, so the figures fit a laptop's width.
      <BlockStack key="n">
        <Link url={`/customers/campaigns/${c.id}`} removeUnderline>
          <Text as="span" fontWeight="semibold">
            {c.name}
          </Text>
        </Link>
        <Text as="span" tone="subdued" variant="bodySm">
          {TYPE_LABEL[c.type] ?? c.type}
        </Text>
      </BlockStack>,
      <Badge key="s" tone={TONE[c.status]}>
        {STATUS_LABEL[c.status]}
      </Badge>,
      audienceLine(c),
      String(c.sent),
      rate(c.openRate),
      rate(c.clickRate),
      rate(c.recoveryRate),
      formatMoney(c.attributedRevenueMinor, currency),
      <Incremental key="i" figures={c} currency={currency} />,
    ],
    actions: canWrite ? (
      <ButtonGroup>
        {canTransition(c.status, "pause") && (
          <Button size="slim" disabled={busy} onClick={() => act(c.id, "pause")}>
            Pause
          </Button>
        )}
        {canTransition(c.status, "resume") && (
          <Button size="slim" disabled={busy} onClick={() => act(c.id, "resume")}>
            Resume
          </Button>
        )}
        {canTransition(c.status, "end") && (
          <Button size="slim" disabled={busy} onClick={() => setConfirm({ id: c.id, name: c.name, intent: "end" })}>
            End
          </Button>
        )}
        {c.status === "draft" && (
          <Button
            size="slim"
            tone="critical"
            disabled={busy}
            onClick={() => setConfirm({ id: c.id, name: c.name, intent: "delete" })}
          >
            Delete
          </Button>
        )}
      </ButtonGroup>
    ) : undefined,
  }));
  return (
    <>
      <ResponsiveIndexTable
        resourceName={{ singular: "campaign", plural: "campaigns" }}
        loading={busy}
        columns={[
          { title: "Name" },
          { title: "Status" },
          { title: "Audience or trigger" },
          { title: "Sent", alignment: "end" },
          { title: "Open rate*", alignment: "end" },
          { title: "Click rate", alignment: "end" },
          { title: "Recovery rate", alignment: "end" },
          { title: "Attributed revenue", alignment: "end" },
          { title: "Incremental revenue", alignment: "end" },
        ]}
        rows={rows}
        emptyState={
          <EmptyState
            heading="No campaigns yet"
            action={canWrite ? { content: "Create campaign", url: "/customers/campaigns/new" } : undefined}
            image=""
          >
            <p>
              Win back customers at risk, follow up after a purchase or write to a segment, with a hold-out that
              measures what each campaign adds.
            </p>
          </EmptyState>
        }
      />
      {confirm && (
        <Modal
          open
          onClose={() => setConfirm(null)}
          title={confirm.intent === "end" ? `End ${confirm.name}?` : `Delete ${confirm.name}?`}
          primaryAction={{
            content: confirm.intent === "end" ? "End campaign" : "Delete draft",
            destructive: true,
            onAction: () => {
              act(confirm.id, confirm.intent);
              setConfirm(null);
            },
          }}
          secondaryActions={[{ content: "Cancel", onAction: () => setConfirm(null) }]}
        >
          <Modal.Section>
            <Text as="p">
              {confirm.intent === "end"
                ? "No further messages will be sent. Its figures stay. This cannot be undone."
                : "The draft is deleted. This cannot be undone."}
            </Text>
          </Modal.Section>
        </Modal>
      )}
    </>
  );
}
