// Settings → Plan & billing: the current plan (trial, Shopify subscription) and the plans to choose from.
import { Badge, Banner, BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { PLANS, PLAN_ORDER, type PlanId } from "~/features/billing";
import { PlanChoiceCard } from "./PlanChoiceCard";

export type PlanSettingsData = {
  demo: boolean;
  plan: PlanId;
  /** Dates as text in the shop's time zone, formatted by the loader. */
  trialEndsOn: string | null;
  subscription: { status: string; interval: string; currentPeriodEndsOn: string | null } | null;
};

type Props = PlanSettingsData & { result?: { ok: boolean; message: string }; returned: string | null; busy: boolean };

export function PlanSettings({ demo, plan, trialEndsOn, subscription, result, returned, busy }: Props) {
  const current = PLANS[plan];
  return (
    <BlockStack gap="400">
      {demo && (
        <Banner tone="info" title="Demo store">
          <p>Switching plans here only changes the demo store's stored plan. No charge is made.</p>
        </Banner>
      )}
      {returned === "approved" && (
        <Banner tone="success" title="Subscription approved">
          Your store is on the Pro plan.
        </Banner>
      )}
      {returned === "not-approved" && (
        <Banner tone="warning" title="No active subscription">
          The subscription was not approved; your plan is unchanged.
        </Banner>
      )}
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
            {trialEndsOn && <Badge tone="attention">{`Trial ends ${trialEndsOn}`}</Badge>}
          </InlineStack>
          {subscription && !demo && (
            <Text as="p" tone="subdued">
              Shopify subscription: {subscription.interval}, {subscription.status.toLowerCase()}
              {subscription.currentPeriodEndsOn ? `, current period ends ${subscription.currentPeriodEndsOn}` : ""}.
            </Text>
          )}
          <Text as="p" tone="subdued">
            Charges appear on your Shopify invoice. Paid plans are billed in advance and start with a{" "}
            {PLANS.pro.trialDays}-day free trial.
          </Text>
        </BlockStack>
      </Card>
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        {PLAN_ORDER.map((id) => (
          <PlanChoiceCard key={id} id={id} current={plan} demo={demo} busy={busy} />
        ))}
      </InlineGrid>
    </BlockStack>
  );
}
