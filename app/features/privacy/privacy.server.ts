// Privacy requests and erasure: Shopify's mandatory compliance topics, and the app
// lifecycle topics that remove a shop's sessions and data.
import type { Prisma } from "~/db.server";
import { CUSTOMER_PERSONAL_DATA_CLEARED, ORDER_PERSONAL_DATA_CLEARED } from "~/features/privacy/personal-data";

type Tx = Prisma.TransactionClient;

export const PRIVACY_DUE_DAYS = 30;

export function dueDateFrom(received: Date): Date {
  return new Date(received.getTime() + PRIVACY_DUE_DAYS * 86_400_000);
}

type CustomerRef = { id?: number | string | null; email?: string | null; phone?: string | null };

function customerIdForms(id: number | string | null | undefined): string[] {
  if (id === null || id === undefined || id === "") return [];
  const raw = String(id).replace(/^gid:\/\/shopify\/Customer\//, "");
  return [raw, `gid://shopify/Customer/${raw}`];
}

function orderIdForms(ids: readonly (number | string)[]): string[] {
  return ids.flatMap((id) => {
    const raw = String(id).replace(/^gid:\/\/shopify\/Order\//, "");
    return [raw, `gid://shopify/Order/${raw}`];
  });
}

export async function recordDataRequest(
  tx: Tx,
  shopId: string,
  input: { webhookId: string; customer: CustomerRef; ordersRequested: readonly (number | string)[]; receivedAt: Date },
) {
  return tx.privacyRequest.create({
    data: {
      shopId,
      type: "data_request",
      status: "pending",
      webhookId: input.webhookId,
      customerShopifyId: customerIdForms(input.customer.id)[0] ?? null,
      email: input.customer.email ?? null,
      ordersRequested: JSON.stringify(input.ordersRequested.map(String)),
      dueAt: dueDateFrom(input.receivedAt),
    },
  });
}

/**
 * Erases one customer's personal data from every table of the shop: the customer
 * row is blanked (kept, anonymous, so order analytics still add up), orders lose
 * their contact details, and earlier privacy requests lose the address.
 * The redact request is recorded without any personal data.
 */
export async function redactCustomer(
  tx: Tx,
  shopId: string,
  input: { webhookId: string; customer: CustomerRef; ordersToRedact: readonly (number | string)[]; receivedAt: Date },
) {
  const ids = customerIdForms(input.customer.id);
  const email = input.customer.email?.trim() || null;
  const customers = await tx.customer.findMany({
    where: {
      shopId,
      OR: [...(ids.length ? [{ shopifyId: { in: ids } }] : []), ...(email ? [{ email }] : [])],
    },
    select: { id: true },
  });
  const customerIds = customers.map((c) => c.id);
  if (customerIds.length) {
    await tx.customer.updateMany({
      where: { shopId, id: { in: customerIds } },
      data: { ...CUSTOMER_PERSONAL_DATA_CLEARED, redactedAt: input.receivedAt },
    });
  }
  const orderIds = orderIdForms(input.ordersToRedact);
  await tx.order.updateMany({
    where: {
      shopId,
      OR: [
        ...(customerIds.length ? [{ customerId: { in: customerIds } }] : []),
        ...(orderIds.length ? [{ shopifyId: { in: orderIds } }] : []),
        ...(email ? [{ email }] : []),
      ],
    },
    data: ORDER_PERSONAL_DATA_CLEARED,
  });
  if (email || ids.length) {
    await tx.privacyRequest.updateMany({
      where: {
        shopId,
        OR: [...(email ? [{ email }] : []), ...(ids.length ? [{ customerShopifyId: { in: ids } }] : [])],
      },
      data: { email: null },
    });
  }
  return tx.privacyRequest.create({
    data: {
      shopId,
      type: "redact",
      status: "completed",
      webhookId: input.webhookId,
      customerShopifyId: ids[0] ?? null,
      dueAt: dueDateFrom(input.receivedAt),
      completedAt: input.receivedAt,
    },
  });
}
