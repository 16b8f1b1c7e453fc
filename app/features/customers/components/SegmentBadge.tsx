import { Badge } from "@shopify/polaris";
import type { Segment } from "~/features/customers/rfm";

const TONE = { VIP: "success", Regular: "info", New: "attention", "At-Risk": "critical" } as const;

export function SegmentBadge({ segment }: { segment: Segment }) {
  return <Badge tone={TONE[segment]}>{segment}</Badge>;
}
