// One copy of the demo store for bench:insights (bench/insights-demo.ts starts it as a child with
// DATABASE_URL set to the copy's own SQLite file, already migrated): the seed's generator builds
// the rows with the events given on stdin, the seed's own writers load them (orders, rollups),
// then the parts of the demo seed the insights read — ad platforms connected and synced, customer
// scores and segments, inventory planning — and one insights run through the screen's run path,
// all as of the copy's `now`. Left out, because no detector reads them: label costs, invoices,
// team, API keys, privacy, loyalty, engagement and digital assets.
// Prints one JSON line: the current insights as stored, the injected events' subjects, timings.
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { DEAD_STOCK_DAYS } from "~/features/inventory";
import type { FeeRule } from "~/features/profit/payment-fees";
import { executeRun, requestRun } from "~/features/insights/index.server";
import { countValuableCustomers } from "~/features/customers/index.server";
import { MIN_GAPS, VIP_WITHIN_DAYS } from "~/features/insights/detectors/customers";
import {
  createDemoData,
  DEMO_FEE_RULES,
  adScaleFor,
  type Anomaly,
  type DemoData,
  type InjectedEvents,
} from "../prisma/seed/generate";
import { rebuild, writeDays, writeStaticRows } from "../prisma/seed";
import { seedAdPlatforms, seedFeeRules } from "../prisma/seed/ad-platforms";
import { seedCustomerScores } from "../prisma/seed/customers";
import { seedInventory } from "../prisma/seed/inventory";

export type CopyInput = {
  seed: number;
  today: string;
  now: string;
  orders: number;
  anomalies: Anomaly[];
  events: InjectedEvents;
};

export type StoredInsight = {
  kind: string;
  subjectId: string;
  band: string;
  facts: Record<string, unknown>;
  title: string;
  link: string | null;
};

export type CopyResult = {
  insights: StoredInsight[];
  subjects: ReturnType<typeof createDemoData>["subjects"];
  /** The catalogue's state as the generator made it (variant ids), not as the insights found it. */
  catalogue: Catalogue;
  /** The quiet-VIP rule's view of the injected quiet customers: how many VIPs it checked, and their silences. */
  quietVips: { checked: number; customers: { silenceDays: number; gapDays: number }[] };
  loadMs: number;
  generationMs: number;
};

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

/**
 * The catalogue's state the generator made: the variants it leaves out of stock (a fixed share,
 * on purpose) and its dead stock — its long tail leaves some variants with stock unsold for
 * months by chance (low popularity), known from its own rows (its stock and the lines it made).
 */
export type Catalogue = { outOfStock: string[]; deadStock: string[] };

function catalogueState(data: DemoData, rules: FeeRule[], today: string): Catalogue {
  const from = addDays(today, -DEAD_STOCK_DAYS);
  const sold = new Set<string>();
  for (const batch of data.days(rules))
    if (batch.plan.day >= from) for (const line of batch.lines) sold.add(line.variantId);
  const inventory = data.catalog.inventory;
  return {
    outOfStock: inventory.filter((i) => i.available <= 0).map((i) => i.variantId),
    deadStock: inventory.filter((i) => i.available > 0 && !sold.has(i.variantId)).map((i) => i.variantId),
  };
}

/** The injected quiet customers as the scores hold them, and the number of VIPs the rule checks. */
async function quietVips(shopId: string, ids: string[], now: Date) {
  const day = 86_400_000;
  const checked = await countValuableCustomers(shopId, new Date(now.getTime() - VIP_WITHIN_DAYS * day), MIN_GAPS + 1);
  const scores = await prisma.customerScore.findMany({
    where: { shopId, customerId: { in: ids } },
    select: { orderDays: true, firstOrderAt: true, lastOrderAt: true },
  });
  const customers = scores.map((s) => ({
    silenceDays: Math.round((now.getTime() - s.lastOrderAt!.getTime()) / day),
    gapDays: (s.lastOrderAt!.getTime() - s.firstOrderAt!.getTime()) / day / Math.max(1, s.orderDays - 1),
  }));
  return { checked, customers };
}

async function main() {
  const input = JSON.parse(await readStdin()) as CopyInput;
  const now = new Date(input.now);
  const started = performance.now();
  const data = createDemoData({
    today: input.today,
    seed: input.seed,
    orders: input.orders,
    anomalies: input.anomalies,
    events: input.events,
  });
  const shop = data.shop;
  await prisma.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  await writeStaticRows(prisma, "sqlite", data);
  await seedFeeRules(shop, DEMO_FEE_RULES);
  const rules = await prisma.paymentFeeRule.findMany({
    where: { shopId: shop.id },
    select: { gateway: true, rateBps: true, fixedMinor: true },
  });
  await writeDays(prisma, "sqlite", data, rules);
  await rebuild(prisma, shop.id);
  await seedAdPlatforms(shop, adScaleFor(input.orders), now);
  await seedCustomerScores(shop, now);
  await seedInventory(prisma, shop, now);
  const loadMs = performance.now() - started;
  const catalogue = catalogueState(data, rules, input.today);

  const t0 = performance.now();
  const { run } = await requestRun(shop.id, "nightly", now, { enqueue: async () => null });
  await executeRun(run.id, shop.id, () => now);
  const generationMs = performance.now() - t0;
  const rows = await prisma.insight.findMany({
    where: { shopId: shop.id, current: true },
    select: { kind: true, subjectId: true, band: true, facts: true, title: true, link: true },
  });
  const insights = rows.map((r) => ({ ...r, facts: JSON.parse(r.facts) as Record<string, unknown> }));
  const result: CopyResult = {
    insights,
    subjects: data.subjects,
    catalogue,
    quietVips: await quietVips(shop.id, data.subjects.quietCustomerIds ?? [], now),
    loadMs,
    generationMs,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await prisma.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
