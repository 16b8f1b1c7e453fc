// Per-recipient discount codes: each sent recipient gets their own one-use code, created in Shopify
// with discountCodeBasicCreate (documents checked against the Admin schema, answers shaped as Shopify
// documents them) and carried by {{ discount_code }}; Shopify's userErrors fail that recipient with
// its message and no mail; a Shopify that does not answer leaves the recipients for the next run
// with the same codes; the demo keeps its codes locally; the form refuses a bad percentage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { jsonResponse, schemaErrors } from "~tests/shopify-admin";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { changeStatus, createCampaign } from "./campaigns.server";
import { campaignSchemaFor, type CampaignInput } from "./schema";
import { runShop } from "./send.server";
import { campaignAction } from "./actions.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 14 * HOUR);
type Shop = { id: string; name: string; domain: string; timezone: string };

function fakeShopify(answer: "ok" | "taken" | "down") {
  const sent: { variables: any }[] = [];
  const graphql = async (query: string, options?: { variables?: Record<string, unknown> }) => {
    const invalid = schemaErrors(query);
    if (invalid) return invalid;
    if (answer === "down") return jsonResponse({ errors: [{ message: "Internal error" }] });
    sent.push({ variables: options?.variables });
    return jsonResponse({
      data: {
        discountCodeBasicCreate:
          answer === "ok"
            ? { codeDiscountNode: { id: `gid://shopify/DiscountCodeNode/${sent.length}` }, userErrors: [] }
            : {
                codeDiscountNode: null,
                userErrors: [{ field: ["basicCodeDiscount", "code"], message: "Code must be unique", code: "TAKEN" }],
              },
      },
    });
  };
  return { adminFor: async () => graphql, sent };
}

const flow: CampaignInput = {
  name: "Win-back with a code",
  channel: "email",
  audience: "win_back",
  subject: "A code for you",
  body: "Hi {{ first_name }}, use {{ discount_code }} for 15% off.",
  discountPercent: 15,
  holdoutPercent: 0,
  frequencyCapHours: 0,
  quietStartHour: 21,
  quietEndHour: 8,
};

async function atRisk(shop: Shop, name: string, shopifyId: string | null) {
  const c = await prisma.customer.create({
    data: {
      shopId: shop.id,
      shopifyId,
      email: `${name.toLowerCase()}@example.com`,
      firstName: name,
      acceptsMarketing: true,
    },
  });
  await prisma.customerScore.create({
    data: {
      shopId: shop.id,
      customerId: c.id,
      searchText: name,
      sortName: name,
      orders: 2,
      totalSpentMinor: 10_000,
      frequency: 2,
      monetaryMinor: 10_000,
      segment: "At-Risk",
      rule: "At-Risk",
      segmentChangedAt: new Date(now.getTime() - DAY),
      computedAt: now,
    },
  });
  return c.id;
}

let a: Shop;
let demo: Shop;
const ids: Record<string, string> = {};

beforeAll(async () => {
  a = await createShop({ domain: "codes-a.myshopify.com", name: "Shop A" });
  demo = await createShop({ domain: "codes-demo.myshopify.com", name: "Demo" });
  await prisma.shop.update({ where: { id: demo.id }, data: { isDemo: true } });
  ids.ann = await atRisk(a, "Ann", "gid://shopify/Customer/801");
  ids.bo = await atRisk(a, "Bo", "gid://shopify/Customer/802");
  ids.cy = await atRisk(a, "Cy", null);
  ids.dee = await atRisk(demo, "Dee", null);
});

afterAll(async () => {
  await stopJobQueue();
});

const mailTo = (shopId: string) =>
  prisma.outboxMessage.findMany({ where: { shopId, kind: "engagement" }, orderBy: { toAddress: "asc" } });

