// The profit and loss statement: one row per line, indented parts under their line,
// subtotals in bold, each label a link to the line's breakdown (?line=key).
import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import { Link, useSearchParams } from "@remix-run/react";
import { formatMoney, formatMultiple } from "~/lib/money";
import type { AdFigure, PnlLine } from "~/features/profit/pnl";
import { ChangeIndicator } from "~/features/profit/components/ChangeIndicator";

const LINKLESS = new Set(["revenue", "grossProfit", "totalCosts", "netProfit"]);

/** A deduction or cost is shown as what it takes away (a credit, such as loyalty codes given back, as a plus). */
function shownAmount(line: PnlLine, currency: string) {
  return line.kind === "deduction" || line.kind === "cost"
    ? formatMoney(-line.amountMinor, currency, { signed: true })
    : formatMoney(line.amountMinor, currency);
}

/** An ad spend line's marketing figures, one a line, each with where it comes from or why it is none. */
function AdFigures({ figures, currency }: { figures: AdFigure[]; currency: string }) {
  const shown = (f: AdFigure) =>
    f.value === null ? "—" : f.unit === "money" ? formatMoney(f.value, currency) : formatMultiple(f.value);
  return (
    <BlockStack gap="0">
      {figures.map((f) => (
        <Text key={f.key} as="span" variant="bodySm" tone="subdued">
          <span data-testid={`pnl-figure-${f.key}`} data-value={f.value ?? ""}>
            <Text as="span" variant="bodySm" fontWeight="medium" tone="base">
              {`${f.label} ${shown(f)}`}
            </Text>
            {f.value === null ? ` · ${f.reason ?? "none"}` : f.basis ? ` · ${f.basis}` : ""}
          </span>
        </Text>
      ))}
    </BlockStack>
  );
}

function LineRow({ line, currency, comparable }: { line: PnlLine; currency: string; comparable: boolean }) {
  const [params] = useSearchParams();
  const bold = line.kind === "subtotal" || line.kind === "total";
  const to = new URLSearchParams(params);
  to.set("line", line.key);
  const label = LINKLESS.has(line.key) ? (
    line.label
  ) : (
    <Link to={`?${to}`} preventScrollReset aria-label={`${line.label}: what makes it up`}>
      {line.label}
    </Link>
  );
  return (
    <Box
      paddingBlock="150"
      paddingInlineStart={line.parent ? "600" : "0"}
      borderBlockStartWidth={bold ? "025" : "0"}
      borderColor="border"
    >
      <div
        data-testid={`pnl-${line.key}`}
        data-amount={line.amountMinor}
        style={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto 5.5rem", gap: 12, alignItems: "baseline" }}
      >
        <BlockStack gap="050">
          <Text as="span" variant="bodyMd" fontWeight={bold ? "semibold" : "regular"}>
            {label}
          </Text>
          {line.source && (
            <Text as="span" variant="bodySm" tone="subdued">
              {line.source}
            </Text>
          )}
          {line.figures && <AdFigures figures={line.figures} currency={currency} />}
          {line.unknown && (
            <Text as="span" variant="bodySm" tone="caution">
              {line.unknown}
            </Text>
          )}
        </BlockStack>
        <Text as="span" variant="bodyMd" fontWeight={bold ? "semibold" : "regular"} numeric alignment="end">
          {shownAmount(line, currency)}
        </Text>
        <div style={{ textAlign: "end" }}>
          <ChangeIndicator change={line.change} polarity={line.polarity} comparable={comparable} compact />
        </div>
      </div>
    </Box>
  );
}

export function PnlCard({
  lines,
  currency,
  comparable,
  days,
}: {
  lines: PnlLine[];
  currency: string;
  comparable: boolean;
  days: number;
}) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Profit and loss
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          Changes compare with the previous {days} days. Taxes collected are not revenue and are left out. Select a line
          to see what makes it up. <Link to="/analytics/glossary#netSales">How is this calculated?</Link>
        </Text>
        <div style={{ maxWidth: 760 }}>
          {lines.map((line) => (
            <LineRow key={line.key} line={line} currency={currency} comparable={comparable} />
          ))}
        </div>
      </BlockStack>
    </Card>
  );
}
