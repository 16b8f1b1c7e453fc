// ── Live updates: an order's contribution, replaced as a whole ───────────────
// An order written by a webhook (or by recordOrder) may change anything (lines, amounts,
// day, cancellation, refunds). Its previous contribution is taken out of the rollups and
// its new one put in, inside the transaction that wrote it. The contribution is computed
// with the same rules as rebuildRollups (cancelled orders and their refunds count nothing;
// manual costs override the line snapshot from their effective day), so incremental
// updates and a rebuild agree.
import type { DbClient } from "~/db.server";
import { effectiveUnitCost, overridesFor, type CostRow } from "~/features/profit/costs-rule";
import {
  bumpDay,
  bumpDimensions,
  bumpProduct,
  bumpVariant,
  variantKeyOf,
  type DayRow,
  type DimRow,
  type OrderDimensions,
  type ProductRow,
  type VariantKey,
  type VariantRow,
  emptyProductRow,
} from "~/features/profit/rollup-bumps.server";

/** What an order adds to the rollups, as stored. */
export type OrderState = Partial<OrderDimensions> & {
  day: string;
  cancelled: boolean;
  grossSalesMinor: number;
  discountsMinor: number;
  /** The order's refunds whatever their day (the Products report allocates them on the order's day). */
  refundsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  shippingCostMinor: number | null;
  paymentFeesMinor: number | null;
  /** Where the fee and the label cost come from (Order.paymentFeeSource, shippingCostSource). */
  paymentFeeSource?: string | null;
  shippingCostSource?: string | null;
  lines: {
    day: string;
    productId: string | null;
    variantId: string | null;
    title: string;
    sku: string | null;
    quantity: number;
    unitPriceMinor: number;
    discountMinor: number;
    unitCostMinor: number | null;
  }[];
  refunds: { day: string; amountMinor: number }[];
};

/** The stored state of one of the shop's orders, or null when there is none. */
export async function loadOrderState(db: DbClient, shopId: string, orderId: string): Promise<OrderState | null> {
  const order = await db.order.findFirst({
    where: { id: orderId, shopId },
    select: {
      day: true,
      cancelledAt: true,
      grossSalesMinor: true,
      discountsMinor: true,
      refundsMinor: true,
      shippingMinor: true,
      taxesMinor: true,
      shippingCostMinor: true,
      paymentFeesMinor: true,
      paymentFeeSource: true,
      shippingCostSource: true,
      source: true,
      adChannel: true,
      country: true,
      region: true,
      lines: {
        select: {
          day: true,
          productId: true,
          variantId: true,
          title: true,
          sku: true,
          quantity: true,
          unitPriceMinor: true,
          discountMinor: true,
          unitCostMinor: true,
        },
      },
      refunds: { select: { day: true, amountMinor: true } },
    },
  });
  if (!order) return null;
  const { cancelledAt, ...rest } = order;
  return { ...rest, cancelled: cancelledAt !== null };
}

type Contribution = {
  days: Map<string, Partial<DayRow>>;
  products: Map<string, ProductRow>;
  /** Keyed by day and the VariantKey (JSON). */
  variants: Map<string, VariantRow>;
  /** Keyed by day and the order's dimensions (JSON). */
  dims: Map<string, DimRow>;
};

function addDim(into: Contribution, d: string, state: OrderState, delta: Partial<DimRow>, sign: number) {
  const key = JSON.stringify([
    d,
    state.source ?? null,
    state.country ?? null,
    state.region ?? null,
    state.adChannel ?? null,
  ]);
  const row = into.dims.get(key) ?? {
    ordersCount: 0,
    grossSalesMinor: 0,
    discountsMinor: 0,
    refundsMinor: 0,
    shippingMinor: 0,
  };
  for (const [k, v] of Object.entries(delta) as [keyof DimRow, number][]) row[k] += sign * v;
  into.dims.set(key, row);
}

function addTo(target: Partial<DayRow>, delta: Partial<DayRow>, sign: number) {
  for (const [k, v] of Object.entries(delta) as [keyof DayRow, number][]) target[k] = (target[k] ?? 0) + sign * v;
}

/** The order's fee and label cost under their sources (rollups.server.ts sums the same per day). */
function costSources(state: OrderState): Partial<DayRow> {
  const fee = state.paymentFeesMinor ?? 0;
  const label = state.shippingCostMinor ?? 0;
  return {
    feesShopifyPaymentsMinor: state.paymentFeeSource === "shopify_payments" ? fee : 0,
    feesByRuleMinor: state.paymentFeeSource === "rule" ? fee : 0,
    noFeeRuleOrders: state.paymentFeeSource === "none" ? 1 : 0,
    labelsImportedMinor: state.shippingCostSource === "import" ? label : 0,
    labelsByRuleMinor: state.shippingCostSource === "rule" ? label : 0,
    noShippingRuleOrders: state.shippingCostSource === "none" ? 1 : 0,
  };
}

