// Blockchain Settings: each network's RPC endpoint (saved through the save bar) and its status as
// just read from it, and the linked contracts as the chain answers now. Nothing here is stored
// state: "Connected" only ever means the endpoint answered this page's request.
import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  ContextualSaveBar,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import { useToast } from "~/components/toasts";
import { DisabledReason, useDisabledReason } from "~/features/team";
import type { AssetActionResult } from "~/features/digital-assets/schema";
import type { AssetsData } from "~/features/digital-assets/screen.server";

type Settings = NonNullable<AssetsData["settings"]>;

function NetworkStatusLine({ status }: { status: Settings["networks"][number] }) {
  if (status.state === "not-configured") return <Badge>Not configured</Badge>;
  if (status.state === "connected")
    return <Badge tone="success">{`Connected — block ${Number(status.blockNumber).toLocaleString("en-US")}`}</Badge>;
  return <Badge tone="critical">{status.error}</Badge>;
}

function ContractLine({ c }: { c: Settings["contracts"][number] }) {
  const r = c.read;
  return (
    <BlockStack gap="050">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" fontWeight="semibold">
          {c.collectionName}
        </Text>
        <Text as="span" variant="bodySm" tone="subdued">
          {c.standard === "erc1155" ? "ERC-1155" : "ERC-721"} on {c.network} · {c.address}
        </Text>
      </InlineStack>
      <Text as="p" variant="bodySm" tone={r.state === "error" ? "critical" : undefined}>
        {r.state === "not-configured"
          ? "Not read: configure this network's RPC URL"
          : r.state === "error"
            ? r.error
            : `${r.name ?? "No name"} (${r.symbol ?? "no symbol"}) · total supply ${r.totalSupply ?? "not provided"} · read at block ${r.blockNumber}`}
      </Text>
    </BlockStack>
  );
}

export function SettingsTab({ settings }: { settings: Settings }) {
  const refused = useDisabledReason("write", "change blockchain settings");
  const embedded = !(useRouteLoaderData("routes/_admin") as { demo?: boolean } | undefined)?.demo;
  const saved = { ethereum: settings.urls.ethereum ?? "", polygon: settings.urls.polygon ?? "" };
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  if (base.ethereum !== saved.ethereum || base.polygon !== saved.polygon) {
    setBase(saved);
    setDraft(saved);
  }
  const fetcher = useFetcher<AssetActionResult>({ key: "asset-networks" });
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useFetcherResult(fetcher, (r) => {
    if (r.ok) toast({ content: r.message });
    setErrors(r.ok ? {} : { ethereum: r.fieldErrors.ethereum?.[0], polygon: r.fieldErrors.polygon?.[0] });
  });
  const dirty = !refused && (draft.ethereum.trim() !== saved.ethereum || draft.polygon.trim() !== saved.polygon);
  const saving = fetcher.state !== "idle";
  const save = () => fetcher.submit({ intent: "saveNetworks", ...draft }, { method: "post" });
  const discard = () => {
    setDraft(saved);
    setErrors({});
  };
  return (
    <BlockStack gap="400">
      {embedded ? (
        <SaveBar id="asset-networks-save-bar" open={dirty}>
          <button variant="primary" onClick={save} disabled={saving}>
            Save
          </button>
          <button onClick={discard} disabled={saving}>
            Discard
          </button>
        </SaveBar>
      ) : (
        dirty && (
          <ContextualSaveBar
            message="Unsaved network settings"
            saveAction={{ content: "Save", onAction: save, loading: saving }}
            discardAction={{ content: "Discard", onAction: discard, disabled: saving }}
          />
        )
      )}
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Networks
          </Text>
          <Text as="p" tone="subdued">
            The app only reads from a chain, through the JSON-RPC endpoint you give it (your node or a provider such as
            Alchemy or Infura). It never mints, transfers or holds keys.
          </Text>
          {settings.networks.map((n) => (
            <BlockStack key={n.network} gap="200">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  {n.label}
                </Text>
                <span data-testid={`status-${n.network}`}>
                  <NetworkStatusLine status={n} />
                </span>
              </InlineStack>
              <TextField
                label={`${n.label} RPC URL`}
                autoComplete="off"
                type="url"
                placeholder="https://…"
                value={draft[n.network]}
                onChange={(value) => setDraft((d) => ({ ...d, [n.network]: value }))}
                error={errors[n.network]}
                disabled={!!refused}
              />
            </BlockStack>
          ))}
          <InlineStack gap="200" align="end" blockAlign="center">
            <DisabledReason reason={refused} />
            <Button variant="primary" onClick={save} disabled={!dirty} loading={saving}>
              Save networks
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Linked contracts
          </Text>
          {settings.contracts.length === 0 ? (
            <Text as="p" tone="subdued">
              No collection is linked to a contract. Link an existing ERC-721 or ERC-1155 contract when you create a
              collection; its name, symbol and supply are then read here.
            </Text>
          ) : (
            settings.contracts.map((c) => (
              <Box key={c.collectionId}>
                <ContractLine c={c} />
              </Box>
            ))
          )}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
