// NFT Collections: every collection with its status, issued of supply, rule and linked contract;
// Owner and Admin create, issue, apply the rule and pause or activate.
import { useFetcher } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  EmptyState,
  InlineStack,
  Link,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { useFetcherResult } from "~/components/useFetcherResult";
import { useToast } from "~/components/toasts";
import { DisabledReason, useDisabledReason } from "~/features/team";
import type { AssetActionResult } from "~/features/digital-assets/schema";
import { CollectionDialog } from "./CollectionDialog";
import { DeleteCollectionDialog } from "./DeleteCollectionDialog";
import type { AssetsData } from "~/features/digital-assets/screen.server";
import { IssueDialog } from "./IssueDialog";
import { StatusBadge } from "./StatusBadge";
import { ContractCell } from "./ContractCell";

type Collection = AssetsData["collections"][number];
const RULE = { tier: "Loyalty tier", product: "Product bought" } as const;

export function CollectionsTab({
  collections,
  choices,
  timezone,
}: Pick<AssetsData, "collections" | "choices" | "timezone">) {
  const refused = useDisabledReason("write", "change collections");
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<Collection | null>(null);
  const [editing, setEditing] = useState<Collection | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const [issued, setIssued] = useState<{ message: string; verifyPath?: string } | null>(null);
  const fetcher = useFetcher<AssetActionResult>({ key: "asset-row" });
  const toast = useToast();
  useFetcherResult(fetcher, (r) =>
    toast(
      r.ok ? { content: r.message } : { content: Object.values(r.fieldErrors).flat()[0] ?? "Not changed", error: true },
    ),
  );
  const act = (values: Record<string, string>) => fetcher.submit(values, { method: "post" });
  const rows = collections.map((c) => ({
    id: c.id,
    cells: [
      c.name,
      <StatusBadge key="s" status={c.displayStatus} />,
      `${c.issued.toLocaleString("en-US")} / ${c.supply.toLocaleString("en-US")}`,
      c.ruleKind ? RULE[c.ruleKind as keyof typeof RULE] : "By hand",
      <ContractCell key="c" collection={c} timezone={timezone} />,
    ],
    actions: refused ? undefined : (
      <ButtonGroup>
        {c.status === "active" && c.issued < c.supply && <Button onClick={() => setIssuing(c)}>Issue</Button>}
        {c.status === "active" && c.ruleKind && c.issued < c.supply && (
          <Button onClick={() => act({ intent: "applyRule", collectionId: c.id })}>Apply rule</Button>
        )}
        {c.status !== "active" && (
          <Button onClick={() => act({ intent: "setStatus", collectionId: c.id, status: "active" })}>Activate</Button>
        )}
        {c.status === "active" && (
          <Button onClick={() => act({ intent: "setStatus", collectionId: c.id, status: "paused" })}>Pause</Button>
        )}
        {c.contractAddress && (
          <Button onClick={() => act({ intent: "checkHolders", collectionId: c.id })}>Read holders</Button>
        )}
        <Button onClick={() => setEditing(c)}>Edit</Button>
        {c.issued === 0 && (
          <Button tone="critical" onClick={() => setDeleting(c)}>
            Delete
          </Button>
        )}
      </ButtonGroup>
    ),
  }));
  return (
    <BlockStack gap="300">
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Collections
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <DisabledReason reason={refused} />
            <Button variant="primary" disabled={!!refused} onClick={() => setCreating(true)}>
              Create collection
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
      {issued && (
        <Banner tone="success" onDismiss={() => setIssued(null)}>
          <p>
            {issued.message}.{" "}
            {issued.verifyPath && (
              <Link url={issued.verifyPath} target="_blank">
                Open its verification page
              </Link>
            )}
          </p>
        </Banner>
      )}
      <Card padding="0">
        <ResponsiveIndexTable
          resourceName={{ singular: "collection", plural: "collections" }}
          columns={[
            { title: "Name" },
            { title: "Status" },
            { title: "Issued", alignment: "end" },
            { title: "Issued by" },
            { title: "Contract" },
          ]}
          rows={rows}
          emptyState={
            <EmptyState heading="No collections yet" image="">
              <Text as="p">A collection is a collectible or membership pass you issue to customers, off-chain.</Text>
            </EmptyState>
          }
        />
      </Card>
      {creating && (
        <CollectionDialog
          choices={choices}
          onClose={() => setCreating(false)}
          onDone={(message) => {
            setCreating(false);
            toast({ content: message });
          }}
        />
      )}
      {editing && (
        <CollectionDialog
          choices={choices}
          editing={editing}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            toast({ content: message });
          }}
        />
      )}
      {deleting && (
        <DeleteCollectionDialog
          collection={deleting}
          onClose={() => setDeleting(null)}
          onDone={(message) => {
            setDeleting(null);
            toast({ content: message });
          }}
        />
      )}
      {issuing && (
        <IssueDialog
          collection={issuing}
          onClose={() => setIssuing(null)}
          onDone={(message, verifyPath) => {
            setIssuing(null);
            setIssued({ message, verifyPath });
          }}
        />
      )}
    </BlockStack>
  );
}
