// Settings. Sections are tabs (`?tab=plan` opens Plan & billing, `?tab=data` the store
// data and its import); later sections (general, notifications, team, performance) are
// added as tabs here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Button, Card, DescriptionList, Divider, InlineGrid, InlineStack, List, Tabs, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { ImportStatusCard } from "~/features/store-sync";
import { INTEGRATIONS } from "~/content/integrations";
import { SITE, mailto } from "~/content/site";
import { COMPARISON_ROWS, PLANS, PLAN_ORDER, annualSaving, planFor, priceView, wholeUsd, type PlanId } from "~/features/billing";
import { getImportStatus } from "~/features/store-sync/index.server";
import { getStoreDataSummary } from "~/features/store-sync/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import { cancelSubscription, getBillingState, requestUpgrade, switchPlanLocally, type BillingApi } from "~/features/billing/index.server";

export const meta: MetaFunction = () => [{ title: "Settings · Profit Pilot" }];

const TABS = [
  { id: "plan", content: "Plan & billing" },
  { id: "integrations", content: "Integrations" },
  { id: "data", content: "Data" },
] as const;

/** The open tab; an unknown or missing `?tab` opens the first. */
function tabIndex(requested: string | null) {
  return Math.max(0, TABS.findIndex((t) => t.id === requested));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, demo } = await requireAdmin(request);
  const tab = TABS[tabIndex(new URL(request.url).searchParams.get("tab"))].id;
  // The data tab counts the shop's rows: only when it is open.
  const [subscription, storeData] = await Promise.all([
    getBillingState(shop.id),
    tab === "data" ? Promise.all([getImportStatus(shop), getStoreDataSummary(shop)]) : null,
  ]);
  const now = Date.now();
  return {
    demo,
    shopDomain: shop.domain,
    plan: planFor(shop.plan).id,
    trialEndsAt: shop.trialEndsAt && shop.trialEndsAt.getTime() > now ? shop.trialEndsAt.toISOString() : null,
    subscription: subscription && { status: subscription.status, interval: subscription.interval, currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null },
    storeData: storeData && { importStatus: storeData[0], summary: storeData[1] },
  };
}

type ActionResult = { ok: boolean; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (ctx.demo) {
    const target = String(form.get("plan") ?? "");
    if (intent !== "switch" || !(PLAN_ORDER as string[]).includes(target)) return data<ActionResult>({ ok: false, message: "Choose a plan." }, { status: 400 });
    await switchPlanLocally(ctx.shop, target as PlanId);
    return data<ActionResult>({ ok: true, message: `Demo store switched to ${PLANS[target as PlanId].name}. No charge was made.` });
  }
  const api = ctx.billing as unknown as BillingApi;
  if (intent === "upgrade") {
    const cycle = form.get("cycle") === "annual" ? "annual" : "monthly";
    // Throws the redirect to Shopify's approval page.
    return requestUpgrade(ctx.shop, api, cycle);
  }
  if (intent === "cancel") {
    await cancelSubscription(ctx.shop, api);
    return data<ActionResult>({ ok: true, message: "Your subscription is cancelled. The store is now on the Starter plan." });
  }
  return data<ActionResult>({ ok: false, message: "Unknown action." }, { status: 400 });
}

function formatDate(iso: string) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(iso));
}

