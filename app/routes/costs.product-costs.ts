// GET /costs/product-costs: every variant's current cost as CSV (sku, variant_id, product,
// variant, cost, effective_date, source), cells guarded against formula injection.
// POST: the product cost import's intents — preview (writes nothing), import, undo of the last
// import (docs/product/costs.md#product-costs-in-bulk).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { readCsvUpload } from "~/platform/csv-upload.server";
import { costExportResponse, importIntent } from "~/features/profit/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return costExportResponse(shop);
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const upload = await readCsvUpload(request);
  if (!upload.ok) return data({ ok: false, intent: "", fieldErrors: upload.fieldErrors }, { status: upload.status });
  const answer = await importIntent(ctx, "product_cost", upload);
  if (!answer) return data({ ok: false, intent: "", fieldErrors: { intent: ["Unknown action"] } }, { status: 400 });
  return data(answer.body, { status: answer.status });
});
