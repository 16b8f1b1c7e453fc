import { Badge, type BadgeProps } from "@shopify/polaris";
import type { Segment } from "~/features/customers/rfm";

const TONE: Record<Segment, BadgeProps["tone"]> = {
  VIP: "success",
  Regular: "info",
  New: "attention",
  "At-Risk": "critical",
  "No orders yet": undefined,
};

export function SegmentBadge({ segment }: { segment: Segment }) {
  return <Badge tone={TONE[segment]}>{segment}</Badge>;
}
