// /costs/orders/{id}: one order's profit breakdown (docs/product/costs-orders.md#breakdown);
// 404 for an order that is not the shop's.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/components/AdminPage";
import { orderBreakdown } from "~/features/profit/index.server";
import { OrderProfitBreakdown } from "~/features/profit";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.breakdown.order.name ?? "Order"} profit · Profit Pilot` },
];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const id = params.orderId ?? "";
  const breakdown = ID.test(id) ? await orderBreakdown(shop, id) : null;
  if (!breakdown) throw data({ error: "Order not found" }, { status: 404 });
  return { breakdown, currency: shop.currency, timezone: shop.timezone };
}

export default function OrderProfit() {
  const { breakdown, currency, timezone } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <AdminPage
      title={`Order ${breakdown.order.name}: profit`}
      secondaryActions={[{ content: "All orders", url: `/costs/orders${search}` }]}
    >
      <OrderProfitBreakdown breakdown={breakdown} currency={currency} timezone={timezone} />
    </AdminPage>
  );
}
