// Card payments through the pay link with Stripe configured: the hosted page offers
// the card button, and Stripe's signed webhook marks the invoice paid once. No call
// reaches Stripe (tests/setup-env.ts refuses the network).
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_invoices";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_invoices";
});

import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { invoiceCreateSchema } from "~/features/invoices";
import { createInvoice, getInvoice, sendInvoice } from "~/features/invoices/index.server";
import { signStripePayload, verifyStripeSignature } from "~/features/invoices/index.server";
import { loader as hostedLoader } from "~/routes/i.$token";
import { action as webhook } from "~/routes/webhooks.stripe";

async function sentStripeInvoice() {
  const shop = await prisma.shop.update({ where: { id: (await createShop()).id }, data: { plan: "pro" } });
  const { invoice } = await createInvoice(
    shop,
    invoiceCreateSchema.parse({
      customer: { email: "c@example.com", name: "C" },
      items: [{ title: "Box", qty: 1, unit_price: "10.00" }],
      payment_method: "stripe",
    }),
  );
  await sendInvoice(shop, invoice.id);
  return { shop, invoice };
}

const deliver = (payload: object, signature?: string) => {
  const body = JSON.stringify(payload);
  return webhook({
    request: new Request("http://localhost/webhooks/stripe", {
      method: "POST",
      body,
      headers: { "Stripe-Signature": signature ?? signStripePayload(body, "whsec_test_invoices") },
    }),
    params: {},
    context: {},
  });
};

describe("Stripe pay link", () => {
  it("offers the card payment on the hosted page", async () => {
    const { invoice } = await sentStripeInvoice();
    const data = await hostedLoader({
      request: new Request(`http://localhost/i/${invoice.publicToken}`),
      params: { token: invoice.publicToken },
      context: {},
    });
    expect(data.payment).toMatchObject({ kind: "stripe", label: "Pay by card" });
    expect((data.payment as { url: string }).url.endsWith(`/i/${invoice.publicToken}/pay`)).toBe(true);
  });

  it("marks the invoice paid from a signed checkout.session.completed, once", async () => {
    const { shop, invoice } = await sentStripeInvoice();
    const event = {
      type: "checkout.session.completed",
      data: {
        object: { id: "cs_test_1", payment_status: "paid", metadata: { invoice_id: invoice.id, shop_id: shop.id } },
      },
    };
    expect((await deliver(event, "t=1,v1=bad")).status).toBe(400);
    expect((await getInvoice(shop, invoice.id)).status).toBe("sent");
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200); // Stripe retries: nothing changes
    const paid = await getInvoice(shop, invoice.id);
    expect(paid.status).toBe("paid");
    expect(paid.events.filter((e) => e.type === "paid").map((e) => e.actor)).toEqual(["stripe"]);
  });

  it("rejects old or tampered signatures", () => {
    const body = '{"a":1}';
    const now = Date.now();
    expect(verifyStripeSignature(body, signStripePayload(body, "s", Math.floor(now / 1000)), "s", now)).toBe(true);
    expect(verifyStripeSignature(body + " ", signStripePayload(body, "s", Math.floor(now / 1000)), "s", now)).toBe(
      false,
    );
    expect(verifyStripeSignature(body, signStripePayload(body, "s", Math.floor(now / 1000) - 600), "s", now)).toBe(
      false,
    );
  });
});
