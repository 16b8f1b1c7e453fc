// The bulk queries of the full import (Admin GraphQL, run by import.server.ts
// through bulkOperationRunQuery). Nested connections come back as their own JSONL
// rows carrying __parentId; the row types are derived from the generated result types
// in admin-types.ts. A bulk query cannot take variables, so `bulkQueryText` writes the
// variables' values into the document before it is sent.
import { Kind, parse, print, visit, type ValueNode } from "graphql";

export const PRODUCTS_BULK_QUERY = `#graphql
  query StoreSyncProductsBulk {
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
  query StoreSyncCustomersBulk {
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

export const ORDERS_BULK_QUERY = `#graphql
  query StoreSyncOrdersBulk($search: String) {
    orders(query: $search) {
      edges {
        node {
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
          customerJourneySummary {
            lastVisit { source sourceType utmParameters { source medium } }
          }
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
          }
        }
      }
    }
  }
`;

/** Orders processed since `since` (without read_all_orders Shopify only serves the last 60 days), or all. */
export function ordersBulkQuery(since: Date | null): string {
  return bulkQueryText(ORDERS_BULK_QUERY, { search: since ? `processed_at:>='${since.toISOString()}'` : null });
}

type BulkVariable = string | number | boolean | null | undefined;

function valueNode(value: Exclude<BulkVariable, null | undefined>): ValueNode {
  if (typeof value === "string") return { kind: Kind.STRING, value };
  if (typeof value === "boolean") return { kind: Kind.BOOLEAN, value };
  if (Number.isInteger(value)) return { kind: Kind.INT, value: String(value) };
  return { kind: Kind.FLOAT, value: String(value) };
}

/**
 * The anonymous query bulkOperationRunQuery runs: the document with each variable's
 * value written in its place, an argument whose variable is null or missing left out,
 * and the operation's name and variable definitions dropped.
 */
export function bulkQueryText(document: string, variables: Record<string, BulkVariable> = {}): string {
  const ast = visit(parse(document), {
    OperationDefinition: (node) => ({ ...node, name: undefined, variableDefinitions: [] }),
    Argument: (node) => {
      if (node.value.kind !== Kind.VARIABLE) return undefined;
      const value = variables[node.value.name.value];
      return value === null || value === undefined ? null : { ...node, value: valueNode(value) };
    },
    Variable: (node) => {
      throw new Error(`Bulk query variable $${node.name.value} is used outside an argument`);
    },
  });
  return print(ast);
}