function PlanSection() {
  const { demo, plan, trialEndsAt, subscription } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const current = PLANS[plan];
  const saving = annualSaving(PLANS.pro);
  const returned = params.get("billing");

  return (
    <BlockStack gap="400">
      {demo && (
        <Banner tone="info" title="Demo store">
          <p>Switching plans here only changes the demo store's stored plan. No charge is made.</p>
        </Banner>
      )}
      {returned === "approved" && <Banner tone="success" title="Subscription approved">Your store is on the Pro plan.</Banner>}
      {returned === "not-approved" && <Banner tone="warning" title="No active subscription">The subscription was not approved; your plan is unchanged.</Banner>}
      {result && (
        <Banner tone={result.ok ? "success" : "critical"}>
          <p>{result.message}</p>
        </Banner>
      )}
      <Card>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Current plan: {current.name}
            </Text>
            {trialEndsAt && <Badge tone="attention">{`Trial ends ${formatDate(trialEndsAt)}`}</Badge>}
          </InlineStack>
          {subscription && !demo && (
            <Text as="p" tone="subdued">
              Shopify subscription: {subscription.interval}, {subscription.status.toLowerCase()}
              {subscription.currentPeriodEnd ? `, current period ends ${formatDate(subscription.currentPeriodEnd)}` : ""}.
            </Text>
          )}
          <Text as="p" tone="subdued">
            Charges appear on your Shopify invoice. Paid plans are billed in advance and start with a {PLANS.pro.trialDays}-day free trial.
          </Text>
        </BlockStack>
      </Card>
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        {PLAN_ORDER.map((id) => {
          const p = PLANS[id];
          const monthly = priceView(p, "monthly");
          const isCurrent = id === plan;
          return (
            <Card key={id}>
              <BlockStack gap="300">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h3" variant="headingMd">
                    {p.name}
                  </Text>
                  {isCurrent && <Badge tone="success">Current</Badge>}
                  {p.mostPopular && !isCurrent && <Badge tone="info">Most Popular</Badge>}
                </InlineStack>
                <Text as="p" variant="headingLg">
                  {monthly.amount}
                  {monthly.period}
                </Text>
                {id === "pro" && (
                  <Text as="p" tone="subdued">
                    or {wholeUsd(p.annualPriceMinor!)}/year (save {wholeUsd((saving ?? 0) * 100)})
                  </Text>
                )}
                <List>
                  {COMPARISON_ROWS.slice(0, 6).map((row) => (
                    <List.Item key={row.label}>
                      {row.label}: {row.value(p)}
                    </List.Item>
                  ))}
                </List>
                <Divider />
                {demo ? (
                  isCurrent ? (
                    <Text as="p" tone="subdued">
                      Your current plan
                    </Text>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="switch" />
                      <input type="hidden" name="plan" value={id} />
                      <Button submit loading={busy} variant={id === "pro" ? "primary" : undefined}>
                        {`Switch to ${p.name} (demo, no charge)`}
                      </Button>
                    </Form>
                  )
                ) : id === "pro" && !isCurrent ? (
                  <BlockStack gap="200">
                    <Form method="post">
                      <input type="hidden" name="intent" value="upgrade" />
                      <input type="hidden" name="cycle" value="monthly" />
                      <Button submit variant="primary" loading={busy}>
                        {`Start ${p.trialDays}-day trial, then ${wholeUsd(p.monthlyPriceMinor!)}/month`}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="upgrade" />
                      <input type="hidden" name="cycle" value="annual" />
                      <Button submit loading={busy}>
                        {`Start trial, then ${wholeUsd(p.annualPriceMinor!)}/year`}
                      </Button>
                    </Form>
                  </BlockStack>
                ) : id === "pro" && isCurrent ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    <Button submit tone="critical" loading={busy}>
                      Cancel subscription (back to Starter)
                    </Button>
                  </Form>
                ) : id === "enterprise" ? (
                  <Button url={mailto(SITE.emails.sales, "Enterprise plan")} external>
                    Contact Sales
                  </Button>
                ) : isCurrent ? (
                  <Text as="p" tone="subdued">
                    Free plan
                  </Text>
                ) : (
                  <Text as="p" tone="subdued">
                    Cancel Pro to return to Starter.
                  </Text>
                )}
              </BlockStack>
            </Card>
          );
        })}
      </InlineGrid>
    </BlockStack>
  );
}

