// How the customer pays, by the invoice's payment method and what is configured:
// Stripe Checkout when STRIPE_SECRET_KEY is set, a PayPal.Me link when the shop has one,
// otherwise the merchant's own instructions (never a link to something not set up).
import { minorToDecimalString } from "~/lib/money";

export type PaymentOption =
  | { kind: "stripe"; url: string; label: string }
  | { kind: "paypal"; url: string; label: string }
  | { kind: "instructions"; text: string };

export const DEFAULT_INSTRUCTIONS = "Please contact us to arrange payment, quoting the invoice number.";

export function paymentOption(
  invoice: {
    paymentMethod: string;
    totalMinor: number;
    currency: string;
    publicToken: string;
    cryptoCurrency?: string | null;
  },
  config: { stripeEnabled: boolean; paypalMeUrl: string | null; instructions: string | null; baseUrl: string },
): PaymentOption {
  if (invoice.paymentMethod === "stripe" && config.stripeEnabled)
    return { kind: "stripe", url: `${config.baseUrl}/i/${invoice.publicToken}/pay`, label: "Pay by card" };
  if (invoice.paymentMethod === "paypal" && config.paypalMeUrl)
    return {
      kind: "paypal",
      url: `${config.paypalMeUrl.replace(/\/+$/, "")}/${minorToDecimalString(invoice.totalMinor, invoice.currency)}${invoice.currency}`,
      label: "Pay with PayPal",
    };
  const text = config.instructions?.trim() || DEFAULT_INSTRUCTIONS;
  if (invoice.paymentMethod === "crypto" && invoice.cryptoCurrency)
    return { kind: "instructions", text: `Pay in ${invoice.cryptoCurrency}. ${text}` };
  return { kind: "instructions", text };
}
