// The store import as the merchant sees it: phase, counts and a progress bar while
// importing, the failure with Retry, and a Resync action once it is done.
import { useEffect } from "react";
import { useFetcher } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { ImportStatus } from "~/features/store-sync/import-status";
import { useCan } from "~/features/team";

const POLL_MS = 5_000;

function countsText(counts: ImportStatus["counts"]) {
  const n = (v: number) => v.toLocaleString("en-US");
  return `${n(counts.products)} products · ${n(counts.variants)} variants · ${n(counts.customers)} customers · ${n(counts.orders)} orders`;
}

export function ImportStatusCard({ status: initial, canResync = true }: { status: ImportStatus; canResync?: boolean }) {
  const canWrite = useCan("write");
  const poll = useFetcher<ImportStatus>();
  const action = useFetcher<ImportStatus & { error?: string }>();
  const fromAction = action.data && "state" in action.data ? action.data : undefined;
  const status =
    fromAction && (!poll.data || poll.data.startedAt !== fromAction.startedAt) ? fromAction : (poll.data ?? initial);
  const active = status.state === "queued" || status.state === "running";
  const submitting = action.state !== "idle";

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (poll.state === "idle") poll.load("/api/import");
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, poll]);

  const submit = (body: Record<string, string>) =>
    action.submit(body, { method: "post", action: "/api/import", encType: "application/json" });

  if (status.state === "none" && !canResync) return null;

  if (status.state === "failed") {
    return (
      <Banner
        tone="critical"
        title="The store import failed"
        action={{
          content: "Retry",
          loading: submitting,
          disabled: !canWrite,
          onAction: () => status.runId && submit({ intent: "retry", runId: status.runId }),
        }}
      >
        <BlockStack gap="100">
          <Text as="p">{status.error}</Text>
          <Text as="p" tone="subdued">
            Stopped while: {status.phaseLabel.toLowerCase()} ({status.percent}% done). Retry continues from there.
          </Text>
          {action.data?.error && !fromAction && (
            <Text as="p" tone="critical">
              {action.data.error}
            </Text>
          )}
        </BlockStack>
      </Banner>
    );
  }

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {active
                ? `Importing your store from Shopify: ${status.percent}%`
                : status.state === "none"
                  ? "Store data not imported yet"
                  : "Store data is up to date"}
            </Text>
            {active ? (
              <Badge tone="info">{status.phaseLabel}</Badge>
            ) : status.state === "succeeded" ? (
              <Badge tone="success">Synced</Badge>
            ) : null}
          </InlineStack>
          {canResync && !active && (
            <Button onClick={() => submit({ intent: "resync" })} loading={submitting} disabled={!canWrite}>
              {status.state === "none" ? "Import store data" : "Resync"}
            </Button>
          )}
        </InlineStack>
        {active && (
          <ProgressBar progress={status.percent} tone="primary" size="small" ariaLabelledBy="import-progress-label" />
        )}
        <Text as="p" tone="subdued" id="import-progress-label">
          {active
            ? `The figures below fill in as the import runs. ${countsText(status.counts)} so far.`
            : status.state === "succeeded"
              ? `${countsText(status.counts)} imported${status.finishedOn ? ` on ${status.finishedOn}` : ""}; live updates keep it current.`
              : "Import your products, customers and orders to see real figures."}
          {status.limitedOrderHistory
            ? " Orders from the last 60 days (the app may read older orders once granted access)."
            : ""}
        </Text>
        {action.data?.error && !fromAction && (
          <Text as="p" tone="critical">
            {action.data.error}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
