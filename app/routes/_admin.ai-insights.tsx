// /ai-insights (and /insights, the same screen: core.md §2.1): the shop's current insights from
// the engine (app/features/insights, docs/product/insights.md), tabs with live counts, Generate
// New Insights (queues a run the screen follows), and each insight's lifecycle.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dayInZone } from "~/lib/dates";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { TABS, insightActionSchema, InsightsScreen, type InsightActionResult } from "~/features/insights";
import {
  InsightError,
  actOnInsight,
  latestRun,
  listInsights,
  openRun,
  requestRun,
} from "~/features/insights/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "AI Insights · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab = TABS.find((t) => t.id === requested)?.id ?? "all";
  const [list, running, latest] = await Promise.all([
    listInsights(shop.id, tab === "all" ? undefined : tab),
    openRun(shop.id),
    latestRun(shop.id),
  ]);
  return { tab, currency: shop.currency, ...list, running, latest, now: new Date().toISOString() };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const { shop } = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data<InsightActionResult>({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = insightActionSchema.safeParse(read.values);
  if (!parsed.success)
    return data<InsightActionResult>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const action = parsed.data;
  if (action.intent === "snooze" && action.until <= dayInZone(new Date(), shop.timezone))
    return data<InsightActionResult>(
      { ok: false, fieldErrors: { until: ["Choose a day after today"] } },
      { status: 400 },
    );
  if (action.intent === "generate") {
    const { run } = await requestRun(shop.id, "manual");
    return data<InsightActionResult>({ ok: true, intent: "generate", run }, { status: 202 });
  }
  try {
    await actOnInsight(shop.id, action);
    return { ok: true, intent: action.intent } satisfies InsightActionResult;
  } catch (error) {
    if (!(error instanceof InsightError)) throw error;
    return data<InsightActionResult>({ ok: false, fieldErrors: { _form: [error.message] } }, { status: error.status });
  }
});

export default function AiInsights() {
  const loaded = useLoaderData<typeof loader>();
  return <InsightsScreen {...loaded} />;
}
