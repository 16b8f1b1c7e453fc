// bench:rule-save — a fee rule's and a shipping rule's Save at store size (issue 36, decision 126):
// the time the save takes to answer and, where the re-estimate is queued, the job's wall time.
//   flock /tmp/bench.lock nice npx tsx bench/rule-save.ts --db <copy of a demo seed>
// Writes to the database it is given: run it on a copy.
import { performance } from "node:perf_hooks";
import type * as ProfitServer from "~/features/profit/index.server";

const dbArg = process.argv.indexOf("--db");
if (dbArg < 0 || !process.argv[dbArg + 1]) throw new Error("usage: tsx bench/rule-save.ts --db <file>");
process.env.DATABASE_URL = `file:${process.argv[dbArg + 1]}`;
process.env.JOBS_DISABLED = "1";

const { prisma } = await import("~/db.server");
await import("~/jobs.server");
// Typed loosely enough to run on the code before decision 126 too (no REESTIMATE_JOB there).
const profit = (await import("~/features/profit/index.server")) as Record<string, unknown> & typeof ProfitServer;
const { getJobQueue } = await import("~/platform/jobs/index.server");
const { shippingRuleSchema } = await import("~/features/profit/shipping-rules-schema");

const shop = await prisma.shop.findFirstOrThrow({ select: { id: true, currency: true, timezone: true } });
const actor = { shop, staff: { email: "bench@example.com", name: "Bench" } };
const orders = await prisma.order.count({ where: { shopId: shop.id } });
const job = typeof profit.REESTIMATE_JOB === "string" ? profit.REESTIMATE_JOB : null;

async function measure(label: string, save: () => Promise<unknown>) {
  const t0 = performance.now();
  await save();
  const answered = performance.now() - t0;
  let jobMs: number | null = null;
  if (job) {
    const t1 = performance.now();
    while (await getJobQueue().runDue({ names: [job] }));
    jobMs = performance.now() - t1;
  }
  const ms = (v: number | null) => (v === null ? "—" : `${(v / 1000).toFixed(2)} s`);
  console.log(`${label}: save answered ${ms(answered)}, job ${ms(jobMs)}`);
}

console.log(`${orders.toLocaleString("en-US")} orders, ${job ? "queued re-estimate" : "re-estimate in the save"}`);
await measure("fee rule (manual 1.5% + 0.25)", () =>
  profit.saveFeeRule(actor, { gateway: "manual", rate: "1.5", fixed: "0.25" }),
);
await measure("shipping rule (everywhere else 12.50)", () =>
  profit.saveShippingRule(
    actor,
    shippingRuleSchema.parse({
      scope: "rest",
      basis: "order",
      amount: "12.50",
      country: "",
      zoneName: "",
      zoneCountries: "",
      bands: "",
    }),
  ),
);
await getJobQueue().stop();
await prisma.$disconnect();
