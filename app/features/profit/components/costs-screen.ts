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
} as const;

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
