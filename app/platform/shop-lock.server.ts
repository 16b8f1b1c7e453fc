// The shop's row lock, taken first by every transaction that writes a shop's store data or its
// customers' scores: store-data webhooks, the whole-shop customer recompute, Add Customer and
// customers/redact. On PostgreSQL they then run one after another per shop, as SQLite's single
// writer runs them anyway; taken first, it is never waited for while holding another row the
// lock's holder needs (decision 067, tenth pass).
import type { Prisma } from "~/db.server";

/** Holds the shop's row until the transaction ends (a write that changes nothing). */
export async function lockShop(tx: Prisma.TransactionClient, shopId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Shop" SET "updatedAt" = "updatedAt" WHERE "id" = ${shopId}`;
}
