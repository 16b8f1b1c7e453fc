// The invoice API (docs/product/api.md) through the real authenticate.admin with Shopify test
// credentials, and the public hosted page.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { pdfText } from "~tests/pdf-text";
import { bearerRequest, installSession } from "~tests/shopify";
import { loader as listLoader } from "~/routes/api.stores.$storeId.invoices._index";
import { action as createAction } from "~/routes/api.stores.$storeId.invoices.smart";
import {
  action as deleteAction,
  loader as detailLoader,
} from "~/routes/api.stores.$storeId.invoices.$invoiceId._index";
import { action as sendAction } from "~/routes/api.stores.$storeId.invoices.$invoiceId.send";
import { action as paidAction } from "~/routes/api.stores.$storeId.invoices.$invoiceId.mark-paid";
import { action as voidAction } from "~/routes/api.stores.$storeId.invoices.$invoiceId.void";
import { loader as pdfLoader } from "~/routes/api.stores.$storeId.invoices.$invoiceId.pdf";
import { loader as hostedLoader, headers as hostedHeaders } from "~/routes/i.$token";
import { loader as customerPdfLoader } from "~/routes/i.$token.pdf";
import { action as screenAction, loader as screenLoader } from "~/routes/_admin.app.invoices";
import { action as detailScreenAction, loader as detailScreenLoader } from "~/routes/_admin.app.invoices.$invoiceId";
import { loader as newScreenLoader } from "~/routes/_admin.app.invoices.new";

