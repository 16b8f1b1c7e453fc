// Settings → API Keys: this hour's and month's calls, the keys (prefix and last four, who made
// each, when, last use, scopes), and the create, roll and revoke dialogs. A new key's secret is
// shown once, in NewKeyDialog, and never again.
import { useState } from "react";
import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { formatInstant } from "~/lib/dates";
import type { ApiKeyView } from "~/features/public-api/keys";
import { CreateKeyDialog } from "./CreateKeyDialog";
import { KeyActionDialog, type KeyAction } from "./KeyActionDialog";
import { NewKeyDialog } from "./NewKeyDialog";
import { UsageCard, type UsageView } from "./UsageCard";

type Props = { storeId: string; timeZone: string; keys: ApiKeyView[]; usage: UsageView[] };

const STATUS: Record<ApiKeyView["status"], { label: string; tone?: "success" | "attention" | "critical" }> = {
  active: { label: "Active", tone: "success" },
  expiring: { label: "Expiring", tone: "attention" },
  expired: { label: "Expired" },
  revoked: { label: "Revoked", tone: "critical" },
};

export function ApiKeysScreen({ storeId, timeZone, keys, usage }: Props) {
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<KeyAction | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const live = (k: ApiKeyView) => k.status === "active" || k.status === "expiring";
  const when = (iso: string | null) => (iso ? formatInstant(iso, timeZone) : "Never");
  const rows = keys.map((k) => ({
    id: k.id,
    cells: [
      <BlockStack key="name" gap="050">
        <Text as="span" fontWeight="semibold">
          {k.name}
        </Text>
        <Text as="span" tone="subdued">
          <code>{`${k.prefix}…${k.lastFour}`}</code>
        </Text>
      </BlockStack>,
      <Badge key="status" tone={STATUS[k.status].tone}>
        {k.status === "expiring" && k.expiresAt ? `Expires ${when(k.expiresAt)}` : STATUS[k.status].label}
      </Badge>,
      <Text key="scopes" as="span">
        {k.scopes.join(", ")}
      </Text>,
      <Text key="by" as="span">
        {k.createdByName}
      </Text>,
      when(k.createdAt),
      when(k.lastUsedAt),
    ],
    actions: live(k) ? (
      <InlineStack gap="200" wrap={false}>
        {k.status === "active" && (
          <Button size="slim" onClick={() => setPending({ kind: "roll", key: k })}>
            Roll
          </Button>
        )}
        <Button size="slim" tone="critical" onClick={() => setPending({ kind: "revoke", key: k })}>
          Revoke
        </Button>
      </InlineStack>
    ) : undefined,
  }));
  return (
    <BlockStack gap="400">
      <UsageCard usage={usage} timeZone={timeZone} />
      <Card padding="0">
        <BlockStack gap="0">
          <InlineStack align="space-between" blockAlign="center">
            <div style={{ padding: "var(--p-space-400)" }}>
              <BlockStack gap="100">
                <Text as="h2" variant="headingMd">
                  Keys
                </Text>
                <Text as="p" tone="subdued">
                  Store id for the API paths: <code>{storeId}</code>
                </Text>
              </BlockStack>
            </div>
            <div style={{ padding: "var(--p-space-400)" }}>
              <Button variant="primary" onClick={() => setCreating(true)}>
                Create API key
              </Button>
            </div>
          </InlineStack>
          <ResponsiveIndexTable
            resourceName={{ singular: "API key", plural: "API keys" }}
            columns={[
              { title: "Key" },
              { title: "Status" },
              { title: "Scopes" },
              { title: "Created by" },
              { title: "Created" },
              { title: "Last used" },
            ]}
            rows={rows}
            emptyState={
              <Text as="p" tone="subdued">
                No API keys yet. Create one to call the API from your own systems.
              </Text>
            }
          />
        </BlockStack>
      </Card>
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setSecret(key);
          }}
        />
      )}
      {pending && (
        <KeyActionDialog
          action={pending}
          onClose={() => setPending(null)}
          onRolled={(key) => {
            setPending(null);
            setSecret(key);
          }}
        />
      )}
      {secret && <NewKeyDialog secret={secret} onClose={() => setSecret(null)} />}
    </BlockStack>
  );
}
