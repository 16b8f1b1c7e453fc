// /app/invoices (docs/product/invoices.md#the-list): the invoice list with its status
// filters and a side panel of tips computed from the shop's own invoices. The detail,
// create and settings dialogs are child routes shown over it through <Outlet/>.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link as RemixLink,
  Outlet,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { Banner, BlockStack, Box, Card, InlineStack, Layout, Spinner, Tabs, Text, Toast } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { useFetcherResult } from "~/components/useFetcherResult";
import { planFor } from "~/features/billing";
import {
  InvoiceCard,
  InvoiceSidePanel,
  LIST_FILTERS,
  TOAST,
  type ActionResult,
  type InvoicesOutletContext,
  type ListFilter,
  type ToastState,
} from "~/features/invoices";
import {
  invoiceDto,
  invoiceInsights,
  invoiceScreenAction,
  invoicesThisMonth,
  listInvoices,
} from "~/features/invoices/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { publicOrigin } from "~/platform/http.server";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Invoices · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const requested = new URL(request.url).searchParams.get("status") ?? "all";
  const filter: ListFilter = (LIST_FILTERS as readonly string[]).includes(requested)
    ? (requested as ListFilter)
    : "all";
  const base = publicOrigin(request);
  const [rows, insights, used] = await Promise.all([
    listInvoices(shop, filter),
    invoiceInsights(shop),
    invoicesThisMonth(shop),
  ]);
  return {
    storeId: shop.id,
    shopCurrency: shop.currency || "USD",
    filter,
    invoices: rows.map((r) => invoiceDto(r, base)),
    insights,
    plan: { name: planFor(shop.plan).name, limit: planFor(shop.plan).invoicesPerMonth, used },
  };
}

/** Every intent of the screen (the dialogs' routes post their own); kept here for the list's Send. */
export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.action);
  return invoiceScreenAction(shop, request);
}

const TAB_LABELS: Record<ListFilter, string> = { all: "All", draft: "Draft", sent: "Sent", paid: "Paid" };

export default function Invoices() {
  const { invoices, filter, insights, plan, shopCurrency } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [, setSearchParams] = useSearchParams();
  const [toast, setToast] = useState<ToastState>(null);
  // One key per invoice per page view: a double click sends the same key, so one e-mail.
  const [sendNonce] = useState(() => crypto.randomUUID?.() ?? String(Date.now()));
  const [sendingId, setSendingId] = useState<string | null>(null);
  const sendFetcher = useFetcher<ActionResult>({ key: "send-invoice" });
  useFetcherResult(sendFetcher, (result) => {
    setSendingId(null);
    setToast(result.ok ? { content: TOAST.sent } : { content: TOAST.sendFailed, error: true });
  });
  const send = useCallback(
    (id: string) => {
      setSendingId(id);
      sendFetcher.submit(
        { intent: "send", invoiceId: id, idempotencyKey: `ui-${id}-${sendNonce}` },
        { method: "post", action: "/app/invoices" },
      );
    },
    [sendFetcher, sendNonce],
  );
  const outlet = useMemo<InvoicesOutletContext>(
    () => ({
      toast: setToast,
      send,
      close: () => navigate({ pathname: "/app/invoices", search }, { preventScrollReset: true }),
    }),
    [send, navigate, search],
  );
  const to = (path: string) => navigate({ pathname: `/app/invoices/${path}`, search }, { preventScrollReset: true });

  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname === "/app/invoices" &&
    navigation.location.search !== search;
  const tabs = LIST_FILTERS.map((f) => ({
    id: `invoices-${f}`,
    content: TAB_LABELS[f],
    panelID: `invoices-${f}-panel`,
  }));
  const atLimit = plan.limit !== null && plan.used >= plan.limit;

  return (
    <AdminPage
      title="Invoices"
      subtitle="Smart invoicing: create, send, get paid"
      primaryAction={{ content: "Create Invoice", onAction: () => to("new") }}
      secondaryActions={[
        { content: "Invoice settings", onAction: () => to("settings") },
        { content: "Outbox", url: "/app/outbox" },
      ]}
    >
      <BlockStack gap="400">
        <RemixLink to="/dashboard" style={{ color: "var(--p-color-text-link)" }}>
          ← Back to Dashboard
        </RemixLink>
        {atLimit && (
          <Banner
            tone="warning"
            title={`You have used all ${plan.limit} invoices of your ${plan.name} plan this month`}
            action={{ content: "Upgrade to Pro", url: "/settings?tab=plan" }}
          >
            <p>New invoices are refused until next month. Pro has unlimited invoices.</p>
          </Banner>
        )}
        <Layout>
          <Layout.Section>
            <Card padding="0">
              <Tabs
                tabs={tabs}
                selected={LIST_FILTERS.indexOf(filter)}
                onSelect={(i) => setSearchParams(LIST_FILTERS[i] === "all" ? {} : { status: LIST_FILTERS[i] })}
              />
              <Box padding="400">
                {loading ? (
                  <InlineStack gap="200" blockAlign="center">
                    <Spinner size="small" accessibilityLabel="Loading invoices" />
                    <Text as="p" tone="subdued">
                      Loading invoices
                    </Text>
                  </InlineStack>
                ) : invoices.length === 0 ? (
                  <Text as="p" tone="subdued">
                    No invoices found
                  </Text>
                ) : (
                  <BlockStack gap="300">
                    {invoices.map((inv) => (
                      <InvoiceCard
                        key={inv.id}
                        invoice={inv}
                        viewHref={`/app/invoices/${inv.id}${search}`}
                        sending={sendingId === inv.id && sendFetcher.state !== "idle"}
                        onSend={() => send(inv.id)}
                      />
                    ))}
                  </BlockStack>
                )}
              </Box>
            </Card>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <InvoiceSidePanel insights={insights} plan={plan} currency={shopCurrency} />
          </Layout.Section>
        </Layout>
      </BlockStack>
      <Outlet context={outlet} />
      {toast && <Toast content={toast.content} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
