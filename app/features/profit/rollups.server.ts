// Daily rollups per shop and per day (shop time zone), and the product rollups
// also summed per month (ProductMonthlyRollup). The dashboard reads only these
// tables; they are rebuilt in bulk after an import or seed, and kept up to date
// incrementally whenever an order, a refund or a product cost is written.
import { linesCost } from "~/lib/lines-cost";
import { dialect, type Prisma, type PrismaClient } from "~/db.server";
import { effectiveUnitCost, sortOverrides, type CostOverride } from "~/features/profit/costs-rule";
import { monthOf } from "~/features/profit/rollup-ranges";
import { EMPTY_TOTALS, type PeriodTotals } from "~/features/profit/profit";
import { chunks } from "~/lib/chunks";

type Db = PrismaClient | Prisma.TransactionClient;

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

// A day's rollup row carries exactly the profit formula's period totals.
type DayRow = PeriodTotals;

const emptyDay = (): DayRow => ({ ...EMPTY_TOTALS });

type ProductRow = { units: number; revenueMinor: number; uncostedUnits: number };

/** How a manual cost finds the lines it applies to: by SKU, else by product title. */
export type CostKey = { sku: string | null; productName: string };

type CostRow = CostKey & CostOverride & { id?: string; createdAt?: Date };

/**
 * The overrides that apply to a line: the costs entered for its SKU, or when there
 * are none, those entered by product name (without a SKU) for its product.
 */
export function overridesFor(
  costs: readonly CostRow[],
  sku: string | null,
  productTitle: string | null,
): CostOverride[] {
  const bySku = sku ? costs.filter((c) => c.sku === sku) : [];
  if (bySku.length) return sortOverrides(bySku);
  if (!productTitle) return [];
  const title = productTitle.trim().toLowerCase();
  return sortOverrides(costs.filter((c) => !c.sku && c.productName.trim().toLowerCase() === title));
}

type CostGroup = {
  day: string;
  productId: string | null;
  sku: string | null;
  title: string | null;
  unitCostMinor: number | null;
  quantity: number;
};

function toGroups(rows: Record<string, unknown>[]): CostGroup[] {
  return rows.map((r) => ({
    day: String(r.day),
    productId: r.productId === null ? null : String(r.productId),
    sku: r.sku === null ? null : String(r.sku),
    title: r.title === null ? null : String(r.title),
    unitCostMinor: r.unitCostMinor === null ? null : n(r.unitCostMinor),
    quantity: n(r.quantity),
  }));
}

/** Units sold by day, product, SKU and cost snapshot, of the lines one cost key matches. */
async function costGroupsForKey(db: Db, shopId: string, key: CostKey): Promise<CostGroup[]> {
  const rows = key.sku
    ? await db.$queryRaw<Record<string, unknown>[]>`
        SELECT l."day" AS day, l."productId" AS "productId", l."sku" AS sku, p."title" AS title,
               l."unitCostMinor" AS "unitCostMinor", SUM(l."quantity") AS quantity
        FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId" LEFT JOIN "Product" p ON p."id" = l."productId"
        WHERE l."shopId" = ${shopId} AND l."sku" = ${key.sku} AND o."cancelledAt" IS NULL
        GROUP BY l."day", l."productId", l."sku", p."title", l."unitCostMinor"`
    : await db.$queryRaw<Record<string, unknown>[]>`
        SELECT l."day" AS day, l."productId" AS "productId", l."sku" AS sku, p."title" AS title,
               l."unitCostMinor" AS "unitCostMinor", SUM(l."quantity") AS quantity
        FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId" JOIN "Product" p ON p."id" = l."productId"
        WHERE l."shopId" = ${shopId} AND p."shopId" = ${shopId} AND LOWER(p."title") = LOWER(${key.productName})
          AND o."cancelledAt" IS NULL
        GROUP BY l."day", l."productId", l."sku", p."title", l."unitCostMinor"`;
  return toGroups(rows);
}