const A = "invoices-a.myshopify.com";
const B = "invoices-b.myshopify.com";
let shopA: { id: string };
let shopB: { id: string };

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function call(
  fn: (a: ReturnType<typeof args>) => Promise<unknown>,
  request: Request,
  params: Record<string, string>,
) {
  try {
    return (await fn(args(request, params))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const post = (shop: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  bearerRequest(shop, path, {
    method: "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });

const valid = {
  customer: { email: "client@example.com", name: "Client Co", phone: "555-0100" },
  items: [
    { title: "Consulting", qty: 3, unit_price: 120 },
    { title: "Travel", qty: 1, unit_price: "45.50" },
  ],
  currency: "EUR",
  tax_rate: 0.19,
  shipping_cost: 0,
  due_in_days: 14,
  auto_send: false,
  platform: "custom",
  marketing_ads: [
    {
      id: "1",
      title: "New season",
      description: "See what's new",
      linkUrl: "https://example.com/new",
      position: "top",
    },
  ],
  ad_rotation_enabled: false,
  is_recurring: false,
};

async function create(shop: string, storeId: string, body: unknown = valid, headers: Record<string, string> = {}) {
  return call(createAction, await post(shop, `/api/stores/${storeId}/invoices/smart`, body, headers), { storeId });
}

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B" });
  await prisma.shop.updateMany({ where: { id: { in: [shopA.id, shopB.id] } }, data: { plan: "pro" } });
  await installSession(A);
  await installSession(B);
});

describe("POST /invoices/smart", () => {
  it("creates an invoice (201) with the create payload, payment_method omitted", async () => {
    const res = await create(A, shopA.id);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      invoiceNumber: "INV-0001",
      status: "draft",
      customerName: "Client Co",
      customerEmail: "client@example.com",
      customerPhone: "555-0100",
      platform: "custom",
      currency: "EUR",
      paymentMethod: "none",
      subtotal: "405.50",
      tax: "77.05", // 405.50 × 0.19 = 77.045 → half up
      shipping: "0.00",
      total: "482.55",
      items: [
        { title: "Consulting", qty: 3, unit_price: "120.00" },
        { title: "Travel", qty: 1, unit_price: "45.50" },
      ],
    });
    expect(body.hostedUrl).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
    expect(body.marketingAds).toHaveLength(1);
  });

  it("answers 400 with the form's messages at their fields", async () => {
    const res = await create(A, shopA.id, {
      customer: { email: "not-an-email", name: "" },
      items: [{ title: "", qty: 0, unit_price: -1 }],
      tax_rate: 1.5,
      marketing_ads: [
        { id: "x", title: "Ad", description: "", linkUrl: "http://insecure.example", position: "middle" },
      ],
    });
    expect(res.status).toBe(400);
    const { fieldErrors } = await res.json();
    expect(fieldErrors["customer.email"]).toEqual(["Invalid email address"]);
    expect(fieldErrors["customer.name"]).toEqual(["Customer name is required"]);
    expect(fieldErrors["items.0.title"]).toEqual(["Item name is required"]);
    expect(fieldErrors["items.0.qty"]).toEqual(["Quantity must be at least 1"]);
    expect(fieldErrors["items.0.unit_price"]).toEqual(["Price must be positive"]);
    expect(fieldErrors["tax_rate"]).toBeDefined();
    expect(fieldErrors["marketing_ads.0.linkUrl"]).toEqual(["Link URL must be an https:// address"]);
    expect(fieldErrors["marketing_ads.0.position"]).toEqual(["Position must be top, bottom or sidebar"]);
    const none = await create(A, shopA.id, { ...valid, items: [] });
    expect((await none.json()).fieldErrors.items).toEqual(["At least one item is required"]);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await call(
      createAction,
      await bearerRequest(A, `/api/stores/${shopA.id}/invoices/smart`, { method: "POST", body: "{nope" }),
      { storeId: shopA.id },
    );
    expect(res.status).toBe(400);
  });

  it("returns the same invoice for a repeated Idempotency-Key", async () => {
    const first = await create(A, shopA.id, valid, { "Idempotency-Key": "create-42" });
    const again = await create(A, shopA.id, valid, { "Idempotency-Key": "create-42" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
  });

  it("refuses another shop's store id with 404", async () => {
    const res = await create(A, shopB.id);
    expect(res.status).toBe(404);
    expect(await prisma.invoice.count({ where: { shopId: shopB.id } })).toBe(0);
  });

  it("refuses the 26th invoice of the month on Starter with the upgrade path", async () => {
    const domain = "invoices-starter.myshopify.com";
    const starter = await createShop({ domain });
    await installSession(domain);
    const createScreen = async () => newScreenLoader(args(await bearerRequest(domain, "/app/invoices/new")));
    for (let i = 0; i < 24; i++) expect((await create(domain, starter.id)).status).toBe(201);
    expect((await createScreen()).limit).toBeNull(); // one left: the form
    expect((await create(domain, starter.id)).status).toBe(201);
    // At the limit the screen explains it, with the upgrade path, instead of showing the form.
    expect((await createScreen()).limit).toEqual({
      planName: "Starter",
      limit: 25,
      used: 25,
      upgradeUrl: "/settings?tab=plan",
    });
    const list = await screenLoader(args(await bearerRequest(domain, "/app/invoices")));
    expect(list.plan).toMatchObject({ atLimit: true, used: 25, limit: 25 });
    const res = await create(domain, starter.id);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.code).toBe("plan_limit");
    expect(body.error).toContain("25 invoices per calendar month");
    expect(body.upgradeUrl).toBe("/settings?tab=plan");
    expect(await prisma.invoice.count({ where: { shopId: starter.id } })).toBe(25);
  });
});

describe("list, detail, send, pay, void, PDF", () => {
  it("lists the shop's invoices with a status filter", async () => {
    const res = await call(listLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices?status=draft`), {
      storeId: shopA.id,
    });
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { status: string }) => r.status === "draft")).toBe(true);
    const overdue = await call(listLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices?status=overdue`), {
      storeId: shopA.id,
    });
    expect(overdue.status).toBe(200);
    const bad = await call(listLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices?status=archived`), {
      storeId: shopA.id,
    });
    expect(bad.status).toBe(400);
    const other = await call(listLoader, await bearerRequest(A, `/api/stores/${shopB.id}/invoices`), {
      storeId: shopB.id,
    });
    expect(other.status).toBe(404);
  });

  it("deletes a draft (204), refuses a sent invoice (409) and another shop's (404), deleting nothing", async () => {
    const del = async (shop: string, storeId: string, invoiceId: string) =>
      call(
        deleteAction,
        await bearerRequest(shop, `/api/stores/${storeId}/invoices/${invoiceId}`, { method: "DELETE" }),
        {
          storeId,
          invoiceId,
        },
      );
    const draft = await (await create(A, shopA.id)).json();
    const theirs = await (await create(B, shopB.id)).json();
    const sent = await (await create(A, shopA.id)).json();
    await call(sendAction, await post(A, `/api/stores/${shopA.id}/invoices/${sent.id}/send`), {
      storeId: shopA.id,
      invoiceId: sent.id,
    });

    // Shop A cannot delete shop B's draft, through its own store path or B's.
    expect((await del(A, shopA.id, theirs.id)).status).toBe(404);
    expect((await del(A, shopB.id, theirs.id)).status).toBe(404);
    expect(await prisma.invoice.count({ where: { id: theirs.id } })).toBe(1);

    const refused = await del(A, shopA.id, sent.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "illegal_transition", status: "sent" });
    expect(await prisma.invoice.count({ where: { id: sent.id } })).toBe(1);

    const done = await del(A, shopA.id, draft.id);
    expect(done.status).toBe(204);
    expect(await done.text()).toBe("");
    expect(await prisma.invoice.count({ where: { id: draft.id } })).toBe(0);
    expect((await del(A, shopA.id, draft.id)).status).toBe(404);

    const wrongMethod = await call(deleteAction, await post(A, `/api/stores/${shopA.id}/invoices/${sent.id}`), {
      storeId: shopA.id,
      invoiceId: sent.id,
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toContain("DELETE");
  });

  it("sends once per Idempotency-Key, 409 for any other repeat, and records it all", async () => {
    const { id } = await (await create(A, shopA.id)).json();
    const path = `/api/stores/${shopA.id}/invoices/${id}/send`;
    const params = { storeId: shopA.id, invoiceId: id };
    const first = await call(sendAction, await post(A, path, undefined, { "Idempotency-Key": "send-1" }), params);
    expect(first.status).toBe(200);
    expect((await first.json()).status).toBe("sent");
    const retry = await call(sendAction, await post(A, path, undefined, { "Idempotency-Key": "send-1" }), params);
    expect(retry.status).toBe(200);
    const again = await call(sendAction, await post(A, path), params);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatch(/is sent; it cannot be sent/);
    expect(await prisma.outboxMessage.count({ where: { dedupeKey: `invoice:${id}:send` } })).toBe(1);

    const paid = await call(paidAction, await post(A, `/api/stores/${shopA.id}/invoices/${id}/mark-paid`), params);
    expect((await paid.json()).status).toBe("paid");
    const voided = await call(voidAction, await post(A, `/api/stores/${shopA.id}/invoices/${id}/void`), params);
    expect(voided.status).toBe(409);

    const detail = await (
      await call(detailLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices/${id}`), params)
    ).json();
    expect(detail.timeline.map((e: { type: string; actor: string }) => `${e.type}/${e.actor}`)).toEqual([
      "created/api",
      "sent/merchant",
      "emailed/system",
      "paid/merchant",
    ]);
    expect(detail.actions).toEqual([]);
  });

  it("never acts on another shop's invoice", async () => {
    const { id } = await (await create(B, shopB.id)).json();
    // Shop A with its own store id but B's invoice id.
    const params = { storeId: shopA.id, invoiceId: id };
    expect((await call(sendAction, await post(A, `/api/stores/${shopA.id}/invoices/${id}/send`), params)).status).toBe(
      404,
    );
    expect(
      (await call(detailLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices/${id}`), params)).status,
    ).toBe(404);
    expect(
      (await call(pdfLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices/${id}/pdf`), params)).status,
    ).toBe(404);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
  });

  it("downloads a real PDF whose text contains the invoice number", async () => {
    const { id, invoiceNumber } = await (await create(A, shopA.id)).json();
    const res = await call(pdfLoader, await bearerRequest(A, `/api/stores/${shopA.id}/invoices/${id}/pdf`), {
      storeId: shopA.id,
      invoiceId: id,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="invoice-${invoiceNumber}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfText(pdf)).toContain(invoiceNumber);
    expect(pdfText(pdf)).toContain("New season"); // the top ad
  });
});

describe("hosted page /i/{token}", () => {
  it("shows a sent invoice to anyone with the link, records the view and is never framed", async () => {
    const created = await (await create(A, shopA.id)).json();
    await call(sendAction, await post(A, `/api/stores/${shopA.id}/invoices/${created.id}/send`), {
      storeId: shopA.id,
      invoiceId: created.id,
    });
    const token = created.hostedUrl.split("/i/")[1];
    const data = (await hostedLoader(args(new Request(`http://localhost/i/${token}`), { token }))) as Awaited<
      ReturnType<typeof hostedLoader>
    >;
    expect(data.invoice.number).toBe(created.invoiceNumber);
    expect(data.invoice.totalMinor).toBe(482_55);
    // No Stripe key and no PayPal link configured: the merchant's instructions.
    expect(data.payment.kind).toBe("instructions");
    const events = await prisma.invoiceEvent.findMany({ where: { invoiceId: created.id, type: "viewed" } });
    expect(events.map((e) => e.actor)).toEqual(["customer"]);
    const headers = new Headers(hostedHeaders({} as never) as HeadersInit);
    expect(headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    const pdf = await call(customerPdfLoader, new Request(`http://localhost/i/${token}/pdf`), { token });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("answers 404 for an unknown token or a draft", async () => {
    const draft = await (await create(A, shopA.id)).json();
    const token = draft.hostedUrl.split("/i/")[1];
    expect((await call(hostedLoader, new Request(`http://localhost/i/${token}`), { token })).status).toBe(404);
    const unknown = "A".repeat(32);
    expect((await call(hostedLoader, new Request(`http://localhost/i/${unknown}`), { token: unknown })).status).toBe(
      404,
    );
  });
});

describe("the /app/invoices screen's loader and action", () => {
  const form = (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields);
    return bearerRequest(A, "/app/invoices", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  };
  const result = async (r: unknown) => {
    // Remix's data() wraps a failed result with its status; a success is a plain object.
    const d = r as { type?: string; data?: unknown; init?: { status?: number } };
    return d && d.type === "DataWithResponseInit"
      ? { status: d.init?.status ?? 200, body: d.data as Record<string, unknown> }
      : { status: 200, body: r as Record<string, unknown> };
  };

  it("answers a bad create with 400 and the form's messages, and creates a valid one", async () => {
    const bad = await result(
      await screenAction(
        args(
          await form({ intent: "create", payload: JSON.stringify({ customer: { email: "x", name: "" }, items: [] }) }),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Failed to create invoice.");
    expect((bad.body.fieldErrors as Record<string, string[]>)["customer.email"]).toEqual(["Invalid email address"]);
    expect((bad.body.fieldErrors as Record<string, string[]>).items).toEqual(["At least one item is required"]);
    const ok = await result(
      await screenAction(
        args(await form({ intent: "create", payload: JSON.stringify(valid), idempotencyKey: "screen-1" })),
      ),
    );
    expect(ok.body.ok).toBe(true);
    const data = await screenLoader(args(await bearerRequest(A, "/app/invoices?status=draft")));
    expect(data.query.status).toBe("draft");
    expect(data.invoices.some((i) => i.invoiceNumber === ok.body.invoiceNumber)).toBe(true);
    expect(data.invoices.every((i) => i.status === "draft")).toBe(true);
  });

  it("refuses a send of another shop's invoice", async () => {
    const { id } = await (await create(B, shopB.id)).json();
    const res = await result(await screenAction(args(await form({ intent: "send", invoiceId: id }))));
    expect(res.status).toBe(404);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
  });

  it("opens the shop's own invoice in the detail route and never another shop's", async () => {
    const own = await (await create(A, shopA.id)).json();
    const data = await detailScreenLoader(
      args(await bearerRequest(A, `/app/invoices/${own.id}`), { invoiceId: own.id }),
    );
    expect(data.invoice.invoiceNumber).toBe(own.invoiceNumber);
    expect(data.invoice.timeline.map((e) => e.type)).toEqual(["created"]);
    const theirs = await (await create(B, shopB.id)).json();
    let thrown: unknown;
    try {
      await detailScreenLoader(args(await bearerRequest(A, `/app/invoices/${theirs.id}`), { invoiceId: theirs.id }));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).status).toBe(404);
    const voided = await result(await detailScreenAction(args(await form({ intent: "void", invoiceId: theirs.id }))));
    expect(voided.status).toBe(404);
    const stop = await result(
      await detailScreenAction(args(await form({ intent: "stopRecurring", invoiceId: theirs.id }))),
    );
    expect(stop.status).toBe(404);
    const notHere = await result(await detailScreenAction(args(await form({ intent: "create", payload: "{}" }))));
    expect(notHere.status).toBe(400);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("draft");
  });
});
