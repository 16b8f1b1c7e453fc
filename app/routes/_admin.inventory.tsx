// /inventory (docs/product/inventory.md): alert cards, search and filters in the URL, the
// planning list sorted by lost revenue per day, Bulk Actions and Reorder → purchase order.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import {
  AlertCards,
  BulkActionsMenu,
  BulkEditModal,
  ColumnPicker,
  FiltersBar,
  InventoryTable,
  columnsFromSearch,
  filtersFromSearch,
  inventoryFiltersSchema,
  type InventoryListRow,
} from "~/features/inventory";
import {
  alertCards,
  filterOptions,
  inventoryListAction,
  inventoryPage,
  type InventoryActionResult as ActionResult,
} from "~/features/inventory/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useDisabledReason, type RoutePermissions } from "~/features/team";
import { useFetcherResult } from "~/components/useFetcherResult";
import { useToast } from "~/components/toasts";
import { useChangeSearchParams } from "~/components/search-params";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Inventory · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const parsed = filtersFromSearch(params);
  const filters = parsed.success ? parsed.data : inventoryFiltersSchema.parse({});
  const [page, cards, options] = await Promise.all([
    inventoryPage(shop, filters),
    alertCards(shop, filters.location),
    filterOptions(shop),
  ]);
  return {
    currency: shop.currency,
    filterErrors: parsed.success ? null : fieldErrorsOf(parsed.error),
    raw: Object.fromEntries(params),
    page,
    cards,
    options,
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data<ActionResult>({ ok: false, intent: "", fieldErrors: read.fieldErrors }, { status: 400 });
  const answer = await inventoryListAction(ctx, read.values);
  if ("redirect" in answer) return redirect(answer.redirect);
  return data<ActionResult>(answer.body, { status: answer.status });
});

export default function Inventory() {
  const { currency, filterErrors, raw, page, cards, options } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const reorder = useFetcher<ActionResult>();
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const toast = useToast();
  const changeParams = useChangeSearchParams();
  const change = (changes: Record<string, string | undefined>) => changeParams(changes, ["page"]);
  const refused = useDisabledReason("write", "reorder or change planning");
  const gate = { disabled: !!refused, helpText: refused };
  useFetcherResult(reorder, (r) => {
    if (!r.ok) toast({ content: Object.values(r.fieldErrors ?? {}).flat()[0] ?? "Could not reorder", error: true });
  });
  const submitFor = (intent: string, ids: string[] | "filters") => {
    const body = new FormData();
    body.set("intent", intent);
    if (ids === "filters") {
      body.set("scope", "filters");
      body.set("query", searchParams.toString());
    } else body.set("ids", ids.join(","));
    reorder.submit(body, { method: "post" });
  };
  const onReorder = (r: InventoryListRow) => {
    const body = new FormData();
    body.set("intent", "reorder");
    body.set("variantId", r.id);
    reorder.submit(body, { method: "post" });
  };
  const busy = reorder.state !== "idle" ? (reorder.formData?.get("variantId")?.toString() ?? null) : null;
  const rows = page.rows as InventoryListRow[];
  const columns = columnsFromSearch(raw.cols);
  const location = raw.location ? options.locations.find((l) => l.id === raw.location) : undefined;
  return (
    <AdminPage
      title="Inventory"
      subtitle={`${page.total.toLocaleString("en-US")} variants · sorted by lost revenue per day${location ? ` at ${location.name}` : ""}`}
      secondaryActions={[
        { content: "Add Product", url: "/inventory/new", ...gate },
        { content: "Planning settings", url: "/inventory/settings" },
      ]}
      primaryAction={
        <BulkActionsMenu
          total={page.total}
          query={searchParams.toString()}
          onEditPlanning={() => setBulkIds(["filters"])}
          onCreatePurchaseOrders={() => submitFor("createPurchaseOrders", "filters")}
          gate={gate}
        />
      }
    >
      <BlockStack gap="400">
        {filterErrors && (
          <Banner tone="warning" title="Some filters were not valid and were ignored">
            {Object.values(filterErrors).flat().join(" ")}
          </Banner>
        )}
        <AlertCards
          cards={cards}
          currency={currency}
          active={(raw.alert as never) ?? undefined}
          onSelect={(k) => change({ alert: k ?? "" })}
        />
        <Card padding="0">
          <div style={{ padding: 16 }}>
            <BlockStack gap="200">
              <FiltersBar filters={raw} options={options} onChange={change} />
              <InlineStack align="end">
                <ColumnPicker chosen={columns} onChange={(c) => change({ cols: c.join(","), page: raw.page })} />
              </InlineStack>
            </BlockStack>
          </div>
          {rows.length === 0 ? (
            <EmptyState heading="No variants match" image="">
              <Text as="p">Change the search or the filters to see more.</Text>
            </EmptyState>
          ) : (
            <InventoryTable
              rows={rows}
              columns={columns}
              currency={currency}
              busy={busy}
              onReorder={onReorder}
              bulkActions={(selected) => [
                { content: "Edit planning", ...gate, onAction: () => setBulkIds(selected) },
                {
                  content: "Create purchase orders",
                  ...gate,
                  onAction: () => submitFor("createPurchaseOrders", selected),
                },
                {
                  content: "Export CSV",
                  onAction: () => window.location.assign(`/inventory/export?ids=${selected.join(",")}`),
                },
              ]}
              pagination={{
                hasPrevious: page.page > 1,
                hasNext: page.page < page.pages,
                onPrevious: () => change({ page: String(page.page - 1) }),
                onNext: () => change({ page: String(page.page + 1) }),
                label: `Page ${page.page} of ${page.pages}`,
              }}
            />
          )}
        </Card>
      </BlockStack>
      <BulkEditModal
        ids={bulkIds}
        scopeQuery={bulkIds?.[0] === "filters" ? searchParams.toString() : null}
        total={bulkIds?.[0] === "filters" ? page.total : (bulkIds?.length ?? 0)}
        suppliers={options.suppliers}
        onClose={() => setBulkIds(null)}
        onDone={(n) => {
          setBulkIds(null);
          toast({ content: `Updated ${n.toLocaleString("en-US")} variants` });
        }}
      />
    </AdminPage>
  );
}
