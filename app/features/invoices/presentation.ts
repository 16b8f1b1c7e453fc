// What the PDF, the e-mail and the hosted page show around an invoice's own figures:
// who it is from, where to read it online, how to pay it and which ads it carries.
// Built once per invoice by invoicePresentation() (presentation.server.ts).
import type { AdsByPosition } from "~/features/invoices/ads";
import type { PaymentOption } from "~/features/invoices/payment";

export type InvoicePresentation = {
  shopName: string;
  shopEmail: string | null;
  /** The shop's IANA time zone: the paid date and any other instant are shown in it. */
  timeZone: string;
  businessAddress: string | null;
  /** A data:image/png or image/jpeg URL (never fetched from the network). */
  logoUrl: string | null;
  payment: PaymentOption;
  hostedUrl: string;
  ads: AdsByPosition;
};
