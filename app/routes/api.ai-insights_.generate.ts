// POST /api/ai-insights/generate with { storeId } (core.md §7): queues a run of the insight
// engine and answers 202 with it; while a run is queued or running, the answer is that run
// (never a second one). Another shop's storeId is 404, a malformed body 400, a Viewer 403.
import type { ActionFunctionArgs } from "@remix-run/node";
import { badRequest, json, methodNotAllowed, readJson } from "~/platform/http.server";
import { fieldErrorsOf } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import { generateBodySchema } from "~/features/insights";
import { requestRun } from "~/features/insights/index.server";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { action: "write" } satisfies RoutePermissions;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readJson(request);
  if (!read.ok) return read.response;
  const unstorable = unstorableText(read.body);
  if (Object.keys(unstorable).length) return badRequest(unstorable);
  const parsed = generateBodySchema.safeParse(read.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  assertOwnStore(ctx, parsed.data.storeId);
  const { run, created } = await requestRun(ctx.shop.id, "manual");
  return json({ run, created }, { status: 202, headers: { Location: `/api/ai-insights?runId=${run.id}` } });
}
