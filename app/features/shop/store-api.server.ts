// One way to write a /api/stores/{storeId}/… endpoint: authenticate (once per request)
// → the store in the path must be the caller's (404 otherwise, and for a malformed id)
// → the method → the JSON body read and checked (storable text, then the zod schema;
// 400 with field errors) → the handler → errors with an HTTP answer as their JSON
// envelope. Anything else is a real fault and propagates (logged without the input).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import { badRequest, isHttpAnswerable, json, methodNotAllowed, readJson } from "~/platform/http.server";
import { BUSY_MESSAGE, isContention } from "~/platform/prisma-errors";
import { assertOwnStore, requireAdmin, type AdminContext } from "~/features/shop/admin-context.server";
import type { Permission } from "~/features/team/index.server";

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Ids in our paths (cuid-like): anything else cannot be one of the caller's rows. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;

type HandlerArgs<Body> = {
  ctx: AdminContext;
  request: Request;
  params: Record<string, string>;
  body: Body;
};

type StoreApiOptions<S extends z.ZodType | undefined> = {
  /** What the caller's role must allow (app/features/team/permissions.ts); a 403 otherwise. */
  permission: Permission;
  /** Methods this export answers (default: GET for a loader's use, POST when a body schema is given). */
  methods?: Method[];
  /** Methods the route answers overall, for the Allow header of a 405 (default: `methods`). */
  allow?: Method[];
  /** The JSON body's schema; without one the body is not read. */
  body?: S;
  handle: (args: HandlerArgs<S extends z.ZodType ? z.output<S> : undefined>) => Promise<Response>;
};

/** A loader or action for a store-scoped JSON endpoint. */
export function storeApi<S extends z.ZodType | undefined = undefined>(options: StoreApiOptions<S>) {
  const methods = options.methods ?? (options.body ? ["POST"] : ["GET"]);
  return async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    const ctx = await requireAdmin(request, options.permission);
    assertOwnStore(ctx, params.storeId);
    const checked: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined) continue;
      if (name !== "*" && !ID.test(value)) return json({ error: "Not found" }, { status: 404 });
      checked[name] = value;
    }
    if (!(methods as string[]).includes(request.method)) return methodNotAllowed(options.allow ?? methods);
    let body: unknown = undefined;
    if (options.body) {
      const read = await readJson(request);
      if (!read.ok) return read.response;
      const unstorable = unstorableText(read.body);
      if (Object.keys(unstorable).length) return badRequest(unstorable);
      const parsed = options.body.safeParse(read.body);
      if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
      body = parsed.data;
    }
    try {
      return await options.handle({ ctx, request, params: checked, body: body as never });
    } catch (error) {
      if (error instanceof FieldError) return badRequest(error.fieldErrors);
      if (isHttpAnswerable(error)) return json(error.responseBody(), { status: error.status });
      // Another write held the database past the wait (SQLite across two server processes): nothing
      // was written; the caller may retry.
      if (isContention(error)) return json({ error: BUSY_MESSAGE }, { status: 503, headers: { "Retry-After": "1" } });
      throw error;
    }
  };
}
