// An ad platform's controls on its Integrations card: Connect (or Reconnect), Retry sync,
// Disconnect (confirmed: it revokes the grant) and the accounts to include. Each posts to
// /settings/ad-platforms; Connect goes on to the platform's consent page.
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, Checkbox, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import { useCan } from "~/features/team";
import type { AdPlatform } from "~/features/ad-platforms/platforms";
import { ConfirmDisconnect } from "~/features/ad-platforms/components/ConfirmDisconnect";

export type AdControlsData = {
  platform: AdPlatform;
  name: string;
  /** The OAuth client and the token key are configured. */
  canConnect: boolean;
  connected: boolean;
  /** The last sync failed: the sync button reads Retry. */
  failed: boolean;
  accounts: { accountId: string; name: string; currency: string; selected: boolean }[];
};

export const AD_ACTION_URL = "/settings/ad-platforms";
type Answer = { ok: boolean; url?: string; error?: string; message?: string };

function Accounts({ data }: { data: AdControlsData }) {
  const fetcher = useFetcher<Answer>({ key: `ad-accounts-${data.platform}` });
  const [chosen, setChosen] = useState(() => new Set(data.accounts.filter((a) => a.selected).map((a) => a.accountId)));
  const toggle = (id: string) => (on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const changed = data.accounts.some((a) => a.selected !== chosen.has(a.accountId));
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingXs">
        Ad accounts to include
      </Text>
      {data.accounts.map((a) => (
        <Checkbox
          key={a.accountId}
          label={`${a.name} (${a.accountId}, ${a.currency})`}
          checked={chosen.has(a.accountId)}
          onChange={toggle(a.accountId)}
        />
      ))}
      {changed && (
        <InlineStack>
          <Button
            loading={fetcher.state !== "idle"}
            onClick={() =>
              fetcher.submit(
                { intent: "accounts", platform: data.platform, accountIds: [...chosen].join(",") },
                { method: "post", action: AD_ACTION_URL },
              )
            }
          >
            Save accounts
          </Button>
        </InlineStack>
      )}
    </BlockStack>
  );
}

export function AdPlatformControls({ data }: { data: AdControlsData }) {
  const canWrite = useCan("write");
  const fetcher = useFetcher<Answer>({ key: `ad-${data.platform}` });
  const [confirming, setConfirming] = useState(false);
  useFetcherResult(fetcher, (answer) => {
    // The platform's consent page is a top-level page, outside the admin's frame.
    if (answer.ok && answer.url) window.open(answer.url, "_top");
  });
  const post = (intent: string) =>
    fetcher.submit({ intent, platform: data.platform }, { method: "post", action: AD_ACTION_URL });
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.error ?? fetcher.data.message) : null;
  return (
    <BlockStack gap="200">
      {error && <Banner tone="critical">{error}</Banner>}
      {data.connected && data.accounts.length > 0 && <Accounts data={data} />}
      {canWrite && (
        <InlineStack gap="200">
          {data.canConnect && (
            <Button variant={data.connected ? undefined : "primary"} loading={busy} onClick={() => post("connect")}>
              {data.connected ? "Reconnect" : `Connect ${data.name}`}
            </Button>
          )}
          {data.connected && (
            <>
              <Button loading={busy} onClick={() => post("retry")}>
                {data.failed ? "Retry" : "Sync now"}
              </Button>
              <Button tone="critical" variant="plain" onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
            </>
          )}
        </InlineStack>
      )}
      {confirming && (
        <ConfirmDisconnect platform={data.platform} name={data.name} onClose={() => setConfirming(false)} />
      )}
    </BlockStack>
  );
}
