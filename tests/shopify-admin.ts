// Recorded Admin API answers served through a fetch stub, for the duration of a
// test. Both the app's own fetch (bulk result downloads) and the Shopify client's
// (captured at import by its node adapter) are routed; restore() puts both back.
import fs from "node:fs";
import path from "node:path";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { buildSchema, executeSync, parse, validate, type GraphQLSchema } from "graphql";

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures", "shopify");

export function fixture<T = unknown>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8")) as T;
}

export function fixtureText(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), "utf8");
}

let adminSchema: GraphQLSchema | null = null;
const schema = () =>
  (adminSchema ??= buildSchema(
    fs.readFileSync(path.join(FIXTURES, "..", "..", "..", "app", "graphql", "admin-schema.graphql"), "utf8"),
  ));

/**
 * A recorded answer checked against the schema for the document asked: executed with the answer's
 * data as the root (default resolvers), a missing non-null field or a wrong shape is an error, so
 * a recording cannot drift from what Shopify documents. Returns the answer unchanged.
 */
export function checkedAnswer<T extends { data?: unknown }>(
  document: string,
  answer: T,
  variables: Record<string, unknown> = {},
): T {
  const result = executeSync({
    schema: schema(),
    document: parse(document),
    rootValue: answer.data,
    variableValues: variables,
  });
  if (result.errors?.length)
    throw new Error(`recorded answer does not fit the schema: ${result.errors.map((e) => e.message).join("; ")}`);
  return answer;
}

/**
 * What Shopify answers a document that does not validate against its schema (HTTP 200
 * with errors), or null when it validates. The fake store checks everything the app
 * sends, including the bulk query inside bulkOperationRunQuery, against the schema
 * the types are generated from.
 */
export function schemaErrors(document: string): Response | null {
  let errors: readonly { message: string }[];
  try {
    errors = validate(schema(), parse(document));
  } catch (error) {
    errors = [{ message: (error as Error).message }];
  }
  return errors.length
    ? jsonResponse({
        errors: errors.map((e) => ({ message: e.message, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } })),
      })
    : null;
}

export type Route = (request: Request) => Response | Promise<Response> | undefined | Promise<Response | undefined>;

/** Replaces every fetch with `route`; any request it does not answer fails the test. */
export function stubAdminApi(route: Route): { restore: () => void; requests: Request[] } {
  const originalFetch = globalThis.fetch;
  const originalAbstract = abstractFetch;
  const requests: Request[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const response = await route(request);
    if (!response) throw new Error(`No recorded response for ${request.method} ${request.url}`);
    return response;
  };
  globalThis.fetch = stub as typeof fetch;
  setAbstractFetchFunc(stub as typeof fetch);
  return {
    requests,
    restore: () => {
      globalThis.fetch = originalFetch;
      setAbstractFetchFunc(originalAbstract);
    },
  };
}

export const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/** A byte stream of `text` in small chunks; fails after `failAfterBytes` when given (a dropped download). */
export function streamedResponse(
  text: string,
  { chunkSize = 64, failAfterBytes }: { chunkSize?: number; failAfterBytes?: number } = {},
) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (failAfterBytes !== undefined && offset >= failAfterBytes) {
          controller.error(new Error("Connection reset while downloading the bulk result"));
          return;
        }
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunkSize));
        offset += chunkSize;
      },
    }),
    { headers: { "Content-Type": "application/jsonl" } },
  );
}

type BulkKind = "products" | "collections" | "customers" | "orders";

/**
 * A shop's Admin API as the import sees it: bulkOperationRunQuery starts an
 * operation per kind (from recorded answers), the first poll says RUNNING, the next
 * COMPLETED, and the result URL serves the kind's JSONL fixture.
 */
export function fixtureStore(
  files: Record<BulkKind, string> = {
    products: "bulk-products.jsonl",
    collections: "bulk-collections.jsonl",
    customers: "bulk-customers.jsonl",
    orders: "bulk-orders.jsonl",
  },
  options: {
    download?: (kind: BulkKind, text: string, attempt: number) => Response;
    beforeGraphql?: (op: string, attempt: number) => Response | undefined;
  } = {},
) {
  const ops = new Map<string, { kind: BulkKind; polls: number }>();
  const downloads = new Map<BulkKind, number>();
  const calls = new Map<string, number>();
  const state = { started: [] as { kind: BulkKind; query: string }[], checkoutQueries: [] as string[] };
  const route: Route = async (request) => {
    const url = new URL(request.url);
    if (url.hostname === "storage.test") {
      const kind = url.pathname.split("/").pop()!.replace(".jsonl", "") as BulkKind;
      const attempt = (downloads.get(kind) ?? 0) + 1;
      downloads.set(kind, attempt);
      const text = fixtureText(files[kind]);
      return options.download?.(kind, text, attempt) ?? streamedResponse(text);
    }
    if (!url.pathname.endsWith("/graphql.json")) return undefined;
    const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
    const op = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous";
    const attempt = (calls.get(op) ?? 0) + 1;
    calls.set(op, attempt);
    const early = options.beforeGraphql?.(op, attempt);
    if (early) return early;
    const invalid = schemaErrors(body.query);
    if (invalid) return invalid;
    if (op === "StoreSyncRunBulkQuery") {
      const query = String(body.variables?.query ?? "");
      const invalidBulk = schemaErrors(query);
      if (invalidBulk) return invalidBulk;
      const kind: BulkKind = /collections\s*\{/.test(query)
        ? "collections"
        : /products\s*\{/.test(query)
          ? "products"
          : /customers\s*\{/.test(query)
            ? "customers"
            : "orders";
      const id = `gid://shopify/BulkOperation/${ops.size + 1}`;
      ops.set(id, { kind, polls: 0 });
      state.started.push({ kind, query });
      const answer = fixture<{ data: { bulkOperationRunQuery: { bulkOperation: { id: string } } } }>(
        "bulk-operation-run.json",
      );
      answer.data.bulkOperationRunQuery.bulkOperation.id = id;
      return jsonResponse(answer);
    }
    if (op === "StoreSyncBulkOperation") {
      const id = String(body.variables?.id);
      const entry = ops.get(id);
      if (!entry) return jsonResponse({ data: { node: null } });
      entry.polls++;
      const answer = fixture<{ data: { node: Record<string, unknown> } }>(
        entry.polls === 1 ? "bulk-operation-running.json" : "bulk-operation-completed.json",
      );
      answer.data.node.id = id;
      if (entry.polls > 1) {
        answer.data.node.url = `https://storage.test/bulk/${entry.kind}.jsonl`;
        answer.data.node.objectCount = String(fixtureText(files[entry.kind]).trim().split("\n").length);
      }
      return jsonResponse(answer);
    }
    if (op === "StoreSyncCurrentBulkOperation") return jsonResponse(fixture("current-bulk-operation-running.json"));
    if (op === "StoreSyncAbandonedCheckouts") {
      state.checkoutQueries.push(String(body.variables?.query ?? ""));
      return jsonResponse(
        checkedAnswer(
          body.query,
          fixture(body.variables?.after ? "abandoned-checkouts-page-2.json" : "abandoned-checkouts-page-1.json"),
          body.variables,
        ),
      );
    }
    return undefined;
  };
  return { route, state, downloads };
}
