// The smart-invoice payload (docs/product/invoices.md#creating-an-invoice): one schema for the create dialog and
// POST /api/stores/{storeId}/invoices/smart. Messages are the spec's where it gives one.
import { z } from "zod";
import { currencyDigits } from "~/lib/money";
import { amountToMinor, decimalsOf, numberToPlain, rateToScaled } from "~/features/invoices/money";
import { INVOICE_INTERVALS } from "~/features/invoices/schedule";

export const PAYMENT_METHODS = ["stripe", "paypal", "crypto", "none"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const AD_POSITIONS = ["top", "bottom", "sidebar"] as const;

export const DEFAULT_DUE_IN_DAYS = 7;
export const MAX_ITEMS = 100;

let currencies: Set<string> | null = null;
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(code);
}

/** A non-negative amount in major units, as a number or a decimal string; kept as the decimal text. */
const amount = (negativeMessage: string) =>
  z.union([z.number({ message: "Enter an amount" }), z.string({ message: "Enter an amount" })]).transform((v, ctx) => {
    const text = typeof v === "number" ? numberToPlain(v) : v.trim();
    if (text === null || !/^-?\d{1,13}(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter an amount like 12.50" });
      return z.NEVER;
    }
    if (text.startsWith("-")) {
      ctx.addIssue({ code: "custom", message: negativeMessage });
      return z.NEVER;
    }
    return text;
  });

const https = (label: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    }, `${label} must be an https:// address`);

export const marketingAdSchema = z.object({
  id: z.string({ message: "Required" }).trim().min(1, "Required").max(100),
  title: z.string({ message: "Required" }).trim().min(1, "Ad title is required").max(120),
  description: z.string({ message: "Required" }).trim().max(500),
  imageUrl: https("Image URL").optional(),
  linkUrl: https("Link URL").optional(),
  position: z.enum(AD_POSITIONS, { message: "Position must be top, bottom or sidebar" }),
});
export type MarketingAd = z.infer<typeof marketingAdSchema>;

const itemSchema = z.object({
  title: z.string({ message: "Item name is required" }).trim().min(1, "Item name is required").max(300),
  qty: z
    .number({ message: "Quantity must be at least 1" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(1_000_000, "Quantity is too large"),
  unit_price: amount("Price must be positive"),
});

export const invoiceCreateSchema = z
  .object({
    customer: z.object(
      {
        email: z
          .string({ message: "Invalid email address" })
          .trim()
          .pipe(z.email({ message: "Invalid email address" })),
        name: z.string({ message: "Customer name is required" }).trim().min(1, "Customer name is required").max(200),
        phone: z
          .string()
          .trim()
          .max(50)
          .nullish()
          .transform((v) => v || undefined),
        address: z
          .string()
          .trim()
          .max(500)
          .nullish()
          .transform((v) => v || undefined),
      },
      { message: "Required" },
    ),
    items: z
      .array(itemSchema, { message: "At least one item is required" })
      .min(1, "At least one item is required")
      .max(MAX_ITEMS),
    currency: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isCurrencyCode, "Currency must be an ISO 4217 code such as USD")
      .optional(),
    tax_rate: z
      .number({ message: "Tax rate must be a number" })
      .min(0, "Tax rate must be between 0% and 100%")
      .max(1, "Tax rate must be between 0% and 100%")
      // Out of range is the message above alone; only a rate within 0–100% can have too many decimals.
      .refine((r) => r < 0 || r > 1 || rateToScaled(r) !== null, "Use at most two decimals in the tax percentage")
      .default(0),
    shipping_cost: amount("Shipping must be 0 or more").default("0"),
    due_in_days: z
      .number({ message: "Due in days must be a number" })
      .int("Due in days must be a whole number")
      .min(1, "Due in days must be at least 1")
      .max(365, "Due in days must be at most 365")
      .default(DEFAULT_DUE_IN_DAYS),
    auto_send: z.boolean().default(false),
    platform: z.string().trim().min(1).max(50).default("custom"),
    marketing_ads: z.array(marketingAdSchema).max(10, "At most 10 ads").default([]),
    ad_rotation_enabled: z.boolean().default(false),
    payment_method: z
      .enum(PAYMENT_METHODS, { message: "Payment method must be stripe, paypal, crypto or none" })
      .default("none"),
    crypto_currency: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || undefined),
    is_recurring: z.boolean().default(false),
    recurring_interval: z
      .enum(INVOICE_INTERVALS, { message: "Interval must be daily, weekly, monthly or yearly" })
      .optional(),
  })
  .superRefine((v, ctx) => {
    // Amounts may not be finer than the currency's minor unit (JPY has none). The
    // shop's currency applies when none is given; the model checks that case again.
    // An unknown currency already has its own error; its decimals cannot be known.
    if (v.currency !== undefined && !isCurrencyCode(v.currency)) return;
    const currency = v.currency ?? "USD";
    const digits = currencyDigits(currency);
    const check = (text: string, path: (string | number)[]) => {
      if (decimalsOf(text) > digits)
        ctx.addIssue({
          code: "custom",
          path,
          message:
            digits === 0 ? `${currency} amounts have no decimals` : `Use at most ${digits} decimals for ${currency}`,
        });
    };
    if (v.currency) {
      v.items.forEach((item, i) => check(item.unit_price, ["items", i, "unit_price"]));
      check(v.shipping_cost, ["shipping_cost"]);
    }
  });

export type InvoiceCreateInput = z.output<typeof invoiceCreateSchema>;
export type InvoiceCreatePayload = z.input<typeof invoiceCreateSchema>;

/** Amount text → minor units for a currency (null when it has too many decimals). */
export function toMinor(text: string, currency: string): number | null {
  return amountToMinor(text, currency);
}

export const invoiceSettingsSchema = z.object({
  prefix: z
    .string()
    .trim()
    .max(12, "Use at most 12 characters")
    .regex(/^[A-Za-z0-9\-_/.#]*$/, "Use letters, digits and - _ / . # only"),
  paymentInstructions: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => v || null),
  businessAddress: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => v || null),
  paypalMeUrl: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || /^https:\/\/(www\.)?paypal\.me\/[A-Za-z0-9_.-]+\/?$/.test(v),
      "Use a PayPal.Me link like https://paypal.me/yourshop",
    ),
  logoUrl: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(v),
      "The logo must be a PNG or JPEG image",
    )
    .refine((v) => v === null || v.length <= 400_000, "The logo must be under 300 KB"),
});
export type InvoiceSettingsInput = z.output<typeof invoiceSettingsSchema>;
