// Shopify's cost per item and the app's product costs (docs/decisions/091-cost-source-of-truth.md):
// read every variant's InventoryItem.unitCost (paged productVariants) and import it through the
// CSV import's path (preview, confirm, undo), or push the app's costs that differ with
// inventoryItemUpdate, each item's userErrors kept for its row. The demo store runs the same
// code against its local variants, which stand for Shopify there.
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { minorToDecimalString } from "~/lib/money";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import type { ProfitShopifyCostsQuery } from "~/graphql/admin.generated";
import { adminOperation, AdminApiError, type AdminGraphql } from "~/features/store-sync/admin-client.server";
import {
  applyPlannedCosts,
  assertAppOwnsCosts,
  CostsRefused,
  planShopifyCostImport,
  pushCandidates,
  setCostSource,
  undoCostImport,
  variantsOf,
  type ShopifyCost,
} from "~/features/profit/index.server";
import { summariseImport, type CostPlanRow, type PushRow, type ShopifyCostsInput } from "~/features/profit";

export const SHOPIFY_COSTS_QUERY = `#graphql
  query ProfitShopifyCosts($first: Int!, $after: String) {
    productVariants(first: $first, after: $after) {
      nodes {
        id
        sku
        inventoryItem { id unitCost { amount currencyCode } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export const INVENTORY_ITEM_COST_UPDATE = `#graphql
  mutation ProfitInventoryItemCost($id: ID!, $input: InventoryItemInput!) {
    inventoryItemUpdate(id: $id, input: $input) {
      inventoryItem { id unitCost { amount currencyCode } }
      userErrors { field message }
    }
  }
