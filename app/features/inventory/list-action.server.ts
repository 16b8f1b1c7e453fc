// /inventory's form posts: Reorder one variant, Create purchase orders for a selection or for
// every variant the filters match, and Bulk → Edit planning. A purchase order answers with the
// page to open (its draft, or the list when several were made); the rest with field errors.
import { FieldError, fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import type { Actor } from "~/features/audit/index.server";
import { PoError } from "./errors";
import { filtersFromSearch } from "./filters";
import { listInventory } from "./list.server";
import { createDraftOrders, type PoShop } from "./purchase-orders.server";
import { bulkSchema } from "./settings-schema";
import { updatePlanning } from "./settings.server";

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export type InventoryActionResult = { ok: boolean; intent: string; fieldErrors?: FieldErrors; updated?: number };

export type InventoryActionAnswer = { redirect: string } | { status: number; body: InventoryActionResult };

/** A draft's page; `added` tells it the lines went onto the supplier's open draft. */
const poUrl = (po: { id: string; existing: boolean; added: number }) =>
  `/inventory/purchase-orders/${po.id}${po.existing ? `?added=${po.added}` : ""}`;

/** The variants an action acts on: the posted ids, or every variant matching the posted filters. */
async function idsOf(shop: { id: string; timezone: string }, values: Record<string, string>): Promise<string> {
  if (values.ids || values.scope !== "filters") return values.ids ?? "";
  const parsed = filtersFromSearch(new URLSearchParams(values.query ?? ""));
  if (!parsed.success) throw new FieldError({ ids: ["The filters are not valid"] });
  const all = await listInventory(shop, { ...parsed.data, page: 1 }, 10_000);
  return all.rows.map((r) => r.variantId).join(",");
}

export async function inventoryListAction(
  actor: Actor & { shop: PoShop },
  values: Record<string, string>,
): Promise<InventoryActionAnswer> {
  const intent = values.intent ?? "";
  const refuse = (status: number, fieldErrors: FieldErrors) => ({
    status,
    body: { ok: false, intent, fieldErrors },
  });
  try {
    if (intent === "reorder") {
      if (!ID.test(values.variantId ?? "")) return refuse(400, { variantId: ["Unknown variant"] });
      const [po] = await createDraftOrders(actor, [values.variantId!]);
      return { redirect: poUrl(po) };
    }
    if (intent === "createPurchaseOrders") {
      const ids = (await idsOf(actor.shop, values)).split(",").filter(Boolean);
      if (!ids.length || ids.some((id) => !ID.test(id))) return refuse(400, { ids: ["Choose at least one variant"] });
      const created = await createDraftOrders(actor, ids);
      const toOpenDrafts = created.filter((p) => p.existing).length;
      return {
        redirect:
          created.length === 1
            ? poUrl(created[0])
            : `/inventory/purchase-orders?created=1${toOpenDrafts ? `&added=${toOpenDrafts}` : ""}`,
      };
    }
    if (intent === "bulk") {
      const parsed = bulkSchema.safeParse({ ...values, ids: await idsOf(actor.shop, values) });
      if (!parsed.success) return refuse(400, fieldErrorsOf(parsed.error));
      const { ids, ...changes } = parsed.data;
      const { updated } = await updatePlanning(actor, ids, changes);
      return { status: 200, body: { ok: true, intent, updated } };
    }
  } catch (error) {
    if (error instanceof FieldError) return refuse(400, error.fieldErrors);
    if (error instanceof PoError) return refuse(error.status, { _form: [error.message] });
    throw error;
  }
  return refuse(400, { intent: ["Unknown action"] });
}
