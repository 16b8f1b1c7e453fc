// /inventory/suppliers: the shop's suppliers (name, e-mail, lead time, minimum order, case
// pack, currency), added and edited in a dialog. Lead times feed every variant they supply.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, EmptyState, Text, Toast } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import {
  DeleteSupplierDialog,
  SupplierActions,
  SupplierDialog,
  supplierSchema,
  type SupplierDraft,
} from "~/features/inventory";
import {
  PoError,
  deleteSupplier,
  listSuppliers,
  openOrdersBySupplier,
  saveSupplier,
} from "~/features/inventory/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useDisabledReason, type RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Suppliers · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const [suppliers, open] = await Promise.all([listSuppliers(shop), openOrdersBySupplier(shop)]);
  return {
    currency: shop.currency,
    suppliers: suppliers.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      leadTimeDays: s.leadTimeDays,
      minOrderQty: s.minOrderQty,
      casePack: s.casePack,
      currency: s.currency,
      openOrders: open.get(s.id) ?? 0,
    })),
  };
}

type Result = { ok: boolean; fieldErrors?: FieldErrors };
const ID = /^[A-Za-z0-9_-]{1,100}$/;

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  const fail = (status: number, fieldErrors: FieldErrors) => data<Result>({ ok: false, fieldErrors }, { status });
  if (!read.ok) return fail(400, read.fieldErrors);
  const { values } = read;
  if (values.id && !ID.test(values.id)) return fail(404, { _form: ["Not found"] });
  if (values.intent === "delete") {
    try {
      await deleteSupplier(ctx, values.id ?? "");
      return { ok: true } satisfies Result;
    } catch (error) {
      if (error instanceof PoError) return fail(error.status, { _form: [error.message] });
      throw error;
    }
  }
  const parsed = supplierSchema.safeParse(values);
  if (!parsed.success) return fail(400, fieldErrorsOf(parsed.error));
  try {
    await saveSupplier(ctx, values.id ?? null, parsed.data);
  } catch (error) {
    if (error instanceof FieldError) return fail(400, error.fieldErrors);
    if (error instanceof PoError) return fail(404, { _form: [error.message] });
    throw error;
  }
  return { ok: true } satisfies Result;
});

type Row = ReturnType<typeof useLoaderData<typeof loader>>["suppliers"][number];
const draftOf = (s: Row): SupplierDraft => ({
  id: s.id,
  name: s.name,
  currency: s.currency,
  email: s.email ?? "",
  leadTimeDays: String(s.leadTimeDays),
  minOrderQty: String(s.minOrderQty),
  casePack: String(s.casePack),
});

export default function Suppliers() {
  const { currency, suppliers } = useLoaderData<typeof loader>();
  const [draft, setDraft] = useState<SupplierDraft | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const refused = useDisabledReason("write", "change suppliers");
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const deleted = useCallback((name: string) => {
    setDeleting(null);
    setToast(`${name} deleted`);
  }, []);
  const blank: SupplierDraft = {
    id: "",
    name: "",
    email: "",
    leadTimeDays: "14",
    minOrderQty: "1",
    casePack: "1",
    currency,
  };
  const add = { content: "Add supplier", disabled: !!refused, onAction: () => setDraft(blank) };
  return (
    <AdminPage title="Suppliers" primaryAction={{ ...add, helpText: refused }}>
      <Card padding="0">
        {suppliers.length === 0 ? (
          <EmptyState heading="No suppliers yet" image="" action={add}>
            <Text as="p">A supplier's lead time, minimum order and case pack shape each variant's suggestions.</Text>
          </EmptyState>
        ) : (
          <ResponsiveIndexTable
            resourceName={{ singular: "supplier", plural: "suppliers" }}
            columns={[
              { title: "Supplier" },
              { title: "E-mail" },
              { title: "Lead time", alignment: "end" },
              { title: "Minimum order", alignment: "end" },
              { title: "Case pack", alignment: "end" },
              { title: "Currency" },
            ]}
            rows={suppliers.map((s) => ({
              id: s.id,
              cells: [
                s.name,
                s.email ?? "—",
                `${s.leadTimeDays} days`,
                String(s.minOrderQty),
                String(s.casePack),
                s.currency,
              ],
              actions: (
                <SupplierActions
                  name={s.name}
                  openOrders={s.openOrders}
                  refused={refused}
                  onEdit={() => setDraft(draftOf(s))}
                  onDelete={() => setDeleting(s)}
                />
              ),
            }))}
          />
        )}
      </Card>
      <DeleteSupplierDialog
        key={deleting?.id ?? "none"}
        supplier={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={deleted}
      />
      {draft && (
        <SupplierDialog
          draft={draft}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            setToast("Supplier saved");
          }}
        />
      )}
      {toast && <Toast content={toast} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
