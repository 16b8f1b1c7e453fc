// The list's side panel: tips computed from the shop's own invoices, and the plan's use.
import { BlockStack, Card, Divider, Link, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { REMINDER_DAYS } from "~/features/invoices/schedule";
import type { Tip as PaymentTip } from "~/features/invoices/payment-tips";

const REMINDER_TEXT = `${REMINDER_DAYS.slice(0, -1).join(", ")} and ${REMINDER_DAYS[REMINDER_DAYS.length - 1]}`;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export type SidePanelInsights = {
  overdueCount: number;
  overdueTotalMinor: number;
  overdueOtherCurrencies: number;
  averageDaysToPay: number | null;
  paidCount: number;
  /** The early-payment and terms tips, computed from the shop's paid invoices (payment-tips.ts). */
  tips: { earlyPayment: PaymentTip; terms: PaymentTip };
};

function overdueText(insights: SidePanelInsights, currency: string) {
  const reminders = `Reminders go out automatically ${REMINDER_TEXT} days after sending and stop once paid.`;
  if (insights.overdueCount === 0) return `Nothing is overdue. ${reminders}`;
  const money = insights.overdueTotalMinor
    ? `, ${formatMoney(insights.overdueTotalMinor, currency)} in ${currency}`
    : "";
  const others = insights.overdueOtherCurrencies
    ? ` (plus ${insights.overdueOtherCurrencies} other ${plural(insights.overdueOtherCurrencies, "currency", "currencies")})`
    : "";
  return `${insights.overdueCount} ${plural(insights.overdueCount, "invoice is", "invoices are")} overdue${money}${others}. ${reminders}`;
}

function Tip({ title, children }: { title: string; children: string }) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {title}
      </Text>
      <Text as="p" tone="subdued">
        {children}
      </Text>
    </BlockStack>
  );
}

type Props = {
  insights: SidePanelInsights;
  plan: { name: string; limit: number | null; used: number };
  currency: string;
};

export function InvoiceSidePanel({ insights, plan, currency }: Props) {
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            AI insights
          </Text>
          <Tip title="Overdue reminders">{overdueText(insights, currency)}</Tip>
          <Divider />
          <Tip title={insights.tips.earlyPayment.title}>{insights.tips.earlyPayment.text}</Tip>
          <Divider />
          <Tip title={insights.tips.terms.title}>{insights.tips.terms.text}</Tip>
        </BlockStack>
      </Card>
      {plan.limit !== null && (
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingSm">
              {plan.name} plan
            </Text>
            <Text as="p" tone="subdued">
              {`${plan.used} of ${plan.limit} invoices used this month.`}
            </Text>
            <Link url="/settings?tab=plan">Upgrade for unlimited invoices</Link>
          </BlockStack>
        </Card>
      )}
    </BlockStack>
  );
}
