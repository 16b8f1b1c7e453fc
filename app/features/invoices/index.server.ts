export { idempotencyKeyOf, invoiceErrorResponse, invoiceTransitionAction } from "./api.server";
export {
  deleteDraftInvoice,
  InvoiceError,
  LIST_FILTERS,
  getInvoice,
  getInvoiceByToken,
  getInvoiceSettings,
  invoiceDto,
  invoiceInsights,
  invoicePlanUsage,
  invoicesThisMonth,
  listInvoicePage,
  listInvoices,
  listSeries,
  markInvoicePaid,
  parseAds,
  recordInvoiceView,
  stopRecurring,
  updateInvoiceSettings,
  voidInvoice,
} from "./invoices.server";
export { createInvoice, sendInvoice } from "./service.server";
export { invoicePresentation, paymentOptionFor } from "./presentation.server";
export { invoiceDetail, invoiceScreenDetail } from "./detail.server";
export { invoiceScreenAction } from "./screen-action.server";
export type { InvoiceListPage, ListFilter } from "./invoices.server";
export { parseListQuery } from "./list-query";
export { registerInvoiceJobs } from "./jobs.server";
export { invoicePdf, pdfFilename } from "./mail.server";
export { createCheckoutSession, handleStripeEvent, signStripePayload, verifyStripeSignature } from "./stripe.server";
