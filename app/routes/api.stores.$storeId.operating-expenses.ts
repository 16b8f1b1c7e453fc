// GET and POST /api/stores/{storeId}/operating-expenses (spec §7).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { badRequest, cacheFor, FRESHNESS, json, methodNotAllowed, readJson } from "~/platform/http.server";
import { addOperatingExpense, expenseDto, listOperatingExpenses } from "~/features/profit/index.server";
import { operatingExpenseSchema } from "~/features/profit";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  return json(await listOperatingExpenses(ctx.shop), { headers: cacheFor(FRESHNESS.operatingExpenses) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const body = await readJson(request);
  if (!body.ok) return body.response;
  const parsed = operatingExpenseSchema.safeParse(body.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  try {
    const created = await addOperatingExpense(ctx.shop, parsed.data);
    return json(expenseDto(ctx.shop, created), { status: 201 });
  } catch (error) {
    if (error instanceof FieldError) return badRequest(error.fieldErrors);
    throw error;
  }
}
