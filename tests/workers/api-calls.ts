// One separate process for app/features/public-api/limits-processes.db.test.ts: its own Prisma
// client on the test's database (DATABASE_URL), sending `count` calls at once through the v1
// handler with the given key, then printing how many got each status as JSON.
import { loader } from "~/routes/api.v1.stores.$storeId.invoices._index";
import { prisma } from "~/db.server";

const [key, storeId, count] = process.argv.slice(2);
const statuses: Record<string, number> = {};
await Promise.all(
  Array.from({ length: Number(count) }, async () => {
    const response = await loader({
      request: new Request(`http://app.test/api/v1/stores/${storeId}/invoices?limit=1`, {
        headers: { Authorization: `Bearer ${key}` },
      }),
      params: { storeId },
    });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }),
);
await prisma.$disconnect();
process.stdout.write(JSON.stringify(statuses));
