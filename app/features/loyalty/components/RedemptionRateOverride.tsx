// The liability's redemption rate override (decision 081): a percentage, or empty for the
// store's observed rate, saved through the admin's save bar (App Bridge's SaveBar inside
// Shopify's admin, Polaris's contextual save bar in the demo). Owner and Admin only.
import { useFetcher } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { BlockStack, Button, ContextualSaveBar, InlineStack, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import { DisabledReason, useDisabledReason } from "~/features/team";
import type { LoyaltyActionResult, Notice } from "~/features/loyalty/components/notices";

const SAVE_BAR_ID = "loyalty-redemption-rate-save-bar";

/** The stored fraction as the field shows it: "35" or "12.5"; empty for none. */
const asPercent = (fraction: number | null) => (fraction === null ? "" : String(Math.round(fraction * 1000) / 10));

export function RedemptionRateOverride({
  override,
  embedded,
  onDone,
}: {
  override: number | null;
  embedded: boolean;
  onDone: (notice: Notice) => void;
}) {
  const refused = useDisabledReason("write", "change the redemption rate");
  const saved = asPercent(override);
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-redemption-rate" });
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  // A save brings the new stored value: the draft starts again from it.
  if (base !== saved) {
    setBase(saved);
    setDraft(saved);
  }
  const dirty = !refused && draft.trim() !== saved;
  const saving = fetcher.state !== "idle";
  useFetcherResult(fetcher, (r) => {
    setError(r.ok ? undefined : r.fieldErrors.redemptionRateOverride?.[0]);
    if (r.ok && r.notice) onDone(r.notice);
  });
  const save = () =>
    fetcher.submit({ intent: "saveRedemptionRate", redemptionRateOverride: draft }, { method: "post" });
  const discard = () => {
    setDraft(saved);
    setError(undefined);
  };
  return (
    <BlockStack gap="200">
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
            message="Unsaved redemption rate"
            saveAction={{ content: "Save", onAction: save, loading: saving }}
            discardAction={{ content: "Discard", onAction: discard, disabled: saving }}
          />
        )
      )}
      <TextField
        label="Your redemption rate (%)"
        name="redemptionRateOverride"
        autoComplete="off"
        type="number"
        min={0}
        max={100}
        step={0.1}
        placeholder="Observed"
        value={draft}
        onChange={setDraft}
        error={error}
        disabled={!!refused}
        helpText="Leave empty to use the store's observed rate. Your own rate replaces it in the liability."
      />
      <InlineStack gap="200" align="end" blockAlign="center">
        <DisabledReason reason={refused} />
        <Button onClick={discard} disabled={!dirty || saving}>
          Discard
        </Button>
        <Button variant="primary" onClick={save} disabled={!dirty} loading={saving}>
          Save rate
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
