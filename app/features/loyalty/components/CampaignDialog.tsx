// Loyalty → New Campaign and Edit campaign: bonus points for a window of days, for everyone or
// one tier, one customer segment or the products of one collection. An edit posts to the
// campaign's own route; points it already awarded stay as they were (decision 081).
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import { SEGMENTS } from "~/features/customers";
import type { CampaignView } from "~/features/loyalty/campaigns.server";
import { closeOnNotice, type LoyaltyActionResult, type Notice } from "~/features/loyalty/components/notices";

export function CampaignDialog({
  editing,
  tiers,
  today,
  collections,
  onClose,
  onDone,
}: {
  /** The campaign being edited; null: a new one. */
  editing: CampaignView | null;
  tiers: { id: string; name: string }[];
  collections: { id: string; title: string }[];
  today: string;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-campaign" });
  const form = useDialogForm({
    name: editing?.name ?? "",
    description: editing?.description ?? "",
    multiplier: editing ? String(editing.multiplier) : "2.0",
    startsOn: editing?.startsOn ?? today,
    endsOn: editing?.endsOn ?? today,
    tierId: editing?.tierId ?? "",
    segment: editing?.segment ?? "",
    collectionId: editing?.collectionId ?? "",
    stacking: editing?.stacking ?? "highest",
  });
  const submit = () =>
    editing
      ? fetcher.submit(
          { intent: "edit", ...form.values },
          { method: "post", action: `/loyalty/campaigns/${encodeURIComponent(editing.id)}` },
        )
      : fetcher.submit({ intent: "createCampaign", ...form.values }, { method: "post" });
  return (
    <FetcherDialog
      title={editing ? `Edit ${editing.name}` : "New Campaign"}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnNotice(onDone, onClose)}
      primaryAction={{ content: editing ? "Save campaign" : "Create campaign", onAction: submit }}
    >
      <FormLayout>
        <FormField name="name" label="Campaign name" />
        <FormField name="description" label="Description" multiline={2} />
        <FormField
          name="multiplier"
          label="Reward multiplier"
          type="number"
          step={0.1}
          helpText={editing ? "Orders posted from now earn at the new values; points already awarded stay." : undefined}
        />
        <FormLayout.Group>
          <FormField name="startsOn" label="Starts" type="date" />
          <FormField name="endsOn" label="Ends" type="date" />
        </FormLayout.Group>
        <SelectField
          name="tierId"
          label="Only for tier"
          options={[{ label: "All members", value: "" }, ...tiers.map((t) => ({ label: t.name, value: t.id }))]}
        />
        <SelectField
          name="segment"
          label="Only for customer segment"
          helpText="The customer's segment when the order is posted (Customers)"
          options={[{ label: "All segments", value: "" }, ...SEGMENTS.map((x) => ({ label: x, value: x }))]}
        />
        <SelectField
          name="collectionId"
          label="Only for products in collection"
          helpText="Only order lines whose product is in the collection earn the bonus"
          options={[{ label: "All products", value: "" }, ...collections.map((c) => ({ label: c.title, value: c.id }))]}
        />
        <SelectField
          name="stacking"
          label="When campaigns overlap"
          options={[
            { label: "Highest multiplier wins", value: "highest" },
            { label: "Multiply with the others", value: "multiply" },
          ]}
        />
      </FormLayout>
    </FetcherDialog>
  );
}
