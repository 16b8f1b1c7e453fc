// One separate process for app/features/public-api/writes-processes.db.test.ts: its own Prisma
// client on the test's database (DATABASE_URL), sending `count` product-cost creations at once
// through the v1 handler with the given key, then printing how many got each status as JSON.
// It loads everything, says "ready" and waits for a line on stdin, so that two workers start
// writing at the same moment however long each took to start.
import readline from "node:readline";
import { action } from "~/routes/api.v1.stores.$storeId.product-costs._index";
import { prisma } from "~/db.server";

const [key, storeId, count, tag] = process.argv.slice(2);
const statuses: Record<string, number> = {};
await prisma.shop.count(); // the connection open before the start
process.stdout.write("ready\n");
await new Promise((resolve) => readline.createInterface({ input: process.stdin }).once("line", resolve));
await Promise.all(
  Array.from({ length: Number(count) }, async (_, i) => {
    const response = await action({
      request: new Request(`http://app.test/api/v1/stores/${storeId}/product-costs`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ productName: `Worker ${tag}`, sku: `W-${tag}-${i}`, costPerUnit: "1.25" }),
      }),
      params: { storeId },
    });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }),
);
await prisma.$disconnect();
process.stdout.write(JSON.stringify(statuses));
