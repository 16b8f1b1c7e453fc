// The one place an invoice's presentation is built (hosted URL, payment option, ads,
// the sender's details) for the PDF, the e-mail and the hosted page, so the three
// always agree.
import { env } from "~/env.server";
import { publicOrigin } from "~/platform/http.server";
import { adsForMessage } from "~/features/invoices/ads";
import { getInvoiceSettings, parseAds, type InvoiceShop } from "~/features/invoices/invoices.server";
import { hostedUrl } from "~/features/invoices/links.server";
import { paymentOption } from "~/features/invoices/payment";
import type { InvoicePresentation } from "~/features/invoices/presentation";

type PresentedInvoice = {
  paymentMethod: string;
  totalMinor: number;
  currency: string;
  publicToken: string;
  cryptoCurrency: string | null;
  marketingAds: string | null;
  adRotationEnabled: boolean;
  sendCount: number;
};

export function paymentOptionFor(
  invoice: Pick<PresentedInvoice, "paymentMethod" | "totalMinor" | "currency" | "publicToken" | "cryptoCurrency">,
  settings: { paypalMeUrl: string | null; paymentInstructions: string | null },
  baseUrl?: string,
) {
  return paymentOption(invoice, {
    stripeEnabled: !!env.stripe,
    paypalMeUrl: settings.paypalMeUrl,
    instructions: settings.paymentInstructions,
    baseUrl: baseUrl ?? publicOrigin(),
  });
}

/**
 * The invoice as its customer sees it. `sendIndex` picks the ads' rotation (the n-th
 * message of the invoice); by default the latest send.
 */
export async function invoicePresentation(
  shop: Pick<InvoiceShop, "id" | "name" | "email" | "timezone">,
  invoice: PresentedInvoice,
  options: { baseUrl?: string; sendIndex?: number } = {},
): Promise<InvoicePresentation> {
  const settings = await getInvoiceSettings(shop.id);
  return {
    shopName: shop.name,
    shopEmail: shop.email ?? null,
    timeZone: shop.timezone,
    businessAddress: settings.businessAddress,
    logoUrl: settings.logoUrl,
    payment: paymentOptionFor(invoice, settings, options.baseUrl),
    hostedUrl: hostedUrl(invoice.publicToken, options.baseUrl),
    ads: adsForMessage(
      parseAds(invoice.marketingAds),
      invoice.adRotationEnabled,
      options.sendIndex ?? Math.max(0, invoice.sendCount - 1),
    ),
  };
}
