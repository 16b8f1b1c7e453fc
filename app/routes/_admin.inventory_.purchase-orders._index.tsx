// /inventory/purchase-orders: every purchase order of the shop, newest first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { Badge, Banner, BlockStack, Card, EmptyState, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { formatMoney } from "~/lib/money";
import { PO_STATUS_LABELS, PO_TONES } from "~/features/inventory";
import { listPurchaseOrders } from "~/features/inventory/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Purchase orders · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return { orders: await listPurchaseOrders(shop, 200) };
}

export default function PurchaseOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminPage title="Purchase orders" subtitle="Drafted from Reorder and Bulk Actions on Inventory">
      <BlockStack gap="400">
        {params.get("created") && (
          <Banner tone="success">
            {params.get("added")
              ? "Purchase orders drafted, one per supplier: where a supplier had an open draft, the variants were added to it."
              : "Draft purchase orders created, one per supplier."}
          </Banner>
        )}
        <Card padding="0">
          {orders.length === 0 ? (
            <EmptyState
              heading="No purchase orders yet"
              image=""
              action={{ content: "Go to Inventory", url: "/inventory" }}
            >
              <Text as="p">Use Reorder on a variant, or select variants and create purchase orders.</Text>
            </EmptyState>
          ) : (
            <ResponsiveIndexTable
              resourceName={{ singular: "purchase order", plural: "purchase orders" }}
              columns={[
                { title: "Order" },
                { title: "Supplier" },
                { title: "Status" },
                { title: "Units", alignment: "end" },
                { title: "Received", alignment: "end" },
                { title: "Total", alignment: "end" },
                { title: "Created" },
              ]}
              rows={orders.map((o) => ({
                id: o.id,
                cells: [
                  <Link key="l" to={`/inventory/purchase-orders/${o.id}`}>
                    {o.label}
                  </Link>,
                  o.supplier,
                  <Badge key="b" tone={PO_TONES[o.status]}>
                    {PO_STATUS_LABELS[o.status]}
                  </Badge>,
                  o.units.toLocaleString("en-US"),
                  o.receivedUnits.toLocaleString("en-US"),
                  formatMoney(o.totalMinor, o.currency),
                  o.createdDay,
                ],
              }))}
            />
          )}
        </Card>
      </BlockStack>
    </AdminPage>
  );
}
