// Confirm a key's revoke (at once, cannot be undone) or roll (a new key; the old one lives on
// for the chosen grace period).
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog, SelectField, useDialogForm } from "~/components/FetcherDialog";
import { GRACE_HOURS, type ApiKeyView } from "~/features/public-api/keys";

export type KeyAction = { kind: "revoke" | "roll"; key: ApiKeyView };

type Answer = { ok: boolean; key?: string };

const GRACE_LABELS: Record<number, string> = {
  0: "None: the old key stops now",
  1: "1 hour",
  24: "24 hours",
  72: "3 days",
  168: "7 days",
};

export function KeyActionDialog({
  action,
  onClose,
  onRolled,
}: {
  action: KeyAction;
  onClose: () => void;
  onRolled: (key: string) => void;
}) {
  const fetcher = useFetcher<Answer>({ key: "api-key-action" });
  const form = useDialogForm({ graceHours: "24" });
  const { key, kind } = action;
  const label = `${key.name} (${key.prefix}…${key.lastFour})`;
  return (
    <FetcherDialog
      title={kind === "revoke" ? `Revoke ${key.name}?` : `Roll ${key.name}?`}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(answer) => {
        if (!answer.ok) return;
        if (answer.key) onRolled(answer.key);
        else onClose();
      }}
      primaryAction={{
        content: kind === "revoke" ? "Revoke key" : "Roll key",
        destructive: kind === "revoke",
        onAction: () =>
          fetcher.submit(
            { intent: kind, keyId: key.id, ...(kind === "roll" ? { graceHours: String(form.values.graceHours) } : {}) },
            { method: "post", action: "/settings/api-keys" },
          ),
      }}
    >
      {kind === "revoke" ? (
        <Text as="p">{`Calls with ${label} will be refused at once. This cannot be undone.`}</Text>
      ) : (
        <>
          <Text as="p">{`A new key with the same scopes replaces ${label}. The new key is shown once.`}</Text>
          <SelectField
            name="graceHours"
            label="Keep the old key working for"
            options={GRACE_HOURS.map((h) => ({ label: GRACE_LABELS[h], value: String(h) }))}
          />
        </>
      )}
    </FetcherDialog>
  );
}
