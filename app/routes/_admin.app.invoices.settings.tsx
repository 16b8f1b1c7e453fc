// /app/invoices/settings: invoice settings in a dialog over the list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useOutletContext } from "@remix-run/react";
import { env } from "~/env.server";
import { InvoiceSettingsDialog, type InvoicesOutletContext } from "~/features/invoices";
import { getInvoiceSettings, invoiceScreenAction } from "~/features/invoices/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const settings = await getInvoiceSettings(shop.id);
  return {
    settings: {
      prefix: settings.prefix,
      paymentInstructions: settings.paymentInstructions ?? "",
      businessAddress: settings.businessAddress ?? "",
      paypalMeUrl: settings.paypalMeUrl ?? "",
      hasLogo: !!settings.logoUrl,
    },
    stripeEnabled: !!env.stripe,
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  return invoiceScreenAction(ctx, request, ["settings"]);
});

export default function InvoiceSettingsRoute() {
  const { settings, stripeEnabled } = useLoaderData<typeof loader>();
  const { toast, close } = useOutletContext<InvoicesOutletContext>();
  return <InvoiceSettingsDialog settings={settings} stripeEnabled={stripeEnabled} onClose={close} onToast={toast} />;
}
