// Privacy settings: regimes active, DPO contact, the promise shown to customers, reminder lead time.
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { CheckboxField, FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";
import type { PrivacyActionResult } from "~/features/privacy/tabs";

export function SettingsDialog({
  settings,
  onClose,
}: {
  settings: PrivacyScreenData["settings"];
  onClose: () => void;
}) {
  const fetcher = useFetcher<PrivacyActionResult>({ key: "privacy-settings" });
  const form = useDialogForm({
    gdprActive: settings.gdprActive,
    ccpaActive: settings.ccpaActive,
    dpoName: settings.dpoName,
    dpoEmail: settings.dpoEmail,
    promiseDays: String(settings.promiseDays),
    reminderLeadDays: String(settings.reminderLeadDays),
  });
  return (
    <FetcherDialog
      title="Privacy settings"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(data) => data.ok && onClose()}
      primaryAction={{
        content: "Save",
        onAction: () =>
          fetcher.submit(
            {
              intent: "settings",
              ...form.values,
              gdprActive: String(form.values.gdprActive),
              ccpaActive: String(form.values.ccpaActive),
            },
            { method: "post", action: "/privacy" },
          ),
      }}
    >
      <FormLayout>
        <CheckboxField
          name="gdprActive"
          label="GDPR and UK GDPR apply"
          helpText="Requests of unstated law fall under GDPR."
        />
        <CheckboxField name="ccpaActive" label="CCPA/CPRA applies" />
        <FormLayout.Group>
          <FormField name="dpoName" label="Data protection contact" />
          <FormField name="dpoEmail" label="Contact e-mail" type="email" />
        </FormLayout.Group>
        <FormLayout.Group>
          <FormField
            name="promiseDays"
            label="Promise to customers (days)"
            type="number"
            helpText="Shown as “within N days”; the earlier of this and the law's date applies."
          />
          <FormField name="reminderLeadDays" label="Remind me (days before due)" type="number" />
        </FormLayout.Group>
      </FormLayout>
    </FetcherDialog>
  );
}
