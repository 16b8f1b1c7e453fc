// /inventory/{variantId}: one variant's planning figures with the maths behind them, and its
// planning settings (supplier, lead time, days of stock, service level, reorder-point override).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { FieldError, fieldErrorsOf, formToObject, type FieldErrors } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { STATUS_LABELS, coverText, planningChangesSchema, type InventoryStatus } from "~/features/inventory";
import {
  PoError,
  listSuppliers,
  reevaluateVariants,
  snoozeAlert,
  updatePlanning,
  variantPlanView,
} from "~/features/inventory/index.server";
import { prisma } from "~/db.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.row.title ?? "Variant"} · Profit Pilot` },
];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const id = params.variantId ?? "";
  if (!ID.test(id)) throw new Response("Not found", { status: 404 });
  const own = await prisma.variant.count({ where: { shopId: shop.id, id } });
  if (!own) throw new Response("Not found", { status: 404 });
  let row = await variantPlanView(shop, id);
  if (!row) {
    await reevaluateVariants(prisma, shop, [id]);
    row = await variantPlanView(shop, id);
  }
  const [suppliers, settings, alert] = await Promise.all([
    listSuppliers(shop),
    prisma.variantPlanning.findFirst({ where: { shopId: shop.id, variantId: id } }),
    prisma.stockAlert.findFirst({ where: { shopId: shop.id, variantId: id, closedAt: null } }),
  ]);
  if (!row) throw new Response("Not found", { status: 404 });
  return {
    currency: shop.currency,
    row,
    alert: alert
      ? {
          level: alert.level,
          openedAt: alert.openedAt.toISOString(),
          snoozedUntil: alert.snoozedUntil && alert.snoozedUntil > new Date() ? alert.snoozedUntil.toISOString() : null,
        }
      : null,
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name, leadTimeDays: s.leadTimeDays })),
    own: {
      supplierId: settings?.supplierId ?? "",
      leadTimeDays: settings?.leadTimeDays?.toString() ?? "",
      daysOfStock: settings?.daysOfStock?.toString() ?? "",
      serviceLevel: settings?.serviceLevel ? String(Math.round(settings.serviceLevel * 1000) / 10) : "",
      reorderPointOverride: settings?.reorderPointOverride?.toString() ?? "",
    },
  };
}

type Result = { ok: boolean; fieldErrors?: FieldErrors; message?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const id = params.variantId ?? "";
  const fail = (status: number, fieldErrors: FieldErrors) => data<Result>({ ok: false, fieldErrors }, { status });
  if (!ID.test(id)) return fail(404, { _form: ["Not found"] });
  const values = formToObject(await request.formData());
  if (values.intent === "snooze") {
    const days = Number(values.days);
    if (![1, 7, 30].includes(days)) return fail(400, { days: ["Snooze for 1, 7 or 30 days"] });
    try {
      const until = await snoozeAlert(ctx, id, days);
      return { ok: true, message: `Alert snoozed until ${until.toISOString().slice(0, 10)}.` } satisfies Result;
    } catch (error) {
      if (error instanceof PoError) return fail(error.status, { _form: [error.message] });
      throw error;
    }
  }
  const parsed = planningChangesSchema.safeParse(values);
  if (!parsed.success) return fail(400, fieldErrorsOf(parsed.error));
  const changes = {
    ...parsed.data,
    // The form sends every field: a blank one goes back to the inherited value.
    clearSupplier: !parsed.data.supplierId,
    clearOverride: parsed.data.reorderPointOverride === undefined,
  };
  try {
    await updatePlanning(ctx, [id], changes);
    // Blank lead time, days of stock and service level inherit again.
    await prisma.variantPlanning.updateMany({
      where: { shopId: ctx.shop.id, variantId: id },
      data: {
        ...(parsed.data.leadTimeDays === undefined ? { leadTimeDays: null } : {}),
        ...(parsed.data.daysOfStock === undefined ? { daysOfStock: null } : {}),
        ...(parsed.data.serviceLevel === undefined ? { serviceLevel: null } : {}),
      },
    });
    await reevaluateVariants(prisma, ctx.shop, [id]);
  } catch (error) {
    if (error instanceof FieldError) return fail(400, error.fieldErrors);
    if (error instanceof PoError) return fail(error.status, { _form: [error.message] });
    throw error;
  }
  return { ok: true, message: "Planning settings saved and figures recomputed." } satisfies Result;
}

const TONES: Record<InventoryStatus, "critical" | "warning" | "info" | "success"> = {
  "out-of-stock": "critical",
  "low-stock": "warning",
  "in-stock": "info",
  "well-stocked": "success",
};

