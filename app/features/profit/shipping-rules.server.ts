// Shipping label cost rules (docs/decisions/092): the merchant's label prices by country, zone
// or everywhere else, per order, per item or by weight band. Saving or deleting a rule queues the
// re-estimate of every order whose label cost is a rule's or unknown (imported labels stay), which
// runs on the job queue (docs/decisions/126) under the shop's write lock, moving the daily rollups
// by each order's difference.
import { jsonRows, prisma, sql, sqlOn, withShopWriteLock, type DbClient, type Tx } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { FieldError } from "~/lib/forms";
import { decimalStringToMinor, minorToDecimalString, tooManyDecimals } from "~/lib/money";
import { CostsRefused } from "~/features/profit/refused";
import { touchShopData } from "~/features/profit/rollup-bumps.server";
import { monthOf } from "~/features/profit/rollup-ranges";
import { rebuildRollupMonths } from "~/features/profit/rollups.server";
import { requestReestimate } from "~/features/profit/reestimate-request.server";
import { setOrderParts } from "~/features/profit/order-parts.server";
import {
  bandsText,
  countryCode,
  countryName,
  parseBandsText,
  parseCountryList,
  type ShippingRuleInput,
} from "~/features/profit/shipping-rules-schema";
import {
  estimateShipping,
  ruleOf,
  ruleSetOf,
  scopeKeyOf,
  splitCountries,
  type ShippingRuleSet,
} from "~/features/profit/shipping-costs";

type ShopRef = { id: string; currency: string; timezone: string };
type RuleRow = {
  id: string;
  scope: string;
  scopeKey: string;
  zoneName: string | null;
  countries: string;
  basis: string;
  amountMinor: number | null;
  bands: string | null;
  updatedAt: Date;
};

const RULE_SELECT = {
  id: true,
  scope: true,
  scopeKey: true,
  zoneName: true,
  countries: true,
  basis: true,
  amountMinor: true,
  bands: true,
  updatedAt: true,
} as const;

const SCOPE_ORDER: Record<string, number> = { country: 0, zone: 1, rest: 2 };

export function shippingRuleDto(shop: ShopRef, r: RuleRow) {
  const rule = ruleOf(r);
  const decimal = (minor: number) => minorToDecimalString(minor, shop.currency);
  const countries = splitCountries(r.countries);
  return {
    id: r.id,
    scope: rule.scope,
    where:
      rule.scope === "rest"
        ? "Everywhere else"
        : rule.scope === "country"
          ? `${countryName(countries[0] ?? "")} (${countries[0] ?? ""})`
          : `${r.zoneName ?? "Zone"}: ${countries.join(", ")}`,
    country: rule.scope === "country" ? (countries[0] ?? "") : "",
    zoneName: r.zoneName ?? "",
    zoneCountries: rule.scope === "zone" ? countries.join(", ") : "",
    basis: rule.basis,
    amount: r.amountMinor === null ? "" : decimal(r.amountMinor),
    bands: bandsText(rule.bands, decimal),
    bandCount: rule.bands.length,
    /** The cheapest and dearest band, for the list. */
    bandRangeMinor: rule.bands.length
      ? ([Math.min(...rule.bands.map((b) => b.costMinor)), Math.max(...rule.bands.map((b) => b.costMinor))] as const)
      : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type ShippingRuleDto = ReturnType<typeof shippingRuleDto>;

export async function listShippingRules(shop: ShopRef): Promise<ShippingRuleDto[]> {
  const rows = await prisma.shippingRule.findMany({ where: { shopId: shop.id }, select: RULE_SELECT });
  return rows
    .sort((a, b) => (SCOPE_ORDER[a.scope] ?? 3) - (SCOPE_ORDER[b.scope] ?? 3) || a.scopeKey.localeCompare(b.scopeKey))
    .map((r) => shippingRuleDto(shop, r));
}

/** The shop's rules, indexed for estimating (the order writers load it once per batch). */
export async function shippingRuleSetOf(db: DbClient, shopId: string): Promise<ShippingRuleSet> {
  const rows = await db.shippingRule.findMany({
    where: { shopId },
    select: { scope: true, countries: true, basis: true, amountMinor: true, bands: true },
  });
  return ruleSetOf(rows.map(ruleOf));
}

/** Where the shop's orders (not cancelled) stand: by label source, and the countries with unknown costs. */
export async function shippingCoverage(shop: ShopRef) {
  const [bySource, unknownCountries] = await Promise.all([
    prisma.order.groupBy({
      by: ["shippingCostSource"],
      where: { shopId: shop.id, cancelledAt: null },
      _count: { _all: true },
    }),
    prisma.order.groupBy({
      by: ["shippingCountryCode"],
      where: { shopId: shop.id, cancelledAt: null, shippingCostSource: "none" },
      _count: { _all: true },
    }),
  ]);
  const count = (s: string | null) => bySource.find((g) => g.shippingCostSource === s)?._count._all ?? 0;
  return {
    imported: count("import"),
    estimated: count("rule"),
    unknown: count("none"),
    unknownCountries: unknownCountries
      .filter((g) => g.shippingCountryCode)
      .map((g) => ({ code: g.shippingCountryCode!, name: countryName(g.shippingCountryCode!), orders: g._count._all }))
      .sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code))
      .slice(0, 10),
  };
}

