// Overview: the most urgent open requests and the checklist at a glance, one above the other
// (beside the checklist, the requests table was too narrow for its columns at 1366 px).
import { Link } from "@remix-run/react";
import { Badge, BlockStack, Card, EmptyState, InlineStack, Layout, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";
import { OVERVIEW_COLUMNS, overviewCells } from "./RequestsTab";

export function OverviewTab({ requests, checklist, status }: PrivacyScreenData) {
  const urgent = requests?.requests.slice(0, 5) ?? [];
  const open = checklist.items.filter((i) => !i.done);
  return (
    <Layout>
      <Layout.Section>
        <Card padding="0">
          <div style={{ padding: "16px" }}>
            <InlineStack align="space-between">
              <Text as="h2" variant="headingMd">
                Due soonest
              </Text>
              <Link to="/privacy?tab=requests">All requests</Link>
            </InlineStack>
          </div>
          <ResponsiveIndexTable
            resourceName={{ singular: "request", plural: "requests" }}
            columns={OVERVIEW_COLUMNS}
            rows={urgent.map((r) => ({ id: r.id, cells: overviewCells(r) }))}
            emptyState={
              <EmptyState heading="No open requests" image="">
                <Text as="p">
                  {status.completedRequests} completed so far. New requests appear here with their due day.
                </Text>
              </EmptyState>
            }
          />
        </Card>
      </Layout.Section>
      <Layout.Section>
        <Card>
          <BlockStack gap="200">
            <InlineStack align="space-between">
              <Text as="h2" variant="headingMd">
                Compliance
              </Text>
              <Badge tone={checklist.score === 100 ? "success" : "attention"}>{`${checklist.score}%`}</Badge>
            </InlineStack>
            {open.length ? (
              open.map((i) => (
                <Text as="p" key={i.id}>
                  {i.title}
                </Text>
              ))
            ) : (
              <Text as="p">Every item on the checklist is done.</Text>
            )}
            <Link to="/privacy?tab=compliance">Open the checklist</Link>
          </BlockStack>
        </Card>
      </Layout.Section>
    </Layout>
  );
}
