// GET and POST /api/stores/{storeId}/product-costs (spec §7).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { badRequest, cacheFor, FRESHNESS, json, methodNotAllowed, readJson } from "~/platform/http.server";
import { addProductCost, listProductCosts, productCostDto } from "~/features/profit/index.server";
import { productCostSchema } from "~/features/profit";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  return json(await listProductCosts(ctx.shop), { headers: cacheFor(FRESHNESS.productCosts) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const body = await readJson(request);
  if (!body.ok) return body.response;
  const parsed = productCostSchema.safeParse(body.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  try {
    const created = await addProductCost(ctx.shop, parsed.data);
    return json(productCostDto(ctx.shop, created), { status: 201 });
  } catch (error) {
    if (error instanceof FieldError) return badRequest(error.fieldErrors);
    throw error;
  }
}