/** The same, for every line any of the shop's manual costs matches. */
async function costGroupsForShop(db: Db, shopId: string): Promise<CostGroup[]> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT l."day" AS day, l."productId" AS "productId", l."sku" AS sku, p."title" AS title,
           l."unitCostMinor" AS "unitCostMinor", SUM(l."quantity") AS quantity
    FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId" LEFT JOIN "Product" p ON p."id" = l."productId"
    WHERE l."shopId" = ${shopId} AND o."cancelledAt" IS NULL AND (
      l."sku" IN (SELECT c."sku" FROM "ProductCost" c WHERE c."shopId" = ${shopId} AND c."sku" IS NOT NULL AND c."sku" <> '')
      OR LOWER(p."title") IN (SELECT LOWER(c."productName") FROM "ProductCost" c
                              WHERE c."shopId" = ${shopId} AND (c."sku" IS NULL OR c."sku" = '')))
    GROUP BY l."day", l."productId", l."sku", p."title", l."unitCostMinor"`;
  return toGroups(rows);
}

type CostDelta = { day: string; productId: string | null; cogsMinor: number; uncostedUnits: number };

function costOf(group: CostGroup, costs: readonly CostRow[]) {
  const unit = effectiveUnitCost(group.day, group.unitCostMinor, overridesFor(costs, group.sku, group.title));
  return unit === null ? { cogs: 0, uncosted: group.quantity } : { cogs: unit * group.quantity, uncosted: 0 };
}

function costDeltas(groups: CostGroup[], before: readonly CostRow[], after: readonly CostRow[]): CostDelta[] {
  const out: CostDelta[] = [];
  for (const g of groups) {
    const a = costOf(g, before);
    const b = costOf(g, after);
    if (a.cogs !== b.cogs || a.uncosted !== b.uncosted)
      out.push({
        day: g.day,
        productId: g.productId,
        cogsMinor: b.cogs - a.cogs,
        uncostedUnits: b.uncosted - a.uncosted,
      });
  }
  return out;
}

/** Recomputes every rollup of a shop from its orders, lines, refunds, traffic, ad spend and costs. */
export async function rebuildRollups(db: PrismaClient, shopId: string): Promise<void> {
  const days = new Map<string, DayRow>();
  const day = (d: string) => {
    let row = days.get(d);
    if (!row) days.set(d, (row = emptyDay()));
    return row;
  };

  const [orderRows, lineRows, refundRows, adRows, trafficRows, costs] = await Promise.all([
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT "day" AS day, COUNT(*) AS orders, SUM("grossSalesMinor") AS gross, SUM("discountsMinor") AS discounts,
             SUM("shippingMinor") AS shipping, SUM("taxesMinor") AS taxes,
             SUM(COALESCE("shippingCostMinor", 0)) AS "shippingCost", SUM(COALESCE("paymentFeesMinor", 0)) AS fees
      FROM "Order" WHERE "shopId" = ${shopId} AND "cancelledAt" IS NULL GROUP BY "day"`,
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT l."day" AS day,
             SUM(CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END) AS cogs,
             SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END) AS uncosted
      FROM "OrderLine" l
      WHERE l."shopId" = ${shopId}
        AND l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ${shopId} AND o."cancelledAt" IS NOT NULL)
      GROUP BY l."day"`,
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT r."day" AS day, SUM(r."amountMinor") AS amount
      FROM "Refund" r
      WHERE r."shopId" = ${shopId}
        AND r."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ${shopId} AND o."cancelledAt" IS NOT NULL)
      GROUP BY r."day"`,
    db.adSpendDay.groupBy({ by: ["day"], where: { shopId }, _sum: { amountMinor: true } }),
    db.trafficDay.groupBy({ by: ["day"], where: { shopId }, _sum: { sessions: true } }),
    db.productCost.findMany({ where: { shopId } }),
  ]);

  for (const r of orderRows) {
    const row = day(String(r.day));
    row.ordersCount += n(r.orders);
    row.grossSalesMinor += n(r.gross);
    row.discountsMinor += n(r.discounts);
    row.shippingMinor += n(r.shipping);
    row.taxesMinor += n(r.taxes);
    row.shippingCostMinor += n(r.shippingCost);
    row.paymentFeesMinor += n(r.fees);
  }
  for (const r of lineRows) {
    const row = day(String(r.day));
    row.cogsMinor += n(r.cogs);
    row.uncostedUnits += n(r.uncosted);
  }
  for (const r of refundRows) day(String(r.day)).refundsMinor += n(r.amount);
  for (const r of adRows) day(r.day).adSpendMinor += n(r._sum.amountMinor);
  for (const r of trafficRows) day(r.day).sessions += n(r._sum.sessions);

  // Manual costs: re-cost the lines they match, on top of the synced snapshots.
  const productUncosted = new Map<string, number>();
  if (costs.length) {
    for (const delta of costDeltas(await costGroupsForShop(db, shopId), [], costs)) {
      const row = day(delta.day);
      row.cogsMinor += delta.cogsMinor;
      row.uncostedUnits += delta.uncostedUnits;
      if (delta.productId && delta.uncostedUnits) {
        const k = `${delta.day}|${delta.productId}`;
        productUncosted.set(k, (productUncosted.get(k) ?? 0) + delta.uncostedUnits);
      }
    }
  }

  // Product rows can number hundreds of thousands: they are computed by the database
  // in place (one INSERT … SELECT) instead of travelling through the client. Lines
  // of cancelled orders are excluded by the (few) cancelled order ids rather than a
  // join to every order, which halves the time on a large store.
  const newId =
    dialect === "postgresql" ? "md5(random()::text || clock_timestamp()::text)" : "lower(hex(randomblob(12)))";
  const param = (n: number) => (dialect === "postgresql" ? `$${n}` : "?");
  await db.$transaction(
    async (tx) => {
      // The loyalty cost has no source here: the loyalty feature sets it per day, so it is carried over.
      const kept = await tx.dailyRollup.findMany({
        where: { shopId, loyaltyCostMinor: { not: 0 } },
        select: { day: true, loyaltyCostMinor: true },
      });
      for (const k of kept) day(k.day).loyaltyCostMinor = k.loyaltyCostMinor;
      const dayData = [...days].map(([d, row]) => ({ shopId, day: d, ...row }));
      await tx.dailyRollup.deleteMany({ where: { shopId } });
      await tx.productDailyRollup.deleteMany({ where: { shopId } });
      for (const data of chunks(dayData, 2000)) await tx.dailyRollup.createMany({ data });
      await tx.$executeRawUnsafe(
        `INSERT INTO "ProductDailyRollup" ("id", "shopId", "day", "productId", "units", "revenueMinor", "uncostedUnits")
       SELECT ${newId}, l."shopId", l."day", l."productId", SUM(l."quantity"),
              SUM(l."quantity" * l."unitPriceMinor" - l."discountMinor"),
              SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END)
       FROM "OrderLine" l
       WHERE l."shopId" = ${param(1)} AND l."productId" IS NOT NULL
         AND l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ${param(2)} AND o."cancelledAt" IS NOT NULL)
       GROUP BY l."shopId", l."day", l."productId"`,
        shopId,
        shopId,
      );
      for (const [k, uncostedUnits] of productUncosted) {
        const [d, productId] = k.split("|");
        await bumpProduct(tx, shopId, d, productId, { uncostedUnits });
      }
      await rebuildDimensionRollups(tx, shopId, newId, param);
      await touchShopData(tx, shopId);
      // Monthly sums last: they are rebuilt from the finished daily product rows.
      await tx.productMonthlyRollup.deleteMany({ where: { shopId } });
      await tx.$executeRawUnsafe(
        `INSERT INTO "ProductMonthlyRollup" ("shopId", "month", "productId", "units", "revenueMinor", "uncostedUnits")
       SELECT "shopId", SUBSTR("day", 1, 7), "productId", SUM("units"), SUM("revenueMinor"), SUM("uncostedUnits")
       FROM "ProductDailyRollup" WHERE "shopId" = ${param(1)}
       GROUP BY "shopId", SUBSTR("day", 1, 7), "productId"`,
        shopId,
      );
    },
    { timeout: 120_000 },
  );
}

