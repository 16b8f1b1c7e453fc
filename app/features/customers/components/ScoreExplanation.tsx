// Why a customer has their segment: the raw figures, each score's cut points in this shop,
// and the rule that matched (docs/decisions/052-customer-segments.md).
import { BlockStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { SMALL_STORE_NOTE, type CutPoints, type SegmentSettings } from "~/features/customers/rfm";
import type { explainCustomer } from "~/features/customers/list.server";

type Explanation = Pick<
  NonNullable<Awaited<ReturnType<typeof explainCustomer>>>["score"],
  "r" | "f" | "m" | "recencyDays" | "frequency" | "monetaryMinor" | "medianGapDays" | "rule"
>;

type Props = {
  score: Explanation;
  bands: 3 | 5;
  cutPoints: CutPoints;
  settings: SegmentSettings;
  currency: string;
};

function bandText(least: (number | null)[], show: (v: number) => string, days = false): string {
  return least.map((v, i) => (v === null ? `${i + 1}: none` : `${i + 1}: ${days ? "≤" : "≥"} ${show(v)}`)).join(" · ");
}

export function ScoreExplanation({ score, bands, cutPoints, settings, currency }: Props) {
  if (score.r === null)
    return (
      <BlockStack gap="100">
        <Text as="p">No orders yet, so no scores.</Text>
        <Text as="p" fontWeight="semibold">
          {score.rule}
        </Text>
      </BlockStack>
    );
  const money = (v: number) => formatMoney(v, currency);
  return (
    <BlockStack gap="200">
      <Text as="p">
        <Text as="span" fontWeight="semibold">
          Recency {score.r}
        </Text>
        : last order {score.recencyDays} days ago. Bands: {bandText(cutPoints.r, (v) => `${v} days`, true)}
      </Text>
      <Text as="p">
        <Text as="span" fontWeight="semibold">
          Frequency {score.f}
        </Text>
        : {score.frequency} orders in the last 365 days. Bands:{" "}
        {bandText(cutPoints.f, (v) => `${v} order${v === 1 ? "" : "s"}`)}
      </Text>
      <Text as="p">
        <Text as="span" fontWeight="semibold">
          Monetary {score.m}
        </Text>
        : {money(score.monetaryMinor)} net spend in the last 365 days. Bands: {bandText(cutPoints.m, money)}
      </Text>
      {score.medianGapDays !== null && (
        <Text as="p">Median gap between this customer&apos;s orders: {score.medianGapDays} days.</Text>
      )}
      <Text as="p" fontWeight="semibold">
        Rule: {score.rule}
      </Text>
      <Text as="p" tone="subdued" variant="bodySm">
        Scores are 1–{bands} by rank among this shop&apos;s customers who have ordered; tied values share a score.
        Precedence: VIP (R, F and M ≥ {settings.vipMinScore} on the 1–5 scale), New (first order within{" "}
        {settings.newWithinDays} days), At-Risk (churn risk High, as under Lifetime value), then Regular.
      </Text>
      {bands === 3 && (
        <Text as="p" tone="subdued" variant="bodySm">
          {SMALL_STORE_NOTE}
        </Text>
      )}
    </BlockStack>
  );
}
