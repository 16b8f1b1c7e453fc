// /ai-insights/history: past insights (done, dismissed, snoozed, expired) with their reason and
// dates in the shop's time zone, 20 a page (docs/product/insights.md#history).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { InsightHistoryScreen } from "~/features/insights";
import { insightHistory } from "~/features/insights/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Insight history · Profit Pilot" }];

/** A page number; anything else is the first page (a stale or hand-edited link, not an error). */
const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  return insightHistory(shop, page);
}

export default function InsightHistoryRoute() {
  return <InsightHistoryScreen {...useLoaderData<typeof loader>()} />;
}
