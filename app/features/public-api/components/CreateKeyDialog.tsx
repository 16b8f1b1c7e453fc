// Create an API key: a name and its scopes, per resource (a write scope includes read).
import { useFetcher } from "@remix-run/react";
import { BlockStack, InlineError, InlineGrid, Text } from "@shopify/polaris";
import { CheckboxField, FetcherDialog, FormField, useDialogForm, useFieldError } from "~/components/FetcherDialog";
import { RESOURCES, RESOURCE_LABELS, type Resource } from "~/features/public-api/keys";

type Answer = { ok: boolean; key?: string };

const initial: Record<string, string | boolean> = { name: "" };
for (const r of Object.keys(RESOURCES) as Resource[]) for (const a of RESOURCES[r]) initial[`${r}:${a}`] = a === "read";

export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) {
  const fetcher = useFetcher<Answer>({ key: "api-key-create" });
  const form = useDialogForm(initial);
  const scopes = Object.entries(form.values)
    .filter(([name, on]) => name.includes(":") && on === true)
    .map(([name]) => name);
  return (
    <FetcherDialog
      title="Create API key"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(answer) => answer.ok && answer.key && onCreated(answer.key)}
      primaryAction={{
        content: "Create key",
        onAction: () =>
          fetcher.submit(
            { intent: "create", name: String(form.values.name), scopes: scopes.join(" ") },
            { method: "post", action: "/settings/api-keys" },
          ),
      }}
    >
      <FormField name="name" label="Name" helpText="Where the key is used, e.g. Data warehouse" maxLength={80} />
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Scopes
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="200">
          {(Object.keys(RESOURCES) as Resource[]).flatMap((r) =>
            RESOURCES[r].map((a) => (
              <CheckboxField key={`${r}:${a}`} name={`${r}:${a}`} label={`${RESOURCE_LABELS[r]}: ${a}`} />
            )),
          )}
        </InlineGrid>
        <ScopesError />
      </BlockStack>
    </FetcherDialog>
  );
}

/** The scopes' error (none chosen), under the checkboxes. */
function ScopesError() {
  const error = useFieldError("scopes");
  return error ? <InlineError message={error} fieldID="scopes" /> : null;
}
