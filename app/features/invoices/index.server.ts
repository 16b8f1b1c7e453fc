export { idempotencyKeyOf, invoiceErrorResponse, invoiceTransitionAction } from "./api.server";
export {
  InvoiceError,
  LIST_FILTERS,
  findInvoice,
  getInvoice,
  getInvoiceByToken,
  getInvoiceSettings,
  invoiceDto,
  invoiceInsights,
  invoicePlanUsage,
  invoicesThisMonth,
  listInvoicePage,
  listInvoices,
  listInvoicesAfter,
  listSeries,
  parseAds,
  updateInvoiceSettings,
} from "./invoices.server";
export {
  deleteDraftInvoice,
  markInvoicePaid,
  recordInvoiceView,
  stopRecurring,
  voidInvoice,
} from "./transitions.server";
export { createInvoice, sendInvoice } from "./service.server";
export { invoicePresentation, paymentOptionFor } from "./presentation.server";
export { hostedInvoiceView } from "./hosted.server";
export { invoiceDetail, invoiceScreenDetail } from "./detail.server";
export { invoiceScreenAction } from "./screen-action.server";
export type { InvoiceListPage, ListFilter } from "./invoices.server";
export { parseListQuery } from "./list-query";
export { registerInvoiceJobs } from "./jobs.server";
export { invoicePdf, pdfFilename } from "./mail.server";
export { createCheckoutSession, handleStripeEvent, signStripePayload, verifyStripeSignature } from "./stripe.server";