// ── Orders and sales by dimension (the Analytics screen's traffic sources and regions) ──
// One row per day and source, and per day, country and region: the same rules as the
// daily rollup (cancelled orders and their refunds count nothing; a refund counts on its
// own day, under its order's source and region).

type DimRow = {
  ordersCount: number;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
};
export type OrderDimensions = { source: string | null; country: string | null; region: string | null };

const UNKNOWN_SOURCE = "unknown";
const dimKeys = (d: OrderDimensions): [string, string, string][] => [
  ["source", d.source || UNKNOWN_SOURCE, ""],
  ["region", d.country ?? "", d.region ?? ""],
];

async function rebuildDimensionRollups(db: Db, shopId: string, newId: string, param: (n: number) => string) {
  await db.dimensionDayRollup.deleteMany({ where: { shopId } });
  const parts = [
    ["source", `COALESCE(NULLIF(o."source", ''), '${UNKNOWN_SOURCE}')`, `''`],
    ["region", `COALESCE(o."country", '')`, `COALESCE(o."region", '')`],
  ];
  for (const [dimension, key, sub] of parts)
    await db.$executeRawUnsafe(
      `INSERT INTO "DimensionDayRollup"
         ("id", "shopId", "dimension", "day", "key", "sub", "ordersCount", "grossSalesMinor", "discountsMinor", "refundsMinor", "shippingMinor")
       SELECT ${newId}, ${param(1)}, '${dimension}', t.day, t.k, t.s, SUM(t.orders), SUM(t.gross), SUM(t.discounts), SUM(t.refunds), SUM(t.shipping)
       FROM (
         SELECT o."day" AS day, ${key} AS k, ${sub} AS s, 1 AS orders, o."grossSalesMinor" AS gross,
                o."discountsMinor" AS discounts, 0 AS refunds, o."shippingMinor" AS shipping
         FROM "Order" o WHERE o."shopId" = ${param(2)} AND o."cancelledAt" IS NULL
         UNION ALL
         SELECT r."day" AS day, ${key} AS k, ${sub} AS s, 0 AS orders, 0 AS gross, 0 AS discounts, r."amountMinor" AS refunds, 0 AS shipping
         FROM "Refund" r JOIN "Order" o ON o."id" = r."orderId"
         WHERE r."shopId" = ${param(3)} AND o."shopId" = ${param(4)} AND o."cancelledAt" IS NULL
       ) t
       GROUP BY t.day, t.k, t.s`,
      shopId,
      shopId,
      shopId,
      shopId,
    );
  // The monthly sums from the finished daily rows (as ProductMonthlyRollup).
  await db.dimensionMonthRollup.deleteMany({ where: { shopId } });
  await db.$executeRawUnsafe(
    `INSERT INTO "DimensionMonthRollup"
       ("shopId", "dimension", "month", "key", "sub", "ordersCount", "grossSalesMinor", "discountsMinor", "refundsMinor", "shippingMinor")
     SELECT "shopId", "dimension", SUBSTR("day", 1, 7), "key", "sub", SUM("ordersCount"), SUM("grossSalesMinor"),
            SUM("discountsMinor"), SUM("refundsMinor"), SUM("shippingMinor")
     FROM "DimensionDayRollup" WHERE "shopId" = ${param(1)}
     GROUP BY "shopId", "dimension", SUBSTR("day", 1, 7), "key", "sub"`,
    shopId,
  );
}

