export { adsForMessage } from "./ads";
export { emptyForm, newAdRow, newRow, toPayload } from "./form";
export type { AdRow, FormState, ItemRow } from "./form";
export { rateToPercentText } from "./money";
export { REMINDER_DAYS } from "./schedule";
export { AD_POSITIONS, PAYMENT_METHODS, RECURRING_INTERVALS, invoiceCreateSchema, invoiceFieldErrors, invoiceSettingsSchema } from "./schema";
export type { FieldErrors, MarketingAd } from "./schema";
export { LIST_FILTERS, merchantActions, statusLabel, statusTone } from "./status";
export type { ListFilter } from "./status";
