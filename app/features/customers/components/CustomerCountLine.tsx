// Above the list: the shop's customers by the one definition (customerCounts), what it leaves
// out, and customers not yet in the list while their scores are computed.
import { Link } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import type { CustomerCounts } from "~/features/customers/counts.server";

const n = (v: number) => v.toLocaleString("en-US");

/** "2,973 customers · 27 redacted not counted (personal data erased at their request)". */
export function countLine(counts: CustomerCounts): string {
  const parts = [`${n(counts.customers)} ${counts.customers === 1 ? "customer" : "customers"}`];
  if (counts.redacted > 0)
    parts.push(`${n(counts.redacted)} redacted not counted (personal data erased at their request)`);
  if (counts.listed < counts.customers) parts.push(`${n(counts.customers - counts.listed)} awaiting their first score`);
  return parts.join(" · ");
}

export function CustomerCountLine({ counts }: { counts: CustomerCounts }) {
  return (
    <Text as="p" tone="subdued" variant="bodySm">
      <span data-testid="customer-count">{countLine(counts)}</span>.{" "}
      <Link to="/analytics/glossary#customers">How is this counted?</Link>
    </Text>
  );
}
