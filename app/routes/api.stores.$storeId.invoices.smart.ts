// POST /api/stores/{storeId}/invoices/smart: create a smart invoice from the §3 payload.
// An Idempotency-Key header makes a retried request return the invoice it created.
import type { ActionFunctionArgs } from "@remix-run/node";
import { badRequest, json, methodNotAllowed, readJson, publicOrigin } from "~/platform/http.server";
import { createInvoice, invoiceDto } from "~/features/invoices/index.server";
import { invoiceCreateSchema } from "~/features/invoices";
import { fieldErrorsOf } from "~/lib/forms";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";
import { idempotencyKeyOf, invoiceErrorResponse } from "~/features/invoices/index.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJson(request);
  if (!body.ok) return body.response;
  const parsed = invoiceCreateSchema.safeParse(body.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  try {
    const { invoice, replayed } = await createInvoice(ctx.shop, parsed.data, {
      actor: "api",
      idempotencyKey: idempotencyKeyOf(request),
    });
    return json(invoiceDto(invoice, publicOrigin(request)), { status: replayed ? 200 : 201 });
  } catch (error) {
    return invoiceErrorResponse(error);
  }
}
