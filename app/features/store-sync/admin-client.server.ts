// Calls to the Admin GraphQL API with Shopify's cost-based throttling respected:
// a THROTTLED answer (or HTTP 429) waits for the bucket to refill and retries.
// Errors and userErrors become AdminApiError; nothing is ignored.
import type { AdminOperations } from "~/graphql/admin.generated";
import type { GraphqlBody, GraphqlError, QueryCost, UserError } from "~/features/store-sync/admin-types";

export type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    readonly errors: unknown = null,
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}

export type RequestOptions = { maxRetries?: number; sleep?: (ms: number) => Promise<void> };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds until the bucket holds what the query asked for, from the cost extension. */
export function throttleWaitMs(cost: QueryCost | undefined, attempt: number): number {
  const status = cost?.throttleStatus;
  const requested = cost?.requestedQueryCost;
  if (status && requested && status.restoreRate > 0) {
    const missing = Math.max(0, requested - status.currentlyAvailable);
    return Math.ceil((missing / status.restoreRate) * 1000) + 250;
  }
  return Math.min(1000 * 2 ** attempt, 30_000);
}

type Failure = { errors: GraphqlError[]; cost?: QueryCost; retryAfterMs?: number; http429?: boolean };

/** The GraphQL errors of a thrown client error (GraphqlQueryError, HttpThrottlingError) or null. */
function failureOf(error: unknown): Failure | null {
  if (!error || typeof error !== "object") return null;
  const e = error as {
    body?: { errors?: { graphQLErrors?: GraphqlError[] } | GraphqlError[]; extensions?: { cost?: QueryCost } };
    retryAfter?: number;
    code?: number;
  };
  const raw = e.body?.errors;
  const errors = Array.isArray(raw) ? raw : (raw?.graphQLErrors ?? []);
  if (e.code === 429) return { errors, http429: true, retryAfterMs: e.retryAfter ? e.retryAfter * 1000 : undefined };
  if (!errors.length) return null;
  return { errors, cost: e.body?.extensions?.cost };
}

const isThrottled = (f: Failure) => f.http429 || f.errors.some((e) => e.extensions?.code === "THROTTLED");

/** Runs a query or mutation and returns its data, retrying while throttled. */
export async function adminRequest<T>(
  graphql: AdminGraphql,
  query: string,
  variables: Record<string, unknown> = {},
  { maxRetries = 8, sleep = defaultSleep }: RequestOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let failure: Failure | null = null;
    let body: GraphqlBody<T> | null = null;
    try {
      const response = await graphql(query, { variables });
      body = (await response.json()) as GraphqlBody<T>;
      if (body.errors?.length) failure = { errors: body.errors, cost: body.extensions?.cost };
    } catch (error) {
      if (error instanceof Response) throw error;
      failure = failureOf(error);
      if (!failure) throw error;
    }
    if (!failure) {
      if (!body?.data) throw new AdminApiError("The Admin API answered without data");
      return body.data;
    }
    if (isThrottled(failure) && attempt < maxRetries) {
      await sleep(failure.retryAfterMs ?? throttleWaitMs(failure.cost, attempt));
      continue;
    }
    const first = failure.errors[0];
    throw new AdminApiError(
      isThrottled(failure)
        ? "The Admin API kept throttling the request"
        : (first?.message ?? "Admin API request failed"),
      isThrottled(failure) ? "THROTTLED" : ((first?.extensions?.code as string | undefined) ?? null),
      failure.errors,
    );
  }
}

/**
 * Runs one of the app's #graphql documents: its result and variables are typed by the
 * code generated from it (app/graphql/admin.generated.ts), looked up by its text.
 */
export function adminOperation<D extends keyof AdminOperations>(
  graphql: AdminGraphql,
  document: D,
  variables: AdminOperations[D]["variables"],
  options?: RequestOptions,
): Promise<AdminOperations[D]["return"]> {
  return adminRequest<AdminOperations[D]["return"]>(graphql, document, variables, options);
}

/** Throws when a mutation answered with userErrors (the caller may catch a code it expects). */
export function assertNoUserErrors(userErrors: UserError[] | null | undefined, what: string) {
  if (userErrors?.length)
    throw new AdminApiError(
      `${what}: ${userErrors.map((e) => e.message).join("; ")}`,
      userErrors[0].code ?? "USER_ERROR",
      userErrors,
    );
}
