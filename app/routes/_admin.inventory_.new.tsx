// /inventory/new: Add Product — title, category, SKU, price, cost, initial stock and supplier.
// In a connected store the product is created in Shopify (write_products); in the demo, here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, Button, Card, FormLayout, InlineStack, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { addProductSchema } from "~/features/inventory";
import { addProduct, filterOptions } from "~/features/inventory/index.server";
import { AdminApiError } from "~/features/store-sync/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "write", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Add product · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, demo } = await requireAdmin(request, permissions.loader);
  const options = await filterOptions(shop);
  return { currency: shop.currency, demo, categories: options.categories, suppliers: options.suppliers };
}

type Result = { ok: false; fieldErrors: FieldErrors };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  const fail = (fieldErrors: FieldErrors, status = 400) => data<Result>({ ok: false, fieldErrors }, { status });
  if (!read.ok) return fail(read.fieldErrors);
  const parsed = addProductSchema.safeParse(read.values);
  if (!parsed.success) return fail(fieldErrorsOf(parsed.error));
  try {
    const created = await addProduct({ ...ctx, admin: ctx.demo ? null : ctx.admin }, parsed.data);
    return redirect(`/inventory/${created.variantId}?added=1`);
  } catch (error) {
    if (error instanceof FieldError) return fail(error.fieldErrors);
    if (error instanceof AdminApiError) return fail({ _form: ["Shopify did not accept the product; try again"] }, 502);
    throw error;
  }
}

type Fields = "title" | "category" | "sku" | "price" | "cost" | "stock" | "supplierId";

export default function AddProduct() {
  const { currency, demo, categories, suppliers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, setForm] = useState<Record<Fields, string>>({
    title: "",
    category: categories[0] ?? "Electronics",
    sku: "",
    price: "",
    cost: "",
    stock: "0",
    supplierId: "",
  });
  const err = (k: string) => result?.fieldErrors?.[k]?.[0];
  const text = (k: Fields, label: string, extra: object = {}) => (
    <TextField
      label={label}
      name={k}
      autoComplete="off"
      value={form[k]}
      onChange={(v) => setForm({ ...form, [k]: v })}
      error={err(k)}
      {...extra}
    />
  );
  return (
    <AdminPage title="Add product" subtitle={demo ? "Stored in the demo store" : "Created in Shopify"}>
      <Card>
        <Form method="post" noValidate>
          <FormLayout>
            {err("_form") && <Banner tone="critical">{err("_form")}</Banner>}
            {text("title", "Title")}
            <FormLayout.Group>
              <Select
                label="Category"
                name="category"
                options={categories.map((c) => ({ label: c, value: c }))}
                value={form.category}
                onChange={(v) => setForm({ ...form, category: v })}
                error={err("category")}
              />
              {text("sku", "SKU")}
            </FormLayout.Group>
            <FormLayout.Group>
              {text("price", `Price (${currency})`, { inputMode: "decimal", placeholder: "0.00" })}
              {text("cost", `Cost per unit (${currency})`, { inputMode: "decimal", placeholder: "Unknown" })}
              {text("stock", "Initial stock", { type: "number", min: 0 })}
            </FormLayout.Group>
            <Select
              label="Supplier"
              name="supplierId"
              options={[{ label: "None yet", value: "" }, ...suppliers.map((s) => ({ label: s.name, value: s.id }))]}
              value={form.supplierId}
              onChange={(v) => setForm({ ...form, supplierId: v })}
              error={err("supplierId")}
            />
            <InlineStack gap="200">
              <Button submit variant="primary" loading={navigation.state === "submitting"}>
                Add product
              </Button>
              <Button url="/inventory">Cancel</Button>
            </InlineStack>
          </FormLayout>
        </Form>
      </Card>
    </AdminPage>
  );
}
