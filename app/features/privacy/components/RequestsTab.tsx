// The Data Requests tab: the queue by filter in an IndexTable (due day, rules, status, overdue
// computed), New request, and each request's available actions in a dialog.
import { useNavigation, useSearchParams } from "@remix-run/react";
import { Badge, BlockStack, Button, ButtonGroup, Card, EmptyState, InlineStack, Tabs, Text } from "@shopify/polaris";
import { useState } from "react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { useCan } from "~/features/team";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";
import type { RequestRow } from "~/features/privacy/centre.server";
import type { RequestIntent } from "~/features/privacy/status";
import { REGULATION_LABELS, SOURCE_LABELS, STATUS_LABELS, TYPE_LABELS } from "./labels";
import { NewRequestDialog, RequestActionDialog } from "./RequestDialogs";

const FILTERS = [
  { id: "open", content: "Open" },
  { id: "overdue", content: "Overdue" },
  { id: "completed", content: "Completed" },
  { id: "refused", content: "Refused" },
  { id: "all", content: "All" },
] as const;

const ACTION_LABELS: Record<RequestIntent, string> = {
  verify: "Verify",
  extend: "Extend",
  fulfil: "Fulfil",
  complete: "Complete",
  refuse: "Refuse",
};

export function StatusBadge({ row }: { row: Pick<RequestRow, "status" | "overdue"> }) {
  if (row.overdue) return <Badge tone="critical">Overdue</Badge>;
  const tone = row.status === "completed" ? "success" : row.status === "refused" ? undefined : "attention";
  return <Badge tone={tone}>{STATUS_LABELS[row.status] ?? row.status}</Badge>;
}

export function requestCells(r: RequestRow) {
  const sub = (text: string) => (
    <Text as="span" variant="bodySm" tone="subdued">
      {text}
    </Text>
  );
  return [
    <BlockStack gap="050" key="who">
      <Text as="span" fontWeight="semibold">
        {r.requester}
      </Text>
      {sub(`${SOURCE_LABELS[r.source]} · ${r.matched ? "customer matched" : "no customer match"}`)}
    </BlockStack>,
    <BlockStack gap="050" key="what">
      <Text as="span">{TYPE_LABELS[r.type] ?? r.type}</Text>
      {sub(REGULATION_LABELS[r.regulation] ?? r.regulation)}
    </BlockStack>,
    r.receivedOn,
    <BlockStack gap="050" key="due">
      <Text as="span">{r.dueOn}</Text>
      {sub(`${r.extended ? "Extended · " : ""}${r.rules[0] ?? ""}`)}
    </BlockStack>,
    <BlockStack gap="050" key="status" inlineAlign="start">
      <StatusBadge row={r} />
      {sub(r.verification === "verified" ? "Identity verified" : "Not verified")}
    </BlockStack>,
  ];
}

/** The Overview's narrower table: who, what, when due, where it stands. */
export const OVERVIEW_COLUMNS = [{ title: "Requester" }, { title: "Request" }, { title: "Due" }, { title: "Status" }];
export const overviewCells = (r: RequestRow) => {
  const cells = requestCells(r);
  return [cells[0], cells[1], cells[3], cells[4]];
};

export const REQUEST_COLUMNS = [
  { title: "Requester" },
  { title: "Request" },
  { title: "Received" },
  { title: "Due" },
  { title: "Status" },
];

export function RequestsTab({ requests, requestTab }: PrivacyScreenData) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const canAct = useCan("write");
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ row: RequestRow; intent: RequestIntent } | null>(null);
  if (!requests) return null;
  const go = (next: Record<string, string>) => setParams({ tab: "requests", ...next }, { preventScrollReset: true });
  const page = requests.page;
  return (
    <Card padding="0">
      <InlineStack align="space-between" blockAlign="center">
        <Tabs
          tabs={FILTERS.map((f) => ({ ...f, panelID: `requests-${f.id}` }))}
          selected={Math.max(
            0,
            FILTERS.findIndex((f) => f.id === requestTab),
          )}
          onSelect={(i) => go({ requests: FILTERS[i]!.id })}
        />
        <div style={{ padding: "8px 16px" }}>
          <Button onClick={() => setCreating(true)} disabled={!canAct}>
            New request
          </Button>
        </div>
      </InlineStack>
      <ResponsiveIndexTable
        resourceName={{ singular: "request", plural: "requests" }}
        columns={REQUEST_COLUMNS}
        loading={navigation.state === "loading"}
        rows={requests.requests.map((r) => ({
          id: r.id,
          cells: requestCells(r),
          actions:
            canAct && r.actions.length ? (
              <ButtonGroup>
                {r.actions.map((intent) => (
                  <Button key={intent} size="slim" onClick={() => setActing({ row: r, intent })}>
                    {ACTION_LABELS[intent]}
                  </Button>
                ))}
              </ButtonGroup>
            ) : undefined,
        }))}
        emptyState={
          <EmptyState heading="No requests here" image="">
            <Text as="p">
              Requests arrive from Shopify&apos;s compliance webhooks and the public GDPR form; record one received by
              e-mail or phone with New request.
            </Text>
          </EmptyState>
        }
        pagination={{
          hasPrevious: page > 1,
          hasNext: page < requests.pages,
          onPrevious: () => go({ requests: requestTab, page: String(page - 1) }),
          onNext: () => go({ requests: requestTab, page: String(page + 1) }),
          label: `Page ${page} of ${requests.pages} · ${requests.total} requests`,
        }}
      />
      {creating && <NewRequestDialog onClose={() => setCreating(false)} />}
      {acting && <RequestActionDialog {...acting} key={params.toString()} onClose={() => setActing(null)} />}
    </Card>
  );
}
