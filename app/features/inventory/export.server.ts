// The inventory list as a CSV file, streamed through the platform's export module
// (docs/decisions/049-streamed-exports.md): the current filters, or the selected variants.
import { prisma } from "~/db.server";
import { fileNamePart } from "~/lib/export-formats";
import { minorToDecimalString } from "~/lib/money";
import { exportResponse, keysetPages, type ExportColumn } from "~/platform/tabular-export.server";
import type { InventoryFilters } from "./filters";
import { listInventory, whereOf } from "./list.server";

type Row = Awaited<ReturnType<typeof prisma.inventoryPlan.findMany>>[number] & { supplierName: string };

const PAGE = 1000;
const round = (n: number, d: number) => Number(n.toFixed(d));

function columns(currency: string): ExportColumn<Row>[] {
  return [
    { key: "sku", header: "SKU", value: (r) => r.sku },
    { key: "product", header: "Product", value: (r) => r.title },
    { key: "category", header: "Category", value: (r) => r.category },
    { key: "supplier", header: "Supplier", value: (r) => r.supplierName },
    { key: "status", header: "Status", value: (r) => r.status },
    { key: "available", header: "Available", value: (r) => r.available },
    { key: "reserved", header: "Reserved", value: (r) => r.committed },
    { key: "onOrder", header: "On order", value: (r) => r.onOrder },
    { key: "price", header: `Price (${currency})`, value: (r) => minorToDecimalString(r.priceMinor, currency) },
    { key: "velocity", header: "Velocity (units/day)", value: (r) => round(r.velocity, 3) },
    { key: "safetyStock", header: "Safety stock", value: (r) => round(r.safetyStock, 2) },
    { key: "reorderPoint", header: "Reorder point", value: (r) => r.reorderPoint },
    { key: "leadTimeDays", header: "Lead time (days)", value: (r) => r.leadTimeDays },
    {
      key: "daysOfCover",
      header: "Days of cover",
      value: (r) => (r.daysOfCover === null ? "" : round(r.daysOfCover, 1)),
    },
    { key: "stockOutDate", header: "Stock-out date", value: (r) => r.stockOutDay ?? "" },
    { key: "orderBy", header: "Order by", value: (r) => r.orderByDay ?? "" },
    { key: "suggestedQty", header: "Suggested order", value: (r) => r.suggestedQty },
    {
      key: "lostRevenuePerDay",
      header: `Lost revenue per day (${currency})`,
      value: (r) => minorToDecimalString(r.lostRevenuePerDayMinor, currency),
    },
  ];
}

export async function inventoryCsv(
  shop: { id: string; domain: string; currency: string; timezone: string },
  filters: InventoryFilters,
  ids: string[] | null,
) {
  const where = ids ? { shopId: shop.id, variantId: { in: ids } } : await whereOf(shop, filters);
  const suppliers = await prisma.supplier.findMany({ where: { shopId: shop.id }, select: { id: true, name: true } });
  const names = new Map(suppliers.map((s) => [s.id, s.name]));
  const withSupplier = <T extends { supplierId: string | null }>(r: T): T & { supplierName: string } => ({
    ...r,
    supplierName: r.supplierId ? (names.get(r.supplierId) ?? "") : "",
  });
  // Filtered by a location, the file has the list's rows: that location's figures, in the list's order.
  const rows: Iterable<Row> | AsyncIterable<Row> =
    filters.location && !ids
      ? (await listInventory(shop, { ...filters, page: 1 }, 1_000_000)).rows.map((r) => withSupplier(r))
      : keysetPages<Row>(async (after) => {
          const page = await prisma.inventoryPlan.findMany({
            where: after ? { AND: [where, { variantId: { gt: after.variantId } }] } : where,
            orderBy: { variantId: "asc" },
            take: PAGE,
          });
          return page.map((r) => withSupplier(r));
        }, PAGE);
  return exportResponse({
    format: "csv",
    fileName: `${fileNamePart(shop.domain)}-inventory`,
    sheets: [{ name: "Inventory", columns: columns(shop.currency), rows }],
  });
}
