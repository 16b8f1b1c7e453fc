// GET /api/import: the store import's status. POST /api/import: { intent: "resync" }
// starts a full import (unless one is running); { intent: "retry", runId } resumes a
// failed one.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, json, methodNotAllowed, readJson } from "~/platform/http.server";
import { getImportStatus } from "~/features/store-sync/index.server";
import { fieldErrorsOf } from "~/lib/forms";
import { importActionSchema } from "~/features/store-sync";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { requestResync, retryImport } from "~/features/store-sync/index.server";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return json(await getImportStatus(shop), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { shop, demo } = await requireAdmin(request, permissions.action);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const body = await readJson(request);
  if (!body.ok) return body.response;
  const parsed = importActionSchema.safeParse(body.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  if (demo) return json({ error: "The demo store has no Shopify data to import." }, { status: 409 });
  if (parsed.data.intent === "resync") {
    await requestResync(shop);
  } else if (!(await retryImport(shop.id, parsed.data.runId))) {
    return json({ error: "Only a failed import of this store can be retried." }, { status: 409 });
  }
  return json(await getImportStatus(shop), { status: 202 });
}
