// Create a collection: name, description, supply, image URL, status, an optional issuing rule and
// an optional existing contract it stands for (read-only; nothing is minted).
import { useFetcher } from "@remix-run/react";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import type { AssetActionResult } from "~/features/digital-assets/schema";
import type { AssetsData } from "~/features/digital-assets/screen.server";

type Choice = { id: string; name: string };

export function CollectionDialog({
  choices,
  onClose,
  onDone,
}: {
  choices: AssetsData["choices"];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<AssetActionResult>({ key: "asset-create" });
  const form = useDialogForm({
    name: "",
    description: "",
    supply: "100",
    imageUrl: "",
    status: "active",
    ruleKind: "",
    ruleTierId: "",
    ruleProductId: "",
    chainNetwork: "",
    contractStandard: "",
    contractAddress: "",
  });
  const v = form.values;
  const options = (list: Choice[]) => [
    { label: "Choose…", value: "" },
    ...list.map((c) => ({ label: c.name, value: c.id })),
  ];
  return (
    <FetcherDialog
      title="Create collection"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => {
        if (r.ok) onDone(r.message);
      }}
      primaryAction={{
        content: "Create collection",
        onAction: () => fetcher.submit({ intent: "createCollection", ...v }, { method: "post" }),
      }}
    >
      <FormField name="name" label="Name" maxLength={80} />
      <FormField name="description" label="Description" multiline={2} maxLength={500} />
      <FormField name="supply" label="Supply" type="number" min={1} helpText="How many items can ever be issued" />
      <FormField name="imageUrl" label="Image URL" type="url" helpText="An https address of the item's picture" />
      <SelectField
        name="status"
        label="Status"
        options={[
          { label: "Active: issues items", value: "active" },
          { label: "Draft: not issued yet", value: "draft" },
        ]}
      />
      <SelectField
        name="ruleKind"
        label="Issue automatically"
        options={[
          { label: "Only by hand", value: "" },
          { label: "When a customer reaches a loyalty tier", value: "tier" },
          { label: "When a customer buys a product", value: "product" },
        ]}
      />
      {v.ruleKind === "tier" && <SelectField name="ruleTierId" label="Tier" options={options(choices.tiers)} />}
      {v.ruleKind === "product" && (
        <SelectField name="ruleProductId" label="Product" options={options(choices.products)} />
      )}
      <SelectField
        name="chainNetwork"
        label="Existing on-chain contract (optional)"
        options={[
          { label: "None", value: "" },
          { label: "Ethereum", value: "ethereum" },
          { label: "Polygon", value: "polygon" },
        ]}
      />
      {v.chainNetwork && (
        <>
          <SelectField
            name="contractStandard"
            label="Standard"
            options={[
              { label: "Choose…", value: "" },
              { label: "ERC-721", value: "erc721" },
              { label: "ERC-1155", value: "erc1155" },
            ]}
          />
          <FormField name="contractAddress" label="Contract address" placeholder="0x…" />
        </>
      )}
    </FetcherDialog>
  );
}
