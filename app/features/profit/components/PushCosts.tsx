// Push to Shopify (docs/decisions/091): a confirmation first (it changes the merchant's Shopify
// data), then one row per variant sent, each with Shopify's answer: pushed, or its userErrors.
import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, IndexTable, Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import { formatMoney } from "~/lib/money";
import type { PushRow } from "~/features/profit/shopify-costs-schema";

export const PUSH_FETCHER = "push-costs";
export type PushAnswer = { ok: true; intent: "push"; pushed: PushRow[] } | { ok: false; intent: string };

export function PushCostsDialog({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<PushAnswer>({ key: PUSH_FETCHER });
  return (
    <FetcherDialog
      title="Push costs to Shopify?"
      fetcher={fetcher}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
      }}
      primaryAction={{
        content: "Push to Shopify",
        destructive: true,
        onAction: () => fetcher.submit({ intent: "push" }, { method: "post", action: "/costs/shopify-costs" }),
      }}
    >
      <Text as="p">
        Every variant whose cost in this app today differs from its cost per item in Shopify gets this app&apos;s cost
        in Shopify. Shopify keeps no undo for it.
      </Text>
    </FetcherDialog>
  );
}

export function PushResults({ rows, currency }: { rows: PushRow[]; currency: string }) {
  const money = (minor: number | null) => (minor === null ? "none" : formatMoney(minor, currency));
  const failed = rows.filter((r) => !r.ok).length;
  return (
    <BlockStack gap="200">
      <Text as="p">
        {rows.length === 0
          ? "Shopify already holds this app's costs: nothing was pushed."
          : `${rows.length - failed} pushed, ${failed} refused by Shopify.`}
      </Text>
      {rows.length > 0 && (
        <IndexTable
          resourceName={{ singular: "variant", plural: "variants" }}
          itemCount={rows.length}
          selectable={false}
          headings={[{ title: "SKU" }, { title: "Product" }, { title: "Cost per item" }, { title: "Result" }]}
        >
          {rows.map((r, i) => (
            <IndexTable.Row id={r.sku} key={r.sku} position={i}>
              <IndexTable.Cell>{r.sku}</IndexTable.Cell>
              <IndexTable.Cell>{r.productName}</IndexTable.Cell>
              <IndexTable.Cell>{`${money(r.fromMinor)} → ${money(r.toMinor)}`}</IndexTable.Cell>
              <IndexTable.Cell>
                {r.ok ? (
                  <Badge tone="success">Pushed</Badge>
                ) : (
                  <BlockStack gap="100">
                    <Badge tone="critical">Not pushed</Badge>
                    {r.errors.map((e) => (
                      <Text as="span" tone="critical" key={e}>
                        {e}
                      </Text>
                    ))}
                  </BlockStack>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
    </BlockStack>
  );
}
