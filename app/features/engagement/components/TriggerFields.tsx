// The fields that depend on the audience or trigger: the segment and schedule of a one-off, the
// delay of a triggered flow (days after an order, hours after an abandoned checkout, days before
// points expire).
import { FormLayout, Select, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { SEGMENTS } from "~/features/customers";
import { CHECKOUT_DELAY_HOURS } from "~/features/engagement/schema";

type Props = {
  audience: string;
  segment: string;
  delayHours: string;
  timezone: string;
  readOnly: boolean;
  set: (key: "segment" | "delayHours") => (value: string) => void;
  err: (key: string) => string | undefined;
  field: (key: "scheduledAt" | "delayDays", label: string, extra: Record<string, unknown>) => ReactNode;
};

export function TriggerFields({ audience, segment, delayHours, timezone, readOnly, set, err, field }: Props) {
  if (audience === "segment")
    return (
      <FormLayout.Group>
        <Select
          label="Segment"
          options={[{ label: "Choose a segment", value: "" }, ...SEGMENTS.map((s) => ({ label: s, value: s }))]}
          value={segment}
          onChange={set("segment")}
          error={err("segment")}
          disabled={readOnly}
        />
        {field("scheduledAt", `Send at (${timezone})`, { type: "datetime-local" })}
      </FormLayout.Group>
    );
  if (audience === "post_purchase")
    return field("delayDays", "Days after the order", { type: "number", min: 1, max: 90 });
  if (audience === "points_expiring")
    return field("delayDays", "Days before the points expire", { type: "number", min: 1, max: 90 });
  if (audience === "abandoned_checkout")
    return (
      <Select
        label="Send after the checkout is abandoned"
        options={[
          { label: "Choose a delay", value: "" },
          ...CHECKOUT_DELAY_HOURS.map((h) => ({ label: h === 1 ? "1 hour" : `${h} hours`, value: String(h) })),
        ]}
        value={delayHours}
        onChange={set("delayHours")}
        error={err("delayHours")}
        disabled={readOnly}
        helpText="Not sent when the customer has ordered or completed the checkout meanwhile."
      />
    );
  if (audience === "back_in_stock")
    return (
      <Text as="p" tone="subdued">
        When a variant that sold out is in stock again, to the customers who bought it in the year before it sold out.{" "}
        {"{{ product_title }}"} names it; not sent if it sold out again meanwhile.
      </Text>
    );
  return null;
}
