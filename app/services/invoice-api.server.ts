// What the invoice routes share: error answers (spec §8: the client shows
// "<status>: <body>"), the Idempotency-Key header and the base URL of hosted links.
import { env } from "../env.server";
import { json } from "../lib/http.server";
import { InvoiceError } from "../models/invoices.server";

/** An InvoiceError as JSON with its status; anything else is rethrown (500 without a stack). */
export function invoiceErrorResponse(error: unknown): Response {
  if (error instanceof InvoiceError) {
    return json({ error: error.message, code: error.code, ...error.extra }, { status: error.status });
  }
  throw error;
}

export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("Idempotency-Key")?.trim();
  return key && key.length <= 200 ? key : null;
}

/** Where hosted invoice links point: PUBLIC_SITE_URL / SHOPIFY_APP_URL, else this request's origin. */
export function baseUrlFor(request: Request): string {
  return env.publicUrl ?? new URL(request.url).origin;
}
