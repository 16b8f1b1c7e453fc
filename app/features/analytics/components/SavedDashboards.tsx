// Saved dashboards on the Analytics screen: open one (its figures, timeframe and comparison),
// save the current view under a name, rename, delete (confirmed). The plan's allowance is
// shown, and a plan without dashboards offers the upgrade path instead of a dead button.
import { Banner, BlockStack, Button, ChoiceList, InlineStack, Text, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import { METRIC_KEYS, METRICS, type MetricKey } from "~/features/analytics/metrics";
import type { Comparison, TimeframeKey } from "~/features/analytics/periods";
import { DASHBOARD_NAME_MAX } from "~/features/analytics/dashboards-schema";

export type DashboardActionResult =
  | { ok: true; intent: string; id?: string }
  | { ok: false; fieldErrors?: Record<string, string[] | undefined>; error?: string; upgradeUrl?: string };

type Saved = { id: string; name: string; cards: MetricKey[]; timeframe: TimeframeKey; comparison: Comparison };

type Props = {
  dashboards: Saved[];
  activeId: string | null;
  allowance: { used: number; max: number | null; canCreate: boolean; refusal: string | null; upgradeUrl: string };
  current: { cards: MetricKey[]; timeframe: TimeframeKey; comparison: Comparison };
  canWrite: boolean;
};

export const dashboardHref = (d: Saved) =>
  `/analytics?dashboard=${d.id}&timeframe=${d.timeframe}&comparison=${d.comparison}`;

function SaveDialog({ current, onClose }: { current: Props["current"]; onClose: () => void }) {
  const fetcher = useFetcher<DashboardActionResult>();
  const [name, setName] = useState("");
  const [cards, setCards] = useState<string[]>(current.cards);
  useFetcherResult(fetcher, (r) => r.ok && onClose());
  const result = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <Modal
      open
      onClose={onClose}
      title="Save as dashboard"
      primaryAction={{
        content: "Save",
        loading: fetcher.state !== "idle",
        onAction: () =>
          fetcher.submit(
            {
              intent: "createDashboard",
              name,
              cards: cards.join(","),
              timeframe: current.timeframe,
              comparison: current.comparison,
            },
            { method: "post" },
          ),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {result?.error && <Banner tone="critical">{result.error}</Banner>}
          <TextField
            label="Name"
            value={name}
            onChange={setName}
            autoComplete="off"
            maxLength={DASHBOARD_NAME_MAX}
            showCharacterCount
            error={result?.fieldErrors?.name?.[0]}
          />
          <ChoiceList
            title="Figures"
            allowMultiple
            choices={METRIC_KEYS.map((k) => ({ label: METRICS[k].label, value: k }))}
            selected={cards}
            onChange={setCards}
            error={result?.fieldErrors?.cards?.[0]}
          />
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

function RenameDialog({ dashboard, onClose }: { dashboard: Saved; onClose: () => void }) {
  const fetcher = useFetcher<DashboardActionResult>();
  const [name, setName] = useState(dashboard.name);
  useFetcherResult(fetcher, (r) => r.ok && onClose());
  const result = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Rename “${dashboard.name}”`}
      primaryAction={{
        content: "Rename",
        loading: fetcher.state !== "idle",
        onAction: () => fetcher.submit({ intent: "renameDashboard", id: dashboard.id, name }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          autoComplete="off"
          maxLength={DASHBOARD_NAME_MAX}
          showCharacterCount
          error={result?.fieldErrors?.name?.[0] ?? result?.error}
        />
      </Modal.Section>
    </Modal>
  );
}

function DeleteDialog({ dashboard, onClose }: { dashboard: Saved; onClose: () => void }) {
  const fetcher = useFetcher<DashboardActionResult>();
  useFetcherResult(fetcher, () => onClose());
  return (
    <Modal
      open
      onClose={onClose}
      title={`Delete “${dashboard.name}”?`}
      primaryAction={{
        content: "Delete",
        destructive: true,
        loading: fetcher.state !== "idle",
        onAction: () => fetcher.submit({ intent: "deleteDashboard", id: dashboard.id }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">The saved dashboard is removed for everyone on the team. The figures are not affected.</Text>
      </Modal.Section>
    </Modal>
  );
}

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
      {dialog?.kind === "save" && <SaveDialog current={current} onClose={() => setDialog(null)} />}
      {dialog?.kind === "rename" && <RenameDialog dashboard={dialog.d} onClose={() => setDialog(null)} />}
      {dialog?.kind === "delete" && <DeleteDialog dashboard={dialog.d} onClose={() => setDialog(null)} />}
    </BlockStack>
  );
}
