// POST /api/vitals: the admin page's Core Web Vitals (LCP, INP, CLS), sent by the browser
// as it leaves a page (docs/product/performance.md). Authenticated admin only; a body over
// 2 KB is a 413, anything that is not the schema a 400 with field errors; 204 when kept.
import type { ActionFunctionArgs } from "@remix-run/node";
import { fieldErrorsOf } from "~/lib/forms";
import { json, badRequest, methodNotAllowed } from "~/platform/http.server";
import { clientKey, consume } from "~/platform/rate-limit.server";
import { skipRequestTiming } from "~/platform/request-timing.server";
import { VITALS_BODY_LIMIT, vitalsBodySchema } from "~/features/telemetry";
import { recordVitals } from "~/features/telemetry/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

// Every role's pages are measured: sending a report needs only to be able to read.
export const permissions = { loader: "read", action: "read" } satisfies RoutePermissions;

const tooLarge = () => json({ error: `The body must be at most ${VITALS_BODY_LIMIT} bytes.` }, { status: 413 });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  // The reports are not admin requests to measure.
  skipRequestTiming(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireAdmin(request, permissions.action);
  if (Number(request.headers.get("content-length") ?? 0) > VITALS_BODY_LIMIT) return tooLarge();
  const text = await request.text();
  if (new TextEncoder().encode(text).length > VITALS_BODY_LIMIT) return tooLarge();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ error: "The request body must be JSON." }, { status: 400 });
  }
  const parsed = vitalsBodySchema.safeParse(body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  // Past a client's hourly budget the samples are dropped, as a sampler drops them: the answer is
  // still 204, because a 429 to a telemetry post only puts an error in the merchant's console.
  const limited = await consume([["vitalsByClient", `${shop.id}:${clientKey(request)}`]]);
  if (!limited) recordVitals(shop.id, parsed.data.metrics);
  return new Response(null, { status: 204 });
}
