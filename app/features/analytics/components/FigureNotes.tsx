// Notes that tie two figures of the Analytics screen together (issue 35 item 3): the funnel's
// visitors are the Sessions figure, and paid traffic is read beside the period's ad spend.
import { Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import type { Analytics } from "~/features/analytics/analytics.server";

const n = (v: number) => v.toLocaleString("en-US");
/** Paid search, paid social and paid visits of neither kind (decision 093). */
const PAID_SOURCE_KEYS = ["paid_search", "paid_social", "paid"];

/** Under the funnel: its first step is the Sessions figure, read from the same source. */
export function VisitorsNote({ data }: { data: Analytics }) {
  const sessions = data.figures.values.sessions ?? 0;
  return (
    <Text as="p" tone="subdued" variant="bodySm">
      <span data-testid="visitors-note">
        Visitors are the period&apos;s {n(sessions)} sessions, the Sessions figure: Shopify&apos;s funnel counts the
        same online store sessions, so both come from one source.
      </span>
    </Text>
  );
}

/** Under the traffic sources: the period's ad spend beside the sessions Shopify attributed to paid sources. */
export function PaidTrafficNote({ data }: { data: Analytics }) {
  const spend = data.figures.values.adSpend ?? 0;
  if (spend <= 0) return null;
  const rows = data.sources.filter((s) => PAID_SOURCE_KEYS.includes(s.source));
  const paid = rows.length
    ? { sessions: rows.reduce((a, s) => a + s.sessions, 0), orders: rows.reduce((a, s) => a + s.orders, 0) }
    : null;
  const money = formatMoney(spend, data.currency);
  return (
    <Text as="p" tone="subdued" variant="bodySm">
      <span data-testid="paid-traffic-note">
        {paid && paid.sessions > 0
          ? `Ad spend this period: ${money}, against ${n(paid.sessions)} paid sessions (search, social and other) and ${n(paid.orders)} orders attributed to paid sources.`
          : `Ad spend this period: ${money}, but Shopify attributed no sessions to paid sources. Ads whose links carry no UTM tags (utm_medium=cpc or paid) are counted under their referrer instead.`}
      </span>
    </Text>
  );
}
