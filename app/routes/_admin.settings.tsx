// Settings. Sections are tabs (General first and by default, `?tab=plan` opens Plan &
// billing, `?tab=data` the store data and its import, `?tab=team` the team, `?tab=audit`
// the audit log); each tab's data is loaded only when it is open. General saves through
// its own route (settings_.general), which needs the write permission, not billing's.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRefusal, readForm } from "~/lib/forms";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Box, Tabs, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { StoreDataSettings } from "~/features/store-sync";
import { GeneralSettings, IntegrationsSettings, PlanSettings, generalValues } from "~/features/settings";
import {
  getGeneralSettings,
  getIntegrations,
  integrationsView,
  timeZoneOptions,
} from "~/features/settings/index.server";
import { getImportStatus, getStoreDataSummary } from "~/features/store-sync/index.server";
import { customerCounts } from "~/features/customers/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { TeamSettings, useCan, type RoutePermissions } from "~/features/team";
import { can, teamOverview } from "~/features/team/index.server";
import { AuditLog, auditFiltersSchema } from "~/features/audit";
import { listAudit } from "~/features/audit/index.server";
import { PerformancePanel } from "~/features/telemetry";
import { getPerformance } from "~/features/telemetry/index.server";
import { NotificationSettings } from "~/features/notifications";
import { getPreferences, preferencesView } from "~/features/notifications/index.server";
import { planAction, planView, type PlanActionResult } from "~/features/billing/index.server";
import { useRefusalToast } from "~/components/toasts";

export const permissions = { loader: "read", action: "manageBilling" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Settings · Profit Pilot" }];

const TABS = [
  { id: "general", content: "General" },
  { id: "plan", content: "Plan & billing" },
  { id: "integrations", content: "Integrations" },
  { id: "data", content: "Data" },
  { id: "team", content: "Team" },
  { id: "audit", content: "Audit log" },
  { id: "performance", content: "Performance" },
  { id: "notifications", content: "Notifications" },
] as const;

/** The open tab; an unknown or missing `?tab` opens the first. */
function tabIndex(requested: string | null) {
  return Math.max(
    0,
    TABS.findIndex((t) => t.id === requested),
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, demo, staff } = await requireAdmin(request, permissions.loader);
  const url = new URL(request.url);
  const tab = TABS[tabIndex(url.searchParams.get("tab"))].id;
  const filters = auditFiltersSchema.safeParse(Object.fromEntries(url.searchParams));
  const readsAudit = tab === "audit" && can(staff.role, "viewAudit");
  // The data tab counts the shop's rows: only when it is open.
  const [billing, storeData, team, audit, integrations, performance, general, notifications] = await Promise.all([
    planView(shop),
    tab === "data" ? Promise.all([getImportStatus(shop), getStoreDataSummary(shop), customerCounts(shop.id)]) : null,
    tab === "team" ? teamOverview(shop) : null,
    readsAudit
      ? listAudit(shop, filters.success ? filters.data : {}, Number(url.searchParams.get("auditPage")) || 1)
      : null,
    tab === "integrations" ? getIntegrations(shop).then((i) => integrationsView(i, shop.timezone)) : null,
    tab === "performance" ? getPerformance(shop) : null,
    tab === "general" ? getGeneralSettings(shop) : null,
    tab === "notifications" ? getPreferences(shop.id, staff.id).then(preferencesView) : null,
  ]);
  return {
    demo,
    shopDomain: shop.domain,
    timeZone: shop.timezone,
    ...billing,
    storeData: storeData && { importStatus: storeData[0], summary: storeData[1], customers: storeData[2] },
    team,
    audit,
    integrations,
    performance,
    notifications: notifications && { ...notifications, email: staff.email },
    general: general && { ...general, timeZones: timeZoneOptions(general.shopify.timezone, general.reportingTimezone) },
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data<PlanActionResult>({ ok: false, message: "Choose a plan." }, { status: 400 });
  return planAction(ctx, read.form);
});

function PlanSection() {
  const { demo, plan, trialEndsOn, subscription } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useRefusalToast(result);
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  return (
    <PlanSettings
      demo={demo}
      plan={plan}
      trialEndsOn={trialEndsOn}
      subscription={subscription}
      result={isRefusal(result) ? undefined : result}
      returned={params.get("billing")}
      busy={busy}
    />
  );
}

function GeneralSection() {
  const { demo, general } = useLoaderData<typeof loader>();
  const canWrite = useCan("write");
  if (!general) return null;
  return (
    <GeneralSettings
      saved={generalValues(general)}
      shopify={general.shopify}
      timeZones={general.timeZones}
      embedded={!demo}
      action="/settings/general"
      readOnly={!canWrite}
    />
  );
}

function DataSection() {
  const { demo, storeData } = useLoaderData<typeof loader>();
  // Only missing while the loader for the newly selected tab is still running.
  return storeData ? <StoreDataSettings demo={demo} {...storeData} /> : null;
}

function TeamSection() {
  const { team } = useLoaderData<typeof loader>();
  return team ? <TeamSettings team={team} /> : null;
}

function AuditSection() {
  const { audit, timeZone } = useLoaderData<typeof loader>();
  const allowed = useCan("viewAudit");
  if (!allowed) return <Text as="p">Only an Owner or Admin can read the audit log.</Text>;
  return audit ? <AuditLog audit={audit} timeZone={timeZone} /> : null;
}

function IntegrationsSection() {
  const { integrations } = useLoaderData<typeof loader>();
  return integrations ? <IntegrationsSettings integrations={integrations} /> : null;
}

function PerformanceSection() {
  const { performance } = useLoaderData<typeof loader>();
  return performance ? <PerformancePanel report={performance} /> : null;
}

function NotificationsSection() {
  const { notifications } = useLoaderData<typeof loader>();
  return notifications ? <NotificationSettings saved={notifications} /> : null;
}

const SECTIONS: Record<(typeof TABS)[number]["id"], () => JSX.Element | null> = {
  general: GeneralSection,
  plan: PlanSection,
  integrations: IntegrationsSection,
  data: DataSection,
  team: TeamSection,
  audit: AuditSection,
  performance: PerformanceSection,
  notifications: NotificationsSection,
};

export default function Settings() {
  const [params, setParams] = useSearchParams();
  const selected = tabIndex(params.get("tab"));
  const Section = SECTIONS[TABS[selected].id];
  const managesKeys = useCan("manageApiKeys");
  return (
    <AdminPage
      title="Settings"
      secondaryActions={managesKeys ? [{ content: "API keys", url: "/settings/api-keys" }] : undefined}
    >
      <Tabs
        tabs={TABS.map((t) => ({ id: t.id, content: t.content, panelID: `${t.id}-panel` }))}
        selected={selected}
        onSelect={(index) => setParams({ tab: TABS[index].id }, { preventScrollReset: true })}
      >
        <Box paddingBlockStart="400" id={`${TABS[selected].id}-panel`}>
          <Section />
        </Box>
      </Tabs>
    </AdminPage>
  );
}
