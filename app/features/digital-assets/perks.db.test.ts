// Perks for holders: one customer-specific discount code per holder per perk, through
// discountCodeBasicCreate or discountCodeFreeShippingCreate (documents checked against the Admin schema, answers shaped as Shopify
// documents them), Shopify's userErrors shown and nothing kept, the demo's local codes, on-chain
// holders only with a fresh reading, and redemptions counted from the orders that used the codes.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installSession, installTeam, requestAs } from "~tests/shopify";
import { jsonResponse, schemaErrors } from "~tests/shopify-admin";
import { action, loader } from "~/routes/_admin.digital-assets";
import { assetFigures } from "./overview.server";
import { createPerk, issuePerk, redeemPerkCodes } from "./perks.server";

const A = "perks-a.myshopify.com";
const B = "perks-b.myshopify.com";
let shop: { id: string; currency: string };
let shopB: { id: string };
let collectionId: string;
const customers: string[] = [];

function fakeShopify(answer: "ok" | "taken" | "down") {
  const sent: { query: string; variables: any }[] = [];
  const graphql = async (query: string, options?: { variables?: Record<string, unknown> }) => {
    const invalid = schemaErrors(query);
    if (invalid) return invalid;
    sent.push({ query, variables: options?.variables });
    if (answer === "down") return jsonResponse({ errors: [{ message: "Internal error" }] });
    // The payload is named after the mutation the document calls.
    const [field, input] = /discountCodeFreeShippingCreate\(/.test(query)
      ? ["discountCodeFreeShippingCreate", "freeShippingCodeDiscount"]
      : ["discountCodeBasicCreate", "basicCodeDiscount"];
    return jsonResponse({
      data: {
        [field]:
          answer === "ok"
            ? { codeDiscountNode: { id: `gid://shopify/DiscountCodeNode/${sent.length}` }, userErrors: [] }
            : {
                codeDiscountNode: null,
                userErrors: [{ field: [input, "code"], message: "Code must be unique", code: "TAKEN" }],
              },
      },
    });
  };
  return { graphql, sent };
}

beforeAll(async () => {
  const a = await createShop({ domain: A });
  shop = { id: a.id, currency: "USD" };
  shopB = await createShop({ domain: B });
  for (const s of [a, shopB as typeof a]) {
    await installSession(s.domain);
    await installTeam(s);
  }
  const collection = await prisma.assetCollection.create({
    data: { shopId: a.id, name: "Founders", supply: 10, status: "active", issued: 2 },
  });
  collectionId = collection.id;
  for (let i = 0; i < 3; i++) {
    const c = await prisma.customer.create({
      data: { shopId: a.id, shopifyId: `gid://shopify/Customer/90${i}`, email: `p${i}@example.com` },
    });
    customers.push(c.id);
  }
  // Customers 0 and 1 hold an off-chain item; customer 2 a fresh on-chain balance.
  for (const [i, id] of customers.slice(0, 2).entries())
    await prisma.assetItem.create({
      data: {
        shopId: a.id,
        collectionId,
        customerId: id,
        serial: i + 1,
        token: `t${i}`.padEnd(43, "x"),
        source: "manual",
      },
    });
  await prisma.customer.update({ where: { id: customers[2] }, data: { walletAddress: "0x" + "ab".repeat(20) } });
  await prisma.holderCheck.create({
    data: {
      shopId: a.id,
      collectionId,
      customerId: customers[2]!,
      address: "0x" + "ab".repeat(20),
      balance: "1",
      checkedAt: new Date(),
    },
  });
});

describe("holder perks", () => {
  it("issues one code per holder, for that customer only, exactly once", async () => {
    const perk = await createPerk(shop.id, { collectionId, title: "Holder 15%", kind: "percentage", percentOff: 0.15 });
    const refused = fakeShopify("taken");
    const r0 = await issuePerk(shop, perk.id, refused.graphql);
    expect(r0).toMatchObject({
      issued: 0,
      refused: ["Shopify: Code must be unique", expect.any(String), expect.any(String)],
    });
    expect(await prisma.perkCode.count()).toBe(0);

    const shopify = fakeShopify("ok");
    expect(await issuePerk(shop, perk.id, shopify.graphql)).toMatchObject({ issued: 3, already: 0, refused: [] });
    const input = shopify.sent[0]!.variables.basicCodeDiscount;
    expect(input).toMatchObject({
      usageLimit: 1,
      appliesOncePerCustomer: true,
      customerGets: { value: { percentage: 0.15 }, items: { all: true } },
    });
    expect(shopify.sent.map((s) => s.variables.basicCodeDiscount.context.customers.add[0]).sort()).toEqual([
      "gid://shopify/Customer/900",
      "gid://shopify/Customer/901",
      "gid://shopify/Customer/902",
    ]);
    expect(await issuePerk(shop, perk.id, shopify.graphql)).toMatchObject({ issued: 0, already: 3 });
    expect(shopify.sent).toHaveLength(3);
    const codes = await prisma.perkCode.findMany({ where: { perkId: perk.id } });
    expect(codes.map((c) => c.shopifyDiscountId).sort()).toEqual(
      [1, 2, 3].map((n) => `gid://shopify/DiscountCodeNode/${n}`),
    );
  });

  it("issues an amount in the shop's currency, stops when Shopify is down, and keeps local codes in the demo", async () => {
    const perk = await createPerk(shop.id, { collectionId, title: "$10 off", kind: "amount", amountMinor: 1_000 });
    const down = fakeShopify("down");
    expect(await issuePerk(shop, perk.id, down.graphql)).toMatchObject({ issued: 0, unavailable: true });
    expect(down.sent).toHaveLength(1);
    expect(await prisma.perkCode.count({ where: { perkId: perk.id } })).toBe(0);
    const ok = fakeShopify("ok");
    await issuePerk(shop, perk.id, ok.graphql);
    expect(ok.sent[0]!.variables.basicCodeDiscount.customerGets.value).toEqual({
      discountAmount: { amount: "10.00", appliesOnEachItem: false },
    });
    const demo = await createPerk(shop.id, { collectionId, title: "Demo", kind: "percentage", percentOff: 0.1 });
    expect(await issuePerk(shop, demo.id, null)).toMatchObject({ issued: 3 });
  });

  it("issues free shipping to every destination through discountCodeFreeShippingCreate, for that customer once", async () => {
    const perk = await createPerk(shop.id, { collectionId, title: "Holders ship free", kind: "free_shipping" });
    const taken = fakeShopify("taken");
    expect(await issuePerk(shop, perk.id, taken.graphql)).toMatchObject({
      issued: 0,
      refused: ["Shopify: Code must be unique", expect.any(String), expect.any(String)],
    });
    expect(await prisma.perkCode.count({ where: { perkId: perk.id } })).toBe(0);
    const ok = fakeShopify("ok");
    expect(await issuePerk(shop, perk.id, ok.graphql)).toMatchObject({ issued: 3, refused: [] });
    expect(ok.sent.every((s) => /discountCodeFreeShippingCreate\(/.test(s.query))).toBe(true);
    const input = ok.sent[0]!.variables.freeShippingCodeDiscount;
    expect(input).toMatchObject({ usageLimit: 1, appliesOncePerCustomer: true, destination: { all: true } });
    expect(input).not.toHaveProperty("customerGets");
    expect(input.context.customers.add).toHaveLength(1);
    const codes = await prisma.perkCode.findMany({ where: { perkId: perk.id } });
    expect(codes.every((c) => c.shopifyDiscountId?.startsWith("gid://shopify/DiscountCodeNode/"))).toBe(true);
  });

  it("gives an on-chain holder nothing once the reading is older than 10 minutes", async () => {
    const perk = await createPerk(shop.id, { collectionId, title: "Later", kind: "percentage", percentOff: 0.05 });
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await issuePerk(shop, perk.id, null, later)).toMatchObject({ issued: 2 });
    expect(await prisma.perkCode.count({ where: { perkId: perk.id, customerId: customers[2] } })).toBe(0);
  });

  it("counts a code as redeemed from the order that used it, once", async () => {
    const code = (await prisma.perkCode.findFirstOrThrow({ where: { shopId: shop.id } })).code;
    await prisma.order.create({
      data: {
        shopId: shop.id,
        shopifyId: "gid://shopify/Order/77",
        name: "#77",
        processedAt: new Date("2026-11-20T12:00:00Z"),
        day: "2026-11-20",
        currency: "USD",
        grossSalesMinor: 5_000,
        totalMinor: 5_000,
      },
    });
    expect((await assetFigures(shop.id)).perksRedeemed).toBe(0);
    expect(
      await prisma.$transaction((tx) =>
        redeemPerkCodes(tx, shop.id, "gid://shopify/Order/77", [code.toLowerCase(), "OTHER"]),
      ),
    ).toBe(1);
    expect(await prisma.$transaction((tx) => redeemPerkCodes(tx, shop.id, "gid://shopify/Order/77", [code]))).toBe(0);
    expect((await assetFigures(shop.id)).perksRedeemed).toBe(1);
    // Shop B's order naming A's code redeems nothing.
    expect(await prisma.$transaction((tx) => redeemPerkCodes(tx, shopB.id, "gid://shopify/Order/77", [code]))).toBe(0);
  });

  it("refuses a Viewer, bad input and another shop's perk through the screen", async () => {
    const post = async (role: "owner" | "viewer", domain: string, values: Record<string, string>) => {
      const request = await requestAs(role, domain, "/digital-assets", {
        method: "POST",
        body: new URLSearchParams(values),
      });
      try {
        const r = (await action({ request, params: {}, context: {} })) as any;
        return r?.type === "DataWithResponseInit" ? r.init.status : r instanceof Response ? r.status : 200;
      } catch (thrown) {
        return (thrown as Response).status;
      }
    };
    const before = await prisma.assetPerk.count();
    expect(
      await post("viewer", A, { intent: "createPerk", collectionId, title: "X", kind: "percentage", percent: "5" }),
    ).toBe(403);
    expect(await post("owner", A, { intent: "createPerk", collectionId, title: "", kind: "amount", amount: "x" })).toBe(
      400,
    );
    expect(
      await post("owner", B, { intent: "createPerk", collectionId, title: "X", kind: "percentage", percent: "5" }),
    ).toBe(404);
    const perk = await prisma.assetPerk.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(await post("owner", B, { intent: "issuePerk", perkId: perk.id })).toBe(404);
    expect(await prisma.assetPerk.count()).toBe(before);
    const screen = (await loader({
      request: await requestAs("owner", B, "/digital-assets"),
      params: {},
      context: {},
    })) as any;
    expect(screen.perks).toEqual([]);
  });
});