function IntegrationsSection() {
  const { shopDomain } = useLoaderData<typeof loader>();
  return (
    <Card padding="0">
      {INTEGRATIONS.map((integration, i) => {
        const connected = integration.id === "shopify";
        return (
          <Box key={integration.id} id={`integration-${integration.id}`} padding="400" borderBlockStartWidth={i ? "025" : "0"} borderColor="border">
            <InlineStack align="space-between" blockAlign="center" gap="300">
              <BlockStack gap="100">
                {/* align is explicit: Polaris stack alignment is a CSS variable that nested stacks would inherit. */}
                <InlineStack gap="200" blockAlign="center" align="start">
                  <Text as="h3" variant="headingSm">
                    {integration.name}
                  </Text>
                  <Badge tone={connected ? "success" : integration.status === "Available" ? "info" : undefined}>
                    {connected ? "Connected" : integration.status === "Available" ? "Available" : "Coming soon"}
                  </Badge>
                </InlineStack>
                <Text as="p" tone="subdued">
                  {connected
                    ? `Connected by installing the app on ${shopDomain}.`
                    : integration.id === "shopify-plus"
                      ? "Included in the Shopify connection when your store is on Shopify Plus."
                      : integration.description}
                </Text>
              </BlockStack>
              <Text as="span" tone="subdued">
                {integration.category}
              </Text>
            </InlineStack>
          </Box>
        );
      })}
    </Card>
  );
}

const COUNT_LABELS = [
  ["products", "Products"],
  ["variants", "Variants"],
  ["customers", "Customers"],
  ["orders", "Orders"],
  ["refunds", "Refunds"],
] as const;

function DataSection() {
  const { demo, storeData } = useLoaderData<typeof loader>();
  // Only missing while the loader for the newly selected tab is still running.
  if (!storeData) return null;
  const { importStatus, summary } = storeData;
  const n = (v: number) => v.toLocaleString("en-US");
  return (
    <BlockStack gap="400">
      {demo && (
        <Banner tone="info" title="Sample data, not imported">
          <p>
            The demo store is seeded with sample data rather than imported from Shopify, so there is nothing to resync. Installed in a real
            store, the app imports its products, customers and orders here and keeps them current.
          </p>
        </Banner>
      )}
      {/* The same card, Resync and Retry as on the dashboard. */}
      <ImportStatusCard status={importStatus} canResync={!demo} />
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              What is synced
            </Text>
            <Text as="p" tone="subdued">
              Stored in Profit Pilot for this store. Products and customers deleted in Shopify are kept for their past orders but not counted.
            </Text>
          </BlockStack>
          <InlineGrid columns={{ xs: 2, sm: 3, md: 5 }} gap="300">
            {COUNT_LABELS.map(([key, label]) => (
              <Box key={key} padding="300" background="bg-surface-secondary" borderRadius="200">
                <BlockStack gap="100">
                  <Text as="p" tone="subdued">
                    {label}
                  </Text>
                  <Text as="p" variant="headingLg" id={`synced-${key}`}>
                    {n(summary.counts[key])}
                  </Text>
                </BlockStack>
              </Box>
            ))}
          </InlineGrid>
          <DescriptionList
            gap="tight"
            items={[
              { term: "Oldest order", description: summary.oldestOrderDay ?? "No orders yet" },
              { term: "Newest order", description: summary.newestOrderDay ?? "No orders yet" },
              { term: "Last import finished", description: summary.lastImportFinishedDay ?? (demo ? "Never (seeded demo data)" : "Not yet") },
            ]}
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            How syncing works
          </Text>
          <List>
            <List.Item>
              Shopify sends every new or changed order, refund, product, inventory level and customer to the app as it happens (webhooks), so
              your figures stay current without a resync.
            </List.Item>
            <List.Item>
              Resync imports the whole store again. It is safe at any time: records that are already right stay as they are, and only missing or
              outdated ones are corrected.
            </List.Item>
            <List.Item>Use it if a figure here does not match what you see in Shopify.</List.Item>
          </List>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

export default function Settings() {
  const [params, setParams] = useSearchParams();
  const selected = tabIndex(params.get("tab"));
  return (
    <AdminPage title="Settings">
      <Tabs
        tabs={TABS.map((t) => ({ id: t.id, content: t.content, panelID: `${t.id}-panel` }))}
        selected={selected}
        onSelect={(index) => setParams({ tab: TABS[index].id }, { preventScrollReset: true })}
      >
        <Box paddingBlockStart="400" id={`${TABS[selected].id}-panel`}>
          {TABS[selected].id === "plan" ? <PlanSection /> : TABS[selected].id === "data" ? <DataSection /> : <IntegrationsSection />}
        </Box>
      </Tabs>
    </AdminPage>
  );
}
