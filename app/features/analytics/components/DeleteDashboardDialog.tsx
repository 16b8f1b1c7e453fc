// Asks before deleting a saved dashboard (for the whole team; the figures are not affected).
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { DashboardActionAnswer, SavedDashboard } from "~/features/analytics/dashboards.server";

export function DeleteDashboardDialog({ dashboard, onClose }: { dashboard: SavedDashboard; onClose: () => void }) {
  const fetcher = useFetcher<DashboardActionAnswer["body"]>();
  return (
    <FetcherDialog
      title={`Delete “${dashboard.name}”?`}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(r) => r.ok && onClose()}
      primaryAction={{
        content: "Delete",
        destructive: true,
        onAction: () => fetcher.submit({ intent: "deleteDashboard", id: dashboard.id }, { method: "post" }),
      }}
    >
      <Text as="p">The saved dashboard is removed for everyone on the team. The figures are not affected.</Text>
    </FetcherDialog>
  );
}
