// Admin API shapes this app reads, in one place.
// - GraphQL: derived from the types that scripts/admin-codegen.mjs generates from the
//   #graphql documents (app/graphql/admin.generated.ts), never written by hand. A bulk
//   JSONL row is the node of its connection without its nested connections, which arrive
//   as rows of their own carrying __parentId.
// - The GraphQL response envelope (errors, cost extension), which is transport, not schema.
// - REST webhook payloads, which have no GraphQL document: written from Shopify's
//   documented shapes and checked against the recorded fixtures in tests/fixtures/shopify/.
import type {
  StoreSyncBulkOperationQuery,
  StoreSyncCollectionsBulkQuery,
  StoreSyncCustomersBulkQuery,
  StoreSyncOrdersBulkQuery,
  StoreSyncProductsBulkQuery,
} from "~/graphql/admin.generated";

// ── GraphQL ─────────────────────────────────────────────────────────────────

type NodeOf<C extends { edges: Array<{ node: unknown }> }> = C["edges"][number]["node"];
type Row<T> = T & { __parentId: string };

type CollectionNode = NodeOf<StoreSyncCollectionsBulkQuery["collections"]>;
export type BulkCollection = Omit<CollectionNode, "products">;

type OrderNode = NodeOf<StoreSyncOrdersBulkQuery["orders"]>;
export type BulkOrder = Omit<OrderNode, "lineItems">;
export type BulkLineItem = Row<NodeOf<OrderNode["lineItems"]>>;

type ProductNode = NodeOf<StoreSyncProductsBulkQuery["products"]>;
type VariantNode = NodeOf<ProductNode["variants"]>;
export type BulkProduct = Omit<ProductNode, "variants">;
export type BulkVariant = Row<
  Omit<VariantNode, "inventoryItem"> & { inventoryItem: Omit<VariantNode["inventoryItem"], "inventoryLevels"> }
>;
/** Nested under the variant's inventory item, so its parent is the variant. */
export type BulkInventoryLevel = Row<NodeOf<VariantNode["inventoryItem"]["inventoryLevels"]>>;

export type BulkCustomer = NodeOf<StoreSyncCustomersBulkQuery["customers"]>;

/** The bulk operation as the status poll selects it. */
export type BulkOperation = Extract<NonNullable<StoreSyncBulkOperationQuery["node"]>, { id: string }>;

/** The part of a money set the app reads: amounts are taken in the shop's currency. */
export type ShopMoneyBag = { shopMoney: { amount: string; currencyCode?: string } };

export type UserError = { field?: string[] | null; message: string; code?: string | null };

export type GraphqlError = {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
};

export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
export type QueryCost = {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: ThrottleStatus;
};

export type GraphqlBody<T> = {
  data?: T | null;
  errors?: GraphqlError[];
  extensions?: { cost?: QueryCost };
};

// ── REST webhook payloads ───────────────────────────────────────────────────

export type RestMoneySet = {
  shop_money?: { amount: string; currency_code?: string };
  presentment_money?: { amount: string; currency_code?: string };
};

export type RestAddress = {
  country?: string | null;
  country_code?: string | null;
  province?: string | null;
  province_code?: string | null;
  city?: string | null;
  address1?: string | null;
  zip?: string | null;
};

export type RestRefund = {
  id: number | string;
  admin_graphql_api_id?: string;
  order_id?: number | string;
  created_at?: string;
  processed_at?: string | null;
  transactions?: { amount: string; currency?: string; kind?: string; status?: string }[];
  refund_line_items?: {
    line_item_id?: number | string | null;
    quantity?: number | null;
    subtotal?: string | number;
    subtotal_set?: RestMoneySet;
    total_tax?: string | number;
    total_tax_set?: RestMoneySet;
  }[];
  order_adjustments?: {
    amount?: string;
    amount_set?: RestMoneySet;
    tax_amount?: string;
    tax_amount_set?: RestMoneySet;
    kind?: string;
  }[];
};

export type RestOrder = {
  id: number | string;
  admin_graphql_api_id?: string;
  name?: string;
  order_number?: number;
  email?: string | null;
  contact_email?: string | null;
  created_at?: string;
  processed_at?: string | null;
  updated_at?: string;
  cancelled_at?: string | null;
  currency?: string;
  presentment_currency?: string;
  financial_status?: string | null;
  source_name?: string | null;
  payment_gateway_names?: (string | null)[] | null;
  referring_site?: string | null;
  landing_site?: string | null;
  total_discounts?: string;
  total_discounts_set?: RestMoneySet;
  discount_codes?: { code?: string | null; amount?: string; type?: string }[];
  total_shipping_price_set?: RestMoneySet;
  shipping_lines?: { price: string }[];
  total_tax?: string;
  total_tax_set?: RestMoneySet;
  /** Grams (REST `total_weight`). */
  total_weight?: number | string | null;
  customer?: { id: number | string; admin_graphql_api_id?: string } | null;
  shipping_address?: RestAddress | null;
  billing_address?: RestAddress | null;
  line_items?: {
    id: number | string;
    admin_graphql_api_id?: string;
    product_id?: number | string | null;
    variant_id?: number | string | null;
    title?: string;
    name?: string;
    sku?: string | null;
    quantity: number;
    price?: string;
    price_set?: RestMoneySet;
    total_discount?: string;
    total_discount_set?: RestMoneySet;
  }[];
  refunds?: RestRefund[];
};

export type RestProduct = {
  id: number | string;
  admin_graphql_api_id?: string;
  title?: string;
  product_type?: string | null;
  created_at?: string;
  updated_at?: string;
  image?: { src: string } | null;
  images?: { src: string }[];
  variants?: {
    id: number | string;
    admin_graphql_api_id?: string;
    title?: string;
    sku?: string | null;
    price?: string;
    inventory_item_id?: number | string | null;
  }[];
};

export type RestCustomer = {
  id: number | string;
  admin_graphql_api_id?: string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  created_at?: string;
  updated_at?: string;
  accepts_marketing?: boolean;
  email_marketing_consent?: { state?: string } | null;
  sms_marketing_consent?: { state?: string } | null;
  default_address?: RestAddress | null;
};

export type RestInventoryLevel = {
  inventory_item_id: number | string;
  location_id: number | string;
  available?: number | null;
  updated_at?: string | null;
};

export type RestInventoryItem = {
  id: number | string;
  admin_graphql_api_id?: string;
  sku?: string | null;
  cost?: string | null;
  created_at?: string;
  updated_at?: string;
};