`;

export const SHOPIFY_COSTS_PAGE = 250;

type ShopRef = { id: string; currency: string; timezone: string; isDemo: boolean };
type CostActor = Actor & { shop: ShopRef };
type Admin = { graphql: AdminGraphql; options?: Parameters<typeof adminOperation>[3] };

/** Every variant's cost per item: from Shopify page by page, or the demo's local variants. */
export async function readShopifyCosts(shop: ShopRef, admin: Admin): Promise<ShopifyCost[]> {
  if (shop.isDemo) {
    const rows = await prisma.variant.findMany({
      where: { shopId: shop.id },
      select: { id: true, shopifyId: true, sku: true, inventoryItemId: true, unitCostMinor: true },
      orderBy: { id: "asc" },
    });
    return rows.map((v) => ({
      variantId: v.shopifyId ?? v.id,
      sku: v.sku,
      inventoryItemId: v.inventoryItemId ?? v.id,
      amount: v.unitCostMinor === null ? null : minorToDecimalString(v.unitCostMinor, shop.currency),
      currencyCode: v.unitCostMinor === null ? null : shop.currency,
    }));
  }
  const out: ShopifyCost[] = [];
  let after: string | null = null;
  for (;;) {
    const data: ProfitShopifyCostsQuery = await adminOperation(
      admin.graphql,
      SHOPIFY_COSTS_QUERY,
      { first: SHOPIFY_COSTS_PAGE, after },
      admin.options,
    );
    for (const n of data.productVariants.nodes)
      out.push({
        variantId: n.id,
        sku: n.sku?.trim() || null,
        inventoryItemId: n.inventoryItem.id,
        amount: n.inventoryItem.unitCost?.amount === undefined ? null : String(n.inventoryItem.unitCost.amount),
        currencyCode: n.inventoryItem.unitCost?.currencyCode ?? null,
      });
    const page = data.productVariants.pageInfo;
    if (!page.hasNextPage || !page.endCursor) return out;
    after = page.endCursor;
  }
}

async function planFrom(db: typeof prisma, shop: ShopRef, costs: ShopifyCost[], day: string | null) {
  const stored = await db.productCost.findMany({ where: { shopId: shop.id } });
  const from = day ?? dayInZone(new Date(), shop.timezone);
  return { plan: planShopifyCostImport(costs, shop, from, await variantsOf(db, shop.id), stored), stored };
}

/** What importing Shopify's costs from `day` (blank: today in the shop's zone) would write. Writes nothing. */
export async function previewShopifyCostImport(shop: ShopRef, admin: Admin, day: string | null) {
  return (await planFrom(prisma, shop, await readShopifyCosts(shop, admin), day)).plan;
}

/** Imports Shopify's costs as product costs from `day`, undoable as the last Shopify import. */
export async function applyShopifyCostImport(actor: CostActor, admin: Admin, day: string | null) {
  const costs = await readShopifyCosts(actor.shop, admin);
  return applyPlannedCosts(
    actor,
    { kind: "shopify_cost", fileName: "Shopify cost per item", audit: "costs.shopify_cost.import" },
    (tx) => planFrom(tx as typeof prisma, actor.shop, costs, day),
  );
}

export const undoShopifyCostImport = (actor: CostActor) => undoCostImport(actor, "shopify_cost");

/**
 * Sets Shopify's cost per item to the app's cost for every variant where they differ, one
 * inventoryItemUpdate per item (throttling waited out by the Admin client). A row is marked
 * pushed, and the local copy of Shopify's cost updated, only when Shopify answered without
 * userErrors. Refused (409) while Shopify is the source of truth.
 */
export async function pushCostsToShopify(actor: CostActor, admin: Admin): Promise<PushRow[]> {
  const shop = actor.shop;
  await assertAppOwnsCosts(prisma, shop.id);
  const costs = await readShopifyCosts(shop, admin);
  const today = dayInZone(new Date(), shop.timezone);
  const stored = await prisma.productCost.findMany({ where: { shopId: shop.id } });
  const candidates = pushCandidates(costs, shop.currency, today, await variantsOf(prisma, shop.id), stored);
  const rows: PushRow[] = [];
  for (const c of candidates) {
    const cost = minorToDecimalString(c.appMinor, shop.currency);
    const row = { sku: c.sku, productName: c.productName, fromMinor: c.shopifyMinor, toMinor: c.appMinor };
    let errors: string[] = [];
    if (!shop.isDemo) {
      try {
        const data = await adminOperation(
          admin.graphql,
          INVENTORY_ITEM_COST_UPDATE,
          { id: c.inventoryItemId, input: { cost } },
          admin.options,
        );
        const result = data.inventoryItemUpdate;
        errors = result ? result.userErrors.map((e) => e.message) : ["Shopify answered without a result"];
      } catch (error) {
        if (!(error instanceof AdminApiError)) throw error;
        errors = [error.message];
      }
    }
    if (errors.length === 0)
      await prisma.variant.updateMany({
        where: { shopId: shop.id, sku: c.sku, ...(shop.isDemo ? {} : { inventoryItemId: c.inventoryItemId }) },
        data: { unitCostMinor: c.appMinor, costUpdatedAt: new Date() },
      });
    rows.push({ ...row, ok: errors.length === 0, errors });
  }
  const pushed = rows.filter((r) => r.ok).length;
  await recordAudit(actor, "costs.product_cost.push_to_shopify", "Shop", shop.id, null, {
    pushed,
    failed: rows.length - pushed,
    skus: rows.slice(0, 50).map((r) => ({ sku: r.sku, ok: r.ok })),
  });
  return rows;
}

export type ShopifyCostsAnswer = { status: number; body: Record<string, unknown> };

/** Runs one of the card's intents; every refusal knows its HTTP answer, nothing is a 500. */
export async function shopifyCostsIntent(
  actor: CostActor,
  admin: Admin,
  input: ShopifyCostsInput,
): Promise<ShopifyCostsAnswer> {
  const { intent } = input;
  const refused = (status: number, message: string) => ({
    status,
    body: { ok: false, intent, fieldErrors: { _form: [message] } },
  });
  try {
    if (intent === "source") {
      if (!input.costSource)
        return {
          status: 400,
          body: { ok: false, intent, fieldErrors: { costSource: ["Choose this app or Shopify"] } },
        };
      await setCostSource(actor, input.costSource);
      return { status: 200, body: { ok: true, intent, costSource: input.costSource } };
    }
    if (intent === "undo") return { status: 200, body: { ok: true, intent, ...(await undoShopifyCostImport(actor)) } };
    if (intent === "push")
      return { status: 200, body: { ok: true, intent, pushed: await pushCostsToShopify(actor, admin) } };
    const day = input.effectiveDate ?? null;
    const plan =
      intent === "preview"
        ? await previewShopifyCostImport(actor.shop, admin, day)
        : await applyShopifyCostImport(actor, admin, day);
    if (!plan.ok) return refused(plan.status, plan.error);
    const summary = summariseImport<CostPlanRow>(plan);
    return { status: 200, body: { ok: true, intent, summary, ...("written" in plan && { written: plan.written }) } };
  } catch (error) {
    if (error instanceof CostsRefused) return refused(error.status, error.message);
    // Shopify's own message (never the request) is what the merchant can act on.
    if (error instanceof AdminApiError) return refused(502, `Shopify refused the request: ${error.message}`);
    throw error;
  }
}
