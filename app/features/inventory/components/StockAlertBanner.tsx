// A variant's open stock alert: since when, whether it is snoozed, and Snooze for a day or a
// week (posted to the page's action). A role that may not write sees the buttons disabled and why.
import { Form } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { DisabledReason, useDisabledReason } from "~/features/team";

export type StockAlertView = { level: string; openedDay: string; snoozedUntil: string | null };

export function StockAlertBanner({ alert }: { alert: StockAlertView }) {
  const refused = useDisabledReason("write", "snooze alerts");
  return (
    <Banner tone={alert.level === "out" ? "critical" : "warning"} title="Stock alert open">
      <BlockStack gap="200">
        <Text as="p">
          {alert.level === "out" ? "Out of stock" : "Low on stock"} since {alert.openedDay}. It closes by itself when
          the stock recovers above the reorder point.
          {alert.snoozedUntil ? ` Snoozed until ${alert.snoozedUntil}.` : ""}
        </Text>
        <InlineStack gap="200" blockAlign="center">
          {[1, 7].map((days) => (
            <Form method="post" key={days}>
              <input type="hidden" name="intent" value="snooze" />
              <input type="hidden" name="days" value={days} />
              <Button submit size="slim" disabled={!!refused}>
                {`Snooze ${days === 1 ? "1 day" : "7 days"}`}
              </Button>
            </Form>
          ))}
          <DisabledReason reason={refused} />
        </InlineStack>
      </BlockStack>
    </Banner>
  );
}
