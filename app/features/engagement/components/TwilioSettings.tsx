// SMS campaigns through the merchant's own Twilio account: connect (Account SID, Auth Token and a
// From number or a Messaging Service SID, checked with Twilio before saving) and disconnect.
import { useFetcher } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import type { FieldErrors } from "~/lib/forms";
import type { SmsStatus } from "~/features/engagement/types";

type Answer = { ok: true } | { ok: false; fieldErrors: FieldErrors };
const BLANK = { accountSid: "", authToken: "", fromNumber: "", messagingServiceSid: "" };

export function TwilioSettings({ status, canWrite }: { status: SmsStatus; canWrite: boolean }) {
  const fetcher = useFetcher<Answer>();
  const [values, setValues] = useState(BLANK);
  const [errors, setErrors] = useState<FieldErrors>({});
  useFetcherResult(fetcher, (r) => {
    setErrors(r.ok ? {} : r.fieldErrors);
    if (r.ok) setValues(BLANK);
  });
  const busy = fetcher.state !== "idle";
  const field = (key: keyof typeof BLANK, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={(v) => setValues((d) => ({ ...d, [key]: v }))}
      error={errors[key]?.[0]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingSm">
            Twilio
          </Text>
          <Badge tone={status.connected ? "success" : undefined}>
            {status.connected ? "Connected" : "Not connected"}
          </Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          SMS campaigns are sent from your own Twilio account, only to customers subscribed to SMS marketing in Shopify.
          Every message ends with “Reply STOP to opt out”.
        </Text>
        {status.connected && (
          <Text as="p">
            {`Account ${status.friendlyName ? `${status.friendlyName} (${status.accountSid})` : status.accountSid}, sending from ${status.sender}.`}
          </Text>
        )}
        {errors._form && <Banner tone="critical">{errors._form[0]}</Banner>}
        {canWrite && (
          <FormLayout>
            <FormLayout.Group>
              {field("accountSid", "Account SID", { placeholder: "AC…", maxLength: 34 })}
              {field("authToken", "Auth Token", { type: "password", maxLength: 32 })}
            </FormLayout.Group>
            <FormLayout.Group>
              {field("fromNumber", "From number", { placeholder: "+14155550100", maxLength: 16 })}
              {field("messagingServiceSid", "or Messaging Service SID", { placeholder: "MG…", maxLength: 34 })}
            </FormLayout.Group>
            <InlineStack gap="200">
              <Button
                variant="primary"
                loading={busy}
                onClick={() => fetcher.submit({ intent: "connect", ...values }, { method: "post" })}
              >
                {status.connected ? "Replace credentials" : "Connect Twilio"}
              </Button>
              {status.connected && (
                <Button
                  tone="critical"
                  disabled={busy}
                  onClick={() => fetcher.submit({ intent: "disconnect" }, { method: "post" })}
                >
                  Disconnect
                </Button>
              )}
            </InlineStack>
          </FormLayout>
        )}
      </BlockStack>
    </Card>
  );
}
