// Settings → General: the draft, one Save Changes through the admin's save bar (App
// Bridge's SaveBar when embedded in Shopify's admin, Polaris's contextual save bar in
// the demo), disabled until something changed, with Discard.
import { useFetcher } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Box, Button, ContextualSaveBar, InlineStack, Text, Toast } from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import type { FieldErrors } from "~/lib/forms";
import type { GeneralSettingsResult, GeneralSettingsValues } from "~/features/settings/general-schema";
import { GeneralSettingsForm, type ShopifyFacts } from "~/features/settings/components/GeneralSettingsForm";

type Props = {
  saved: GeneralSettingsValues;
  shopify: ShopifyFacts;
  timeZones: string[];
  /** Inside Shopify's admin (App Bridge loaded); otherwise the demo. */
  embedded: boolean;
  /** Where the form posts. */
  action: string;
  /** The staff member may not change settings (a Viewer): fields and buttons are disabled. */
  readOnly?: boolean;
};

const SAVE_BAR_ID = "general-settings-save-bar";

function differs(a: GeneralSettingsValues, b: GeneralSettingsValues) {
  return (Object.keys(a) as (keyof GeneralSettingsValues)[]).some((k) => a[k] !== b[k]);
}

export function GeneralSettings({ saved, shopify, timeZones, embedded, action, readOnly = false }: Props) {
  const fetcher = useFetcher<GeneralSettingsResult>();
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toast, setToast] = useState<string | null>(null);
  // A save (or another tab's) brings new stored values: the draft starts again from them.
  if (differs(base, saved)) {
    setBase(saved);
    setDraft(saved);
  }
  const dirty = !readOnly && differs(draft, saved);
  const saving = fetcher.state !== "idle";

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      setErrors({});
      setToast(result.message);
    } else setErrors(result.errors);
  });

  const save = () => {
    const form = new FormData();
    form.set("intent", "general");
    form.set("reportingTimezone", draft.reportingTimezone ?? "");
    form.set("theme", draft.theme);
    form.set("currency", shopify.currency);
    for (const key of ["autoRefresh", "dailySummary", "weekStartsMonday"] as const) form.set(key, String(draft[key]));
    fetcher.submit(form, { method: "post", action });
  };
  const discard = () => {
    setDraft(saved);
    setErrors({});
  };

  return (
    <BlockStack gap="400">
      {embedded ? (
        <SaveBar id={SAVE_BAR_ID} open={dirty}>
          <button variant="primary" onClick={save} disabled={!dirty || saving} loading={saving ? "" : undefined}>
            Save Changes
          </button>
          <button onClick={discard} disabled={saving}>
            Discard
          </button>
        </SaveBar>
      ) : (
        dirty && (
          <ContextualSaveBar
            message="Unsaved changes"
            saveAction={{ content: "Save Changes", onAction: save, loading: saving, disabled: !dirty }}
            discardAction={{ content: "Discard", onAction: discard, disabled: saving }}
          />
        )
      )}
      {readOnly && (
        <Banner tone="info">
          <Text as="p">Only an Owner or Admin can change these settings.</Text>
        </Banner>
      )}
      <GeneralSettingsForm
        disabled={readOnly}
        draft={draft}
        shopify={shopify}
        timeZones={timeZones}
        errors={errors}
        onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
      />
      {/* Cards are edge to edge on a phone: the buttons keep the page's inset there. */}
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <InlineStack align="end" gap="200">
          <Button onClick={discard} disabled={!dirty || saving}>
            Discard
          </Button>
          <Button variant="primary" onClick={save} disabled={!dirty} loading={saving}>
            Save Changes
          </Button>
        </InlineStack>
      </Box>
      {toast && <Toast content={toast} onDismiss={() => setToast(null)} />}
    </BlockStack>
  );
}
