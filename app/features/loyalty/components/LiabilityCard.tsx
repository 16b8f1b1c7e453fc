// Loyalty → Overview's points liability: outstanding points at today's value × the redemption
// rate in use, with how that rate was found (decision 081) and the merchant's override.
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { formatDay } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import { n } from "~/features/loyalty/components/Metric";
import { RedemptionRateOverride } from "~/features/loyalty/components/RedemptionRateOverride";
import type { Notice } from "~/features/loyalty/components/notices";
import {
  DEFAULT_REDEMPTION_RATE,
  MIN_HISTORY_DAYS,
  MIN_POINTS_EARNED,
  REDEMPTION_WINDOW_MONTHS,
} from "~/features/loyalty/redemption-rate";
import type { Overview } from "~/features/loyalty/reports.server";

const SOURCE = { observed: "observed", override: "your rate", default: "default" } as const;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? "semibold" : undefined;
  return (
    <InlineStack align="space-between" gap="200">
      <Text as="span" fontWeight={weight}>
        {label}
      </Text>
      <Text as="span" fontWeight={weight}>
        {value}
      </Text>
    </InlineStack>
  );
}

/** How the rate was found, in the words and figures the merchant can check. */
function method(r: Overview["liability"]["redemption"]): string {
  const window = `${formatDay(r.window.from)} – ${formatDay(r.window.to)}`;
  const formula = `Points redeemed ÷ points earned over the last ${REDEMPTION_WINDOW_MONTHS} months in your store's time (${window}): ${n(r.redeemed)} ÷ ${n(r.earned)}`;
  const observed = r.rate === null ? null : `${formula} = ${formatPercent(r.rate)}.`;
  const why =
    r.tooLittle === "days"
      ? `the points ledger is younger than ${MIN_HISTORY_DAYS} days`
      : `fewer than ${n(MIN_POINTS_EARNED)} points were earned in that time`;
  if (r.source === "override")
    return `You set this rate. ${observed ?? `The store's own rate is not yet observed (${why}).`}`;
  if (r.source === "observed") return `${observed} Redeemed is net of codes given back; earned is net of refunds.`;
  return `Too little history to observe the store's rate (${why}), so the default of ${formatPercent(DEFAULT_REDEMPTION_RATE, 0)} is used: no breakage is assumed until it can be observed. ${formula}.`;
}

export function LiabilityCard({
  overview,
  currency,
  embedded,
  accountingHref,
  onDone,
}: {
  overview: Overview;
  currency: string;
  embedded: boolean;
  accountingHref: string;
  onDone: (notice: Notice) => void;
}) {
  const l = overview.liability;
  const r = l.redemption;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Points liability
        </Text>
        <Row label="Outstanding points" value={n(overview.outstandingPoints)} />
        <Row label="Face value" value={formatMoney(l.faceMinor, currency)} />
        <Row label={`Redemption rate (${SOURCE[r.source]})`} value={formatPercent(r.used)} />
        <Row label="Expected breakage" value={formatPercent(l.breakage)} />
        <Row label="Liability" value={formatMoney(l.liabilityMinor, currency)} strong />
        <Text as="p" variant="bodySm" tone="subdued">
          Liability = face value × redemption rate. {method(r)}
        </Text>
        <RedemptionRateOverride override={r.override} embedded={embedded} onDone={onDone} />
        <InlineStack>
          <Button url={accountingHref} download>
            Export points accounting (CSV)
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
