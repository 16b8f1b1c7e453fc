// The bulk queries of the full import (Admin GraphQL, run by import.server.ts
// through bulkOperationRunQuery). Nested connections come back as their own JSONL
// rows carrying __parentId; the row types are derived from the generated result types
// in admin-types.ts. A bulk query cannot take variables, so `bulkQueryText` writes the
// variables' values into the document before it is sent.
import { Kind, parse, print, visit, type OperationDefinitionNode, type TypeNode, type ValueNode } from "graphql";
import type { AdminOperations } from "~/graphql/admin.generated";

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

// Collections with their products (docs/decisions/072): one JSONL row per collection, then
// one per product carrying the collection's id as __parentId.
export const COLLECTIONS_BULK_QUERY = `#graphql
  query StoreSyncCollectionsBulk {
    collections {
      edges {
        node {
          id
          title
          handle
          updatedAt
          ruleSet { appliedDisjunctively }
          products {
            edges {
              node {
                id
              }
            }
          }
        }
      }
    }
  }
`;

/** One collection and a page of its products: the re-read after a collections/* webhook. */
export const COLLECTION_PRODUCTS_QUERY = `#graphql
  query StoreSyncCollectionProducts($id: ID!, $after: String) {
    collection(id: $id) {
      id
      title
      handle
      updatedAt
      ruleSet { appliedDisjunctively }
      products(first: 250, after: $after) {
        nodes { id }
        pageInfo { hasNextPage endCursor }
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
          defaultPhoneNumber { phoneNumber marketingState }
          defaultAddress { country countryCodeV2 province provinceCode city address1 zip timeZone }
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
            lastVisit { source sourceType landingPage utmParameters { source medium } }
          }
          shippingAddress { country countryCodeV2 province }
          billingAddress { country countryCodeV2 province }
          totalDiscountsSet { shopMoney { amount currencyCode } }
          totalShippingPriceSet { shopMoney { amount currencyCode } }
          totalTaxSet { shopMoney { amount currencyCode } }
          totalWeight
          refunds { id createdAt totalRefundedSet { shopMoney { amount currencyCode } } }
          paymentGatewayNames
          transactions { gateway kind status fees { amount { amount currencyCode } } }
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

/**
 * One order's transactions with Shopify Payments' fees: the re-read after order_transactions/create
 * (the webhook's body carries no fees; docs/decisions/088).
 */
export const ORDER_FEES_QUERY = `#graphql
  query StoreSyncOrderFees($id: ID!) {
    order(id: $id) {
      id
      transactions { gateway kind status fees { amount { amount currencyCode } } }
    }
  }
`;

/** Orders processed since `since` (without read_all_orders Shopify only serves the last 60 days), or all. */
export function ordersBulkQuery(since: Date | null): string {
  return bulkQueryText(ORDERS_BULK_QUERY, { search: since ? `processed_at:>='${since.toISOString()}'` : null });
}

type Scalar = string | number | boolean;

/** A variable's value as a literal of its declared type (only the scalar types a search filter uses). */
function literal(name: string, type: TypeNode, value: Scalar): ValueNode {
  if (type.kind === Kind.NON_NULL_TYPE) return literal(name, type.type, value);
  const typeName = type.kind === Kind.NAMED_TYPE ? type.name.value : "list";
  if ((typeName === "String" || typeName === "ID") && typeof value === "string") return { kind: Kind.STRING, value };
  if (typeName === "Boolean" && typeof value === "boolean") return { kind: Kind.BOOLEAN, value };
  if (typeName === "Int" && Number.isSafeInteger(value)) return { kind: Kind.INT, value: String(value) };
  if (typeName === "Float" && typeof value === "number" && Number.isFinite(value))
    return { kind: Kind.FLOAT, value: String(value) };
  throw new Error(`Bulk query variable $${name}: cannot write ${JSON.stringify(value)} as ${typeName}`);
}

/**
 * The anonymous query bulkOperationRunQuery runs (it takes no variables): the document
 * with each variable's value written in its place (a default when none is given), an
 * argument whose optional variable is null left out, and the operation's name and
 * variable definitions dropped. Variables are typed by the generated code.
 */
export function bulkQueryText<D extends keyof AdminOperations>(
  document: D,
  variables: AdminOperations[D]["variables"],
): string {
  const ast = parse(document);
  const op = ast.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!op) throw new Error("A bulk query document holds one operation");
  const given = variables as Record<string, Scalar | null | undefined>;
  const declared = new Map((op.variableDefinitions ?? []).map((d) => [d.variable.name.value, d]));
  for (const key of Object.keys(given)) if (!declared.has(key)) throw new Error(`Bulk query has no variable $${key}`);
  const values = new Map<string, ValueNode | null>();
  for (const [name, def] of declared) {
    const value = given[name];
    if (value === null || value === undefined) {
      if (value === undefined && def.defaultValue) values.set(name, def.defaultValue);
      else if (def.type.kind === Kind.NON_NULL_TYPE) throw new Error(`Bulk query variable $${name} is required`);
      else values.set(name, null);
    } else values.set(name, literal(name, def.type, value));
  }
  const inlined = visit(ast, {
    OperationDefinition: (node) => ({ ...node, name: undefined, variableDefinitions: [] }),
    Directive: (node) => {
      if (node.arguments?.some((a) => a.value.kind === Kind.VARIABLE))
        throw new Error("Bulk queries take no variables in directives");
      return undefined;
    },
    Argument: (node) => {
      if (node.value.kind !== Kind.VARIABLE) return undefined;
      const value = values.get(node.value.name.value);
      return value ? { ...node, value } : null;
    },
    Variable: (node) => {
      throw new Error(`Bulk query variable $${node.name.value} is used inside a list or object`);
    },
  });
  return print(inlined);
}
