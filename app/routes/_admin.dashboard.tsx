import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { BlockStack, InlineGrid } from "@shopify/polaris";
import { DashboardCardGrid } from "~/components/DashboardCardGrid";
import { AdminPage } from "~/components/AdminPage";
import { MetricsError, MetricsGrid, MetricsSkeleton, TopProductsCard, RevenueTrendCard } from "~/features/profit";
import { parseTimeframe } from "~/lib/timeframe";
import { getDashboardCached, topProductsByProfit } from "~/features/profit/index.server";
import { getImportStatus } from "~/features/store-sync/index.server";
import { ImportStatusCard } from "~/features/store-sync";
import { requireAdmin } from "~/features/shop/index.server";
import { useAutoRefresh } from "~/features/settings";
import { getDisplayPreferences } from "~/features/settings/index.server";
import type { RoutePermissions } from "~/features/team";
import { PerformanceCard } from "~/features/telemetry";
import { getPerformanceCached } from "~/features/telemetry/index.server";
import { describeError } from "~/lib/log-safe";
import { cardFigures } from "~/platform/cache.server";
import { FRESHNESS } from "~/platform/http.server";
import { formatInstant } from "~/lib/dates";
import { LoyaltyDashboardCard } from "~/features/loyalty";
import { dashboardLoyalty } from "~/features/loyalty/index.server";
import { useChangeSearchParams } from "~/components/search-params";
import { InsightsDashboardCard } from "~/features/insights";
import { dashboardInsights } from "~/features/insights/index.server";
import { EngagementCard } from "~/features/engagement";
import { engagementSummary } from "~/features/engagement/index.server";
import { DigitalAssetsDashboardCard } from "~/features/digital-assets";
import { assetFigures } from "~/features/digital-assets/index.server";
import { PrivacyComplianceCard } from "~/features/privacy";
import { privacyStatus } from "~/features/privacy/index.server";

export const permissions = { loader: "read" } satisfies RoutePermissions;

/** "As of Nov 28, 2026, 9:15 PM": when a card's figures were computed, in the store's time. */
function asOfText(computedAt: number, timeZone: string, windowSeconds: number): string {
  return `As of ${formatInstant(new Date(computedAt), timeZone)} (updated at least every ${windowSeconds / 60} minutes)`;
}

