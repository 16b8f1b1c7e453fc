// Above the Orders profit list: search (order name or customer e-mail, sent a moment after typing
// stops), the range of store days, channel, what is missing and loss-making. All in the URL.
import { Box, Checkbox, InlineStack, Select, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import { SearchField } from "~/components/SearchField";
import { isValidDay } from "~/lib/dates";
import {
  CHANNEL_LABELS,
  MISSING_PARTS,
  ORDERS_SEARCH_MAX,
  type MissingPart,
  type OrdersQuery,
} from "~/features/profit/orders-view";

const MISSING_OPTIONS: { label: string; value: "" | MissingPart }[] = [
  { label: "All orders", value: "" },
  ...MISSING_PARTS.map((m) => ({
    value: m,
    label: { any: "Missing parts: any", cost: "No cost", fee: "Unknown fee", shipping: "Unknown shipping" }[m],
  })),
];

type Props = { query: OrdersQuery; onQuery: (change: Partial<OrdersQuery>) => void };

function DayField({ label, value, onDay }: { label: string; value: string; onDay: (day: string) => void }) {
  const [text, setText] = useState(value);
  const shown = useRef(value);
  if (value !== shown.current) {
    shown.current = value;
    setText(value);
  }
  return (
    <TextField
      label={label}
      type="date"
      value={text}
      autoComplete="off"
      onChange={(v) => {
        setText(v);
        if (isValidDay(v) && v !== value) onDay(v);
      }}
    />
  );
}

export function OrdersProfitControls({ query, onQuery }: Props) {
  const channels = Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }));
  if (query.channel && !CHANNEL_LABELS[query.channel]) channels.push({ value: query.channel, label: query.channel });
  return (
    <Box padding="300">
      <InlineStack gap="300" wrap blockAlign="end">
        <div style={{ flex: "1 1 220px" }}>
          <SearchField
            label="Search orders"
            placeholder="Order number, or the start of an e-mail"
            maxLength={ORDERS_SEARCH_MAX}
            value={query.q}
            onSearch={(q) => onQuery({ q })}
          />
        </div>
        {/* A start after the end (or an end before the start) moves the other end with it. */}
        <DayField
          label="From"
          value={query.from}
          onDay={(from) => onQuery({ from, to: from > query.to ? from : query.to })}
        />
        <DayField
          label="To"
          value={query.to}
          onDay={(to) => onQuery({ to, from: to < query.from ? to : query.from })}
        />
        <Select
          label="Channel"
          options={[{ label: "All channels", value: "" }, ...channels]}
          value={query.channel ?? ""}
          onChange={(v) => onQuery({ channel: v || null })}
        />
        <Select
          label="Missing parts"
          options={MISSING_OPTIONS}
          value={query.missing ?? ""}
          onChange={(v) => onQuery({ missing: (v || null) as MissingPart | null })}
        />
        <Checkbox label="Loss-making only" checked={query.loss} onChange={(loss) => onQuery({ loss })} />
      </InlineStack>
    </Box>
  );
}
