// The shop's latest import run, read for the status card and GET /api/import.
import { prisma } from "~/db.server";
import { statusOf, type ImportStatus } from "~/features/store-sync/import-status";

export type { ImportStatus } from "~/features/store-sync/import-status";

/** The shop's latest import run as the merchant sees it. */
export async function getImportStatus(shop: { id: string; timezone: string }): Promise<ImportStatus> {
  const run = await prisma.importRun.findFirst({ where: { shopId: shop.id }, orderBy: { startedAt: "desc" } });
  return statusOf(run, shop.timezone);
}
