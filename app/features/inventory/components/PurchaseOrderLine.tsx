// One line of a purchase order: what it is and how much has arrived, with a draft's quantity
// and unit cost, or a sent order's "Receive now", as inputs of the screen's form.
import { BlockStack, Box, InlineStack, Text, TextField } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";

export type PoLine = {
  id: string;
  title: string;
  sku: string | null;
  quantity: number;
  receivedQty: number;
  unitCostMinor: number | null;
};
type Draft = { qty: string; cost: string };

type Props = {
  line: PoLine;
  currency: string;
  /** A draft's inputs, a sent order's receiving input, or the figures alone. */
  mode: "draft" | "receive" | "view";
  draft: Draft;
  onDraft: (draft: Draft) => void;
  receive: string;
  onReceive: (value: string) => void;
  /** The answer's error for a field of the form. */
  err: (name: string) => string | undefined;
};

export function PurchaseOrderLine({ line, currency, mode, draft, onDraft, receive, onReceive, err }: Props) {
  return (
    <Box paddingBlockEnd="200" borderBlockEndWidth="025" borderColor="border">
      <InlineStack align="space-between" blockAlign="end" gap="300">
        <BlockStack gap="050">
          <Text as="span" fontWeight="semibold">
            {line.title}
          </Text>
          <Text as="span" tone="subdued" variant="bodySm">
            {line.sku ? `SKU ${line.sku} · ` : ""}
            {line.receivedQty} of {line.quantity} received ·{" "}
            {line.unitCostMinor === null ? "cost unknown" : `${formatMoney(line.unitCostMinor, currency)} each`}
          </Text>
        </BlockStack>
        {mode === "draft" ? (
          <InlineStack gap="200">
            <div style={{ width: 110 }}>
              <TextField
                label="Quantity"
                name={`qty.${line.id}`}
                type="number"
                autoComplete="off"
                value={draft.qty}
                onChange={(qty) => onDraft({ ...draft, qty })}
                error={err(`qty.${line.id}`)}
              />
            </div>
            <div style={{ width: 130 }}>
              <TextField
                label={`Unit cost (${currency})`}
                name={`cost.${line.id}`}
                autoComplete="off"
                value={draft.cost}
                onChange={(cost) => onDraft({ ...draft, cost })}
                error={err(`cost.${line.id}`)}
              />
            </div>
          </InlineStack>
        ) : mode === "receive" ? (
          <div style={{ width: 140 }}>
            <TextField
              label="Receive now"
              name={`receive.${line.id}`}
              type="number"
              min={0}
              autoComplete="off"
              value={receive}
              onChange={onReceive}
              error={err(`lines.${line.id}`)}
            />
          </div>
        ) : null}
      </InlineStack>
    </Box>
  );
}
