// /app/invoices/new: "Create Smart Invoice" in a dialog over the list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useOutletContext } from "@remix-run/react";
import { env } from "~/env.server";
import { CreateInvoiceDialog, type InvoicesOutletContext } from "~/features/invoices";
import { getInvoiceSettings, invoiceScreenAction } from "~/features/invoices/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const settings = await getInvoiceSettings(shop.id);
  return {
    shopCurrency: shop.currency || "USD",
    currencies: Intl.supportedValuesOf("currency"),
    stripeEnabled: !!env.stripe,
    paypalMeUrl: settings.paypalMeUrl ?? "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.action);
  return invoiceScreenAction(shop, request, ["create"]);
}

export default function NewInvoiceRoute() {
  const data = useLoaderData<typeof loader>();
  const { toast, close } = useOutletContext<InvoicesOutletContext>();
  return <CreateInvoiceDialog data={data} onClose={close} onToast={toast} />;
}
