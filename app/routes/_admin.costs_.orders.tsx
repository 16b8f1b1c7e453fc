// /costs/orders (docs/product/costs-orders.md): every order of a range with its revenue,
// discounts, cost of goods, fees, shipping cost, refunds, profit and margin; search, filters,
// sort and page in the URL; a row opens the order's profit breakdown; CSV export of the view.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Card } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { todayFor, listOrderProfits } from "~/features/profit/index.server";
import {
  OrdersProfitControls,
  OrdersProfitTable,
  ordersQueryParams,
  parseOrdersQuery,
  type OrdersQuery,
} from "~/features/profit";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Order profit · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const parsed = parseOrdersQuery(new URL(request.url).searchParams, todayFor(shop));
  if (!parsed.ok) throw data({ error: "Unknown filter", fieldErrors: parsed.errors }, { status: 400 });
  const page = await listOrderProfits(shop, parsed.query);
  return { currency: shop.currency, query: { ...parsed.query, page: page.page }, page };
}

export default function OrdersProfit() {
  const { currency, query, page } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { search } = useLocation();
  const go = (q: OrdersQuery) => navigate({ pathname: "/costs/orders", search: `?${ordersQueryParams(q)}` });
  const onQuery = (change: Partial<OrdersQuery>) => go({ ...query, page: 1, ...change });
  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname === "/costs/orders" &&
    navigation.location.search !== search;
  const exportParams = ordersQueryParams({ ...query, page: 1 });
  return (
    <AdminPage
      title="Order profit"
      subtitle={`${query.from} to ${query.to} · store days`}
      secondaryActions={[
        { content: "Cost Management", url: "/costs" },
        { content: "Export CSV", url: `/costs/orders.csv?${exportParams}`, external: true },
      ]}
    >
      <Card padding="0">
        <OrdersProfitControls query={query} onQuery={onQuery} />
        <OrdersProfitTable
          page={page}
          query={query}
          currency={currency}
          loading={loading}
          onQuery={onQuery}
          hrefOf={(id) => `/costs/orders/${id}?${ordersQueryParams(query)}`}
        />
      </Card>
    </AdminPage>
  );
}