function contributionOf(
  state: OrderState | null,
  sign: number,
  costs: readonly CostRow[],
  titles: Map<string, string>,
  into: Contribution,
) {
  if (!state || state.cancelled) return;
  const dayRow = (d: string) => {
    let row = into.days.get(d);
    if (!row) into.days.set(d, (row = {}));
    return row;
  };
  addTo(
    dayRow(state.day),
    {
      ordersCount: 1,
      grossSalesMinor: state.grossSalesMinor,
      discountsMinor: state.discountsMinor,
      shippingMinor: state.shippingMinor,
      taxesMinor: state.taxesMinor,
      shippingCostMinor: state.shippingCostMinor ?? 0,
      paymentFeesMinor: state.paymentFeesMinor ?? 0,
      unknownShippingCostOrders: state.shippingCostMinor === null ? 1 : 0,
      unknownPaymentFeeOrders: state.paymentFeesMinor === null ? 1 : 0,
      ...costSources(state),
    },
    sign,
  );
  // The order's amounts reach its lines pro rata to each line's net sales (by units when the
  // order's net is not positive), as the Products report allocates them (decision 089).
  const orderNet = state.lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor - l.discountMinor, 0);
  const orderUnits = state.lines.reduce((s, l) => s + l.quantity, 0);
  for (const l of state.lines) {
    const overrides = costs.length
      ? overridesFor(costs, l.sku, l.productId ? (titles.get(l.productId) ?? null) : null)
      : [];
    const unit = effectiveUnitCost(l.day, l.unitCostMinor, overrides);
    const uncosted = unit === null ? l.quantity : 0;
    const revenue = l.quantity * l.unitPriceMinor - l.discountMinor;
    addTo(dayRow(l.day), { cogsMinor: (unit ?? 0) * l.quantity, uncostedUnits: uncosted }, sign);
    const share = orderNet > 0 ? revenue / orderNet : orderUnits > 0 ? l.quantity / orderUnits : 0;
    // Lines without a product are kept under "" (the report's "Items without a product").
    const key = `${l.day}|${l.productId ?? ""}`;
    const p = into.products.get(key) ?? emptyProductRow();
    p.units += sign * l.quantity;
    p.revenueMinor += sign * revenue;
    p.uncostedUnits += sign * uncosted;
    p.cogsMinor += sign * (unit ?? 0) * l.quantity;
    p.netSalesShareMinor += sign * share * (state.grossSalesMinor - state.discountsMinor);
    p.refundsShareMinor += sign * share * state.refundsMinor;
    p.feesShareMinor += sign * share * (state.paymentFeesMinor ?? 0);
    p.shippingShareMinor += sign * share * (state.shippingCostMinor ?? 0);
    if (state.paymentFeesMinor === null) p.unknownFeeUnits += sign * l.quantity;
    if (state.shippingCostMinor === null) p.unknownShippingUnits += sign * l.quantity;
    into.products.set(key, p);
    // Units without a cost known at the time of sale: entered costs are applied when read.
    const vKey = JSON.stringify([l.day, variantKeyOf(l)]);
    const v = into.variants.get(vKey) ?? { units: 0, uncostedUnits: 0, uncostedRevenueMinor: 0 };
    v.units += sign * l.quantity;
    if (l.unitCostMinor === null) {
      v.uncostedUnits += sign * l.quantity;
      v.uncostedRevenueMinor += sign * revenue;
    }
    into.variants.set(vKey, v);
  }
  for (const r of state.refunds) addTo(dayRow(r.day), { refundsMinor: r.amountMinor }, sign);
  addDim(
    into,
    state.day,
    state,
    {
      ordersCount: 1,
      grossSalesMinor: state.grossSalesMinor,
      discountsMinor: state.discountsMinor,
      shippingMinor: state.shippingMinor,
    },
    sign,
  );
  for (const r of state.refunds) addDim(into, r.day, state, { refundsMinor: r.amountMinor }, sign);
}

/**
 * Moves the rollups from an order's previous state to its new one (null: the order
 * did not exist / no longer counts). Call it in the transaction that wrote the order.
 */
export async function applyOrderChange(
  db: DbClient,
  shopId: string,
  before: OrderState | null,
  after: OrderState | null,
) {
  const costs = await db.productCost.findMany({ where: { shopId } });
  const productIds = costs.length
    ? [
        ...new Set(
          [...(before?.lines ?? []), ...(after?.lines ?? [])]
            .map((l) => l.productId)
            .filter((id): id is string => !!id),
        ),
      ]
    : [];
  const titles = productIds.length
    ? new Map(
        (
          await db.product.findMany({ where: { shopId, id: { in: productIds } }, select: { id: true, title: true } })
        ).map((p) => [p.id, p.title]),
      )
    : new Map<string, string>();
  const change: Contribution = { days: new Map(), products: new Map(), variants: new Map(), dims: new Map() };
  contributionOf(before, -1, costs, titles, change);
  contributionOf(after, 1, costs, titles, change);
  for (const [d, delta] of change.days) await bumpDay(db, shopId, d, delta);
  for (const [key, delta] of change.products) {
    const [d, productId] = key.split("|");
    await bumpProduct(db, shopId, d, productId, delta);
  }
  for (const [key, delta] of change.variants) {
    const [d, variant] = JSON.parse(key) as [string, VariantKey];
    await bumpVariant(db, shopId, d, variant, delta);
  }
  for (const [key, delta] of change.dims) {
    const [d, source, country, region, adChannel] = JSON.parse(key) as (string | null)[];
    await bumpDimensions(db, shopId, d!, { source, country, region, adChannel }, delta);
  }
}
