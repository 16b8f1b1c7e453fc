export { adsForMessage } from "./ads";
export { emptyForm, newAdRow, newRow, toPayload } from "./form";
export type { AdRow, FormState, ItemRow } from "./form";
export { rateToPercentText } from "./money";
export { REMINDER_DAYS } from "./schedule";
export { AD_POSITIONS, PAYMENT_METHODS, invoiceCreateSchema, invoiceSettingsSchema } from "./schema";
export type { MarketingAd } from "./schema";
export { INVOICE_INTERVALS } from "./schedule";
export { listQueryParams, PAGE_SIZE, type InvoiceListQuery } from "./list-query";
export { LIST_FILTERS, merchantActions, statusLabel, statusTone } from "./status";
export type { ListFilter } from "./status";
export {
  TOAST,
  type ActionResult,
  type InvoiceDetailData,
  type InvoicesOutletContext,
  type ToastState,
} from "./screen";
export { CreateInvoiceDialog, type CreateDialogData } from "./components/CreateInvoiceDialog";
export { InvoiceLimitDialog } from "./components/InvoiceLimitDialog";
export { HostedInvoicePage } from "./components/HostedInvoicePage";
export { InvoiceDetailDialog } from "./components/InvoiceDetailDialog";
export { InvoiceSettingsDialog, type InvoiceSettingsData } from "./components/InvoiceSettingsDialog";
export { InvoiceSidePanel } from "./components/InvoiceSidePanel";
export { InvoiceListFilters } from "./components/InvoiceListFilters";
export { InvoiceTable, type InvoiceRow } from "./components/InvoiceTable";
