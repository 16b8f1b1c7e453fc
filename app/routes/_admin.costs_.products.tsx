// /costs/products (docs/product/costs-products.md): per product (or variant) units, net sales,
// refunds, cost of goods, fees and shipping allocated, profit and margin over a timeframe of
// store days; sortable, paged; CSV export of the report.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { productProfitPage, todayFor } from "~/features/profit/index.server";
import {
  ALLOCATION_NOTE,
  ProductsProfitControls,
  ProductsProfitTable,
  parseProductsQuery,
  productsQueryParams,
  type ProductsQuery,
} from "~/features/profit";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Product profit · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const parsed = parseProductsQuery(new URL(request.url).searchParams, todayFor(shop));
  if (!parsed.ok) throw data({ error: "Unknown option", fieldErrors: parsed.errors }, { status: 400 });
  const page = await productProfitPage(shop, parsed.query);
  return { currency: shop.currency, query: { ...parsed.query, page: page.page }, page };
}

export default function ProductsProfit() {
  const { currency, query, page } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { search } = useLocation();
  const onQuery = (change: Partial<ProductsQuery>) =>
    navigate({ pathname: "/costs/products", search: `?${productsQueryParams({ ...query, page: 1, ...change })}` });
  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname === "/costs/products" &&
    navigation.location.search !== search;
  return (
    <AdminPage
      title="Product profit"
      subtitle={`${query.from} to ${query.to} · store days`}
      secondaryActions={[
        { content: "Cost Management", url: "/costs" },
        {
          content: "Export CSV",
          url: `/costs/products.csv?${productsQueryParams({ ...query, page: 1 })}`,
          external: true,
        },
      ]}
    >
      <BlockStack gap="300">
        <Card padding="0">
          <ProductsProfitControls key={`${query.from}:${query.to}`} query={query} onQuery={onQuery} />
          <ProductsProfitTable page={page} query={query} currency={currency} loading={loading} onQuery={onQuery} />
        </Card>
        <Text as="p" tone="subdued">
          {ALLOCATION_NOTE}
        </Text>
      </BlockStack>
    </AdminPage>
  );
}
