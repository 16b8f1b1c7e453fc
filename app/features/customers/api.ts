// GET /api/stores/{storeId}/customers?segment=&limit= — the spec's "customer data by segment".
import { z } from "zod";
import { minorToDecimalString } from "~/lib/money";
import { segmentParam, segmentSlug } from "./query";
import type { CustomerRow } from "./list.server";
import { SEGMENTS } from "./rfm";

export const API_LIMIT_MAX = 250;

export const customersApiQuery = z.object({
  segment: segmentParam(segmentSlug, SEGMENTS),
  limit: z.coerce
    .number({ message: "limit is a whole number" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(API_LIMIT_MAX, `limit is at most ${API_LIMIT_MAX}`)
    .default(50),
});

export function customerDto(row: CustomerRow, currency: string) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    orders: row.orders,
    totalSpent: minorToDecimalString(row.totalSpentMinor, currency),
    totalSpentMinor: row.totalSpentMinor,
    lastOrder: row.lastOrderAt,
    segment: row.segment,
    scores: row.scores,
    predicted12MonthValue:
      row.predicted12mMinor === null ? null : minorToDecimalString(row.predicted12mMinor, currency),
    churnRisk: row.churnRisk,
    currency,
  };
}