describe("a code per recipient", () => {
  it("waits while Shopify is down, then creates one code each and puts it in the message", async () => {
    const id = (await createCampaign(a, flow, now)).id;
    await changeStatus(a, id, "start", now);
    const down = fakeShopify("down");
    await runShop(a.id, now, { adminFor: down.adminFor });
    expect(await mailTo(a.id)).toHaveLength(0);
    const waiting = await prisma.engagementSend.findMany({ where: { campaignId: id, status: "pending" } });
    expect(waiting.length).toBeGreaterThan(0);
    const kept = waiting.find((s) => s.discountCode)!.discountCode;

    const shopify = fakeShopify("ok");
    await runShop(a.id, new Date(now.getTime() + HOUR), { adminFor: shopify.adminFor });
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: id } });
    const by = (k: string) => sends.find((s) => s.customerId === ids[k])!;
    expect(by("cy")).toMatchObject({ status: "failed", error: "Shopify: not a Shopify customer yet" });
    const ann = by("ann");
    const bo = by("bo");
    expect([ann.status, bo.status]).toEqual(["sent", "sent"]);
    expect(ann.discountCode).toMatch(/^THANKS-[0-9A-F]{10}$/);
    expect(ann.discountCode).not.toBe(bo.discountCode);
    expect([ann.discountCode, bo.discountCode]).toContain(kept);
    expect(ann.shopifyDiscountId).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\//);
    // One use, this customer only, 15% as Shopify's fraction.
    const input = shopify.sent.map((r) => r.variables.basicCodeDiscount);
    expect(input).toHaveLength(2);
    expect(input.find((i) => i.code === ann.discountCode)).toMatchObject({
      usageLimit: 1,
      appliesOncePerCustomer: true,
      context: { customers: { add: ["gid://shopify/Customer/801"] } },
      customerGets: { value: { percentage: 0.15 }, items: { all: true } },
    });
    const mail = await mailTo(a.id);
    expect(mail.map((m) => m.toAddress)).toEqual(["ann@example.com", "bo@example.com"]);
    expect(mail[0].text).toContain(`Hi Ann, use ${ann.discountCode} for 15% off.`);
  });

  it("fails the recipient with Shopify's userErrors and sends nothing", async () => {
    await prisma.engagementCampaign.updateMany({ where: { shopId: a.id }, data: { status: "completed" } });
    const before = (await mailTo(a.id)).length;
    const id = (await createCampaign(a, { ...flow, name: "Taken" }, now)).id;
    await changeStatus(a, id, "start", now);
    await runShop(a.id, new Date(now.getTime() + 2 * HOUR), { adminFor: fakeShopify("taken").adminFor });
    const ann = await prisma.engagementSend.findFirstOrThrow({ where: { campaignId: id, customerId: ids.ann } });
    expect(ann).toMatchObject({ status: "failed", error: "Shopify: Code must be unique", discountCode: null });
    expect(await mailTo(a.id)).toHaveLength(before);
  });

  it("previews with a sample code in the documented format, marked as a sample, creating nothing", async () => {
    const before = await prisma.engagementSend.count({ where: { shopId: a.id } });
    const shopifyCalls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      shopifyCalls.push(String(url));
      return new Response(null, { status: 500 });
    }) as typeof fetch;
    try {
      const answer = await campaignAction(a, null, {
        intent: "preview",
        channel: "email",
        subject: flow.subject!,
        body: flow.body,
        segment: "",
        discountCode: "",
        discountPercent: "15",
      });
      expect(answer.status).toBe(200);
      const body = answer.body as { ok: true; sampleCode: string; text: string; customerName: string };
      expect(body.sampleCode).toMatch(/^THANKS-[0-9A-F]{10}$/);
      expect(body.text).toContain(`use ${body.sampleCode} for 15% off`);
      // A code the merchant typed is shown as it is, with no sample.
      const typed = await campaignAction(a, null, {
        intent: "preview",
        channel: "email",
        subject: flow.subject!,
        body: flow.body,
        discountCode: "SAVE10",
      });
      expect(typed.body).toMatchObject({ ok: true, sampleCode: null });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(shopifyCalls).toEqual([]);
    expect(await prisma.engagementSend.count({ where: { shopId: a.id } })).toBe(before);
  });

  it("keeps the demo's codes locally, and the form refuses a bad percentage", async () => {
    const id = (await createCampaign(demo, flow, now)).id;
    await changeStatus(demo, id, "start", now);
    await runShop(demo.id, now);
    const dee = await prisma.engagementSend.findFirstOrThrow({ where: { campaignId: id } });
    expect(dee).toMatchObject({ status: "sent", shopifyDiscountId: null });
    expect((await mailTo(demo.id))[0].text).toContain(`use ${dee.discountCode} for 15% off`);
    const schema = campaignSchemaFor({ sms: false });
    const zero = schema.safeParse({ ...flow, discountPercent: "0" });
    expect(zero.success ? [] : zero.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["discountPercent", "The discount must be at least 1"],
    ]);
    const both = schema.safeParse({ ...flow, discountCode: "SAVE10" });
    expect(both.success ? [] : both.error.issues.map((i) => i.path.join("."))).toEqual(["discountPercent"]);
  });
});
