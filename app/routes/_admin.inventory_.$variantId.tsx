// /inventory/{variantId}: one variant's planning figures with the maths behind them, and its
// planning settings (supplier, lead time, days of stock, service level, reorder-point override).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { dayInZone, formatInstant } from "~/lib/dates";
import { minorToDecimalString } from "~/lib/money";
import {
  LocationFigures,
  PlanningSettingsForm,
  PriceCostCard,
  StockAlertBanner,
  VariantFigures,
  planningChangesSchema,
  priceCostSchema,
} from "~/features/inventory";
import {
  PoError,
  listSuppliers,
  reevaluateVariants,
  snoozeAlert,
  updatePlanning,
  updatePriceCost,
  variantLocationPlans,
  variantPlanView,
} from "~/features/inventory/index.server";
import { prisma } from "~/db.server";
import { AdminApiError } from "~/features/store-sync/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { can, type RoutePermissions } from "~/features/team";
import { useRefusalToast } from "~/components/toasts";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.row.title ?? "Variant"} · Profit Pilot` },
];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop, demo, staff } = await requireAdmin(request, permissions.loader);
  const id = params.variantId ?? "";
  if (!ID.test(id)) throw new Response("Not found", { status: 404 });
  const variant = await prisma.variant.findFirst({
    where: { shopId: shop.id, id },
    select: { priceMinor: true, unitCostMinor: true },
  });
  if (!variant) throw new Response("Not found", { status: 404 });
  let row = await variantPlanView(shop, id);
  if (!row) {
    await reevaluateVariants(prisma, shop, [id]);
    row = await variantPlanView(shop, id);
  }
  const [suppliers, settings, alert, locations] = await Promise.all([
    listSuppliers(shop),
    prisma.variantPlanning.findFirst({ where: { shopId: shop.id, variantId: id } }),
    prisma.stockAlert.findFirst({ where: { shopId: shop.id, variantId: id, closedAt: null } }),
    variantLocationPlans(shop, id),
  ]);
  if (!row) throw new Response("Not found", { status: 404 });
  return {
    currency: shop.currency,
    demo,
    canWrite: can(staff.role, permissions.action),
    row,
    locations,
    priceCost: {
      price: minorToDecimalString(variant.priceMinor, shop.currency),
      cost: variant.unitCostMinor === null ? "" : minorToDecimalString(variant.unitCostMinor, shop.currency),
      costEffectiveFrom: dayInZone(new Date(), shop.timezone),
    },
    alert: alert
      ? {
          level: alert.level,
          openedDay: dayInZone(alert.openedAt, shop.timezone),
          snoozedUntil:
            alert.snoozedUntil && alert.snoozedUntil > new Date()
              ? formatInstant(alert.snoozedUntil, shop.timezone)
              : null,
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

export const action = answeringRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const id = params.variantId ?? "";
  const fail = (status: number, fieldErrors: FieldErrors) => data<Result>({ ok: false, fieldErrors }, { status });
  if (!ID.test(id)) return fail(404, { _form: ["Not found"] });
  const read = await readForm(request);
  if (!read.ok) return fail(400, read.fieldErrors);
  const { values } = read;
  if (values.intent === "snooze") {
    const days = Number(values.days);
    if (![1, 7, 30].includes(days)) return fail(400, { days: ["Snooze for 1, 7 or 30 days"] });
    try {
      const until = await snoozeAlert(ctx, id, days);
      return { ok: true, message: `Alert snoozed until ${formatInstant(until, ctx.shop.timezone)}.` } satisfies Result;
    } catch (error) {
      if (error instanceof PoError) return fail(error.status, { _form: [error.message] });
      throw error;
    }
  }
  if (values.intent === "price-cost") {
    const input = priceCostSchema.safeParse(values);
    if (!input.success) return fail(400, fieldErrorsOf(input.error));
    try {
      const done = await updatePriceCost({ ...ctx, admin: ctx.demo ? null : ctx.admin }, id, input.data);
      const what = [done.priceChanged && "Price", done.costChanged && `cost (from ${done.effectiveFrom})`];
      return { ok: true, message: `${what.filter(Boolean).join(" and ")} saved.` } satisfies Result;
    } catch (error) {
      if (error instanceof FieldError) return fail(400, error.fieldErrors);
      if (error instanceof PoError) return fail(error.status, { _form: [error.message] });
      if (error instanceof AdminApiError) return fail(502, { _form: ["Shopify did not accept the change; try again"] });
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
});

export default function VariantPlanning() {
  const { currency, demo, row, locations, suppliers, own, alert, priceCost, canWrite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useRefusalToast(result);
  const navigation = useNavigation();
  const err = (k: string) => (result && !result.ok ? result.fieldErrors?.[k]?.[0] : undefined);
  return (
    <AdminPage title={row.title} subtitle={`${row.sku ?? "No SKU"} · ${row.category}`}>
      <BlockStack gap="400">
        {result?.ok && "message" in result && <Banner tone="success">{result.message}</Banner>}
        {err("_form") && <Banner tone="critical">{err("_form")}</Banner>}
        {alert && <StockAlertBanner alert={alert} />}
        <VariantFigures row={row} currency={currency} />
        <LocationFigures rows={locations} />
        <PriceCostCard saved={priceCost} currency={currency} embedded={!demo} readOnly={!canWrite} />
        <PlanningSettingsForm
          own={own}
          inherited={row}
          suppliers={suppliers}
          error={err}
          submitting={navigation.state === "submitting"}
        />
      </BlockStack>
    </AdminPage>
  );
}
