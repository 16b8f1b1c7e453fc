// The invoice service: what happens around the stored invoice. Creating one that is
// sent at once (auto send), and sending (draft → sent, then the e-mail with the PDF).
// The queries and transitions it builds on are in invoices.server.ts and know nothing
// of e-mail; the scheduled work (reminders, overdue, recurring) is in jobs.server.ts.
import type { InvoiceCreateInput } from "~/features/invoices/schema";
import { getInvoice, insertInvoice, type CreateOptions, type InvoiceShop } from "~/features/invoices/invoices.server";
import { markInvoiceSent, type SendOptions } from "~/features/invoices/transitions.server";
import { deliverInvoiceMail } from "~/features/invoices/mail.server";

/**
 * draft → sent, then the e-mail with the PDF. A retried request with the same
 * Idempotency-Key answers as the first did; any other second send is a 409. The
 * e-mail's dedupe key is per invoice, so however the send is repeated one message goes out.
 */
export async function sendInvoice(shop: InvoiceShop, invoiceId: string, options: SendOptions = {}) {
  const now = options.now ?? new Date();
  const sent = await markInvoiceSent(shop, invoiceId, { ...options, now });
  if (sent.replayed) return sent;
  await deliverInvoiceMail(shop, sent.invoice, { kind: "invoice", baseUrl: options.baseUrl, now });
  return { invoice: await getInvoice(shop, invoiceId), replayed: false };
}

/** Creates the invoice (numbered, plan-limited, idempotent) and sends it when auto send is on. */
export async function createInvoice(shop: InvoiceShop, input: InvoiceCreateInput, options: CreateOptions = {}) {
  const created = await insertInvoice(shop, input, options);
  if (created.replayed || !input.auto_send)
    return { invoice: await getInvoice(shop, created.id), replayed: created.replayed };
  await sendInvoice(shop, created.id, { actor: "system", now: options.now });
  return { invoice: await getInvoice(shop, created.id), replayed: false };
}
