// The v1 write and resource endpoints on the database (both engines): invoices (create, send),
// product costs (list, create, update), operating expenses (list, create), loyalty campaigns
// (list, create) and inventory, each through its feature's service. Scopes, the envelope, Idempotency-Key replay on every POST, 409 on
// an illegal send, 400 with `param`, and shop A's key never reading or writing shop B's records.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { invoiceCreateSchema } from "~/features/invoices";
import { createInvoice } from "~/features/invoices/index.server";
import { addOperatingExpense, addProductCost, getDayFigures } from "~/features/profit/index.server";
import { addDays, dayInZone } from "~/lib/dates";
import { createApiKey } from "./keys.server";
import { ALL_SCOPES, type Scope } from "./keys";
import { action as createInvoiceRoute } from "~/routes/api.v1.stores.$storeId.invoices._index";
import { action as send } from "~/routes/api.v1.stores.$storeId.invoices.$invoiceId.send";
import { loader as costs, action as createCost } from "~/routes/api.v1.stores.$storeId.product-costs._index";
import { action as updateCost } from "~/routes/api.v1.stores.$storeId.product-costs.$costId";
import { loader as expenses, action as createExpense } from "~/routes/api.v1.stores.$storeId.operating-expenses";
import { loader as campaigns, action as createCampaign } from "~/routes/api.v1.stores.$storeId.loyalty.campaigns";
import { loader as inventory } from "~/routes/api.v1.stores.$storeId.inventory";

type Shop = { id: string; plan: string; currency: string; timezone: string };
const staff = { email: "owner@example.com", name: "Sam Owner" };
const actor = (shop: Shop) => ({ shop, staff });
type Handler = (args: { request: Request; params: Record<string, string> }) => Promise<Response>;

let a: Shop;
let b: Shop;
let keyA: string;
let keyB: string;
let readOnlyA: string;
let draftB: string;
let costB: string;
let expenseB: string;