type CostChange = {
  day: string;
  cancelled: boolean;
  before: number | null;
  after: number | null;
};

/**
 * Moves the daily rollups by each order's change of label cost (cancelled orders count
 * nowhere): one statement for all the days, as a rule change moves most days of the year.
 */
export async function moveShippingDays(
  tx: DbClient,
  shopId: string,
  changes: readonly CostChange[],
  months?: Set<string>,
) {
  const days = new Map<string, [number, number]>();
  for (const c of changes) {
    if (c.cancelled) continue;
    // The products' shares of the label move with it: those months are rebuilt after the write.
    months?.add(monthOf(c.day));
    const d = days.get(c.day) ?? [0, 0];
    d[0] += (c.after ?? 0) - (c.before ?? 0);
    d[1] += (c.after === null ? 1 : 0) - (c.before === null ? 1 : 0);
    days.set(c.day, d);
  }
  const rows = [...days].filter(([, [cost, unknown]]) => cost !== 0 || unknown !== 0);
  if (!rows.length) return;
  await touchShopData(tx, shopId);
  const moved = (c: "shippingCostMinor" | "unknownShippingCostOrders") =>
    sql<number>`${sql.ref(`DailyRollup.${c}`)} + ${sql.ref(`excluded.${c}`)}`;
  await sqlOn(tx)
    .insertInto("DailyRollup")
    .columns(["id", "shopId", "day", "shippingCostMinor", "unknownShippingCostOrders"])
    .expression(
      jsonRows(
        { id: "text", shopId: "text", day: "text", shippingCostMinor: "integer", unknownShippingCostOrders: "integer" },
        rows.map(([day, [cost, unknown]]) => [`${shopId}:${day}:ship`, shopId, day, cost, unknown]),
      ),
    )
    .onConflict((oc) =>
      oc.columns(["shopId", "day"]).doUpdateSet({
        shippingCostMinor: moved("shippingCostMinor"),
        unknownShippingCostOrders: moved("unknownShippingCostOrders"),
      }),
    )
    .execute();
}

const PAGE = 5_000;

/** How many orders reestimateShipping reads: the progress bar's total. */
export function shippingOrdersToReestimate(shopId: string): Promise<number> {
  return prisma.order.count({ where: { shopId, shippingCostSource: { in: ["rule", "none"] } } });
}

/**
 * Re-estimates every order whose label cost is a rule's or unknown (imported labels and
 * orders written before label costs were read stay), in the caller's transaction, moving the
 * rollups. Returns the number of orders whose cost changed.
 */
export async function reestimateShippingIn(tx: Tx, shopId: string, months?: Set<string>): Promise<number> {
  const set = await shippingRuleSetOf(tx, shopId);
  return eachPage((after) => reestimatePage(tx, shopId, set, after, months));
}

type Page = { count: number; read: number; next: string | null };