async function bumpDimensions(db: Db, shopId: string, d: string, dims: OrderDimensions, delta: Partial<DimRow>) {
  const increments = Object.fromEntries(
    Object.entries(delta)
      .filter(([, v]) => v !== 0)
      .map(([k, v]) => [k, { increment: v }]),
  );
  if (Object.keys(increments).length === 0) return;
  const month = monthOf(d);
  for (const [dimension, key, sub] of dimKeys(dims)) {
    await db.dimensionDayRollup.upsert({
      where: { shopId_dimension_day_key_sub: { shopId, dimension, day: d, key, sub } },
      create: { shopId, dimension, day: d, key, sub, ...delta },
      update: increments,
    });
    // The monthly sums move with the daily rows, in the same transaction.
    await db.dimensionMonthRollup.upsert({
      where: { shopId_dimension_month_key_sub: { shopId, dimension, month, key, sub } },
      create: { shopId, dimension, month, key, sub, ...delta },
      update: increments,
    });
  }
}

/**
 * Sets a day's loyalty cost (the loyalty feature's figure for that day, docs/decisions/058), in
 * the caller's transaction, and marks the figures changed. Profit knows the amount, not its rules.
 */
export async function setLoyaltyCostDay(db: Db, shopId: string, d: string, loyaltyCostMinor: number): Promise<void> {
  const row = await db.dailyRollup.findUnique({
    where: { shopId_day: { shopId, day: d } },
    select: { loyaltyCostMinor: true },
  });
  if ((row?.loyaltyCostMinor ?? 0) === loyaltyCostMinor) return;
  await db.dailyRollup.upsert({
    where: { shopId_day: { shopId, day: d } },
    create: { shopId, day: d, loyaltyCostMinor },
    update: { loyaltyCostMinor },
  });
  await touchShopData(db, shopId);
}

