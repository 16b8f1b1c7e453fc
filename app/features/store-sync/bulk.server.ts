// Admin API bulk operations: start one (or find the one already running), follow it,
// and read its JSONL result line by line without ever holding the file.
import type { BulkOperationStatus } from "~/graphql/admin.generated";
import {
  adminOperation,
  AdminApiError,
  assertNoUserErrors,
  type AdminGraphql,
  type RequestOptions,
} from "~/features/store-sync/admin-client.server";
import type { BulkOperation } from "~/features/store-sync/admin-types";

export const BULK_RUN_MUTATION = `#graphql
  mutation StoreSyncRunBulkQuery($query: String!) {
    bulkOperationRunQuery(query: $query, groupObjects: false) {
      bulkOperation { id status }
      userErrors { field message code }
    }
  }
`;

export const BULK_OPERATION_QUERY = `#graphql
  query StoreSyncBulkOperation($id: ID!) {
    node(id: $id) {
      ... on BulkOperation { id status errorCode objectCount url partialDataUrl createdAt completedAt }
    }
  }
`;

export const CURRENT_BULK_OPERATION_QUERY = `#graphql
  query StoreSyncCurrentBulkOperation {
    currentBulkOperation(type: QUERY) { id status errorCode objectCount url createdAt completedAt }
  }
`;

type OperationState = { id: string; status: BulkOperationStatus };
export type StartResult =
  { started: true; operation: OperationState } | { started: false; running: OperationState | null };

/**
 * Starts a bulk query. When the shop already has one running (Shopify allows one
 * query operation per app and shop) nothing is started and the running one is
 * returned, to be waited for rather than duplicated.
 */
export async function startBulkQuery(
  graphql: AdminGraphql,
  query: string,
  options?: RequestOptions,
): Promise<StartResult> {
  const data = await adminOperation(graphql, BULK_RUN_MUTATION, { query }, options);
  const result = data.bulkOperationRunQuery;
  if (!result) throw new AdminApiError("bulkOperationRunQuery returned nothing");
  // One running already, or the shop's limit of concurrent bulk operations reached: wait, then ask again.
  const busy = result.userErrors.find(
    (e) => e.code === "OPERATION_IN_PROGRESS" || e.code === "LIMIT_REACHED" || /already in progress/i.test(e.message),
  );
  if (busy) {
    const current = await adminOperation(graphql, CURRENT_BULK_OPERATION_QUERY, {}, options);
    return { started: false, running: current.currentBulkOperation ?? null };
  }
  assertNoUserErrors(result.userErrors, "Could not start the bulk import");
  if (!result.bulkOperation) throw new AdminApiError("bulkOperationRunQuery returned no operation");
  return { started: true, operation: result.bulkOperation };
}

export async function getBulkOperation(
  graphql: AdminGraphql,
  id: string,
  options?: RequestOptions,
): Promise<BulkOperation> {
  const data = await adminOperation(graphql, BULK_OPERATION_QUERY, { id }, options);
  if (!data.node || !("id" in data.node)) throw new AdminApiError(`Bulk operation ${id} not found`, "NOT_FOUND");
  return data.node;
}

export const isFinished = (op: OperationState) =>
  op.status !== "CREATED" && op.status !== "RUNNING" && op.status !== "CANCELING";

/** Splits a byte stream into lines (UTF-8 safe across chunk boundaries), yielding each non-empty line. */
export async function* lines(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of chunks) {
    rest += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = rest.indexOf("\n", start); nl !== -1; nl = rest.indexOf("\n", start)) {
      const line = rest.slice(start, nl).trim();
      start = nl + 1;
      if (line) yield line;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest.trim()) yield rest.trim();
}

/**
 * Calls `handle` for each non-empty line of a byte stream (numbered from 1, the same
 * lines `lines()` yields), synchronously within each chunk: only a promise that
 * `handle` returns (a batch being written) is awaited. For the import's hot loop,
 * where an async generator step per line costs more than reading the line.
 */
export async function eachLine(
  chunks: AsyncIterable<Uint8Array | string>,
  handle: (lineNo: number, line: string) => void | Promise<void>,
): Promise<number> {
  const decoder = new TextDecoder();
  let rest = "";
  let lineNo = 0;
  for await (const chunk of chunks) {
    rest += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = rest.indexOf("\n", start); nl !== -1; nl = rest.indexOf("\n", start)) {
      const line = rest.slice(start, nl).trim();
      start = nl + 1;
      if (!line) continue;
      const pending = handle(++lineNo, line);
      if (pending) await pending;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  const last = rest.trim();
  if (last) {
    const pending = handle(++lineNo, last);
    if (pending) await pending;
  }
  return lineNo;
}

/** The result file of a bulk operation as a byte stream (read as it downloads). */
export async function downloadJsonl(url: string): Promise<AsyncIterable<Uint8Array>> {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    throw new AdminApiError(
      `Downloading the bulk result failed (HTTP ${response.status})`,
      response.status === 403 || response.status === 404 ? "RESULT_EXPIRED" : "DOWNLOAD_FAILED",
    );
  }
  return response.body as unknown as AsyncIterable<Uint8Array>;
}
