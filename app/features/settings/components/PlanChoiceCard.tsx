// One plan in Settings → Plan & billing: its price, limits and what the merchant can do
// (switch in the demo; start the trial, cancel, or contact sales in a real store).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, BlockStack, Button, Card, Divider, InlineStack, List, Text } from "@shopify/polaris";
import { SITE, mailto } from "~/content/site";
import { COMPARISON_ROWS, PLANS, annualSaving, priceView, wholeUsd, type PlanId } from "~/features/billing";
import { useCan } from "~/features/team";

function Intent({
  intent,
  fields = {},
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

function PlanAction({ id, current, demo, busy }: { id: PlanId; current: PlanId; demo: boolean; busy: boolean }) {
  const canBill = useCan("manageBilling");
  const p = PLANS[id];
  const isCurrent = id === current;
  const note = (text: string) => (
    <Text as="p" tone="subdued">
      {text}
    </Text>
  );
  if (demo)
    return isCurrent ? (
      note("Your current plan")
    ) : (
      <Intent intent="switch" fields={{ plan: id }}>
        <Button
          submit
          loading={busy}
          disabled={!canBill}
          variant={id === "pro" ? "primary" : undefined}
        >{`Switch to ${p.name} (demo, no charge)`}</Button>
      </Intent>
    );
  if (id === "pro" && !isCurrent)
    return (
      <BlockStack gap="200">
        <Intent intent="upgrade" fields={{ cycle: "monthly" }}>
          <Button
            submit
            variant="primary"
            loading={busy}
            disabled={!canBill}
          >{`Start ${p.trialDays}-day trial, then ${wholeUsd(p.monthlyPriceMinor!)}/month`}</Button>
        </Intent>
        <Intent intent="upgrade" fields={{ cycle: "annual" }}>
          <Button
            submit
            loading={busy}
            disabled={!canBill}
          >{`Start trial, then ${wholeUsd(p.annualPriceMinor!)}/year`}</Button>
        </Intent>
      </BlockStack>
    );
  if (id === "pro")
    return (
      <Intent intent="cancel">
        <Button submit tone="critical" loading={busy} disabled={!canBill}>
          Cancel subscription (back to Starter)
        </Button>
      </Intent>
    );
  if (id === "enterprise")
    return (
      <Button url={mailto(SITE.emails.sales, "Enterprise plan")} external>
        Contact Sales
      </Button>
    );
  return note(isCurrent ? "Free plan" : "Cancel Pro to return to Starter.");
}

export function PlanChoiceCard({
  id,
  current,
  demo,
  busy,
}: {
  id: PlanId;
  current: PlanId;
  demo: boolean;
  busy: boolean;
}) {
  const p = PLANS[id];
  const monthly = priceView(p, "monthly");
  const isCurrent = id === current;
  const saving = annualSaving(PLANS.pro);
  return (
    <Card>
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
        <PlanAction id={id} current={current} demo={demo} busy={busy} />
      </BlockStack>
    </Card>
  );
}
