// Confirmation before what cannot be undone from the Team tab: removing a member, or
// handing over ownership (the current Owner becomes an Admin).
import { useFetcher } from "@remix-run/react";
import { BlockStack, Text } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useEffect } from "react";

export type PendingAction = {
  kind: "remove" | "transferOwnership";
  member: { id: string; name: string; email: string };
};

export function ConfirmMemberAction({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const fetcher = useFetcher<{ error?: string }>({ key: "team-confirm" });
  const done = fetcher.state === "idle" && fetcher.data !== undefined && !fetcher.data.error;
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const { member } = pending;
  const remove = pending.kind === "remove";
  return (
    <Modal
      open
      onClose={onClose}
      title={remove ? `Remove ${member.name}?` : `Make ${member.name} the Owner?`}
      primaryAction={{
        content: remove ? "Remove" : "Transfer ownership",
        destructive: true,
        loading: fetcher.state !== "idle",
        onAction: () =>
          fetcher.submit(
            { intent: pending.kind, memberId: member.id },
            { method: "post", action: "/api/team", encType: "application/json" },
          ),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <Text as="p">
            {remove
              ? `${member.email} will lose access to the app for this store. Their seat becomes free.`
              : `${member.email} will have every permission, including billing. You will become an Admin. Only the new Owner can undo this.`}
          </Text>
          {fetcher.data?.error && (
            <Text as="p" tone="critical">
              {fetcher.data.error}
            </Text>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
