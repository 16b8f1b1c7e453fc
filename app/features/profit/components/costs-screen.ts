// What the Costs screen's route and components share (browser-safe).
import type { FieldErrors } from "~/lib/forms";

export type CostsActionResult = { ok: true; intent: string } | { ok: false; intent: string; fieldErrors: FieldErrors };

export const COSTS_TOASTS = {
  addProductCost: {
    ok: "Product Cost Added — Product cost has been saved successfully.",
    error: "Error — Failed to add product cost.",
  },
  addExpense: {
    ok: "Expense Added — Operating expense has been recorded successfully.",
    error: "Error — Failed to add expense.",
  },
  updateProductCost: { ok: "Product cost updated", error: "Error — Failed to update product cost." },
  deleteProductCost: { ok: "Product cost deleted", error: "Error — Failed to delete product cost." },
  updateExpense: { ok: "Expense updated", error: "Error — Failed to update expense." },
  deleteExpense: { ok: "Expense deleted", error: "Error — Failed to delete expense." },
} as const;

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Rows per page in the Costs screen's lists. */
/** The /costs action's intents (product costs and operating expenses). */
export const COSTS_INTENTS = [
  "addProductCost",
  "updateProductCost",
  "deleteProductCost",
  "addExpense",
  "updateExpense",
  "deleteExpense",
] as const;

export const COSTS_PAGE_SIZE = 20;

/** The Costs screen's sub-pages, its header's secondary actions. */
export const COST_PAGES = [
  { content: "Profit per order", url: "/costs/orders" },
  { content: "Profit per product", url: "/costs/products" },
  { content: "Ad spend", url: "/costs/ad-spend" },
  { content: "Payment fees", url: "/costs/fees" },
  { content: "Shipping costs", url: "/costs/shipping" },
];
