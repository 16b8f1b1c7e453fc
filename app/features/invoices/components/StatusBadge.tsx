import { Badge } from "@shopify/polaris";
import { statusLabel, statusTone } from "~/features/invoices/status";

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}
