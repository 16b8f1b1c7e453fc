// /app/outbox: every e-mail the app sent (or, without SMTP, would have sent) for this
// shop, so the demo shows exactly what customers receive.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, IndexTable, InlineStack, Modal, Text } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { listOutbox } from "~/platform/mail.server";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Outbox · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const messages = await listOutbox(shop.id, 200);
  return {
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.toAddress,
      from: m.fromAddress,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: m.attachments
        ? (JSON.parse(m.attachments) as { filename: string; contentType: string; size?: number }[])
        : [],
      status: m.status,
      transport: m.transport,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

const KIND_LABELS: Record<string, string> = { invoice: "Invoice", invoice_reminder: "Reminder" };
const STATUS_TONE: Record<string, "success" | "info" | "critical" | undefined> = {
  sent: "success",
  stored: "info",
  failed: "critical",
};
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = messages.find((m) => m.id === openId) ?? null;
  return (
    <AdminPage
      title="Outbox"
      subtitle="E-mails sent to your customers"
      secondaryActions={[{ content: "Invoices", url: "/app/invoices" }]}
    >
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          Without an SMTP server configured, messages are kept here instead of being delivered: this is exactly what
          your customers would receive.
        </Text>
        <Card padding="0">
          {messages.length === 0 ? (
            <Box padding="400">
              <Text as="p" tone="subdued">
                No messages yet
              </Text>
            </Box>
          ) : (
            <IndexTable
              resourceName={{ singular: "message", plural: "messages" }}
              itemCount={messages.length}
              selectable={false}
              headings={[
                { title: "Sent" },
                { title: "Type" },
                { title: "To" },
                { title: "Subject" },
                { title: "Status" },
                { title: "" },
              ]}
            >
              {messages.map((m, i) => (
                <IndexTable.Row id={m.id} key={m.id} position={i}>
                  <IndexTable.Cell>{when(m.createdAt)}</IndexTable.Cell>
                  <IndexTable.Cell>{KIND_LABELS[m.kind] ?? m.kind}</IndexTable.Cell>
                  <IndexTable.Cell>{m.to}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" truncate>
                      {m.subject}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Badge tone={STATUS_TONE[m.status]}>
                      {m.status === "stored"
                        ? "In outbox"
                        : m.status === "sent"
                          ? "Delivered"
                          : m.status === "failed"
                            ? "Failed"
                            : m.status}
                    </Badge>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Button
                      size="slim"
                      onClick={() => setOpenId(m.id)}
                      accessibilityLabel={`Open message ${m.subject}`}
                    >
                      Open
                    </Button>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
      <Modal
        open={open !== null}
        onClose={() => setOpenId(null)}
        title={open?.subject ?? ""}
        size="large"
        secondaryActions={[{ content: "Close", onAction: () => setOpenId(null) }]}
      >
        {open && (
          <Modal.Section>
            <BlockStack gap="300">
              <InlineStack gap="400" wrap>
                <Text as="p">
                  <Text as="span" tone="subdued">
                    From:{" "}
                  </Text>
                  {open.from}
                </Text>
                <Text as="p">
                  <Text as="span" tone="subdued">
                    To:{" "}
                  </Text>
                  {open.to}
                </Text>
                <Text as="p">
                  <Text as="span" tone="subdued">
                    Sent:{" "}
                  </Text>
                  {when(open.createdAt)}
                </Text>
              </InlineStack>
              {open.attachments.length > 0 && (
                <Text as="p">
                  <Text as="span" tone="subdued">
                    Attachments:{" "}
                  </Text>
                  {open.attachments
                    .map((a) => (a.size ? `${a.filename} (${Math.max(1, Math.round(a.size / 1024))} KB)` : a.filename))
                    .join(", ")}
                </Text>
              )}
              {open.error && (
                <Text as="p" tone="critical">
                  {open.error}
                </Text>
              )}
              {open.html ? (
                // A sandboxed frame: the message's HTML can neither run scripts nor reach this page.
                <iframe
                  title="Message preview"
                  sandbox=""
                  srcDoc={open.html}
                  style={{ width: "100%", height: 520, border: "1px solid #e3e3e3", borderRadius: 8 }}
                />
              ) : (
                <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>{open.text}</pre>
              )}
            </BlockStack>
          </Modal.Section>
        )}
      </Modal>
    </AdminPage>
  );
}
