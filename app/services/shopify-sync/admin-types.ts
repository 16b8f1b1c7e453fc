// Admin API shapes this app reads, in one place. They are written from Shopify's
// documented shapes and checked against the recorded fixtures in
// tests/fixtures/shopify/ — not generated, because codegen needs the Admin schema
// and no copy of it can be fetched on these machines (docs/decisions/031-admin-api-types.md).
// Only the fields the documents in bulk-queries.ts and admin-client.server.ts select are listed.

// ── GraphQL ─────────────────────────────────────────────────────────────────

export type MoneyV2 = { amount: string; currencyCode?: string };
export type MoneyBag = { shopMoney: MoneyV2; presentmentMoney?: MoneyV2 };

export type UserError = { field?: string[] | null; message: string; code?: string | null };

export type GraphqlError = {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
};

export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
export type QueryCost = { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus };

export type GraphqlBody<T> = {
  data?: T | null;
  errors?: GraphqlError[];
  extensions?: { cost?: QueryCost };
};

export type BulkOperationStatus = "CREATED" | "RUNNING" | "COMPLETED" | "CANCELING" | "CANCELED" | "EXPIRED" | "FAILED";

export type BulkOperation = {
  id: string;
  status: BulkOperationStatus;
  errorCode?: string | null;
  objectCount?: string | number | null;
  url?: string | null;
  partialDataUrl?: string | null;
  createdAt?: string;
  completedAt?: string | null;
  query?: string;
};

export type BulkOperationRunQueryData = {
  bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: UserError[] } | null;
};
export type BulkOperationNodeData = { node: BulkOperation | null };
export type CurrentBulkOperationData = { currentBulkOperation: BulkOperation | null };

// Bulk JSONL rows (nested connections arrive as their own rows with __parentId).
type Address = { country?: string | null; countryCodeV2?: string | null; province?: string | null; city?: string | null; address1?: string | null; zip?: string | null };

export type BulkOrder = {
  id: string;
  name: string;
  email?: string | null;
  createdAt?: string;
  processedAt?: string | null;
  updatedAt: string;
  cancelledAt?: string | null;
  currencyCode?: string;
  presentmentCurrencyCode?: string;
  displayFinancialStatus?: string | null;
  sourceName?: string | null;
  customer?: { id: string } | null;
  shippingAddress?: Address | null;
  billingAddress?: Address | null;
  totalDiscountsSet?: MoneyBag | null;
  totalShippingPriceSet?: MoneyBag | null;
  totalTaxSet?: MoneyBag | null;
  refunds?: { id: string; createdAt: string; totalRefundedSet: MoneyBag }[];
};

export type BulkLineItem = {
  id: string;
  __parentId: string;
  title: string;
  sku?: string | null;
  quantity: number;
  variant?: { id: string } | null;
  product?: { id: string } | null;
  originalUnitPriceSet: MoneyBag;
  totalDiscountSet?: MoneyBag | null;
};

export type BulkProduct = {
  id: string;
  title: string;
  productType?: string | null;
  category?: { name: string } | null;
  updatedAt: string;
  featuredMedia?: { preview?: { image?: { url: string } | null } | null } | null;
};

export type BulkVariant = {
  id: string;
  __parentId: string;
  title: string;
  sku?: string | null;
  price: string;
  inventoryItem?: { id: string; unitCost?: MoneyV2 | null } | null;
};

export type BulkInventoryLevel = {
  id: string;
  __parentId: string;
  updatedAt?: string | null;
  location: { id: string };
  quantities?: { name: string; quantity: number }[];
};

export type BulkCustomer = {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  defaultEmailAddress?: { emailAddress?: string | null; marketingState?: string | null } | null;
  defaultPhoneNumber?: { phoneNumber?: string | null } | null;
  defaultAddress?: Address | null;
  updatedAt: string;
};

// ── REST webhook payloads ───────────────────────────────────────────────────

export type RestMoneySet = { shop_money?: { amount: string; currency_code?: string }; presentment_money?: { amount: string; currency_code?: string } };

export type RestAddress = { country?: string | null; country_code?: string | null; province?: string | null; city?: string | null; address1?: string | null; zip?: string | null };

export type RestRefund = {
  id: number | string;
  admin_graphql_api_id?: string;
  order_id?: number | string;
  created_at?: string;
  processed_at?: string | null;
  transactions?: { amount: string; currency?: string; kind?: string; status?: string }[];
  refund_line_items?: { subtotal?: string | number; subtotal_set?: RestMoneySet; total_tax?: string | number; total_tax_set?: RestMoneySet }[];
  order_adjustments?: { amount?: string; amount_set?: RestMoneySet; tax_amount?: string; tax_amount_set?: RestMoneySet; kind?: string }[];
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
  total_discounts?: string;
  total_discounts_set?: RestMoneySet;
  total_shipping_price_set?: RestMoneySet;
  shipping_lines?: { price: string }[];
  total_tax?: string;
  total_tax_set?: RestMoneySet;
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
