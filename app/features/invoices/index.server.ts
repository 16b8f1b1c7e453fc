export { idempotencyKeyOf, invoiceErrorResponse, invoiceTransitionAction } from "./api.server";
export { InvoiceError, LIST_FILTERS, createInvoice, getInvoice, getInvoiceByToken, getInvoiceSettings, invoiceDto, invoiceInsights, invoicesThisMonth, listInvoices, listSeries, markInvoicePaid, parseAds, paymentOptionFor, recordInvoiceView, sendInvoice, stopRecurring, updateInvoiceSettings, voidInvoice } from "./invoices.server";
export type { ListFilter } from "./invoices.server";
export { registerInvoiceJobs } from "./jobs.server";
export { invoicePdf, pdfFilename } from "./mail.server";
export { createCheckoutSession, handleStripeEvent, signStripePayload, verifyStripeSignature } from "./stripe.server";
