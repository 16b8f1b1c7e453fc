// The demo's shipping label costs (docs/decisions/092), filled through the app's own paths:
// the merchant's shipping rules are saved and the rule path estimates every order, then the
// labels of the last LABEL_IMPORT_DAYS days are imported as ShipStation's shipments export
// through the label import (preview-free, as a confirmed import). Australia and New Zealand
// have no rule, so their orders without a label stay unknown, as a real store's would.
import { prisma } from "~/db.server";
import { minorToDecimalString } from "~/lib/money";
import type { LabelRow } from "./generate";

/** The demo merchant's label prices (USD): what a US store with a Europe zone might set. */
export const DEMO_SHIPPING_RULES = [
  {
    scope: "country",
    scopeKey: "country:US",
    zoneName: null,
    countries: "US",
    basis: "weight",
    amountMinor: null,
    bands: JSON.stringify([
      { fromGrams: 0, toGrams: 500, costMinor: 520 },
      { fromGrams: 500, toGrams: 1000, costMinor: 690 },
      { fromGrams: 1000, toGrams: 2000, costMinor: 875 },
      { fromGrams: 2000, toGrams: 5000, costMinor: 1240 },
      { fromGrams: 5000, toGrams: 30000, costMinor: 1800 },
    ]),
  },
  {
    scope: "country",
    scopeKey: "country:CA",
    zoneName: null,
    countries: "CA",
    basis: "order",
    amountMinor: 1150,
    bands: null,
  },
  {
    scope: "zone",
    scopeKey: "zone:Europe",
    zoneName: "Europe",
    countries: "GB,IE,DE,FR,NL",
    basis: "item",
    amountMinor: 750,
    bands: null,
  },
] as const;

/** Rows per imported file: a shipping app's export is cut in pieces this size. */
const FILE_ROWS = 50_000;

/** ShipStation's shipments export, the columns the import reads. */
export function labelCsv(labels: readonly LabelRow[], currency: string): string {
  const rows = labels.map((l, i) =>
    [
      l.orderName.replace(/^#/, ""),
      minorToDecimalString(l.costMinor, currency),
      currency,
      `9400${String(i).padStart(18, "0")}`,
    ].join(","),
  );
  return ["Order Number,Shipping Cost,Currency,Tracking Number", ...rows].join("\n");
}

export async function seedShipping(
  shop: { id: string; currency: string; timezone: string; ownerName: string; email: string },
  labels: readonly LabelRow[],
) {
  const profit = await import("~/features/profit/index.server");
  await prisma.shippingRule.createMany({ data: DEMO_SHIPPING_RULES.map((r) => ({ shopId: shop.id, ...r })) });
  let started = Date.now();
  const estimated = await profit.reestimateShipping(shop.id);
  const estimateMs = Date.now() - started;
  started = Date.now();
  const actor = { shop, staff: { email: shop.email, name: shop.ownerName } };
  let imported = 0;
  for (let start = 0; start < labels.length; start += FILE_ROWS) {
    const csv = labelCsv(labels.slice(start, start + FILE_ROWS), shop.currency);
    const result = await profit.applyLabelImport(actor, csv, `shipstation-shipments-${start / FILE_ROWS + 1}.csv`);
    if (!result.ok) throw new Error(`The demo's label file was refused: ${result.error}`);
    if (result.refused.length) throw new Error(`The demo's label file refused ${result.refused.length} rows`);
    imported += result.written;
  }
  return { rules: DEMO_SHIPPING_RULES.length, estimated, estimateMs, imported, importMs: Date.now() - started };
}
