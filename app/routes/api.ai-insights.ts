// GET /api/ai-insights (core.md §7 "Insights list"; docs/product/insights.md): the shop's current
// insights, best first, with the counts per category and the last run; `?runId=` adds that run's
// state (the screen follows a run with it; another shop's run is 404). 10-minute freshness
// (core.md §9) is left to the client: the answer is never cached, a run changes it at once.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, json } from "~/platform/http.server";
import { CATEGORIES, type Category } from "~/features/insights";
import { getRun, listInsights } from "~/features/insights/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const category = params.get("category");
  if (category !== null && !(CATEGORIES as readonly string[]).includes(category))
    return badRequest({ category: [`Use one of: ${CATEGORIES.join(", ")}`] });
  const runId = params.get("runId");
  const run = runId === null ? null : ID.test(runId) ? await getRun(shop.id, runId) : null;
  if (runId !== null && !run) return json({ error: "Not found" }, { status: 404 });
  const list = await listInsights(shop.id, (category as Category | null) ?? undefined);
  return json(
    { storeId: shop.id, currency: shop.currency, ...list, ...(run ? { run } : {}) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
