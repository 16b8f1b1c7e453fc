// Settings → Data: the import status with Resync, what is stored for this store, and
// how syncing works.
import { Link } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, DescriptionList, InlineGrid, List, Text } from "@shopify/polaris";
import { ImportStatusCard } from "~/features/store-sync/ImportStatusCard";
import type { ImportStatus } from "~/features/store-sync/import-status";
import type { StoreDataSummary } from "~/features/store-sync/store-data.server";

const COUNT_LABELS = [
  ["products", "Products"],
  ["variants", "Variants"],
  ["customers", "Customers"],
  ["orders", "Orders"],
  ["refunds", "Refunds"],
] as const;

/** The customers feature's one count (customerCounts), with what it leaves out. */
type CustomerCounts = { stored: number; redacted: number; customers: number };

type Props = { demo: boolean; importStatus: ImportStatus; summary: StoreDataSummary; customers: CustomerCounts };

const n = (v: number) => v.toLocaleString("en-US");

export function StoreDataSettings({ demo, importStatus, summary, customers }: Props) {
  const counts = { ...summary.counts, customers: customers.customers };
  return (
    <BlockStack gap="400">
      {demo && (
        <Banner tone="info" title="Sample data, not imported">
          <p>
            The demo store is seeded with sample data rather than imported from Shopify, so there is nothing to resync.
            Installed in a real store, the app imports its products, customers and orders here and keeps them current.
          </p>
        </Banner>
      )}
      {/* The same card, Resync and Retry as on the dashboard. */}
      <ImportStatusCard status={importStatus} canResync={!demo} />
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              What is synced
            </Text>
            <Text as="p" tone="subdued">
              Stored in Profit Pilot for this store. Products and customers deleted in Shopify are kept for their past
              orders but not counted; so are redacted customers, whose personal data was erased at their request.
            </Text>
          </BlockStack>
          <InlineGrid columns={{ xs: 2, sm: 3, md: 5 }} gap="300">
            {COUNT_LABELS.map(([key, label]) => (
              <Box key={key} padding="300" background="bg-surface-secondary" borderRadius="200">
                <BlockStack gap="100">
                  <Text as="p" tone="subdued">
                    {label}
                  </Text>
                  <Text as="p" variant="headingLg" id={`synced-${key}`}>
                    {n(counts[key])}
                  </Text>
                  {key === "customers" && customers.redacted > 0 && <RedactedNote counts={customers} />}
                </BlockStack>
              </Box>
            ))}
          </InlineGrid>
          <DescriptionList
            gap="tight"
            items={[
              { term: "Oldest order", description: summary.oldestOrderDay ?? "No orders yet" },
              { term: "Newest order", description: summary.newestOrderDay ?? "No orders yet" },
              {
                term: "Last import finished",
                description: summary.lastImportFinishedDay ?? (demo ? "Never (seeded demo data)" : "Not yet"),
              },
            ]}
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            How syncing works
          </Text>
          <List>
            <List.Item>
              Shopify sends every new or changed order, refund, product, inventory level and customer to the app as it
              happens (webhooks), so your figures stay current without a resync.
            </List.Item>
            <List.Item>
              Resync imports the whole store again. It is safe at any time: records that are already right stay as they
              are, and only missing or outdated ones are corrected.
            </List.Item>
            <List.Item>Use it if a figure here does not match what you see in Shopify.</List.Item>
          </List>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

/** "+ 27 redacted (3,000 records)": why this differs from a count of every stored record. */
function RedactedNote({ counts }: { counts: CustomerCounts }) {
  return (
    <Text as="p" variant="bodySm" tone="subdued">
      <span id="synced-customers-redacted">
        + {n(counts.redacted)} redacted ({n(counts.stored)} records kept for their orders).{" "}
        <Link to="/analytics/glossary#customers">How is this counted?</Link>
      </span>
    </Text>
  );
}
