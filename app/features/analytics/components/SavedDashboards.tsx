// Saved dashboards on the Analytics screen: open one (its figures, timeframe and comparison),
// save the current view under a name, rename, delete (confirmed). The plan's allowance is
// shown, and a plan without dashboards offers the upgrade path instead of a dead button.
import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { useState } from "react";
import type { DashboardActionAnswer, SavedDashboard } from "~/features/analytics/dashboards.server";
import { DeleteDashboardDialog } from "~/features/analytics/components/DeleteDashboardDialog";
import { RenameDashboardDialog } from "~/features/analytics/components/RenameDashboardDialog";
import { SaveDashboardDialog, type CurrentView } from "~/features/analytics/components/SaveDashboardDialog";

export type { SavedDashboard };
/** What a dashboard post answers (dashboardAction's body). */
export type DashboardActionResult = DashboardActionAnswer["body"];

type Saved = SavedDashboard;

type Props = {
  dashboards: Saved[];
  activeId: string | null;
  allowance: { used: number; max: number | null; canCreate: boolean; refusal: string | null; upgradeUrl: string };
  current: CurrentView;
  canWrite: boolean;
};

export const dashboardHref = (d: Saved) =>
  `/analytics?dashboard=${d.id}&timeframe=${d.timeframe}&comparison=${d.comparison}`;

export function SavedDashboards({ dashboards, activeId, allowance, current, canWrite }: Props) {
  const [dialog, setDialog] = useState<{ kind: "save" } | { kind: "rename" | "delete"; d: Saved } | null>(null);
  const limit = allowance.max === null ? "unlimited" : `${allowance.used} of ${allowance.max}`;
  return (
    <BlockStack gap="300">
      {dashboards.length === 0 ? (
        <Text as="p" tone="subdued">
          No saved dashboards yet. Save the figures, timeframe and comparison you look at most.
        </Text>
      ) : (
        <BlockStack gap="200">
          {dashboards.map((d) => (
            <InlineStack key={d.id} align="space-between" blockAlign="center" gap="200">
              <Link to={dashboardHref(d)} data-testid="saved-dashboard">
                <Text as="span" fontWeight={d.id === activeId ? "bold" : "regular"}>
                  {d.name}
                </Text>
              </Link>
              {canWrite && (
                <InlineStack gap="200">
                  <Button variant="plain" onClick={() => setDialog({ kind: "rename", d })}>
                    Rename
                  </Button>
                  <Button variant="plain" tone="critical" onClick={() => setDialog({ kind: "delete", d })}>
                    Delete
                  </Button>
                </InlineStack>
              )}
            </InlineStack>
          ))}
        </BlockStack>
      )}
      <InlineStack gap="300" blockAlign="center">
        {canWrite && (
          <Button onClick={() => setDialog({ kind: "save" })} disabled={!allowance.canCreate}>
            Save as dashboard
          </Button>
        )}
        <Text as="span" tone="subdued" variant="bodySm">
          {allowance.max === 0 ? "Your plan includes no custom dashboards." : `Saved: ${limit}.`}{" "}
          {allowance.refusal && <Link to={allowance.upgradeUrl}>See plans</Link>}
        </Text>
      </InlineStack>
      {dialog?.kind === "save" && <SaveDashboardDialog current={current} onClose={() => setDialog(null)} />}
      {dialog?.kind === "rename" && <RenameDashboardDialog dashboard={dialog.d} onClose={() => setDialog(null)} />}
      {dialog?.kind === "delete" && <DeleteDashboardDialog dashboard={dialog.d} onClose={() => setDialog(null)} />}
    </BlockStack>
  );
}
