import { Badge } from "@shopify/polaris";
import type { DisplayStatus } from "~/features/digital-assets/status";

const TONE = { active: "success", "sold-out": "info", paused: "attention", draft: undefined } as const;
const LABEL = { active: "Active", "sold-out": "Sold out", paused: "Paused", draft: "Draft" } as const;

export function StatusBadge({ status }: { status: DisplayStatus }) {
  return <Badge tone={TONE[status]}>{LABEL[status]}</Badge>;
}
