// /app/outbox: every e-mail the app sent (or, without SMTP, would have sent) for this
// shop, so the demo shows exactly what customers receive. Paginated on the server
// (?page=); a message's bodies are loaded only when it is opened (the child route
// /app/outbox/{messageId}).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { outboxPage } from "~/platform/mail.server";
import { formatInstant } from "~/lib/dates";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Outbox · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const requested = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const list = await outboxPage(shop.id, Number.isSafeInteger(requested) ? requested : 1);
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    messages: list.rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
      status: m.status,
      sentAt: formatInstant(m.createdAt, shop.timezone),
    })),
  };
}

const KIND_LABELS: Record<string, string> = { invoice: "Invoice", invoice_reminder: "Reminder" };
const STATUS: Record<string, { label: string; tone?: "success" | "info" | "critical" }> = {
  sent: { label: "Delivered", tone: "success" },
  stored: { label: "In outbox", tone: "info" },
  failed: { label: "Failed", tone: "critical" },
};

type Message = ReturnType<typeof useLoaderData<typeof loader>>["messages"][number];

function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS[status]?.tone}>{STATUS[status]?.label ?? status}</Badge>;
}

/** The subject may wrap (cells do not by default), so a long one never pushes the row past the card. */
function Subject({ m }: { m: Message }) {
  return (
    <div style={{ whiteSpace: "normal", overflowWrap: "anywhere", minWidth: 180 }}>
      <BlockStack gap="050">
        <Text as="span" fontWeight="medium">
          {m.subject}
        </Text>
        <Text as="span" tone="subdued" variant="bodySm">
          {`To ${m.to}`}
        </Text>
      </BlockStack>
    </div>
  );
}

export default function Outbox() {
  const { messages, page, pageCount, total } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { smDown } = useBreakpoints();
  const open = (id: string) => `/app/outbox/${id}${search}`;
  const toPage = (n: number) => navigate(n > 1 ? `/app/outbox?page=${n}` : "/app/outbox");
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/outbox";
  const openButton = (m: Message) => (
    <Button size="slim" url={open(m.id)} accessibilityLabel={`Open message ${m.subject}`}>
      Open
    </Button>
  );
  return (
    <AdminPage
      title="Outbox"
      subtitle="E-mails sent to your customers"
      secondaryActions={[{ content: "Invoices", url: "/app/invoices" }]}
    >
      <BlockStack gap="400">
        <Box paddingInline={{ xs: "400", sm: "0" }}>
          <Text as="p" tone="subdued">
            Without an SMTP server configured, messages are kept here instead of being delivered: this is exactly what
            your customers would receive.
          </Text>
        </Box>
        <Card padding="0">
          {total === 0 ? (
            <EmptyState heading="No messages yet" image="">
              <p>Invoices and reminders you send appear here.</p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: "message", plural: "messages" }}
              itemCount={messages.length}
              selectable={false}
              condensed={smDown}
              loading={loading}
              headings={[
                { title: "Message" },
                { title: "Type" },
                { title: "Status" },
                { title: "Sent" },
                { title: "Open", hidden: true },
              ]}
              pagination={{
                hasPrevious: page > 1,
                hasNext: page < pageCount,
                onPrevious: () => toPage(page - 1),
                onNext: () => toPage(page + 1),
                label: `Page ${page} of ${pageCount}`,
                accessibilityLabels: { previous: "Previous page of messages", next: "Next page of messages" },
              }}
            >
              {messages.map((m, i) => (
                <IndexTable.Row id={m.id} key={m.id} position={i}>
                  {smDown ? (
                    <div style={{ padding: "12px 16px" }}>
                      <BlockStack gap="150">
                        <Subject m={m} />
                        <InlineStack gap="200" align="space-between" blockAlign="center">
                          <InlineStack gap="200" blockAlign="center">
                            <StatusBadge status={m.status} />
                            <Text as="span" tone="subdued" variant="bodySm">
                              {`${KIND_LABELS[m.kind] ?? m.kind} · ${m.sentAt}`}
                            </Text>
                          </InlineStack>
                          {openButton(m)}
                        </InlineStack>
                      </BlockStack>
                    </div>
                  ) : (
                    <>
                      <IndexTable.Cell>
                        <Subject m={m} />
                      </IndexTable.Cell>
                      <IndexTable.Cell>{KIND_LABELS[m.kind] ?? m.kind}</IndexTable.Cell>
                      <IndexTable.Cell>
                        <StatusBadge status={m.status} />
                      </IndexTable.Cell>
                      <IndexTable.Cell>{m.sentAt}</IndexTable.Cell>
                      <IndexTable.Cell>{openButton(m)}</IndexTable.Cell>
                    </>
                  )}
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
      <Outlet />
    </AdminPage>
  );
}