/** Runs pages from the first until one says none is left after it; the orders changed, summed. */
async function eachPage(run: (after: string | undefined) => Promise<Page>): Promise<number> {
  let count = 0;
  let after: string | undefined;
  for (;;) {
    const page = await run(after);
    count += page.count;
    if (page.next === null) return count;
    after = page.next;
  }
}

/**
 * One page of the re-estimate: the orders of whole store days after `after`, up to the day of
 * the PAGE-th order still to do, read through the (shopId, day) index. Paging on the order id
 * instead made both engines sort every order of the shop for each page (no index leads with
 * shopId then id): at 1,000,000 orders the demo's estimate took 590 s. `next` is the last day
 * done, or null when no order is left after it.
 */
async function reestimatePage(
  tx: Tx,
  shopId: string,
  set: ShippingRuleSet,
  after: string | undefined,
  months?: Set<string>,
): Promise<Page> {
  const pending = () => {
    const query = sqlOn(tx)
      .selectFrom("Order as o")
      .where("o.shopId", "=", shopId)
      .where("o.shippingCostSource", "in", ["rule", "none"]);
    return after === undefined ? query : query.where("o.day", ">", after);
  };
  const edge = await pending()
    .select("o.day")
    .orderBy("o.day")
    .limit(1)
    .offset(PAGE - 1)
    .executeTakeFirst();
  // One statement per page, the units summed beside each order (per-item rules need them).
  let query = pending().select((eb) => [
    "o.id",
    "o.day",
    "o.cancelledAt",
    "o.shippingCountryCode",
    "o.totalWeightGrams",
    "o.shippingCostMinor",
    "o.shippingCostSource",
    eb
      .selectFrom("OrderLine as l")
      .select((l) => l.fn.sum<number>("l.quantity").as("units"))
      .whereRef("l.orderId", "=", "o.id")
      .as("units"),
  ]);
  if (edge) query = query.where("o.day", "<=", edge.day);
  const page = await query.execute();
  const writes: [string, number | null, string][] = [];
  const changes: CostChange[] = [];
  for (const o of page) {
    const next = estimateShipping(
      { countryCode: o.shippingCountryCode, weightGrams: o.totalWeightGrams, units: Number(o.units ?? 0) },
      set,
    );
    if (next.shippingCostMinor === o.shippingCostMinor && next.shippingCostSource === o.shippingCostSource) continue;
    writes.push([o.id, next.shippingCostMinor, next.shippingCostSource]);
    changes.push({
      day: o.day,
      cancelled: o.cancelledAt !== null,
      before: o.shippingCostMinor,
      after: next.shippingCostMinor,
    });
  }
  await setOrderParts(tx, shopId, "shipping", writes);
  await moveShippingDays(tx, shopId, changes, months);
  return { count: writes.length, read: page.length, next: edge ? edge.day : null };
}

/**
 * The re-estimate that saving or deleting a rule (and the demo seed) runs: a page at a time, each
 * in its own transaction under the shop's write lock (with the rules read again, so a page never
 * applies rules older than its own start), not one transaction over every order of the shop, which
 * ran past its 300 s timeout at 800,000 orders on a loaded PostgreSQL. Each page moves its orders
 * and their rollup days together; the months it moved are rebuilt at the end so the products'
 * allocated shipping follows (decision 094). `onPage` hears how many orders each page read.
 */
export async function reestimateShipping(shopId: string, onPage?: (orders: number) => Promise<void>): Promise<number> {
  const months = new Set<string>();
  const count = await eachPage(async (after) => {
    const page = await withShopWriteLock(
      shopId,
      async (tx) => reestimatePage(tx, shopId, await shippingRuleSetOf(tx, shopId), after, months),
      { timeoutMs: 300_000 },
    );
    await onPage?.(page.read);
    return page;
  });
  await rebuildRollupMonths(shopId, months);
  return count;
}

export class ShippingRuleNotFound extends CostsRefused {
  constructor() {
    super(404, "Shipping rule not found");
  }
}

