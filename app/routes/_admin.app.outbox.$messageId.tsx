// /app/outbox/{messageId}: one message over the outbox list, its bodies loaded only
// now. The HTML is shown in a sandboxed frame (no scripts, no access to this page) whose
// links open in a new tab (docs/product/invoices.md#outbox).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { BlockStack, InlineStack, Text } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { outboxMessage } from "~/platform/mail.server";
import { withLinksInNewTab } from "~/platform/mail-preview";
import { formatInstant } from "~/lib/dates";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const id = params.messageId ?? "";
  const m = /^[A-Za-z0-9_-]{1,100}$/.test(id) ? await outboxMessage(shop.id, id) : null;
  if (!m) throw new Response("Message not found", { status: 404 });
  return {
    subject: m.subject,
    to: m.toAddress,
    from: m.fromAddress,
    sentAt: formatInstant(m.createdAt, shop.timezone),
    error: m.error,
    text: m.text,
    html: m.html ? withLinksInNewTab(m.html) : null,
    attachments: m.attachments
      ? (JSON.parse(m.attachments) as { filename: string; contentType: string; size?: number }[])
      : [],
  };
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Text as="p" breakWord>
      <Text as="span" tone="subdued">
        {`${label}: `}
      </Text>
      {value}
    </Text>
  );
}

export default function OutboxMessage() {
  const m = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = () => navigate({ pathname: "/app/outbox", search }, { preventScrollReset: true });
  const attachments = m.attachments
    .map((a) => (a.size ? `${a.filename} (${Math.max(1, Math.round(a.size / 1024))} KB)` : a.filename))
    .join(", ");
  return (
    <Modal
      open
      onClose={close}
      title={m.subject}
      size="large"
      secondaryActions={[{ content: "Close", onAction: close }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <InlineStack gap="400" wrap>
            <Field label="From" value={m.from} />
            <Field label="To" value={m.to} />
            <Field label="Sent" value={m.sentAt} />
          </InlineStack>
          {attachments && <Field label="Attachments" value={attachments} />}
          {m.error && (
            <Text as="p" tone="critical">
              {m.error}
            </Text>
          )}
          {m.html ? (
            // No allow-scripts and no allow-same-origin: the message can neither run code nor reach this page.
            // allow-popups lets its links open in a new tab (its <base target="_blank">), as a normal page.
            <iframe
              title="Message preview"
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={m.html}
              style={{ width: "100%", height: 520, border: "1px solid #e3e3e3", borderRadius: 8 }}
            />
          ) : (
            <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>{m.text}</pre>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
