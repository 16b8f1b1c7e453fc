// Purchase-order statuses and what may follow what (docs/decisions/055-purchase-orders.md).
import { z } from "zod";

export const PO_STATUSES = ["draft", "ordered", "partially_received", "received", "cancelled"] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

export const PO_STATUS_LABELS: Record<PoStatus, string> = {
  draft: "Draft",
  ordered: "Ordered",
  partially_received: "Partially received",
  received: "Received",
  cancelled: "Cancelled",
};

export const PO_TONES: Record<PoStatus, "info" | "attention" | "warning" | "success" | undefined> = {
  draft: undefined,
  ordered: "info",
  partially_received: "attention",
  received: "success",
  cancelled: "warning",
};

export const poNumber = (n: number) => `PO-${String(n).padStart(4, "0")}`;

/** Moves a merchant makes by hand; receiving moves ordered → partially received → received. */
const ALLOWED: Record<"order" | "cancel" | "receive", readonly PoStatus[]> = {
  order: ["draft"],
  cancel: ["draft", "ordered", "partially_received"],
  receive: ["ordered", "partially_received"],
};

export function canDo(action: keyof typeof ALLOWED, status: PoStatus): boolean {
  return ALLOWED[action].includes(status);
}

/** The status after receiving: every line complete → received, else partially received. */
export function statusAfterReceiving(lines: readonly { quantity: number; receivedQty: number }[]): PoStatus {
  return lines.every((l) => l.receivedQty >= l.quantity) ? "received" : "partially_received";
}

const qty = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is at most 1,000,000`);

/** Receiving: quantities per line id, a key that makes a repeated submission a no-op. */
export const receiveSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Reload the page and receive again"),
  lines: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/), qty("Quantity received")),
  confirmOver: z.enum(["1"]).optional(),
  updateCosts: z.enum(["1"]).optional(),
});

/** Editing a draft's lines. */
export const draftLinesSchema = z.object({
  lines: z.record(
    z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
    z.object({ quantity: qty("Quantity").min(1, "Quantity must be at least 1"), unitCost: z.string().optional() }),
  ),
});
