// Above the Products profit report: the timeframe (30, 90, 365 days or a custom range of store
// days) and per product or per variant. All in the URL.
import { Box, InlineStack, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import { isValidDay } from "~/lib/dates";
import { PRODUCT_TIMEFRAMES, type ProductTimeframe, type ProductsQuery } from "~/features/profit/products-report";

const TIMEFRAME_LABELS: Record<ProductTimeframe, string> = {
  "30": "Last 30 days",
  "90": "Last 90 days",
  "365": "Last 365 days",
  custom: "Custom range",
};

type Props = { query: ProductsQuery; onQuery: (change: Partial<ProductsQuery>) => void };

export function ProductsProfitControls({ query, onQuery }: Props) {
  const [range, setRange] = useState({ from: query.from, to: query.to });
  const setDay = (key: "from" | "to", value: string) => {
    const next = { ...range, [key]: value };
    setRange(next);
    if (isValidDay(next.from) && isValidDay(next.to) && next.from <= next.to)
      onQuery({ days: "custom", from: next.from, to: next.to });
  };
  return (
    <Box padding="300">
      <InlineStack gap="300" wrap blockAlign="end">
        <Select
          label="Timeframe"
          options={PRODUCT_TIMEFRAMES.map((t) => ({ value: t, label: TIMEFRAME_LABELS[t] }))}
          value={query.days}
          onChange={(v) => onQuery({ days: v as ProductTimeframe, from: range.from, to: range.to })}
        />
        {query.days === "custom" && (
          <>
            <TextField
              label="From"
              type="date"
              value={range.from}
              autoComplete="off"
              onChange={(v) => setDay("from", v)}
            />
            <TextField label="To" type="date" value={range.to} autoComplete="off" onChange={(v) => setDay("to", v)} />
          </>
        )}
        <Select
          label="Rows"
          options={[
            { value: "product", label: "Per product" },
            { value: "variant", label: "Per variant" },
          ]}
          value={query.by}
          onChange={(v) => onQuery({ by: v as ProductsQuery["by"] })}
        />
      </InlineStack>
    </Box>
  );
}
