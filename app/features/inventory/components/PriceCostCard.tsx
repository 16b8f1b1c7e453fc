// Edit's price and unit cost: the draft, saved through the admin's save bar (App Bridge's
// SaveBar inside Shopify's admin, Polaris's contextual save bar in the demo) and the card's own
// buttons; Shopify's and the form's field errors shown next to the fields.
import { useFetcher } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  ContextualSaveBar,
  FormLayout,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import type { FieldErrors } from "~/lib/forms";

export type PriceCostValues = { price: string; cost: string; costEffectiveFrom: string };
type Result = { ok: boolean; fieldErrors?: FieldErrors; message?: string };

type Props = {
  saved: PriceCostValues;
  currency: string;
  /** Inside Shopify's admin: the fields are written to Shopify. */
  embedded: boolean;
  readOnly?: boolean;
};

const SAVE_BAR_ID = "inventory-price-cost-save-bar";
const differs = (a: PriceCostValues, b: PriceCostValues) => a.price !== b.price || a.cost !== b.cost;

export function PriceCostCard({ saved, currency, embedded, readOnly = false }: Props) {
  const fetcher = useFetcher<Result>();
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  if (differs(base, saved)) {
    setBase(saved);
    setDraft(saved);
  }
  const dirty = !readOnly && (differs(draft, saved) || draft.costEffectiveFrom !== saved.costEffectiveFrom);
  const saving = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
    setMessage(result.ok ? (result.message ?? null) : null);
  });
  const save = () => {
    const form = new FormData();
    form.set("intent", "price-cost");
    for (const k of ["price", "cost", "costEffectiveFrom"] as const) form.set(k, draft[k]);
    fetcher.submit(form, { method: "post" });
  };
  const discard = () => {
    setDraft(saved);
    setErrors({});
  };
  const err = (k: string) => errors[k]?.[0];
  const field = (k: keyof PriceCostValues, label: string, extra: object) => (
    <TextField
      label={label}
      name={k}
      autoComplete="off"
      value={draft[k]}
      disabled={readOnly}
      onChange={(v) => setDraft((d) => ({ ...d, [k]: v }))}
      error={err(k)}
      {...extra}
    />
  );
  return (
    <Card>
      {embedded ? (
        <SaveBar id={SAVE_BAR_ID} open={dirty}>
          <button variant="primary" onClick={save} disabled={saving} loading={saving ? "" : undefined}>
            Save
          </button>
          <button onClick={discard} disabled={saving}>
            Discard
          </button>
        </SaveBar>
      ) : (
        dirty && (
          <ContextualSaveBar
            message="Unsaved price or cost"
            saveAction={{ content: "Save", onAction: save, loading: saving }}
            discardAction={{ content: "Discard", onAction: discard, disabled: saving }}
          />
        )
      )}
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Price and cost
        </Text>
        {message && <Banner tone="success">{message}</Banner>}
        {err("_form") && <Banner tone="critical">{err("_form")}</Banner>}
        <FormLayout>
          <FormLayout.Group>
            {field("price", `Price (${currency})`, { inputMode: "decimal" })}
            {field("cost", `Unit cost (${currency})`, { inputMode: "decimal", placeholder: "Unknown" })}
            {field("costEffectiveFrom", "Cost counts in profit from", {
              type: "date",
              helpText: "Today or earlier; past profit is recomputed from this day",
            })}
          </FormLayout.Group>
          <Text as="p" tone="subdued">
            {embedded ? "Saved to Shopify, then here." : "Stored in the demo store."} A new cost is also entered on the
            Costs screen from the day chosen.
          </Text>
          <InlineStack gap="200" align="end">
            <Button onClick={discard} disabled={!dirty || saving}>
              Discard
            </Button>
            <Button variant="primary" onClick={save} disabled={!dirty} loading={saving}>
              Save price and cost
            </Button>
          </InlineStack>
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
