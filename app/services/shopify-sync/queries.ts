// The bulk queries of the full import (Admin GraphQL, run by import.server.ts
// through bulkOperationRunQuery). Nested connections come back as their own JSONL
// rows carrying __parentId; the row shapes are in admin-types.ts.

export const PRODUCTS_BULK_QUERY = `#graphql
  {
    products {
      edges {
        node {
          id
          title
          productType
          updatedAt
          category { name }
          featuredMedia { preview { image { url } } }
          variants {
            edges {
              node {
                id
                title
                sku
                price
                inventoryItem {
                  id
                  unitCost { amount currencyCode }
                  inventoryLevels {
                    edges {
                      node {
                        id
                        updatedAt
                        location { id }
                        quantities(names: ["available"]) { name quantity }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`;

export const CUSTOMERS_BULK_QUERY = `#graphql
  {
    customers {
      edges {
        node {
          id
          firstName
          lastName
          updatedAt
          defaultEmailAddress { emailAddress marketingState }
          defaultPhoneNumber { phoneNumber }
          defaultAddress { country countryCodeV2 province city address1 zip }
        }
      }
    }
  }
`;

const ORDER_FIELDS = `
          id
          name
          email
          createdAt
          processedAt
          updatedAt
          cancelledAt
          currencyCode
          presentmentCurrencyCode
          displayFinancialStatus
          sourceName
          customer { id }
          shippingAddress { country countryCodeV2 province }
          billingAddress { country countryCodeV2 province }
          totalDiscountsSet { shopMoney { amount currencyCode } }
          totalShippingPriceSet { shopMoney { amount currencyCode } }
          totalTaxSet { shopMoney { amount currencyCode } }
          refunds { id createdAt totalRefundedSet { shopMoney { amount currencyCode } } }
          lineItems {
            edges {
              node {
                id
                title
                sku
                quantity
                variant { id }
                product { id }
                originalUnitPriceSet { shopMoney { amount currencyCode } }
                totalDiscountSet { shopMoney { amount currencyCode } }
              }
            }
          }`;

/** Orders processed since `since` (without read_all_orders Shopify only serves the last 60 days), or all. */
export function ordersBulkQuery(since: Date | null): string {
  const filter = since ? `(query: ${JSON.stringify(`processed_at:>='${since.toISOString()}'`)})` : "";
  return `#graphql
  {
    orders${filter} {
      edges {
        node {${ORDER_FIELDS}
        }
      }
    }
  }
`;
}
