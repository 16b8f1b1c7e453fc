// A new key's secret, shown this once: copy it now, it cannot be shown again (only its HMAC is kept).
import { useState } from "react";
import { Banner, BlockStack, Button, InlineStack, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";

export function NewKeyDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Modal open onClose={onClose} title="Copy your API key" primaryAction={{ content: "Done", onAction: onClose }}>
      <Modal.Section>
        <BlockStack gap="300">
          <Banner tone="warning">
            <p>This is the only time the key is shown. Store it somewhere safe; if it is lost, roll the key.</p>
          </Banner>
          <TextField label="API key" value={secret} readOnly autoComplete="off" monospaced selectTextOnFocus />
          <InlineStack>
            <Button onClick={copy}>{copied ? "Copied" : "Copy key"}</Button>
          </InlineStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
