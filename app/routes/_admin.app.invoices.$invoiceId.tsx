// /app/invoices/{invoiceId}: one invoice in a dialog over the list (its loader reads it
// for the authenticated shop; another shop's id is a 404).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useOutletContext, type ShouldRevalidateFunction } from "@remix-run/react";
import { InvoiceDetailDialog, type InvoicesOutletContext } from "~/features/invoices";
import { invoiceErrorResponse, invoiceScreenDetail, invoiceScreenAction } from "~/features/invoices/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { publicOrigin } from "~/platform/http.server";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  try {
    return {
      storeId: shop.id,
      invoice: await invoiceScreenDetail(shop, params.invoiceId ?? "", publicOrigin(request)),
    };
  } catch (error) {
    throw invoiceErrorResponse(error);
  }
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  return invoiceScreenAction(ctx, request, ["send", "markPaid", "void", "delete", "stopRecurring"]);
});

export default function InvoiceDetailRoute() {
  const { storeId, invoice } = useLoaderData<typeof loader>();
  const { toast, send, close } = useOutletContext<InvoicesOutletContext>();
  return (
    <InvoiceDetailDialog
      storeId={storeId}
      invoice={invoice}
      onClose={close}
      onToast={toast}
      onSend={(id) => {
        send(id);
        close();
      }}
    />
  );
}

/** After deleting this draft there is nothing left to load here: the dialog closes and the list reloads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "delete" ? false : defaultShouldRevalidate;
