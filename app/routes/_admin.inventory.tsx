// /inventory (docs/product/inventory.md): alert cards, search and filters in the URL, the
// planning list sorted by lost revenue per day, Bulk Actions and Reorder → purchase order.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, InlineStack, Text, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import {
  AlertCards,
  BulkActionsMenu,
  BulkEditModal,
  ColumnPicker,
  FiltersBar,
  InventoryTable,
  bulkSchema,
  columnsFromSearch,
  filtersFromSearch,
  inventoryFiltersSchema,
  type InventoryListRow,
} from "~/features/inventory";
import {
  PoError,
  alertCards,
  createDraftOrders,
  filterOptions,
  inventoryPage,
  listInventory,
  updatePlanning,
} from "~/features/inventory/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useDisabledReason, type RoutePermissions } from "~/features/team";
import { useFetcherResult } from "~/components/useFetcherResult";
import { currentSearchParams } from "~/components/search-params";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Inventory · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

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

/** A draft's page; `added` tells it the lines went onto the supplier's open draft. */
const poUrl = (po: { id: string; existing: boolean; added: number }) =>
  `/inventory/purchase-orders/${po.id}${po.existing ? `?added=${po.added}` : ""}`;

type ActionResult = { ok: boolean; intent: string; fieldErrors?: FieldErrors; updated?: number };

/** The variants an action acts on: the posted ids, or every variant matching the posted filters. */
async function idsOf(shop: { id: string; timezone: string }, values: Record<string, string>): Promise<string> {
  if (values.ids || values.scope !== "filters") return values.ids ?? "";
  const parsed = filtersFromSearch(new URLSearchParams(values.query ?? ""));
  if (!parsed.success) throw new FieldError({ ids: ["The filters are not valid"] });
  const all = await listInventory(shop, { ...parsed.data, page: 1 }, 10_000);
  return all.rows.map((r) => r.variantId).join(",");
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  const values = read.ok ? read.values : {};
  const intent = values.intent ?? "";
  const answer = (status: number, fieldErrors: FieldErrors) =>
    data<ActionResult>({ ok: false, intent, fieldErrors }, { status });
  if (!read.ok) return answer(400, read.fieldErrors);
  try {
    if (intent === "reorder") {
      if (!ID.test(values.variantId ?? "")) return answer(400, { variantId: ["Unknown variant"] });
      const [po] = await createDraftOrders(ctx, [values.variantId!]);
      return redirect(poUrl(po));
    }
    if (intent === "createPurchaseOrders") {
      const ids = (await idsOf(ctx.shop, values)).split(",").filter(Boolean);
      if (!ids.length || ids.some((id) => !ID.test(id))) return answer(400, { ids: ["Choose at least one variant"] });
      const created = await createDraftOrders(ctx, ids);
      const toOpenDrafts = created.filter((p) => p.existing).length;
      return redirect(
        created.length === 1
          ? poUrl(created[0])
          : `/inventory/purchase-orders?created=1${toOpenDrafts ? `&added=${toOpenDrafts}` : ""}`,
      );
    }
    if (intent === "bulk") {
      const parsed = bulkSchema.safeParse({ ...values, ids: await idsOf(ctx.shop, values) });
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      const { ids, ...changes } = parsed.data;
      const { updated } = await updatePlanning(ctx, ids, changes);
      return { ok: true, intent, updated } satisfies ActionResult;
    }
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    if (error instanceof PoError) return answer(error.status, { _form: [error.message] });
    throw error;
  }
  return answer(400, { intent: ["Unknown action"] });
});

export default function Inventory() {
  const { currency, filterErrors, raw, page, cards, options } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const reorder = useFetcher<ActionResult>();
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const [toast, setToast] = useState<{ content: string; error?: boolean } | null>(null);
  const change = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      () => {
        const next = currentSearchParams();
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );
  const refused = useDisabledReason("write", "reorder or change planning");
  const gate = { disabled: !!refused, helpText: refused };
  useFetcherResult(reorder, (r) => {
    if (!r.ok) setToast({ content: Object.values(r.fieldErrors ?? {}).flat()[0] ?? "Could not reorder", error: true });
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
          setToast({ content: `Updated ${n.toLocaleString("en-US")} variants` });
        }}
      />
      {toast && <Toast content={toast.content} error={toast.error} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
