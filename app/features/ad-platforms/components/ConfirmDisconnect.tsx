// Disconnecting an ad platform cannot be undone from here: the grant is revoked at the platform
// and the tokens deleted. The spend already read stays.
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { AdPlatform } from "~/features/ad-platforms/platforms";

export function ConfirmDisconnect({
  platform,
  name,
  onClose,
}: {
  platform: AdPlatform;
  name: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>({ key: `ad-disconnect-${platform}` });
  return (
    <FetcherDialog
      title={`Disconnect ${name}?`}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
      }}
      primaryAction={{
        content: "Disconnect",
        destructive: true,
        onAction: () =>
          fetcher.submit({ intent: "disconnect", platform }, { method: "post", action: "/settings/ad-platforms" }),
      }}
    >
      <Text as="p">
        The app's access is revoked at {name} and its tokens are deleted. Spend already read stays in your reports; no
        new days are read until you connect again.
      </Text>
    </FetcherDialog>
  );
}
