// GET /inventory/purchase-orders/{id}/pdf: the purchase order as a PDF download.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PoError, getPurchaseOrder, renderPurchaseOrderPdf } from "~/features/inventory/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  try {
    const po = await getPurchaseOrder(shop, params.poId ?? "");
    const pdf = await renderPurchaseOrderPdf(po, shop);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${po.label}.pdf"`,
        "Content-Length": String(pdf.length),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof PoError) throw new Response("Not found", { status: 404 });
    throw error;
  }
}
