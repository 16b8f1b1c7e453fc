// Confirmation before what cannot be undone from the Team tab: removing a member, or
// handing over ownership (the current Owner becomes an Admin). /api/team's refusal
// (`{ error }`) shows in the dialog's banner.
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";

export type PendingAction = {
  kind: "remove" | "transferOwnership";
  member: { id: string; name: string; email: string };
};

export function ConfirmMemberAction({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const fetcher = useFetcher<{ error?: string }>({ key: "team-confirm" });
  const { member } = pending;
  const remove = pending.kind === "remove";
  return (
    <FetcherDialog
      title={remove ? `Remove ${member.name}?` : `Make ${member.name} the Owner?`}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(result) => {
        if (!result.error) onClose();
      }}
      primaryAction={{
        content: remove ? "Remove" : "Transfer ownership",
        destructive: true,
        onAction: () =>
          fetcher.submit(
            { intent: pending.kind, memberId: member.id },
            { method: "post", action: "/api/team", encType: "application/json" },
          ),
      }}
    >
      <Text as="p">
        {remove
          ? `${member.email} will lose access to the app for this store. Their seat becomes free.`
          : `${member.email} will have every permission, including billing. You will become an Admin. Only the new Owner can undo this.`}
      </Text>
    </FetcherDialog>
  );
}