/** Marks the shop's figures as changed, so cached dashboard figures are recomputed. */
export async function touchShopData(db: Db, shopId: string): Promise<void> {
  await db.shop.update({ where: { id: shopId }, data: { dataVersion: { increment: 1 } } });
}

async function bumpDay(db: Db, shopId: string, d: string, delta: Partial<DayRow>): Promise<void> {
  const increments = Object.fromEntries(
    Object.entries(delta)
      .filter(([, v]) => v !== 0)
      .map(([k, v]) => [k, { increment: v }]),
  );
  if (Object.keys(increments).length === 0) return;
  await touchShopData(db, shopId);
  await db.dailyRollup.upsert({
    where: { shopId_day: { shopId, day: d } },
    create: { shopId, day: d, ...delta },
    update: increments,
  });
}

async function bumpProduct(db: Db, shopId: string, d: string, productId: string, delta: Partial<ProductRow>) {
  const increments = Object.fromEntries(
    Object.entries(delta)
      .filter(([, v]) => v !== 0)
      .map(([k, v]) => [k, { increment: v }]),
  );
  if (Object.keys(increments).length === 0) return;
  await db.productDailyRollup.upsert({
    where: { shopId_day_productId: { shopId, day: d, productId } },
    create: { shopId, day: d, productId, ...delta },
    update: increments,
  });
  // The monthly sums move with the daily rows, in the same transaction.
  const month = monthOf(d);
  await db.productMonthlyRollup.upsert({
    where: { shopId_month_productId: { shopId, month, productId } },
    create: { shopId, month, productId, ...delta },
    update: increments,
  });
}

/**
 * Re-costs the lines a manual cost key matches after the shop's manual costs
 * changed from `before` to what is stored now, adjusting COGS and uncosted units
 * on each day. Call it in the transaction that wrote the change.
 */
export async function applyCostChange(db: Db, shopId: string, keys: CostKey[], before: readonly CostRow[]) {
  const after = await db.productCost.findMany({ where: { shopId } });
  // The lines of every key, each group once: two keys (an edit's old and new) may match the same lines.
  const groups = new Map<string, CostGroup>();
  for (const key of keys)
    for (const g of await costGroupsForKey(db, shopId, key))
      groups.set(JSON.stringify([g.day, g.productId, g.sku, g.title, g.unitCostMinor]), g);
  const deltas = costDeltas([...groups.values()], before, after);
  const byDay = new Map<string, { cogsMinor: number; uncostedUnits: number }>();
  for (const d of deltas) {
    const acc = byDay.get(d.day) ?? { cogsMinor: 0, uncostedUnits: 0 };
    acc.cogsMinor += d.cogsMinor;
    acc.uncostedUnits += d.uncostedUnits;
    byDay.set(d.day, acc);
    if (d.productId && d.uncostedUnits)
      await bumpProduct(db, shopId, d.day, d.productId, { uncostedUnits: d.uncostedUnits });
  }
  for (const [d, acc] of byDay) await bumpDay(db, shopId, d, acc);
}

export type OrderLineInput = {
  productId: string | null;
  variantId: string | null;
  title: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor?: number;
  /** The variant's cost at the time of sale; null when unknown. */
  unitCostMinor: number | null;
};

