// Under a sent purchase order's lines: whether receiving updates product costs, the
// confirmation to receive more than ordered (asked only after the server said so), Receive.
import { BlockStack, Button, Checkbox, InlineStack } from "@shopify/polaris";
import { useState } from "react";

export function ReceiveControls({ conflict, busy }: { conflict: boolean; busy: boolean }) {
  const [confirmOver, setConfirmOver] = useState(false);
  const [updateCosts, setUpdateCosts] = useState(false);
  return (
    <BlockStack gap="200">
      <Checkbox
        label="Update product costs from these unit costs, from today"
        checked={updateCosts}
        onChange={setUpdateCosts}
        name="updateCosts"
        value="1"
      />
      {conflict && (
        <Checkbox
          label="Receive more than ordered"
          checked={confirmOver}
          onChange={setConfirmOver}
          name="confirmOver"
          value="1"
        />
      )}
      <InlineStack>
        <Button variant="primary" submit loading={busy}>
          Receive
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