async function call(
  handler: Handler,
  path: string,
  params: Record<string, string>,
  init: { method?: string; body?: unknown; key?: string; idempotencyKey?: string } = {},
) {
  const headers = new Headers({ Authorization: `Bearer ${init.key ?? keyA}` });
  if (init.idempotencyKey) headers.set("Idempotency-Key", init.idempotencyKey);
  const response = await handler({
    request: new Request(`http://app.test/api/v1${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    params,
  });
  return { response, body: (await response.json()) as { success: boolean; data: any; error: any } };
}

const invoiceBody = (n: number) => ({
  customer: { name: `API customer ${n}`, email: `api${n}@example.com` },
  items: [{ title: "Consulting", qty: 2, unit_price: "150.00" }],
  tax_rate: 0.2,
});
const costBody = { productName: "Trail Runner", sku: "TR-1", costPerUnit: "12.50" };
const expenseBody = { category: "rent", description: "Warehouse rent", amount: "1200.00", date: "2026-11-01" };
const campaignBody = (name: string) => ({
  name,
  type: "multiplier",
  rules: { multiplier: 2, startsOn: "2026-12-01", endsOn: "2026-12-31" },
});

/** Rows a refused call must not add to. */
const counts = async (shopId: string) => ({
  invoices: await prisma.invoice.count({ where: { shopId } }),
  costs: await prisma.productCost.count({ where: { shopId } }),
  expenses: await prisma.operatingExpense.count({ where: { shopId } }),
  campaigns: await prisma.loyaltyCampaign.count({ where: { shopId } }),
  audit: await prisma.auditEntry.count({ where: { shopId } }),
  idempotent: await prisma.apiIdempotentRequest.count({ where: { shopId } }),
});

async function proShop(name: string) {
  const shop = await createShop({ name });
  return prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
}

function planRow(shopId: string, variantId: string, title: string) {
  return prisma.inventoryPlan.create({
    data: {
      variantId,
      shopId,
      productId: `${variantId}-product`,
      title,
      category: "Wearables",
      priceMinor: 9_000,
      available: 6,
      committed: 0,
      onOrder: 0,
      leadTimeDays: 14,
      serviceLevel: 0.95,
      daysOfStock: 30,
      minOrderQty: 1,
      casePack: 1,
      velocity: 3,
      sigma: 1,
      inStockDays: 30,
      unitsInWindow: 90,
      safetyStock: 4,
      reorderPoint: 46,
      computedReorderPoint: 46,
      daysOfCover: 2,
      stockOutDay: "2026-12-02",
      suggestedQty: 60,
      lostRevenuePerDayMinor: 27_050,
      status: "low-stock",
      stockBar: 25,
      needsReorder: true,
      overstock: false,
      deadStock: false,
      computedAt: new Date(),
    },
  });
}

beforeAll(async () => {
  a = await proShop("API writes A");
  b = await proShop("API writes B");
  keyA = (await createApiKey(actor(a), "Writer", ALL_SCOPES)).key;
  keyB = (await createApiKey(actor(b), "B's", ALL_SCOPES)).key;
  readOnlyA = (
    await createApiKey(actor(a), "Reader", ["invoices:read", "costs:read", "loyalty:read", "inventory:read"] as Scope[])
  ).key;
  draftB = (await createInvoice(b as never, invoiceCreateSchema.parse(invoiceBody(9)))).invoice.id;
  costB = (await addProductCost(b, { productName: "B's product", costPerUnit: "3.00" })).id;
  expenseB = (
    await addOperatingExpense(b, { ...expenseBody, category: "software", description: "B's tools", recurring: false })
  ).id;
  await planRow(a.id, `va-${a.id}`, "Trail Runner");
  await planRow(b.id, `vb-${b.id}`, "B's shoe");
});

describe("invoices", () => {
  it("creates through the invoices feature, replays an Idempotency-Key, sends once and answers 409 after", async () => {
    const p = { storeId: a.id };
    const path = `/stores/${a.id}/invoices`;
    const first = await call(createInvoiceRoute, path, p, { body: invoiceBody(1), idempotencyKey: "inv-1" });
    expect(first.response.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: "draft", subtotal: "300.00", tax: "60.00", total: "360.00" });
    const replay = await call(createInvoiceRoute, path, p, { body: invoiceBody(1), idempotencyKey: "inv-1" });
    expect(replay.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const reused = await call(createInvoiceRoute, path, p, { body: invoiceBody(2), idempotencyKey: "inv-1" });
    expect([reused.response.status, reused.body.error.code]).toEqual([422, "idempotency_key_reused"]);
    expect(await prisma.invoice.count({ where: { shopId: a.id } })).toBe(1);

    const id = first.body.data.id as string;
    const sendPath = `/stores/${a.id}/invoices/${id}/send`;
    const sp = { storeId: a.id, invoiceId: id };
    const sent = await call(send, sendPath, sp, { method: "POST", idempotencyKey: "send-1" });
    expect([sent.response.status, sent.body.data.status]).toEqual([200, "sent"]);
    const resent = await call(send, sendPath, sp, { method: "POST", idempotencyKey: "send-1" });
    expect(resent.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(resent.body).toEqual(sent.body);
    const again = await call(send, sendPath, sp, { method: "POST" });
    expect(again.response.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, data: null, error: { type: "invalid_request_error" } });
  });

  it("answers 400 naming the field the admin's form would, and writes nothing", async () => {
    const before = await counts(a.id);
    const bad = await call(
      createInvoiceRoute,
      `/stores/${a.id}/invoices`,
      { storeId: a.id },
      { body: { ...invoiceBody(3), customer: { name: "X", email: "not-an-email" } } },
    );
    expect([bad.response.status, bad.body.error.code, bad.body.error.param]).toEqual([
      400,
      "body_invalid",
      "customer.email",
    ]);
    expect(bad.body.error.message).toBe("Invalid email address");
    expect(await counts(a.id)).toEqual(before);
  });
});

describe("product costs", () => {
  it("lists, creates and updates through the profit feature, audited as the key", async () => {
    const p = { storeId: a.id };
    const path = `/stores/${a.id}/product-costs`;
    const created = await call(createCost, path, p, { body: costBody, idempotencyKey: "cost-1" });
    expect(created.response.status).toBe(201);
    expect(created.body.data).toMatchObject({ productName: "Trail Runner", costPerUnit: "12.50", sku: "TR-1" });
    expect(created.body.data).not.toHaveProperty("costPerUnitMinor");
    const replay = await call(createCost, path, p, { body: costBody, idempotencyKey: "cost-1" });
    expect(replay.body).toEqual(created.body);
    await call(createCost, path, p, { body: { ...costBody, sku: "TR-2" } });
    expect(await prisma.productCost.count({ where: { shopId: a.id } })).toBe(2);

    const id = created.body.data.id as string;
    const updated = await call(
      updateCost,
      `${path}/${id}`,
      { ...p, costId: id },
      {
        body: { ...costBody, costPerUnit: "13.00" },
      },
    );
    expect([updated.response.status, updated.body.data.costPerUnit]).toEqual([200, "13.00"]);

    const page1 = await call(costs, `${path}?limit=1`, p);
    expect(page1.body.data).toMatchObject({ object: "list", has_more: true });
    const page2 = await call(costs, `${path}?limit=1&starting_after=${page1.body.data.data[0].id}`, p);
    expect(page2.body.data.has_more).toBe(false);
    expect(new Set([page1.body.data.data[0].id, page2.body.data.data[0].id]).size).toBe(2);

    const audit = await prisma.auditEntry.findMany({
      where: { shopId: a.id, action: { startsWith: "costs.product_cost" } },
      select: { action: true, actorName: true, actorEmail: true },
    });
    expect(audit.map((e) => e.action).sort()).toEqual([
      "costs.product_cost.add",
      "costs.product_cost.add",
      "costs.product_cost.update",
    ]);
    expect(audit[0]).toMatchObject({ actorName: "API key Writer", actorEmail: `api-key:…${keyA.slice(-4)}` });
  });

  it("refuses a cost with too many decimals with its field, writing nothing", async () => {
    const before = await counts(a.id);
    const bad = await call(
      createCost,
      `/stores/${a.id}/product-costs`,
      { storeId: a.id },
      {
        body: { ...costBody, costPerUnit: "1.234" },
      },
    );
    expect([bad.response.status, bad.body.error.param]).toEqual([400, "costPerUnit"]);
    expect(await counts(a.id)).toEqual(before);
  });
});

describe("operating expenses", () => {
  it("creates through the profit feature as the Costs screen does (audited as the key), replays, and pages latest date first", async () => {
    const p = { storeId: a.id };
    const path = `/stores/${a.id}/operating-expenses`;
    const created = await call(createExpense, path, p, { body: expenseBody, idempotencyKey: "exp-1" });
    expect(created.response.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      category: "rent",
      description: "Warehouse rent",
      amount: "1200.00",
      date: "2026-11-01",
      recurring: false,
      recurringInterval: null,
    });
    const replay = await call(createExpense, path, p, { body: expenseBody, idempotencyKey: "exp-1" });
    expect(replay.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(created.body);
    const reused = await call(createExpense, path, p, {
      body: { ...expenseBody, amount: "1.00" },
      idempotencyKey: "exp-1",
    });
    expect([reused.response.status, reused.body.error.code]).toEqual([422, "idempotency_key_reused"]);
    // A recurring one without an interval is monthly, as the screen stores it.
    const recurring = await call(createExpense, path, p, {
      body: { category: "software", description: "Analytics tool", amount: "49", date: "2026-10-15", recurring: true },
    });
    expect(recurring.body.data).toMatchObject({ amount: "49.00", recurring: true, recurringInterval: "monthly" });
    // Same date as the first: the later entry comes first, as on the screen.
    const sameDay = await call(createExpense, path, p, { body: { ...expenseBody, description: "Deposit" } });
    expect(await prisma.operatingExpense.count({ where: { shopId: a.id } })).toBe(3);

    const seen: string[] = [];
    let after = "";
    for (let i = 0; i < 3; i++) {
      const page = await call(expenses, `${path}?limit=1${after ? `&starting_after=${after}` : ""}`, p);
      expect(page.body.data).toMatchObject({ object: "list", has_more: i < 2 });
      after = page.body.data.data[0].id;
      seen.push(after);
    }
    expect(seen).toEqual([sameDay.body.data.id, created.body.data.id, recurring.body.data.id]);
    const all = await call(expenses, path, p);
    expect(all.body.data.data.map((e: { id: string }) => e.id)).toEqual(seen);
    expect(all.body.data.data[0]).not.toHaveProperty("amountMinor");
    const foreign = await call(expenses, `${path}?starting_after=${expenseB}`, p);
    expect([foreign.response.status, foreign.body.error.param]).toEqual([400, "starting_after"]);

    const audit = await prisma.auditEntry.findMany({
      where: { shopId: a.id, action: "costs.expense.add" },
      select: { entityType: true, entityId: true, actorName: true, actorEmail: true },
    });
    expect(audit).toHaveLength(3);
    expect(audit).toContainEqual({
      entityType: "OperatingExpense",
      entityId: created.body.data.id,
      actorName: "API key Writer",
      actorEmail: `api-key:…${keyA.slice(-4)}`,
    });
  });

  it("refuses what the screen refuses, naming the field, and writes nothing", async () => {
    const before = await counts(a.id);
    const path = `/stores/${a.id}/operating-expenses`;
    const p = { storeId: a.id };
    const answers = [
      await call(createExpense, path, p, { body: { ...expenseBody, category: "travel" } }),
      await call(createExpense, path, p, { body: { ...expenseBody, amount: "1.234" } }),
      await call(createExpense, path, p, { body: { ...expenseBody, date: "2026-02-30" } }),
      await call(createExpense, path, p, { body: { ...expenseBody, description: " " } }),
      await call(createExpense, path, p, { body: { ...expenseBody, recurring: true, recurringInterval: "daily" } }),
    ];
    expect(answers.map((x) => [x.response.status, x.body.error.code, x.body.error.param])).toEqual([
      [400, "body_invalid", "category"],
      [400, "body_invalid", "amount"],
      [400, "body_invalid", "date"],
      [400, "body_invalid", "description"],
      [400, "body_invalid", "recurringInterval"],
    ]);
    expect(await counts(a.id)).toEqual(before);
  });

  it("keeps the date as the store's day: counted on that day in the store's time zone", async () => {
    // UTC+14: for ten hours of every UTC day the store is already on the next day.
    const far = await proShop("API expenses Kiritimati");
    await prisma.shop.update({ where: { id: far.id }, data: { timezone: "Pacific/Kiritimati" } });
    const shop = { ...far, timezone: "Pacific/Kiritimati" };
    const key = (await createApiKey(actor(shop), "Far", ALL_SCOPES)).key;
    const today = dayInZone(new Date(), shop.timezone);
    const made = await call(
      createExpense,
      `/stores/${shop.id}/operating-expenses`,
      { storeId: shop.id },
      { key, body: { ...expenseBody, amount: "75.00", date: today } },
    );
    expect([made.response.status, made.body.data.date]).toEqual([201, today]);
    expect((await getDayFigures(shop, today)).operatingExpensesMinor).toBe(7_500);
    expect((await getDayFigures(shop, addDays(today, -1))).operatingExpensesMinor).toBe(0);
  });
});

describe("loyalty campaigns", () => {
  it("creates through the loyalty feature and lists with starting_after", async () => {
    const p = { storeId: a.id };
    const path = `/stores/${a.id}/loyalty/campaigns`;
    const made = await call(createCampaign, path, p, { body: campaignBody("Double December"), idempotencyKey: "c1" });
    expect(made.response.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: "Double December", multiplier: 2, startsOn: "2026-12-01" });
    expect(made.body.data).not.toHaveProperty("actions");
    const replay = await call(createCampaign, path, p, { body: campaignBody("Double December"), idempotencyKey: "c1" });
    expect(replay.body).toEqual(made.body);
    await call(createCampaign, path, p, { body: campaignBody("Second") });
    const first = await call(campaigns, `${path}?limit=1`, p);
    expect(first.body.data).toMatchObject({ object: "list", has_more: true });
    const rest = await call(campaigns, `${path}?starting_after=${first.body.data.data[0].id}`, p);
    expect(rest.body.data).toMatchObject({ has_more: false });
    expect(rest.body.data.data).toHaveLength(1);
  });

  it("names a rule's error rules.* as sent, writing nothing", async () => {
    const before = await counts(a.id);
    const bad = await call(
      createCampaign,
      `/stores/${a.id}/loyalty/campaigns`,
      { storeId: a.id },
      { body: { ...campaignBody("Bad"), rules: { multiplier: 1, startsOn: "2026-12-01", endsOn: "2026-12-31" } } },
    );
    expect([bad.response.status, bad.body.error.code, bad.body.error.param]).toEqual([
      400,
      "body_invalid",
      "rules.multiplier",
    ]);
    expect(await counts(a.id)).toEqual(before);
  });
});

describe("inventory", () => {
  it("reads the planning figures with the list's filters and a page", async () => {
    const read = await call(inventory, `/stores/${a.id}/inventory?status=low&limit=10`, { storeId: a.id });
    expect(read.response.status).toBe(200);
    expect(read.body.data).toMatchObject({ object: "list", total: 1, page: 1, pages: 1, has_more: false });
    expect(read.body.data.data[0]).toMatchObject({ title: "Trail Runner", lostRevenuePerDay: "270.50" });
    const bad = await call(inventory, `/stores/${a.id}/inventory?sort=price`, { storeId: a.id });
    expect([bad.response.status, bad.body.error.param]).toEqual([400, "sort"]);
  });
});

describe("scopes and shops", () => {
  it("refuses writes to a read-only key with 403 and writes nothing", async () => {
    const noCosts = (await createApiKey(actor(a), "No costs", ["invoices:read"] as Scope[])).key;
    const before = await counts(a.id);
    const p = { storeId: a.id };
    const key = readOnlyA;
    const answers = [
      await call(createInvoiceRoute, `/stores/${a.id}/invoices`, p, { body: invoiceBody(5), key }),
      await call(createCost, `/stores/${a.id}/product-costs`, p, { body: costBody, key }),
      await call(createExpense, `/stores/${a.id}/operating-expenses`, p, { body: expenseBody, key }),
      await call(createCampaign, `/stores/${a.id}/loyalty/campaigns`, p, { body: campaignBody("No"), key }),
    ];
    expect(answers.map((x) => [x.response.status, x.body.error.code])).toEqual(
      Array(4).fill([403, "insufficient_scope"]),
    );
    expect((await call(costs, `/stores/${a.id}/product-costs`, p, { key })).response.status).toBe(200);
    expect((await call(expenses, `/stores/${a.id}/operating-expenses`, p, { key })).response.status).toBe(200);
    // A key without the costs scope reads no expenses either.
    const refused = await call(expenses, `/stores/${a.id}/operating-expenses`, p, { key: noCosts });
    expect([refused.response.status, refused.body.error.code]).toEqual([403, "insufficient_scope"]);
    expect(await counts(a.id)).toEqual(before);
  });

  it("never lets shop A's key read or write shop B's records (404), and B's key works on B", async () => {
    const beforeB = await counts(b.id);
    const sB = { storeId: b.id };
    const answers = [
      await call(createInvoiceRoute, `/stores/${b.id}/invoices`, sB, { body: invoiceBody(6) }),
      await call(send, `/stores/${b.id}/invoices/${draftB}/send`, { ...sB, invoiceId: draftB }, { method: "POST" }),
      await call(
        send,
        `/stores/${a.id}/invoices/${draftB}/send`,
        { storeId: a.id, invoiceId: draftB },
        { method: "POST" },
      ),
      await call(costs, `/stores/${b.id}/product-costs`, sB),
      await call(createCost, `/stores/${b.id}/product-costs`, sB, { body: costBody }),
      await call(
        updateCost,
        `/stores/${a.id}/product-costs/${costB}`,
        { storeId: a.id, costId: costB },
        { body: costBody },
      ),
      await call(expenses, `/stores/${b.id}/operating-expenses`, sB),
      await call(createExpense, `/stores/${b.id}/operating-expenses`, sB, { body: expenseBody }),
      await call(campaigns, `/stores/${b.id}/loyalty/campaigns`, sB),
      await call(createCampaign, `/stores/${b.id}/loyalty/campaigns`, sB, { body: campaignBody("Theirs") }),
      await call(inventory, `/stores/${b.id}/inventory`, sB),
    ];
    expect(answers.map((x) => [x.response.status, x.body.error?.code])).toEqual(
      Array(answers.length).fill([404, "resource_missing"]),
    );
    expect(await counts(b.id)).toEqual(beforeB);
    const draft = await prisma.invoice.findUniqueOrThrow({ where: { id: draftB } });
    expect(draft.status).toBe("draft");
    expect((await prisma.productCost.findUniqueOrThrow({ where: { id: costB } })).costPerUnitMinor).toBe(300);
    // B's expense is not in A's list; B's key lists it.
    const listA = await call(expenses, `/stores/${a.id}/operating-expenses`, { storeId: a.id });
    expect(listA.body.data.data.map((e: { id: string }) => e.id)).not.toContain(expenseB);
    const listB = await call(expenses, `/stores/${b.id}/operating-expenses`, sB, { key: keyB });
    expect(listB.body.data.data.map((e: { description: string }) => e.description)).toEqual(["B's tools"]);
    // A's inventory holds only A's variant; B's key reads B's.
    const own = await call(inventory, `/stores/${b.id}/inventory`, sB, { key: keyB });
    expect(own.body.data.data.map((r: { title: string }) => r.title)).toEqual(["B's shoe"]);
  });
});