export type OrderInput = {
  shopifyId?: string | null;
  name: string;
  customerId?: string | null;
  email?: string | null;
  processedAt: Date;
  day: string;
  currency: string;
  discountsMinor?: number;
  shippingMinor?: number;
  taxesMinor?: number;
  shippingCostMinor?: number | null;
  paymentFeesMinor?: number | null;
  channel?: string;
  source?: string | null;
  country?: string | null;
  region?: string | null;
  financialStatus?: string;
  lines: OrderLineInput[];
};

/** Writes an order with its lines and adds it to the rollups, in one transaction. */
export async function recordOrder(db: PrismaClient, shopId: string, input: OrderInput) {
  const { lines, ...order } = input;
  const grossSalesMinor = lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor, 0);
  const discountsMinor = order.discountsMinor ?? 0;
  const shippingMinor = order.shippingMinor ?? 0;
  const taxesMinor = order.taxesMinor ?? 0;
  return db.$transaction(async (tx) => {
    const created = await tx.order.create({
      data: {
        ...order,
        shopId,
        grossSalesMinor,
        discountsMinor,
        shippingMinor,
        taxesMinor,
        totalMinor: grossSalesMinor - discountsMinor + shippingMinor + taxesMinor,
        ...linesCost(lines),
        lines: {
          create: lines.map((l) => ({ ...l, discountMinor: l.discountMinor ?? 0, shopId, day: order.day })),
        },
      },
    });
    const costs = await tx.productCost.findMany({ where: { shopId } });
    const titles = await productTitles(tx, shopId, costs.length ? lines : []);
    let cogsMinor = 0;
    let uncostedUnits = 0;
    const perProduct = new Map<string, ProductRow>();
    for (const l of lines) {
      const overrides = overridesFor(costs, l.sku, l.productId ? (titles.get(l.productId) ?? null) : null);
      const unit = effectiveUnitCost(order.day, l.unitCostMinor, overrides);
      const uncosted = unit === null ? l.quantity : 0;
      cogsMinor += (unit ?? 0) * l.quantity;
      uncostedUnits += uncosted;
      if (l.productId) {
        const p = perProduct.get(l.productId) ?? { units: 0, revenueMinor: 0, uncostedUnits: 0 };
        p.units += l.quantity;
        p.revenueMinor += l.quantity * l.unitPriceMinor - (l.discountMinor ?? 0);
        p.uncostedUnits += uncosted;
        perProduct.set(l.productId, p);
      }
    }
    await bumpDay(tx, shopId, order.day, {
      ordersCount: 1,
      grossSalesMinor,
      discountsMinor,
      shippingMinor,
      taxesMinor,
      cogsMinor,
      uncostedUnits,
      shippingCostMinor: order.shippingCostMinor ?? 0,
      paymentFeesMinor: order.paymentFeesMinor ?? 0,
    });
    for (const [productId, p] of perProduct) await bumpProduct(tx, shopId, order.day, productId, p);
    await bumpDimensions(
      tx,
      shopId,
      order.day,
      { source: order.source ?? null, country: order.country ?? null, region: order.region ?? null },
      { ordersCount: 1, grossSalesMinor, discountsMinor, shippingMinor },
    );
    return created;
  });
}

async function productTitles(db: Db, shopId: string, lines: OrderLineInput[]): Promise<Map<string, string>> {
  const ids = [...new Set(lines.map((l) => l.productId).filter((id): id is string => !!id))];
  if (!ids.length) return new Map();
  const rows = await db.product.findMany({ where: { shopId, id: { in: ids } }, select: { id: true, title: true } });
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Records a refund on the refund's own day (not the order's). */
export async function recordRefund(
  db: PrismaClient,
  shopId: string,
  input: { orderId: string; shopifyId?: string | null; processedAt: Date; day: string; amountMinor: number },
) {
  return db.$transaction(async (tx) => {
    const order = await tx.order.findFirst({
      where: { id: input.orderId, shopId },
      select: { id: true, cancelledAt: true, source: true, country: true, region: true },
    });
    if (!order) throw new Error("Order not found for this shop");
    const refund = await tx.refund.create({ data: { ...input, shopId } });
    await tx.order.update({ where: { id: order.id }, data: { refundsMinor: { increment: input.amountMinor } } });
    if (!order.cancelledAt) {
      await bumpDay(tx, shopId, input.day, { refundsMinor: input.amountMinor });
      await bumpDimensions(tx, shopId, input.day, order, { refundsMinor: input.amountMinor });
    }
    return refund;
  });
}

