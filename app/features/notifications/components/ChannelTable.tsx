// Events × channels, one checkbox each. A plain table (a fixed list of seven, not a growing
// one) with short column heads so it fits a 390 px screen without scrolling.
import { Checkbox, DataTable, Text } from "@shopify/polaris";
import {
  BELL_EVENTS,
  CHANNEL_LABELS,
  EVENT_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type ChannelMatrix,
} from "~/features/notifications/events";

export function ChannelTable({
  channels,
  onChange,
}: {
  channels: ChannelMatrix;
  onChange: (c: ChannelMatrix) => void;
}) {
  const rows = NOTIFICATION_EVENTS.map((event) => [
    <div key="event" style={{ whiteSpace: "normal", minWidth: "8rem" }}>
      <Text as="span" fontWeight="semibold">
        {EVENT_LABELS[event].label}
      </Text>
      <Text as="p" tone="subdued" variant="bodySm">
        {EVENT_LABELS[event].detail}
      </Text>
    </div>,
    ...NOTIFICATION_CHANNELS.map((channel) =>
      // The bell only carries events it can open a screen for (BELL_EVENTS); the others say so in their detail.
      channel === "bell" && !BELL_EVENTS.includes(event) ? (
        <Text key={channel} as="span" tone="subdued">
          <span aria-hidden>—</span>
          <Text as="span" visuallyHidden>
            {`${EVENT_LABELS[event].label}: not in the bell`}
          </Text>
        </Text>
      ) : (
        <Checkbox
          key={channel}
          label={`${EVENT_LABELS[event].label} by ${CHANNEL_LABELS[channel]}`}
          labelHidden
          checked={channels[event][channel]}
          onChange={(checked) => onChange({ ...channels, [event]: { ...channels[event], [channel]: checked } })}
        />
      ),
    ),
  ]);
  return (
    <DataTable
      columnContentTypes={["text", "text", "text", "text"]}
      headings={["Event", ...NOTIFICATION_CHANNELS.map((c) => CHANNEL_LABELS[c])]}
      rows={rows}
      verticalAlign="middle"
    />
  );
}
