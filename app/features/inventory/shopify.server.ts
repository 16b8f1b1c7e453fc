// Inventory's writes to Shopify (connected stores only; the demo writes locally). The
// documents are validated and typed by `npm run codegen`; userErrors become field errors.
import { FieldError } from "~/lib/forms";
import { adminOperation, type AdminGraphql } from "~/features/store-sync/index.server";

export type ShopifyAdmin = { graphql: AdminGraphql };

export const ADJUST_INVENTORY = `#graphql
  mutation InventoryReceivePurchaseOrder($input: InventoryAdjustQuantitiesInput!, $key: String!) {
    inventoryAdjustQuantities(input: $input) @idempotent(key: $key) {
      inventoryAdjustmentGroup { id createdAt reason changes { name delta } }
      userErrors { code field message }
    }
  }
`;

/** Raises available stock by each delta ("received" reason); the receipt's key makes a retry a no-op in Shopify too. */
export async function adjustShopifyStock(
  admin: ShopifyAdmin,
  key: string,
  referenceDocumentUri: string,
  changes: { delta: number; inventoryItemId: string; locationId: string }[],
) {
  const result = await adminOperation(admin.graphql, ADJUST_INVENTORY, {
    key,
    input: { reason: "received", name: "available", referenceDocumentUri, changes },
  });
  const errors = result.inventoryAdjustQuantities?.userErrors ?? [];
  if (errors.length) throw new FieldError({ lines: errors.map((e) => `Shopify: ${e.message}`) });
  return result.inventoryAdjustQuantities?.inventoryAdjustmentGroup ?? null;
}
