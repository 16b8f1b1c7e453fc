// An insight's lifecycle controls: Done, Dismiss (with a reason), Snooze (until a day), and
// Useful / Not useful. A Viewer sees them disabled with the reason; the server answers 403 too.
import { useFetcher } from "@remix-run/react";
import { Button, ButtonGroup, InlineStack } from "@shopify/polaris";
import { useState } from "react";
import { useDisabledReason, DisabledReason } from "~/features/team";
import type { InsightView } from "~/features/insights/list.server";
import type { InsightActionResult } from "~/features/insights/schema";
import { DismissDialog, SnoozeDialog } from "~/features/insights/components/LifecycleDialogs";

export function InsightControls({ insight }: { insight: InsightView }) {
  const fetcher = useFetcher<InsightActionResult>({ key: `insight-${insight.id}` });
  const [dialog, setDialog] = useState<"dismiss" | "snooze" | null>(null);
  const reason = useDisabledReason("write", "act on insights");
  const busy = fetcher.state !== "idle";
  const post = (values: Record<string, string>) =>
    fetcher.submit({ id: insight.id, ...values }, { method: "post", action: "/ai-insights" });
  const disabled = !!reason || busy;
  return (
    <InlineStack gap="300" blockAlign="center" wrap>
      <ButtonGroup>
        <Button disabled={disabled} onClick={() => post({ intent: "done" })}>
          Mark done
        </Button>
        <Button disabled={disabled} onClick={() => setDialog("snooze")}>
          Snooze
        </Button>
        <Button disabled={disabled} tone="critical" variant="plain" onClick={() => setDialog("dismiss")}>
          Dismiss
        </Button>
      </ButtonGroup>
      <ButtonGroup variant="segmented">
        <Button
          disabled={disabled}
          pressed={insight.feedback === "useful"}
          onClick={() => post({ intent: "feedback", feedback: "useful" })}
        >
          Useful
        </Button>
        <Button
          disabled={disabled}
          pressed={insight.feedback === "not-useful"}
          onClick={() => post({ intent: "feedback", feedback: "not-useful" })}
        >
          Not useful
        </Button>
      </ButtonGroup>
      <DisabledReason reason={reason} />
      {dialog === "dismiss" && <DismissDialog insight={insight} onClose={() => setDialog(null)} />}
      {dialog === "snooze" && <SnoozeDialog insight={insight} onClose={() => setDialog(null)} />}
    </InlineStack>
  );
}
