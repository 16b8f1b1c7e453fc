// /app/invoices/new: "Create Smart Invoice" in a dialog over the list; once the plan's
// monthly invoices are used, the limit and the upgrade path instead of the form.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useOutletContext } from "@remix-run/react";
import { env } from "~/env.server";
import { CreateInvoiceDialog, InvoiceLimitDialog, type InvoicesOutletContext } from "~/features/invoices";
import { getInvoiceSettings, invoicePlanUsage, invoiceScreenAction } from "~/features/invoices/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const [settings, usage] = await Promise.all([getInvoiceSettings(shop.id), invoicePlanUsage(shop)]);
  return {
    shopCurrency: shop.currency || "USD",
    currencies: Intl.supportedValuesOf("currency"),
    stripeEnabled: !!env.stripe,
    paypalMeUrl: settings.paypalMeUrl ?? "",
    limit:
      usage.atLimit && usage.limit !== null
        ? { planName: usage.name, limit: usage.limit, used: usage.used, upgradeUrl: usage.upgradeUrl }
        : null,
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  return invoiceScreenAction(ctx, request, ["create"]);
});

export default function NewInvoiceRoute() {
  const { limit, ...data } = useLoaderData<typeof loader>();
  const { toast, close } = useOutletContext<InvoicesOutletContext>();
  if (limit) return <InvoiceLimitDialog limit={limit} onClose={close} />;
  return <CreateInvoiceDialog data={data} onClose={close} onToast={toast} />;
}
