// The bulk documents against the schema they were generated from, and the recorded
// JSONL fixtures against the documents: every row holds exactly what its document
// selects, so the fixtures are what Shopify would send for these queries.
import { readFileSync } from "node:fs";
import { buildSchema, Kind, parse, validate, type FieldNode, type SelectionSetNode } from "graphql";
import { describe, expect, it } from "vitest";
import { fixtureText } from "~tests/shopify-admin";
import {
  bulkQueryText,
  CUSTOMERS_BULK_QUERY,
  ORDERS_BULK_QUERY,
  ordersBulkQuery,
  PRODUCTS_BULK_QUERY,
} from "~/features/store-sync/queries";

const schema = buildSchema(readFileSync("app/graphql/admin-schema.graphql", "utf8"));

const fieldsOf = (set: SelectionSetNode) => set.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
const isConnection = (f: FieldNode) =>
  !!f.selectionSet && fieldsOf(f.selectionSet).some((c) => c.name.value === "edges");

/** The node selection of a connection field: `orders { edges { node { … } } }`. */
function nodeOf(field: FieldNode): SelectionSetNode {
  const edges = fieldsOf(field.selectionSet!).find((f) => f.name.value === "edges")!;
  return fieldsOf(edges.selectionSet!).find((f) => f.name.value === "node")!.selectionSet!;
}

/** Every row type of a bulk document, by the Shopify type in its ids. */
function rowShapes(document: string): Map<string, SelectionSetNode> {
  const op = parse(document).definitions[0];
  if (op.kind !== Kind.OPERATION_DEFINITION) throw new Error("not an operation");
  const shapes = new Map<string, SelectionSetNode>();
  const typeNames: Record<string, string> = {
    orders: "Order",
    lineItems: "LineItem",
    products: "Product",
    variants: "ProductVariant",
    inventoryLevels: "InventoryLevel",
    customers: "Customer",
  };
  const walk = (set: SelectionSetNode) => {
    for (const f of fieldsOf(set)) {
      if (isConnection(f)) {
        shapes.set(typeNames[f.name.value], nodeOf(f));
        walk(nodeOf(f));
      } else if (f.selectionSet) walk(f.selectionSet);
    }
  };
  walk(op.selectionSet);
  return shapes;
}

/** The keys a row must have: the selection without nested connections (their rows come separately). */
function expectShape(value: unknown, set: SelectionSetNode, path: string) {
  if (value === null) return;
  if (Array.isArray(value)) return value.forEach((v, i) => expectShape(v, set, `${path}[${i}]`));
  const fields = fieldsOf(set).filter((f) => !isConnection(f));
  const row = value as Record<string, unknown>;
  expect(
    Object.keys(row)
      .filter((k) => k !== "__parentId")
      .sort(),
    path,
  ).toEqual(fields.map((f) => f.name.value).sort());
  for (const f of fields) if (f.selectionSet) expectShape(row[f.name.value], f.selectionSet, `${path}.${f.name.value}`);
}

describe("bulk documents", () => {
  it("are valid against the Admin schema once their variables are written in", () => {
    for (const text of [
      bulkQueryText(PRODUCTS_BULK_QUERY, {}),
      bulkQueryText(CUSTOMERS_BULK_QUERY, {}),
      ordersBulkQuery(null),
      ordersBulkQuery(new Date("2026-04-01T00:00:00Z")),
    ]) {
      expect(validate(schema, parse(text))).toEqual([]);
      expect(text).not.toContain("$");
      expect(text.trimStart().startsWith("{")).toBe(true);
    }
  });

  it("write the orders filter in as a string argument, or leave it out", () => {
    expect(ordersBulkQuery(new Date("2026-04-01T00:00:00Z"))).toContain(
      `orders(query: "processed_at:>='2026-04-01T00:00:00.000Z'")`,
    );
    expect(ordersBulkQuery(null)).toMatch(/^\{\n\s+orders \{/);
  });

  it("refuse variables the document does not declare, or values of the wrong type", () => {
    expect(() => bulkQueryText(ORDERS_BULK_QUERY, { serach: "x" } as never)).toThrow(/no variable \$serach/);
    expect(() => bulkQueryText(ORDERS_BULK_QUERY, { search: 42 } as never)).toThrow(/cannot write 42 as String/);
  });

  it("escape what they write in", () => {
    const text = bulkQueryText(ORDERS_BULK_QUERY, { search: `name:"#1001" OR tag:\\x` });
    expect(text).toContain(`orders(query: "name:\\"#1001\\" OR tag:\\\\x")`);
    expect(validate(schema, parse(text))).toEqual([]);
  });
});

describe("recorded bulk JSONL fixtures", () => {
  it.each([
    ["bulk-orders.jsonl", ORDERS_BULK_QUERY],
    ["bulk-products.jsonl", PRODUCTS_BULK_QUERY],
    ["bulk-customers.jsonl", CUSTOMERS_BULK_QUERY],
  ])("%s holds exactly what its document selects", (file, document) => {
    const shapes = rowShapes(document);
    const rows = fixtureText(file)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: string });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const type = /^gid:\/\/shopify\/(\w+)\//.exec(row.id)?.[1] ?? "";
      expect(shapes.has(type), `${file}: ${row.id}`).toBe(true);
      expectShape(row, shapes.get(type)!, `${file}: ${row.id}`);
    }
  });
});