/** The stored values of a checked form, or field errors for what only the shop can check. */
function ruleValues(shop: ShopRef, input: ShippingRuleInput) {
  const base = { scope: input.scope, basis: input.basis, zoneName: null as string | null, countries: "" };
  if (input.scope === "country") base.countries = countryCode(input.country)!;
  if (input.scope === "zone") {
    const list = parseCountryList(input.zoneCountries);
    if ("bad" in list) throw new FieldError({ zoneCountries: [`"${list.bad}" is not a country code`] });
    base.zoneName = input.zoneName;
    base.countries = list.codes.join(",");
  }
  const scopeKey = scopeKeyOf(input.scope, input.scope === "country" ? base.countries : (base.zoneName ?? ""));
  if (input.basis === "weight") {
    const parsed = parseBandsText(input.bands, shop.currency);
    if ("reason" in parsed) throw new FieldError({ bands: [parsed.reason] });
    return { ...base, scopeKey, amountMinor: null, bands: JSON.stringify(parsed.bands) };
  }
  const finer = tooManyDecimals(input.amount, shop.currency);
  const amountMinor = finer ? null : decimalStringToMinor(input.amount, shop.currency);
  if (amountMinor === null) throw new FieldError({ amount: [finer ?? `Amount is too large for ${shop.currency}`] });
  return { ...base, scopeKey, amountMinor, bands: null };
}

/** A zone may not share a country with another zone: which zone's price applies would be a guess. */
async function refuseOverlappingZone(shopId: string, id: string | null, zone: string | null, countries: string) {
  if (zone === null) return;
  const others = await prisma.shippingRule.findMany({
    where: { shopId, scope: "zone", ...(id ? { id: { not: id } } : {}) },
    select: { zoneName: true, countries: true },
  });
  const mine = new Set(splitCountries(countries));
  for (const o of others) {
    const shared = splitCountries(o.countries).filter((c) => mine.has(c));
    if (shared.length)
      throw new FieldError({ zoneCountries: [`${shared.join(", ")} already in the zone ${o.zoneName ?? ""}`] });
  }
}

/** Adds a rule, or changes the shop's rule `id`, audited; then queues the re-estimate of the shop's orders. */
export async function saveShippingRule(actor: Actor & { shop: ShopRef }, input: ShippingRuleInput, id?: string) {
  const { shop } = actor;
  const values = ruleValues(shop, input);
  const before = id
    ? await prisma.shippingRule.findFirst({ where: { id, shopId: shop.id }, select: RULE_SELECT })
    : null;
  if (id && !before) throw new ShippingRuleNotFound();
  const clash = await prisma.shippingRule.findUnique({
    where: { shopId_scopeKey: { shopId: shop.id, scopeKey: values.scopeKey } },
    select: { id: true },
  });
  if (clash && clash.id !== id) {
    const field = input.scope === "country" ? "country" : input.scope === "zone" ? "zoneName" : "scope";
    throw new FieldError({ [field]: ["A rule for this already exists; edit that one"] });
  }
  await refuseOverlappingZone(shop.id, id ?? null, values.zoneName, values.countries);
  const saved = before
    ? await prisma.shippingRule.update({ where: { id: before.id }, data: values, select: RULE_SELECT })
    : await prisma.shippingRule.create({ data: { shopId: shop.id, ...values }, select: RULE_SELECT });
  await recordAudit(
    actor,
    `costs.shipping_rule.${before ? "update" : "add"}`,
    "ShippingRule",
    saved.id,
    before ? shippingRuleDto(shop, before) : null,
    shippingRuleDto(shop, saved),
  );
  await requestReestimate(shop.id, "shipping");
  return { rule: shippingRuleDto(shop, saved) };
}

/** Deletes a rule of the shop (404 for another shop's), audited; its orders' re-estimate is queued. */
export async function deleteShippingRule(actor: Actor & { shop: ShopRef }, id: string) {
  const { shop } = actor;
  const rule = await prisma.shippingRule.findFirst({ where: { id, shopId: shop.id }, select: RULE_SELECT });
  if (!rule) throw new ShippingRuleNotFound();
  await prisma.shippingRule.deleteMany({ where: { id, shopId: shop.id } });
  await recordAudit(actor, "costs.shipping_rule.delete", "ShippingRule", id, shippingRuleDto(shop, rule), null);
  await requestReestimate(shop.id, "shipping");
}
