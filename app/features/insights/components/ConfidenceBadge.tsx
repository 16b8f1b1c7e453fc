// Confidence as the spec shows it: High green, Medium blue, Low yellow (core.md §2.4), with the
// calibrated score behind it for anyone who hovers or reads it aloud.
import { Badge } from "@shopify/polaris";
import { BAND_TONE } from "~/features/insights/confidence";
import type { Band } from "~/features/insights/types";

export function ConfidenceBadge({ band, confidence }: { band: Band; confidence: number }) {
  return (
    <span title={`Confidence ${Math.round(confidence * 100)}%`}>
      <Badge tone={BAND_TONE[band]}>{`${band} confidence`}</Badge>
    </span>
  );
}
