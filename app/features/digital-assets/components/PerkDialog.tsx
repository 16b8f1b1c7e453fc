// Create a perk for a collection's holders: a percentage or an amount off, or free shipping, issued
// later as one Shopify discount code per holder.
import { useFetcher } from "@remix-run/react";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import type { AssetActionResult } from "~/features/digital-assets/schema";

export function PerkDialog({
  collections,
  currency,
  onClose,
  onDone,
}: {
  collections: { id: string; name: string }[];
  currency: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<AssetActionResult>({ key: "asset-perk" });
  const form = useDialogForm({
    collectionId: collections[0]?.id ?? "",
    title: "",
    kind: "percentage",
    percent: "10",
    amount: "",
  });
  const v = form.values;
  return (
    <FetcherDialog
      title="Add perk for holders"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => r.ok && onDone(r.message)}
      primaryAction={{
        content: "Add perk",
        onAction: () => fetcher.submit({ intent: "createPerk", ...v }, { method: "post" }),
      }}
    >
      <SelectField
        name="collectionId"
        label="Holders of"
        options={collections.map((c) => ({ label: c.name, value: c.id }))}
      />
      <FormField name="title" label="Title" maxLength={80} helpText="Shown in Shopify's discounts list" />
      <SelectField
        name="kind"
        label="Perk"
        options={[
          { label: "Percentage off the order", value: "percentage" },
          { label: "Amount off the order", value: "amount" },
          { label: "Free shipping", value: "free_shipping" },
        ]}
      />
      {v.kind === "percentage" && (
        <FormField name="percent" label="Percentage off" type="number" min={1} max={100} suffix="%" />
      )}
      {v.kind === "amount" && <FormField name="amount" label={`Amount off (${currency})`} inputMode="decimal" />}
    </FetcherDialog>
  );
}