export const meta: MetaFunction = () => [{ title: "Dashboard · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, demo } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const days = parseTimeframe(params.get("days"));
  // Top Products by revenue (the cached dashboard) or, on the card's toggle, by profit.
  const rank = params.get("top") === "profit" ? ("profit" as const) : ("revenue" as const);
  // The other features' cards: figures at most their freshness window old, never recomputed while
  // the visit waits (decision 122); each says when it was computed. A failure hides the card.
  const card = <T,>(name: string, windowSeconds: number, compute: () => Promise<T>) =>
    cardFigures(shop, name, windowSeconds, compute).then(
      ({ value, computedAt }) => ({ value, asOf: asOfText(computedAt, shop.timezone, windowSeconds) }),
      (error) => {
        console.error(`dashboard ${name.split("|")[0]} failed: ${describeError(error)}`);
        return null;
      },
    );
  const [importStatus, performance, { autoRefresh, weekStart }, loyalty, insights, engagement, assets, privacy] =
    await Promise.all([
      getImportStatus(shop),
      getPerformanceCached(shop),
      getDisplayPreferences(shop.id),
      // A shop without a loyalty program (or members) gets no card.
      card(`loyalty|${days}`, FRESHNESS.loyalty, () => dashboardLoyalty(shop, days)),
      dashboardInsights(shop).catch((error) => {
        console.error(`dashboard insights failed: ${describeError(error)}`);
        return null;
      }),
      card("engagement", FRESHNESS.engagement, () => engagementSummary(shop.id).then((s) => s.totals)),
      // No card for a shop without collections.
      card("digital-assets", FRESHNESS.digitalAssets, () => assetFigures(shop.id)),
      // The same figures as GET /api/privacy-compliance.
      card("privacy", FRESHNESS.privacy, () => privacyStatus(shop)),
    ]);
  // A failure of the metrics shows their error card; the other cards still render.
  const figures = await getDashboardCached(shop, days, { weekStart })
    .then(async (dashboard) => ({
      dashboard,
      byProfit: rank === "profit" ? await topProductsByProfit(shop, dashboard.range) : null,
    }))
    .catch((error) => {
      console.error(`dashboard metrics failed: ${describeError(error)}`);
      return { dashboard: null, byProfit: null };
    });
  const cards = { loyalty, insights, engagement, assets, privacy, performance };
  return { days, rank, ...figures, ...cards, importStatus, demo, autoRefresh, shopCurrency: shop.currency };
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { days, dashboard, importStatus, demo, autoRefresh, shopCurrency, rank, byProfit } = data;
  useAutoRefresh(autoRefresh);
  const navigation = useNavigation();
  const change = useChangeSearchParams();
  const reloading = navigation.state === "loading" && navigation.location?.pathname === "/dashboard";
  const setParam = (name: string, value: string | null) => change({ [name]: value });

  return (
    <AdminPage
      title="Analytics Dashboard"
      subtitle={
        dashboard
          ? `${dashboard.range.from} to ${dashboard.range.to}${autoRefresh ? " · refreshes every 30 seconds" : ""}`
          : undefined
      }
    >
      <BlockStack gap="500">
        <ImportStatusCard status={importStatus} canResync={!demo} />
        {reloading ? (
          <MetricsSkeleton />
        ) : dashboard ? (
          <MetricsGrid
            metrics={dashboard.metrics}
            currency={dashboard.currency}
            margin={dashboard.profit.profitMargin}
            missingCosts={dashboard.missingCosts}
            days={days}
            comparable={dashboard.comparable}
          />
        ) : (
          <MetricsError />
        )}
        <InlineGrid columns={{ xs: 1, md: ["twoThirds", "oneThird"] }} gap="400">
          <div>
            <RevenueTrendCard
              days={days}
              figures={dashboard}
              reloading={reloading}
              onDays={(value) => setParam("days", value)}
            />
          </div>
          <TopProductsCard
            products={dashboard?.topProducts ?? null}
            currency={dashboard?.currency ?? ""}
            rank={rank}
            byProfit={byProfit}
            onRank={(value) => setParam("top", value === "profit" ? value : null)}
          />
        </InlineGrid>
        <FeatureCards data={data} currency={dashboard?.currency ?? shopCurrency} />
      </BlockStack>
    </AdminPage>
  );
}

/** The other features' cards in the spec's two-column rows, each with when its figures were computed. */
function FeatureCards({ data, currency }: { data: ReturnType<typeof useLoaderData<typeof loader>>; currency: string }) {
  const { days, insights, engagement, assets, loyalty, privacy, performance } = data;
  return (
    <DashboardCardGrid
      rows={[
        {
          id: "insights",
          columns: ["twoThirds", "oneThird"],
          slots: [
            { id: "ai-insights", card: insights && <InsightsDashboardCard data={insights} /> },
            {
              id: "customer-engagement",
              card: engagement && <EngagementCard totals={engagement.value} currency={currency} />,
              asOf: engagement?.asOf,
            },
          ],
        },
        {
          id: "programs",
          columns: ["oneHalf", "oneHalf"],
          slots: [
            {
              id: "digital-assets",
              card: assets && assets.value.collections > 0 && <DigitalAssetsDashboardCard data={assets.value} />,
              asOf: assets?.asOf,
            },
            {
              id: "loyalty",
              card: loyalty?.value && (
                <LoyaltyDashboardCard data={loyalty.value} currency={loyalty.value.currency} days={days} />
              ),
              asOf: loyalty?.asOf,
            },
          ],
        },
        {
          id: "operations",
          columns: ["oneHalf", "oneHalf"],
          slots: [
            {
              id: "privacy-compliance",
              card: privacy && <PrivacyComplianceCard status={privacy.value} />,
              asOf: privacy?.asOf,
            },
            { id: "app-performance", card: <PerformanceCard report={performance} /> },
          ],
        },
      ]}
    />
  );
}
