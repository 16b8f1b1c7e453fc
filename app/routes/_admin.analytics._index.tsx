// /analytics (issue 12): Order Trends, Traffic Sources, Top Regions and the Conversion Funnel
// for the last 7, 30, 90 or 365 days in the shop's time zone, against the previous period or
// the same period last year by weekday. Every figure is the registry's (analytics/metrics.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import {
  COMPARISON_TITLES,
  COMPARISONS,
  ConversionFunnel,
  DEFAULT_CARDS,
  ExportData,
  FigureCards,
  MarketingCard,
  OrderTrends,
  parseAnalyticsQuery,
  TIMEFRAME_KEYS,
  TIMEFRAME_TITLES,
  SavedDashboards,
  SYNC_MESSAGES,
  TopRegions,
  TrafficSources,
} from "~/features/analytics";
import {
  dashboardAction,
  dashboardAllowance,
  getAnalyticsCached,
  getDashboard,
  listDashboards,
  trafficStatus,
} from "~/features/analytics/index.server";
import { readForm } from "~/lib/forms";
import { planFor } from "~/features/billing";
import { MetricsSkeleton } from "~/features/profit";
import { getDisplayPreferences } from "~/features/settings/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { can, type RoutePermissions } from "~/features/team";
import { currentSearchParams } from "~/components/search-params";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Analytics · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, staff } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const query = parseAnalyticsQuery(params);
  if (!query.ok) throw data({ error: "Unknown timeframe or comparison", fieldErrors: query.errors }, { status: 400 });
  const dashboardId = params.get("dashboard");
  const [{ weekStart }, traffic, dashboards, allowance, active] = await Promise.all([
    getDisplayPreferences(shop.id),
    trafficStatus(shop),
    listDashboards(shop.id),
    dashboardAllowance(shop),
    dashboardId ? getDashboard(shop.id, dashboardId) : null,
  ]);
  if (dashboardId && !active) throw data({ error: "Dashboard not found" }, { status: 404 });
  const analytics = await getAnalyticsCached(shop, query.timeframe, query.comparison, { weekStart });
  return {
    analytics,
    traffic,
    exportFormats: planFor(shop.plan).exportFormats,
    dashboards,
    active,
    canWrite: can(staff.role, "write"),
    allowance: {
      used: allowance.used,
      max: allowance.max,
      canCreate: !allowance.refusal,
      refusal: allowance.refusal?.message ?? null,
      upgradeUrl: allowance.refusal?.upgradeUrl ?? "/settings?tab=plan",
    },
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const answer = await dashboardAction(ctx, read.values);
  if (!answer) return data({ ok: false, fieldErrors: { intent: ["Unknown action"] } }, { status: 400 });
  return data(answer.body, { status: answer.status });
});

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

export default function AnalyticsScreen() {
  const { analytics, traffic, exportFormats, dashboards, active, canWrite, allowance } = useLoaderData<typeof loader>();
  const cards = active?.cards.length ? active.cards : DEFAULT_CARDS;
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const reloading = navigation.state === "loading" && navigation.location?.pathname === "/analytics";
  const set = (key: string, value: string) =>
    setSearchParams(
      () => {
        const next = currentSearchParams();
        next.set(key, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const { range, comparisonRange } = analytics;

  return (
    <AdminPage
      title={active ? `Analytics: ${active.name}` : "Analytics"}
      subtitle={`${range.from} to ${range.to} · compared with ${comparisonRange.from} to ${comparisonRange.to}`}
      secondaryActions={[{ content: "Glossary", url: "/analytics/glossary" }]}
    >
      <BlockStack gap="500">
        <Card>
          <InlineStack gap="400" wrap blockAlign="end">
            <div style={{ minWidth: 180 }}>
              <Select
                label="Timeframe"
                options={TIMEFRAME_KEYS.map((k) => ({ label: TIMEFRAME_TITLES[k], value: k }))}
                value={analytics.timeframe}
                onChange={(v) => set("timeframe", v)}
              />
            </div>
            <div style={{ minWidth: 260 }}>
              <Select
                label="Compare with"
                options={COMPARISONS.map((c) => ({ label: COMPARISON_TITLES[c], value: c }))}
                value={analytics.comparison}
                onChange={(v) => set("comparison", v)}
              />
            </div>
          </InlineStack>
        </Card>
        {!analytics.comparable && (
          <Banner tone="info">
            The store&apos;s history does not cover enough of the comparison period, so changes are shown as —.
          </Banner>
        )}
        {traffic !== "ok" ? (
          <Banner tone="warning" title="Sessions and the funnel are missing">
            <span data-testid="traffic-missing">{SYNC_MESSAGES[traffic]}</span>
          </Banner>
        ) : (
          !analytics.hasTraffic && (
            <Banner tone="info" title="No sessions for this period">
              Shopify&apos;s analytics recorded no sessions in these days.
            </Banner>
          )
        )}
        <div style={{ opacity: reloading ? 0.5 : 1 }} data-testid="analytics-body">
          <BlockStack gap="500">
            {reloading ? <MetricsSkeleton /> : <FigureCards data={analytics} cards={cards} />}
            <Section title="Saved dashboards">
              <SavedDashboards
                dashboards={dashboards}
                activeId={active?.id ?? null}
                allowance={allowance}
                current={{ cards, timeframe: analytics.timeframe, comparison: analytics.comparison }}
                canWrite={canWrite}
              />
            </Section>
            <Section title="Order Trends">
              <OrderTrends data={analytics} />
            </Section>
            <Section title="Marketing">
              <MarketingCard data={analytics} />
            </Section>
            <Section title="Traffic Sources">
              <TrafficSources data={analytics} />
            </Section>
            <Section title="Conversion Funnel">
              <ConversionFunnel data={analytics} />
            </Section>
            <Section title="Top Regions">
              <TopRegions data={analytics} />
            </Section>
            <Section title="Export Data">
              <ExportData timeframe={analytics.timeframe} allowedFormats={exportFormats} />
            </Section>
          </BlockStack>
        </div>
      </BlockStack>
    </AdminPage>
  );
}
