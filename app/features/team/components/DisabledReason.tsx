// The reason beside a control the signed-in member's role may not use ("Viewers can't save
// planning settings."), from useDisabledReason; nothing when they may.
import { Text } from "@shopify/polaris";

export function DisabledReason({ reason }: { reason: string | undefined }) {
  return reason ? (
    <Text as="span" tone="subdued" variant="bodySm">
      {reason}
    </Text>
  ) : null;
}
