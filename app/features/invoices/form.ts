// The "Create Smart Invoice" form's state and its translation into the create payload (docs/product/invoices.md#creating-an-invoice)
// (pure, so it is unit-tested without a browser).
import {
  amountToMinor,
  computeTotals,
  rateToScaled,
  type InvoiceTotals,
  type MoneyLine,
} from "~/features/invoices/money";
import { DEFAULT_DUE_IN_DAYS } from "~/features/invoices/schema";

export type ItemRow = { key: string; title: string; qty: string; price: string };
export type AdRow = {
  key: string;
  title: string;
  description: string;
  linkUrl: string;
  imageUrl: string;
  position: string;
};

export type FormState = {
  email: string;
  name: string;
  phone: string;
  items: ItemRow[];
  taxPercent: string;
  shipping: string;
  currency: string;
  dueInDays: string;
  paymentMethod: string;
  cryptoCurrency: string;
  isRecurring: boolean;
  interval: string;
  autoSend: boolean;
  ads: AdRow[];
  adRotation: boolean;
};

let rowCounter = 0;
export const newRow = (): ItemRow => ({ key: `row-${++rowCounter}`, title: "", qty: "1", price: "" });
export const newAdRow = (): AdRow => ({
  key: `ad-${++rowCounter}`,
  title: "",
  description: "",
  linkUrl: "",
  imageUrl: "",
  position: "bottom",
});

export function emptyForm(currency: string): FormState {
  return {
    email: "",
    name: "",
    phone: "",
    items: [newRow()],
    taxPercent: "0",
    shipping: "0",
    currency,
    dueInDays: String(DEFAULT_DUE_IN_DAYS),
    paymentMethod: "none",
    cryptoCurrency: "",
    isRecurring: false,
    interval: "monthly",
    autoSend: false,
    ads: [],
    adRotation: false,
  };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The form as the create payload. Unreadable quantities become 1 and prices 0 (docs/product/invoices.md#creating-an-invoice);
 * the tax percent becomes a fraction (8.25 → 0.0825); payment_method is omitted when
 * none, marketing_ads when empty.
 */
export function toPayload(f: FormState) {
  const qty = (v: string) => {
    const n = Number(v.trim());
    return v.trim() !== "" && Number.isFinite(n) ? n : 1;
  };
  const amount = (v: string) => (DECIMAL.test(v.trim()) ? v.trim() : "0");
  const percent = Number(f.taxPercent.trim() || "0");
  const hundredths = Math.round(percent * 100);
  const taxRate = !Number.isFinite(percent)
    ? 0
    : Math.abs(percent * 100 - hundredths) < 1e-6
      ? hundredths / 10_000
      : percent / 100;
  const due = Number.parseInt(f.dueInDays, 10);
  const ads = f.ads.map((a, i) => ({
    id: `ad-${i + 1}`,
    title: a.title,
    description: a.description,
    ...(a.linkUrl.trim() ? { linkUrl: a.linkUrl.trim() } : {}),
    ...(a.imageUrl.trim() ? { imageUrl: a.imageUrl.trim() } : {}),
    position: a.position,
  }));
  return {
    customer: { email: f.email, name: f.name, ...(f.phone.trim() ? { phone: f.phone } : {}) },
    items: f.items.map((i) => ({ title: i.title, qty: qty(i.qty), unit_price: amount(i.price) })),
    currency: f.currency,
    tax_rate: taxRate,
    shipping_cost: amount(f.shipping),
    due_in_days: Number.isFinite(due) ? due : DEFAULT_DUE_IN_DAYS,
    auto_send: f.autoSend,
    platform: "custom",
    ...(ads.length ? { marketing_ads: ads } : {}),
    ad_rotation_enabled: ads.length > 0 && f.adRotation,
    ...(f.paymentMethod !== "none" ? { payment_method: f.paymentMethod } : {}),
    ...(f.paymentMethod === "crypto" && f.cryptoCurrency.trim() ? { crypto_currency: f.cryptoCurrency.trim() } : {}),
    is_recurring: f.isRecurring,
    ...(f.isRecurring ? { recurring_interval: f.interval } : {}),
  };
}

/**
 * The create dialog's live total: the figures the server will store for this form, computed
 * from the same payload with the same money rules (money.ts). Null while a figure cannot be
 * computed yet (too many decimals for the currency, a tax rate outside 0–100%, too large).
 */
export function previewTotals(f: FormState): InvoiceTotals | null {
  const payload = toPayload(f);
  const minor = (text: string) => amountToMinor(text, payload.currency);
  const lines = payload.items.map((i) => ({ quantity: i.qty, unitPriceMinor: minor(i.unit_price) }));
  const shippingMinor = minor(payload.shipping_cost);
  if (
    shippingMinor === null ||
    lines.some((l) => l.unitPriceMinor === null || !Number.isSafeInteger(l.quantity) || l.quantity < 1)
  )
    return null;
  if (rateToScaled(payload.tax_rate) === null) return null;
  try {
    return computeTotals(lines as MoneyLine[], payload.tax_rate, shippingMinor);
  } catch {
    return null;
  }
}
