// Preview: the draft rendered for a real customer by the server's own code. A code per recipient
// is shown as a sample in its format (nothing is created in Shopify before the send).
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, Card, Text } from "@shopify/polaris";
import type { FieldErrors } from "~/lib/forms";
import { pick } from "./format";

type Preview =
  | { ok: true; customerName: string; subject: string; text: string; sampleCode: string | null }
  | { ok: false; fieldErrors: FieldErrors };

export function CampaignPreview({ draft }: { draft: Record<string, string> }) {
  const preview = useFetcher<Preview>();
  const errors = preview.data && !preview.data.ok ? preview.data.fieldErrors : null;
  return (
    <Card>
      <BlockStack gap="200">
        <Box>
          <Button
            loading={preview.state !== "idle"}
            onClick={() =>
              preview.submit(
                {
                  intent: "preview",
                  ...pick(draft, "channel", "subject", "body", "segment", "discountCode", "discountPercent"),
                },
                { method: "post" },
              )
            }
          >
            Preview with a customer
          </Button>
        </Box>
        {errors && <Banner tone="critical">{Object.values(errors).flat()[0]}</Banner>}
        {preview.data?.ok && (
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              {`As ${preview.data.customerName} would get it`}
            </Text>
            {preview.data.sampleCode && (
              <Text as="p" tone="caution">
                {`${preview.data.sampleCode} is a sample code: each recipient gets their own, created in Shopify when their message is sent.`}
              </Text>
            )}
            <Text as="p" fontWeight="semibold">
              {preview.data.subject}
            </Text>
            <pre style={{ whiteSpace: "pre-wrap", margin: 0, fontFamily: "inherit" }} data-testid="campaign-preview">
              {preview.data.text}
            </pre>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
