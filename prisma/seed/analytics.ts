// The demo store's saved Analytics dashboards (issue 12 item 5), as a merchant on Pro would
// keep them: a weekly sales view and a traffic view against last year.
import type { PrismaClient } from "../generated/sqlite";

const DASHBOARDS = [
  {
    name: "Weekly sales",
    cards: ["netSales", "orders", "averageOrderValue", "refunds"],
    timeframe: "7d",
    comparison: "previous",
  },
  {
    name: "Traffic vs last year",
    cards: ["sessions", "conversionRate", "visitors", "purchases"],
    timeframe: "30d",
    comparison: "yearAgo",
  },
];

export async function seedAnalytics(db: PrismaClient, shop: { id: string }) {
  await db.customDashboard.deleteMany({ where: { shopId: shop.id } });
  for (const d of DASHBOARDS)
    await db.customDashboard.create({ data: { shopId: shop.id, ...d, cards: JSON.stringify(d.cards) } });
  return DASHBOARDS.length;
}
