// What a member beyond the plan's seats sees instead of the app: why, and the way out.
import { BlockStack, Card, Page, Text } from "@shopify/polaris";

export function SeatLimitScreen({
  planName,
  seats,
  ownerName,
}: {
  planName: string;
  seats: number;
  ownerName: string | null;
}) {
  return (
    <Page title="No seat available">
      <Card>
        <BlockStack gap="300">
          <Text as="p">
            {`The ${planName} plan includes ${seats} seat${seats === 1 ? "" : "s"}, and ${seats === 1 ? "it is" : "all are"} taken, so you can't use the app for this store yet.`}
          </Text>
          <Text as="p">
            {`Ask ${ownerName ?? "the store's Owner"} to upgrade the plan in Settings → Plan & billing (Pro includes 5 seats, Enterprise unlimited), or to remove a member in Settings → Team.`}
          </Text>
        </BlockStack>
      </Card>
    </Page>
  );
}
