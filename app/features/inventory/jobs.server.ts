// The full recompute of every installed shop's planning figures, hourly: days roll over,
// out-of-stock days age out of the window, and an import's new history is taken in within
// the hour (webhooks re-evaluate the variants they touch at once).
import { prisma } from "~/db.server";
import { describeError } from "~/lib/log-safe";
import { recomputeShop } from "./recompute.server";

export const RECOMPUTE_JOB = "inventory.recompute";

export function registerInventoryJobs(queue: {
  register: (name: string, handler: () => Promise<void>) => void;
  schedule: (name: string, cron: string) => void | Promise<void>;
}) {
  queue.register(RECOMPUTE_JOB, async () => {
    const shops = await prisma.shop.findMany({ where: { uninstalledAt: null }, select: { id: true, timezone: true } });
    for (const shop of shops) {
      try {
        await recomputeShop(shop);
      } catch (error) {
        console.error(`[inventory] recompute failed for a shop: ${describeError(error)}`);
      }
    }
  });
  void queue.schedule(RECOMPUTE_JOB, "15 * * * *");
}
