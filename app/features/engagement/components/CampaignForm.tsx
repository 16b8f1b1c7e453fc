// Create and edit a campaign: the draft is saved through the admin's save bar (App Bridge's when
// embedded, Polaris's contextual save bar in the demo); Preview renders it for a real customer.
import { useFetcher } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Card, ContextualSaveBar, FormLayout, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import type { FieldErrors } from "~/lib/forms";
import { AUDIENCE_LABEL, AUDIENCES, type CampaignActionResult } from "~/features/engagement/schema";
import { SMS_OPT_OUT } from "~/features/engagement/sms-schema";
import { MERGE_FIELDS } from "~/features/engagement/template";
import { TriggerFields } from "./TriggerFields";
import { CampaignPreview } from "./CampaignPreview";
import { channelOptions } from "./format";

export type CampaignValues = Record<
  | "name"
  | "channel"
  | "audience"
  | "segment"
  | "scheduledAt"
  | "delayDays"
  | "delayHours"
  | "discountCode"
  | "discountPercent"
  | "subject"
  | "body"
  | "holdoutPercent"
  | "frequencyCapHours"
  | "quietStartHour"
  | "quietEndHour",
  string
>;

/** `sms`: the shop connected its Twilio account (SMS campaigns allowed). */
type Props = { saved: CampaignValues; embedded: boolean; readOnly: boolean; timezone: string; sms: boolean };

export function CampaignForm({ saved, embedded, readOnly, timezone, sms }: Props) {
  const fetcher = useFetcher<CampaignActionResult>();
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  // A save brings new stored values: the draft starts again from them.
  if (base !== saved && JSON.stringify(base) !== JSON.stringify(saved)) {
    setBase(saved);
    setDraft(saved);
  }
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = !readOnly && (Object.keys(saved) as (keyof CampaignValues)[]).some((k) => saved[k] !== draft[k]);
  const saving = fetcher.state !== "idle";
  useFetcherResult(fetcher, (r) => setErrors(r.ok ? {} : r.fieldErrors));
  const set = (key: keyof CampaignValues) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const save = () => fetcher.submit({ intent: "save", ...draft }, { method: "post" });
  const discard = () => {
    setDraft(saved);
    setErrors({});
  };
  const err = (k: string) => errors[k]?.[0];
  const field = (key: keyof CampaignValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={set(key)}
      error={err(key)}
      autoComplete="off"
      disabled={readOnly}
      {...extra}
    />
  );
  return (
    <BlockStack gap="400">
      {embedded ? (
        <SaveBar id="campaign-save-bar" open={dirty}>
          <button variant="primary" onClick={save} disabled={saving}>
            Save
          </button>
          <button onClick={discard} disabled={saving}>
            Discard
          </button>
        </SaveBar>
      ) : (
        dirty && (
          <ContextualSaveBar
            message="Unsaved changes"
            saveAction={{ content: "Save", onAction: save, loading: saving }}
            discardAction={{ content: "Discard", onAction: discard, disabled: saving }}
          />
        )
      )}
      {err("_form") && <Banner tone="critical">{err("_form")}</Banner>}
      <Card>
        <FormLayout>
          {field("name", "Name", { maxLength: 120 })}
          <FormLayout.Group>
            <Select
              label="Channel"
              options={channelOptions(sms || saved.channel === "sms")}
              value={draft.channel}
              onChange={set("channel")}
              error={err("channel")}
              disabled={readOnly}
            />
            <Select
              label="Audience or trigger"
              options={AUDIENCES.map((a) => ({ label: AUDIENCE_LABEL[a], value: a }))}
              value={draft.audience}
              onChange={set("audience")}
              error={err("audience")}
              disabled={readOnly}
            />
          </FormLayout.Group>
          <TriggerFields
            audience={draft.audience}
            segment={draft.segment}
            delayHours={draft.delayHours}
            timezone={timezone}
            readOnly={readOnly}
            set={set}
            err={err}
            field={field}
          />
          {draft.channel !== "sms" && field("subject", "Subject", { maxLength: 200 })}
          <FormLayout.Group>
            {field("discountCode", "Discount code (optional)", {
              maxLength: 255,
              helpText: "A code you created in Shopify's Discounts; {{ discount_code }} puts it in the message.",
            })}
            {field("discountPercent", "Or a code per recipient: % off", {
              type: "number",
              min: 1,
              max: 100,
              helpText: "One use, 14 days, created in Shopify for each recipient at send.",
            })}
          </FormLayout.Group>
          {field("body", "Message", {
            multiline: 8,
            helpText: `Merge fields: ${MERGE_FIELDS.map((f) => `{{ ${f} }}`).join(", ")}. ${draft.channel === "sms" ? `Plain text: your shop's name starts it and "${SMS_OPT_OUT}" ends it.` : "Links to your shop are tracked; an unsubscribe link is added."}`,
          })}
          <FormLayout.Group condensed>
            {field("holdoutPercent", "Hold-out %", {
              type: "number",
              min: 0,
              max: 50,
              helpText: "Never sent; measures the lift",
            })}
            {field("frequencyCapHours", "At most one message per (hours)", { type: "number", min: 0, max: 168 })}
          </FormLayout.Group>
          <FormLayout.Group
            condensed
            helpText="In each customer's time zone, from their address (your shop's when the address has none)."
          >
            {field("quietStartHour", "Quiet hours from (hour)", { type: "number", min: 0, max: 23 })}
            {field("quietEndHour", "Quiet hours until (hour)", { type: "number", min: 0, max: 23 })}
          </FormLayout.Group>
        </FormLayout>
      </Card>
      <CampaignPreview draft={draft} />
    </BlockStack>
  );
}