export default function VariantPlanning() {
  const { currency, row, suppliers, own, alert } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, setForm] = useState(own);
  const err = (k: string) => (result && !result.ok ? result.fieldErrors?.[k]?.[0] : undefined);
  const figure = (label: string, value: string) => (
    <BlockStack gap="050">
      <Text as="span" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="span" variant="headingMd">
        {value}
      </Text>
    </BlockStack>
  );
  return (
    <AdminPage title={row.title} subtitle={`${row.sku ?? "No SKU"} · ${row.category}`}>
      <BlockStack gap="400">
        {result?.ok && "message" in result && <Banner tone="success">{result.message}</Banner>}
        {err("_form") && <Banner tone="critical">{err("_form")}</Banner>}
        {alert && (
          <Banner tone={alert.level === "out" ? "critical" : "warning"} title="Stock alert open">
            <BlockStack gap="200">
              <Text as="p">
                {alert.level === "out" ? "Out of stock" : "Low on stock"} since {alert.openedAt.slice(0, 10)}. It closes
                by itself when the stock recovers above the reorder point.
                {alert.snoozedUntil ? ` Snoozed until ${alert.snoozedUntil.slice(0, 10)}.` : ""}
              </Text>
              <InlineStack gap="200">
                {[1, 7].map((days) => (
                  <Form method="post" key={days}>
                    <input type="hidden" name="intent" value="snooze" />
                    <input type="hidden" name="days" value={days} />
                    <Button submit size="slim">
                      {`Snooze ${days === 1 ? "1 day" : "7 days"}`}
                    </Button>
                  </Form>
                ))}
              </InlineStack>
            </BlockStack>
          </Banner>
        )}
        <Card>
          <BlockStack gap="400">
            <InlineStack gap="200" blockAlign="center">
              <Badge tone={TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
              <Text as="span" tone="subdued">
                {row.supplierName ? `Supplier: ${row.supplierName}` : "No supplier assigned"}
              </Text>
            </InlineStack>
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
              {figure("Available", row.available.toLocaleString("en-US"))}
              {figure("Reserved", row.committed.toLocaleString("en-US"))}
              {figure("On order", row.onOrder.toLocaleString("en-US"))}
              {figure("Price", formatMoney(row.priceMinor, currency))}
              {figure("Velocity", `${row.velocity.toFixed(2)} / day`)}
              {figure("Safety stock", row.safetyStock.toFixed(1))}
              {figure("Reorder point", `${row.reorderPoint}${row.reorderPointOverridden ? " (override)" : ""}`)}
              {figure("Days of cover", coverText(row.daysOfCover))}
              {figure("Stock-out date", row.stockOutDay ?? "—")}
              {figure("Order by", row.orderByDay ?? "—")}
              {figure("Suggested order", row.suggestedQty.toLocaleString("en-US"))}
              {figure("Lost revenue / day", formatMoney(row.lostRevenuePerDayMinor, currency))}
            </InlineGrid>
            <Text as="p" tone="subdued" variant="bodySm">
              {row.maths}
            </Text>
          </BlockStack>
        </Card>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text as="h2" variant="headingMd">
                Planning settings
              </Text>
              <Select
                label="Supplier"
                name="supplierId"
                options={[
                  { label: "The product's supplier", value: "" },
                  ...suppliers.map((s) => ({ label: `${s.name} (${s.leadTimeDays} days)`, value: s.id })),
                ]}
                value={form.supplierId}
                onChange={(v) => setForm({ ...form, supplierId: v })}
                error={err("supplierId")}
              />
              <FormLayout.Group>
                <TextField
                  label="Lead time (days)"
                  name="leadTimeDays"
                  type="number"
                  autoComplete="off"
                  placeholder={`${row.leadTimeDays} (inherited)`}
                  value={form.leadTimeDays}
                  onChange={(v) => setForm({ ...form, leadTimeDays: v })}
                  error={err("leadTimeDays")}
                />
                <TextField
                  label="Days of stock"
                  name="daysOfStock"
                  type="number"
                  autoComplete="off"
                  placeholder={`${row.daysOfStock} (default)`}
                  value={form.daysOfStock}
                  onChange={(v) => setForm({ ...form, daysOfStock: v })}
                  error={err("daysOfStock")}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField
                  label="Service level (%)"
                  name="serviceLevel"
                  type="number"
                  autoComplete="off"
                  placeholder={`${Math.round(row.serviceLevel * 1000) / 10} (default)`}
                  value={form.serviceLevel}
                  onChange={(v) => setForm({ ...form, serviceLevel: v })}
                  error={err("serviceLevel")}
                  helpText="50 to 99.9"
                />
                <TextField
                  label="Reorder point override"
                  name="reorderPointOverride"
                  type="number"
                  autoComplete="off"
                  placeholder="Computed"
                  value={form.reorderPointOverride}
                  onChange={(v) => setForm({ ...form, reorderPointOverride: v })}
                  error={err("reorderPointOverride")}
                  helpText="Leave blank to use the computed reorder point"
                />
              </FormLayout.Group>
              <Text as="p" tone="subdued">
                Blank fields inherit from the supplier, then the defaults (14 days, 95%, 30 days of stock).
              </Text>
              <InlineStack gap="200">
                <Button submit variant="primary" loading={navigation.state === "submitting"}>
                  Save
                </Button>
                <Button url="/inventory">Back to inventory</Button>
              </InlineStack>
            </FormLayout>
          </Form>
        </Card>
      </BlockStack>
    </AdminPage>
  );
}