// ── Live updates: an order's contribution, replaced as a whole ───────────────
// An order written by a webhook may change anything (lines, amounts, day,
// cancellation, refunds). Its previous contribution is taken out of the rollups
// and its new one put in, inside the transaction that wrote it. The contribution
// is computed with the same rules as rebuildRollups (cancelled orders and their
// refunds count nothing; manual costs override the line snapshot from their
// effective day), so incremental updates and a rebuild agree.

/** What an order adds to the rollups, as stored. */
export type OrderState = Partial<OrderDimensions> & {
  day: string;
  cancelled: boolean;
  grossSalesMinor: number;
  discountsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  shippingCostMinor: number | null;
  paymentFeesMinor: number | null;
  lines: {
    day: string;
    productId: string | null;
    sku: string | null;
    quantity: number;
    unitPriceMinor: number;
    discountMinor: number;
    unitCostMinor: number | null;
  }[];
  refunds: { day: string; amountMinor: number }[];
};

/** The stored state of one of the shop's orders, or null when there is none. */
export async function loadOrderState(db: Db, shopId: string, orderId: string): Promise<OrderState | null> {
  const order = await db.order.findFirst({
    where: { id: orderId, shopId },
    select: {
      day: true,
      cancelledAt: true,
      grossSalesMinor: true,
      discountsMinor: true,
      shippingMinor: true,
      taxesMinor: true,
      shippingCostMinor: true,
      paymentFeesMinor: true,
      source: true,
      country: true,
      region: true,
      lines: {
        select: {
          day: true,
          productId: true,
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
  /** Keyed by day and the order's dimensions (JSON). */
  dims: Map<string, DimRow>;
};

function addDim(into: Contribution, d: string, state: OrderState, delta: Partial<DimRow>, sign: number) {
  const dims: OrderDimensions = {
    source: state.source ?? null,
    country: state.country ?? null,
    region: state.region ?? null,
  };
  const key = JSON.stringify([d, dims.source, dims.country, dims.region]);
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
    },
    sign,
  );
  for (const l of state.lines) {
    const overrides = costs.length
      ? overridesFor(costs, l.sku, l.productId ? (titles.get(l.productId) ?? null) : null)
      : [];
    const unit = effectiveUnitCost(l.day, l.unitCostMinor, overrides);
    const uncosted = unit === null ? l.quantity : 0;
    addTo(dayRow(l.day), { cogsMinor: (unit ?? 0) * l.quantity, uncostedUnits: uncosted }, sign);
    if (l.productId) {
      const key = `${l.day}|${l.productId}`;
      const p = into.products.get(key) ?? { units: 0, revenueMinor: 0, uncostedUnits: 0 };
      p.units += sign * l.quantity;
      p.revenueMinor += sign * (l.quantity * l.unitPriceMinor - l.discountMinor);
      p.uncostedUnits += sign * uncosted;
      into.products.set(key, p);
    }
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
export async function applyOrderChange(db: Db, shopId: string, before: OrderState | null, after: OrderState | null) {
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
  const change: Contribution = { days: new Map(), products: new Map(), dims: new Map() };
  contributionOf(before, -1, costs, titles, change);
  contributionOf(after, 1, costs, titles, change);
  for (const [d, delta] of change.days) await bumpDay(db, shopId, d, delta);
  for (const [key, delta] of change.products) {
    const [d, productId] = key.split("|");
    await bumpProduct(db, shopId, d, productId, delta);
  }
  for (const [key, delta] of change.dims) {
    const [d, source, country, region] = JSON.parse(key) as [string, string | null, string | null, string | null];
    await bumpDimensions(db, shopId, d, { source, country, region }, delta);
  }
}
