// Create or edit a collection: name, description, supply, image URL, an optional existing contract
// it stands for (read-only; nothing is minted) and, when creating, its status and issuing rule.
import { useFetcher } from "@remix-run/react";
import { FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import type { AssetActionResult } from "~/features/digital-assets/schema";
import type { AssetsData } from "~/features/digital-assets/screen.server";

type Choice = { id: string; name: string };
type Collection = AssetsData["collections"][number];

export function CollectionDialog({
  choices,
  editing,
  onClose,
  onDone,
}: {
  choices: AssetsData["choices"];
  /** The collection to edit; none to create one. */
  editing?: Collection;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<AssetActionResult>({ key: editing ? `asset-edit-${editing.id}` : "asset-create" });
  const form = useDialogForm({
    name: editing?.name ?? "",
    description: editing?.description ?? "",
    supply: String(editing?.supply ?? 100),
    imageUrl: editing?.imageUrl ?? "",
    status: "active",
    ruleKind: "",
    ruleTierId: "",
    ruleProductId: "",
    chainNetwork: editing?.chainNetwork ?? "",
    contractStandard: editing?.contractStandard ?? "",
    contractAddress: editing?.contractAddress ?? "",
    contractTokenId: editing?.contractTokenId ?? "",
  });
  // Status and rule are set when creating; an edit sends the rest.
  const { status: _status, ruleKind: _ruleKind, ruleTierId: _tier, ruleProductId: _product, ...shared } = form.values;
  const title = editing ? `Edit ${editing.name}` : "Create collection";
  const v = form.values;
  const options = (list: Choice[]) => [
    { label: "Choose…", value: "" },
    ...list.map((c) => ({ label: c.name, value: c.id })),
  ];
  return (
    <FetcherDialog
      title={title}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => {
        if (r.ok) onDone(r.message);
      }}
      primaryAction={{
        content: editing ? "Save" : "Create collection",
        onAction: () =>
          fetcher.submit(
            editing
              ? { intent: "editCollection", collectionId: editing.id, ...shared }
              : { intent: "createCollection", ...v },
            { method: "post" },
          ),
      }}
    >
      <FormField name="name" label="Name" maxLength={80} />
      <FormField name="description" label="Description" multiline={2} maxLength={500} />
      <FormField
        name="supply"
        label="Supply"
        type="number"
        min={Math.max(1, editing?.issued ?? 1)}
        helpText={
          editing
            ? `How many items can ever be issued; ${editing.issued} already are`
            : "How many items can ever be issued"
        }
      />
      <FormField name="imageUrl" label="Image URL" type="url" helpText="An https address of the item's picture" />
      {!editing && (
        <>
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
        </>
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
          {v.contractStandard === "erc1155" && (
            <FormField name="contractTokenId" label="Token id" helpText="Holders of this token id get the perks" />
          )}
        </>
      )}
    </FetcherDialog>
  );
}
