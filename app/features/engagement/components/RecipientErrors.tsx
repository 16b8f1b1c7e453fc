// The recipients a campaign did not reach because the provider refused the message (Twilio's
// error code and text per recipient), so the merchant can fix a number or the account.
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { formatInstant } from "~/lib/dates";
import type { RecipientError } from "~/features/engagement/types";

export function RecipientErrors({ errors, timezone }: { errors: RecipientError[]; timezone: string }) {
  if (!errors.length) return null;
  const when = (at: string | null) => (at ? formatInstant(at, timezone) : "");
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm">
          Not delivered
        </Text>
        <DataTable
          columnContentTypes={["text", "text", "text"]}
          headings={["Customer", "Error", "When"]}
          rows={errors.map((e) => [e.customer, e.error, when(e.at)])}
        />
      </BlockStack>
    </Card>
  );
}
