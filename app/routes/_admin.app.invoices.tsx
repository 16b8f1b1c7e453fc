// /app/invoices (docs/product/invoices.md#the-list): the invoice list, searched, filtered
// by status and paginated on the server (the URL's ?status=&q=&page=), and a side panel
// of tips computed from the shop's own invoices below it. The detail, create and settings dialogs
// are child routes shown over it through <Outlet/>.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link as RemixLink,
  Outlet,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { Banner, BlockStack, Box, Card, EmptyState, Toast } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { useFetcherResult } from "~/components/useFetcherResult";
import {
  InvoiceListFilters,
  InvoiceSidePanel,
  InvoiceTable,
  listQueryParams,
  TOAST,
  type ActionResult,
  type InvoiceListQuery,
  type InvoicesOutletContext,
  type ToastState,
} from "~/features/invoices";
import {
  invoiceInsights,
  invoicePlanUsage,
  invoiceScreenAction,
  listInvoicePage,
  parseListQuery,
} from "~/features/invoices/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useCan, type RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Invoices · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const query = parseListQuery(new URL(request.url).searchParams);
  const [list, insights, usage] = await Promise.all([
    listInvoicePage(shop, query),
    invoiceInsights(shop),
    invoicePlanUsage(shop),
  ]);
  return {
    storeId: shop.id,
    shopCurrency: shop.currency || "USD",
    query: { ...query, page: list.page },
    paging: { page: list.page, pageCount: list.pageCount, total: list.total, pageSize: list.pageSize },
    invoices: list.rows.map(({ number, ...row }) => ({ ...row, invoiceNumber: number })),
    hasInvoices: Object.values(insights.byStatus).some((n) => n > 0),
    insights,
    plan: { name: usage.name, limit: usage.limit, used: usage.used, atLimit: usage.atLimit },
  };
}

/** Every intent of the screen (the dialogs' routes post their own); kept here for the list's Send. */
export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  return invoiceScreenAction(ctx, request);
});

export default function Invoices() {
  const { invoices, query, paging, hasInvoices, insights, plan, shopCurrency } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { search } = useLocation();
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
  const list = (change: Partial<InvoiceListQuery>) => {
    const params = listQueryParams({ ...query, page: 1, ...change }).toString();
    navigate({ pathname: "/app/invoices", search: params ? `?${params}` : "" }, { preventScrollReset: true });
  };
  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname === "/app/invoices" &&
    navigation.location.search !== search;
  const canWrite = useCan("write");
  const createLabel = plan.atLimit ? `Create Invoice (${plan.used}/${plan.limit} used)` : "Create Invoice";

  return (
    <AdminPage
      title="Invoices"
      subtitle="Smart invoicing: create, send, get paid"
      primaryAction={{
        content: createLabel,
        disabled: !canWrite,
        helpText: canWrite ? undefined : "Your role can read invoices but not create them.",
        onAction: () => to("new"),
      }}
      secondaryActions={[
        { content: "Invoice settings", disabled: !canWrite, onAction: () => to("settings") },
        { content: "Outbox", url: "/app/outbox" },
      ]}
    >
      <BlockStack gap="400">
        <Box paddingInline={{ xs: "400", sm: "0" }}>
          <RemixLink to="/dashboard" style={{ color: "var(--p-color-text-link)" }}>
            ← Back to Dashboard
          </RemixLink>
        </Box>
        {plan.atLimit && (
          <Banner
            tone="warning"
            title={`You have used all ${plan.limit} invoices of your ${plan.name} plan this month`}
            action={{ content: "Upgrade to Pro", url: "/settings?tab=plan" }}
          >
            <p>New invoices can be created again next month. Pro has unlimited invoices.</p>
          </Banner>
        )}
        <Card padding="0">
          {hasInvoices ? (
            <>
              <InvoiceListFilters
                status={query.status}
                q={query.q}
                onStatus={(status) => list({ status })}
                onSearch={(q) => q !== query.q && list({ q })}
              />
              <div id="invoices-list" role="tabpanel" aria-labelledby={`invoices-${query.status}`}>
                <InvoiceTable
                  rows={invoices}
                  paging={paging}
                  loading={loading}
                  sendingId={sendFetcher.state !== "idle" ? sendingId : null}
                  onView={(id) => to(id)}
                  onSend={send}
                  onPage={(page) => list({ page })}
                />
              </div>
            </>
          ) : (
            <EmptyState
              heading="Create your first invoice"
              action={{ content: createLabel, disabled: !canWrite, onAction: () => to("new") }}
              image=""
            >
              <p>Invoices you create appear here, with their status, due date and amount.</p>
            </EmptyState>
          )}
        </Card>
        {/* Below the list, not beside it: the table needs the full width to show every column at 1366 px. */}
        <InvoiceSidePanel insights={insights} plan={plan} currency={shopCurrency} />
      </BlockStack>
      <Outlet context={outlet} />
      {toast && <Toast content={toast.content} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
