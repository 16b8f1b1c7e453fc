// GET /loyalty/accounting.csv?from&to: the daily points-accounting report (opening, earned,
// reversed, redeemed, reimbursed, expired, adjusted, closing; points and money), streamed
// through the shared export module. Default: the last 30 days of the shop's calendar.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { addDays, dayInZone, isDayInRange, isValidDay } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/forms";
import { fileNamePart } from "~/lib/export-formats";
import { currencyDigits, minorToDecimalString } from "~/lib/money";
import { badRequest } from "~/platform/http.server";
import { exportResponse } from "~/platform/tabular-export.server";
import { accountingReport } from "~/features/loyalty/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

const day = z
  .string()
  .refine((d) => isValidDay(d) && isDayInRange(d), "Use a date like 2026-01-31")
  .optional();
const query = z
  .object({ from: day, to: day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "The end must not be before the start" })
  .refine((q) => !q.from || !q.to || addDays(q.from, 366) >= q.to, { path: ["to"], message: "Choose at most a year" });

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.loader);
  const { shop } = ctx;
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  const to = parsed.data.to ?? dayInZone(new Date(), shop.timezone);
  const from = parsed.data.from ?? addDays(to, -29);
  if (from > to) return badRequest({ from: ["The start must not be after the end"] });
  const rows = await accountingReport(shop, { from, to });
  await recordAudit(ctx, "exports.loyalty_accounting", "LoyaltyLedgerEntry", null, null, { from, to });
  const money = (minor: number) => minorToDecimalString(minor, shop.currency);
  type Row = (typeof rows)[number];
  const points = (key: keyof Row & string, header: string) => ({
    key: `${key}Points`,
    header: `${header} (points)`,
    value: (r: Row) => r[key] as number,
  });
  const value = (key: keyof Row["money"], header: string) => ({
    key: `${key}Value`,
    header: `${header} (${shop.currency})`,
    value: (r: Row) => money(r.money[key]),
  });
  return exportResponse({
    format: "csv",
    fileName: `${fileNamePart(shop.domain)}-points-accounting-${from}-to-${to}`,
    totalRows: rows.length,
    sheets: [
      {
        name: "Points accounting",
        rows,
        columns: [
          { key: "day", header: "Day", value: (r: Row) => r.day },
          points("opening", "Opening"),
          points("earned", "Earned"),
          points("reversed", "Reversed"),
          points("redeemed", "Redeemed"),
          points("reimbursed", "Reimbursed"),
          points("expired", "Expired"),
          points("adjusted", "Adjusted"),
          points("closing", "Closing"),
          {
            key: "pointValue",
            header: `Point value (${shop.currency})`,
            value: (r: Row) => String(r.pointValueCentiMinor / 100 / 10 ** currencyDigits(shop.currency)),
          },
          value("opening", "Opening"),
          value("earned", "Earned"),
          value("reversed", "Reversed"),
          value("redeemed", "Redeemed"),
          value("reimbursed", "Reimbursed"),
          value("expired", "Expired"),
          value("adjusted", "Adjusted"),
          value("closing", "Closing"),
        ],
      },
    ],
  });
}
