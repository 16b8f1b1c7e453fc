// A rule change's background re-estimate on the rule screens (docs/decisions/126): its progress
// while it runs, refreshed on an interval until it ends; its error and a Retry when it failed.
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "@remix-run/react";
import { Banner, BlockStack, ProgressBar, Text } from "@shopify/polaris";
import {
  isReestimating,
  reestimatePercent,
  reestimateTitle,
  RETRY_REESTIMATE,
  type ReestimateStatus,
} from "~/features/profit/reestimate";
import { useCan } from "~/features/team";

const REFRESH_MS = 2_000;

export function ReestimateBanner({ status }: { status: ReestimateStatus | null }) {
  const canWrite = useCan("write");
  const revalidator = useRevalidator();
  const retry = useFetcher();
  const running = isReestimating(status);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  if (!status || status.state === "done") return null;
  if (status.state === "failed")
    return (
      <Banner
        tone="critical"
        title="Re-estimating orders failed"
        action={{
          content: "Retry",
          loading: retry.state !== "idle",
          disabled: !canWrite,
          onAction: () => retry.submit({ intent: RETRY_REESTIMATE }, { method: "post" }),
        }}
      >
        <BlockStack gap="100">
          <Text as="p">{status.error}</Text>
          <Text as="p" tone="subdued">
            The P&L shows the estimates from before the rule change until a re-estimate finishes.
          </Text>
        </BlockStack>
      </Banner>
    );
  return (
    <Banner tone="info" title={reestimateTitle(status)}>
      <BlockStack gap="200">
        <ProgressBar progress={reestimatePercent(status)} size="small" ariaLabelledBy="reestimate-note" />
        <Text as="p" tone="subdued" id="reestimate-note">
          Figures on the P&L are the old estimates until it finishes.
        </Text>
      </BlockStack>
    </Banner>
  );
}
