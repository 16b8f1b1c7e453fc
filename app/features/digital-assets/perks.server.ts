// Perks for holders (docs/decisions/105-wallets-and-holder-checks.md): a percentage or amount off
// (discountCodeBasicCreate) or free shipping (discountCodeFreeShippingCreate) as a Shopify discount
// code for one customer (write_discounts), once per holder per perk. A holder holds an off-chain item of the collection, or an on-chain balance read
// within the freshness. The code's row is written before Shopify is asked, so no run can create a
// second one; a code Shopify refuses (userErrors) is removed and its message shown. The demo store,
// which has no Shopify, keeps the code locally. An order that uses a code counts it as redeemed.
import crypto from "node:crypto";
import { prisma, type Tx } from "~/db.server";
import { inSlices } from "~/lib/chunks";
import { minorToDecimalString } from "~/lib/money";
import { isUniqueViolation } from "~/platform/prisma-errors";
import type { AdminOperations } from "~/graphql/admin.generated";
import { DISCOUNT_CODE_BASIC_CREATE, type DiscountCodeBasicCreate } from "~/features/store-sync/index.server";
import { AssetError } from "./collections.server";
import { onChainHolders } from "./holders.server";

export const HOLDER_PERK_FREE_SHIPPING_CREATE = `#graphql
  mutation HolderPerkFreeShippingCreate($freeShippingCodeDiscount: DiscountCodeFreeShippingInput!) {
    discountCodeFreeShippingCreate(freeShippingCodeDiscount: $freeShippingCodeDiscount) {
      codeDiscountNode {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export type Graphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;
type BasicCreate = DiscountCodeBasicCreate;
type FreeShippingCreate = AdminOperations[typeof HOLDER_PERK_FREE_SHIPPING_CREATE];

const newCode = () => `HOLD-${crypto.randomBytes(5).toString("hex").toUpperCase()}`;

export type PerkInput = { collectionId: string; title: string } & (
  { kind: "percentage"; percentOff: number } | { kind: "amount"; amountMinor: number } | { kind: "free_shipping" }
);

export async function createPerk(shopId: string, input: PerkInput) {
  const c = await prisma.assetCollection.findFirst({ where: { id: input.collectionId, shopId }, select: { id: true } });
  if (!c) throw new AssetError(404, "Collection not found");
  return prisma.assetPerk.create({
    data: {
      shopId,
      collectionId: c.id,
      title: input.title,
      kind: input.kind,
      percentOff: input.kind === "percentage" ? input.percentOff : null,
      amountMinor: input.kind === "amount" ? input.amountMinor : null,
    },
  });
}

/** The collection's holders now: off-chain items and fresh on-chain readings, each customer once. */
export async function holdersOf(shopId: string, collectionId: string, now = new Date()) {
  const items = await prisma.assetItem.findMany({ where: { shopId, collectionId }, select: { customerId: true } });
  return [...new Set([...items.map((i) => i.customerId), ...(await onChainHolders(shopId, collectionId, now))])];
}

export type PerkIssue = { issued: number; already: number; refused: string[]; unavailable: boolean };

/**
 * Issues the perk's code to every holder who has none. `graphql` is the shop's Admin client, null
 * in the demo. Stops at the first transport failure (Shopify down): what was issued stays issued,
 * the rest is issued on the next run.
 */
export async function issuePerk(
  shop: { id: string; currency: string },
  perkId: string,
  graphql: Graphql | null,
  now = new Date(),
): Promise<PerkIssue> {
  const perk = await prisma.assetPerk.findFirst({ where: { id: perkId, shopId: shop.id } });
  if (!perk) throw new AssetError(404, "Perk not found");
  const holders = await holdersOf(shop.id, perk.collectionId, now);
  const have = new Set(
    (await prisma.perkCode.findMany({ where: { shopId: shop.id, perkId }, select: { customerId: true } })).map(
      (c) => c.customerId,
    ),
  );
  const customers = await inSlices(
    holders.filter((h) => !have.has(h)),
    (ids) =>
      prisma.customer.findMany({
        where: { shopId: shop.id, id: { in: ids }, deletedAt: null, redactedAt: null },
        select: { id: true, shopifyId: true },
      }),
  );
  const result: PerkIssue = {
    issued: 0,
    already: holders.filter((h) => have.has(h)).length,
    refused: [],
    unavailable: false,
  };
  for (const customer of customers) {
    if (graphql && !customer.shopifyId) {
      result.refused.push("A holder is not a Shopify customer yet");
      continue;
    }
    const code = newCode();
    let row: { id: string };
    try {
      row = await prisma.perkCode.create({
        data: { shopId: shop.id, perkId, customerId: customer.id, code, issuedAt: now },
        select: { id: true },
      });
    } catch (error) {
      // Issued meanwhile by another run: once per holder.
      if (isUniqueViolation(error)) {
        result.already++;
        continue;
      }
      throw error;
    }
    if (!graphql) {
      result.issued++;
      continue;
    }
    // One use, by this customer only, from now on.
    const common = {
      title: `${perk.title} (${code})`,
      code,
      startsAt: now.toISOString(),
      usageLimit: 1,
      appliesOncePerCustomer: true,
      context: { customers: { add: [customer.shopifyId!] } },
    };
    const answer =
      perk.kind === "free_shipping"
        ? await askShopify(graphql, HOLDER_PERK_FREE_SHIPPING_CREATE, {
            freeShippingCodeDiscount: { ...common, destination: { all: true } },
          } satisfies FreeShippingCreate["variables"])
        : await askShopify(graphql, DISCOUNT_CODE_BASIC_CREATE, {
            basicCodeDiscount: {
              ...common,
              customerGets: {
                value:
                  perk.kind === "percentage"
                    ? { percentage: perk.percentOff }
                    : {
                        discountAmount: {
                          amount: minorToDecimalString(perk.amountMinor ?? 0, shop.currency),
                          appliesOnEachItem: false,
                        },
                      },
                items: { all: true },
              },
            },
          } satisfies BasicCreate["variables"]);
    if (answer.state === "created") {
      await prisma.perkCode.update({ where: { id: row.id }, data: { shopifyDiscountId: answer.id } });
      result.issued++;
      continue;
    }
    await prisma.perkCode.delete({ where: { id: row.id } });
    if (answer.state === "refused") result.refused.push(...answer.messages.map((m) => `Shopify: ${m}`));
    else {
      result.unavailable = true;
      break;
    }
  }
  return result;
}

async function askShopify(
  graphql: Graphql,
  mutation: typeof DISCOUNT_CODE_BASIC_CREATE | typeof HOLDER_PERK_FREE_SHIPPING_CREATE,
  variables: BasicCreate["variables"] | FreeShippingCreate["variables"],
): Promise<{ state: "created"; id: string | null } | { state: "refused"; messages: string[] } | { state: "down" }> {
  let body: { data?: BasicCreate["return"] & FreeShippingCreate["return"]; errors?: { message: string }[] };
  try {
    body = (await (await graphql(mutation, { variables })).json()) as typeof body;
  } catch (error) {
    // An expired session is answered by Shopify's library (a Response to re-authenticate).
    if (error instanceof Response && [302, 401].includes(error.status)) throw error;
    return { state: "down" };
  }
  if (body.errors?.length || !body.data) return { state: "down" };
  const payload = body.data.discountCodeBasicCreate ?? body.data.discountCodeFreeShippingCreate;
  if (!payload) return { state: "down" };
  const errors = payload.userErrors ?? [];
  if (errors.length) return { state: "refused", messages: errors.map((e) => e.message) };
  return { state: "created", id: payload.codeDiscountNode?.id ?? null };
}

/** The order webhooks' hook: codes an order used are redeemed (once; the first order counts). */
export async function redeemPerkCodes(tx: Tx, shopId: string, orderShopifyId: string, codes: string[]) {
  if (codes.length === 0) return 0;
  const order = await tx.order.findUnique({
    where: { shopId_shopifyId: { shopId, shopifyId: orderShopifyId } },
    select: { id: true, processedAt: true },
  });
  if (!order) return 0;
  const { count } = await tx.perkCode.updateMany({
    where: { shopId, redeemedAt: null, code: { in: codes.map((c) => c.toUpperCase()) } },
    data: { redeemedAt: order.processedAt, redeemedOrderId: order.id },
  });
  return count;
}

export async function listPerks(shopId: string) {
  const perks = await prisma.assetPerk.findMany({
    where: { shopId },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { collection: { select: { name: true } }, _count: { select: { codes: true } } },
  });
  const redeemed = await prisma.perkCode.groupBy({
    by: ["perkId"],
    where: { shopId, redeemedAt: { not: null } },
    _count: { _all: true },
  });
  const count = new Map(redeemed.map((r) => [r.perkId, r._count._all]));
  return perks.map((p) => ({
    id: p.id,
    title: p.title,
    collectionName: p.collection.name,
    kind: p.kind,
    percentOff: p.percentOff,
    amountMinor: p.amountMinor,
    codes: p._count.codes,
    redeemed: count.get(p.id) ?? 0,
  }));
}
