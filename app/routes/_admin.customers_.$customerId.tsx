// /customers/{id}: one customer — contact and consent, segment with its explanation and
// history, lifetime value, churn risk, expected next order, orders with their profit, open invoices.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Card, DataTable, InlineStack, Layout, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { dayInZone } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { scoreLine, ScoreExplanation, SegmentBadge, ValueCard, type Segment } from "~/features/customers";
import { customerDetail } from "~/features/customers/index.server";
import { MemberCard } from "~/features/loyalty";
import { memberStanding } from "~/features/loyalty/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Customer · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const id = params.customerId ?? "";
  // The customer's page composes both features (loyalty reads customers, so not the other way round).
  const [detail, loyalty] = ID.test(id)
    ? await Promise.all([customerDetail(shop, id), memberStanding(shop.id, id)])
    : [null, null];
  if (!detail) throw data({ error: "Customer not found" }, { status: 404 });
  const day = (iso: string | null) => (iso ? dayInZone(new Date(iso), shop.timezone) : null);
  return {
    currency: shop.currency,
    ...detail,
    loyalty,
    orders: detail.orders.map((o) => ({ ...o, day: day(o.processedAt) })),
    nextOrderDay: day(detail.score?.expectedNextOrderAt ?? null),
    changedDay: day(detail.score?.segmentChangedAt ?? null),
    history: detail.history.map((h) => ({ ...h, day: day(h.changedAt) })),
  };
}

export default function CustomerDetail() {
  const { customer, score, explanation, history, orders, invoices, currency, nextOrderDay, changedDay, loyalty } =
    useLoaderData<typeof loader>();
  const money = (v: number) => formatMoney(v, currency);
  const segment = (score?.segment ?? "No orders yet") as Segment;
  return (
    <AdminPage title={customer.name} subtitle={customer.email ?? undefined}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    Segment
                  </Text>
                  <SegmentBadge segment={segment} />
                  {score && (
                    <Text as="span">
                      {scoreLine(score.r === null ? null : { r: score.r, f: score.f!, m: score.m! }, segment)}
                    </Text>
                  )}
                </InlineStack>
                {score?.previousSegment && (
                  <Text as="p" tone="subdued">
                    Previously {score.previousSegment}; changed on {changedDay}.
                  </Text>
                )}
                {score && explanation ? (
                  <ScoreExplanation
                    score={score}
                    bands={explanation.bands}
                    cutPoints={explanation.cutPoints}
                    settings={explanation.settings}
                    currency={currency}
                  />
                ) : (
                  <Text as="p">Not scored yet: scores are computed after the store&apos;s import.</Text>
                )}
              </BlockStack>
            </Card>
            <ValueCard
              currency={currency}
              totalSpentMinor={score?.totalSpentMinor ?? 0}
              predicted12mMinor={score?.predicted12mMinor ?? null}
              ltvMethod={score?.ltvMethod ?? null}
              churnRisk={score?.churnRisk ?? null}
              pNoPurchase90={score?.pNoPurchase90 ?? null}
              nextOrderDay={nextOrderDay}
            />
            <Card padding="0">
              <BlockStack>
                <div style={{ padding: "16px 16px 0" }}>
                  <Text as="h2" variant="headingMd">
                    Orders
                  </Text>
                </div>
                {orders.length ? (
                  <DataTable
                    columnContentTypes={["text", "text", "numeric", "numeric", "numeric"]}
                    headings={["Order", "Date", "Total", "Refunded", "Profit"]}
                    rows={orders.map((o) => [
                      o.cancelled ? `${o.name} (cancelled)` : o.name,
                      o.day ?? "",
                      money(o.totalMinor),
                      money(o.refundsMinor),
                      o.profitMinor === null ? "Unknown (a cost is missing)" : money(o.profitMinor),
                    ])}
                  />
                ) : (
                  <div style={{ padding: 16 }}>
                    <Text as="p">No orders yet.</Text>
                  </div>
                )}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <MemberCard member={loyalty} />
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Contact
                </Text>
                <Text as="p">{customer.email ?? "No e-mail"}</Text>
                <Text as="p">{customer.phone ?? "No phone"}</Text>
                {(customer.city || customer.country) && (
                  <Text as="p">{[customer.city, customer.country].filter(Boolean).join(", ")}</Text>
                )}
                <Text as="p" tone="subdued">
                  Time zone: {customer.timeZone ?? "your shop's (the address does not say)"}
                </Text>
                <Text as="p">
                  Marketing consent:{" "}
                  {customer.acceptsMarketing ? <Badge tone="success">Subscribed</Badge> : <Badge>Not subscribed</Badge>}
                </Text>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Segment history
                </Text>
                {history.length ? (
                  history.map((h) => (
                    <Text as="p" key={h.id}>
                      {h.day}: {h.fromSegment ?? "—"} → {h.toSegment}
                    </Text>
                  ))
                ) : (
                  <Text as="p" tone="subdued">
                    No changes since the first computation.
                  </Text>
                )}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Open invoices
                </Text>
                {invoices.length ? (
                  invoices.map((i) => (
                    <InlineStack key={i.id} align="space-between">
                      <Link to={`/app/invoices/${i.id}`}>{i.number}</Link>
                      <Text as="span">
                        {formatMoney(i.totalMinor, i.currency)} · due {i.dueDate}
                        {i.status === "overdue" ? " (overdue)" : ""}
                      </Text>
                    </InlineStack>
                  ))
                ) : (
                  <Text as="p" tone="subdued">
                    No open invoices.
                  </Text>
                )}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </AdminPage>
  );
}
