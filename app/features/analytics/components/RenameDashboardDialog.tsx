// Renames a saved dashboard; the answer's error (a taken name) shows on the field.
import { useFetcher } from "@remix-run/react";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { DASHBOARD_NAME_MAX } from "~/features/analytics/dashboards-schema";
import type { DashboardActionAnswer, SavedDashboard } from "~/features/analytics/dashboards.server";

export function RenameDashboardDialog({ dashboard, onClose }: { dashboard: SavedDashboard; onClose: () => void }) {
  const fetcher = useFetcher<DashboardActionAnswer["body"]>();
  const form = useDialogForm({ name: dashboard.name });
  return (
    <FetcherDialog
      title={`Rename “${dashboard.name}”`}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => r.ok && onClose()}
      primaryAction={{
        content: "Rename",
        onAction: () =>
          fetcher.submit({ intent: "renameDashboard", id: dashboard.id, name: form.values.name }, { method: "post" }),
      }}
    >
      <FormField name="name" label="Name" maxLength={DASHBOARD_NAME_MAX} showCharacterCount />
    </FetcherDialog>
  );
}
