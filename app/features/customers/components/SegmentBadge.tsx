import { Badge } from "@shopify/polaris";
import type { Segment } from "../rfm";

const TONE = { VIP: "success", Regular: "info", New: "attention", "At-Risk": "critical" } as const;

export function SegmentBadge({ segment }: { segment: Segment }) {
  return <Badge tone={TONE[segment]}>{segment}</Badge>;
}
