// Shopify's mandatory compliance topics: customers/data_request and customers/redact enter the
// shop's queue of data requests (requests.server.ts) like any other request.
import type { Prisma } from "~/db.server";
import { createRequest } from "./requests.server";
import { redactPerson } from "./fulfil.server";

type Tx = Prisma.TransactionClient;

/** The promise shown on the public pages before a shop has its own settings. */
export const PRIVACY_DUE_DAYS = 30;

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

/** customers/data_request: an access request Shopify has verified (the merchant raised it in Shopify). */
export async function recordDataRequest(
  tx: Tx,
  shopId: string,
  input: { webhookId: string; customer: CustomerRef; ordersRequested: readonly (number | string)[]; receivedAt: Date },
) {
  return createRequest(tx, shopId, {
    type: "access",
    source: "shopify_webhook",
    webhookId: input.webhookId,
    customerShopifyId: customerIdForms(input.customer.id)[0] ?? null,
    email: input.customer.email ?? null,
    ordersRequested: JSON.stringify(input.ordersRequested.map(String)),
    receivedAt: input.receivedAt,
    verified: true,
  });
}

/**
 * customers/redact: erases the customer's personal data at once (redactPerson: anonymised where
 * the merchant must keep the record) and records the request completed, with what was kept and
 * why, and without any personal data.
 */
export async function redactCustomer(
  tx: Tx,
  shopId: string,
  input: { webhookId: string; customer: CustomerRef; ordersToRedact: readonly (number | string)[]; receivedAt: Date },
) {
  const ids = customerIdForms(input.customer.id);
  const outcome = await redactPerson(
    tx,
    shopId,
    { email: input.customer.email, customerShopifyIds: ids, orderShopifyIds: orderIdForms(input.ordersToRedact) },
    input.receivedAt,
  );
  return createRequest(tx, shopId, {
    type: "deletion",
    source: "shopify_webhook",
    webhookId: input.webhookId,
    customerShopifyId: ids[0] ?? null,
    receivedAt: input.receivedAt,
    verified: true,
    completedWith: outcome,
  });
}
