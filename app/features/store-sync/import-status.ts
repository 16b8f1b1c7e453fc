// What the merchant sees of the store import: the latest run's phase, counts and
// progress, for the dashboard's status card and GET /api/import. Pure: the run row
// is read by import-status.server.ts.
import { dayInZone } from "~/lib/dates";

export type ImportState = "none" | "queued" | "running" | "succeeded" | "failed";

export type ImportStatus = {
  runId: string | null;
  state: ImportState;
  phase: string;
  phaseLabel: string;
  /** 0–100, whole percent. */
  percent: number;
  counts: { products: number; variants: number; customers: number; orders: number };
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The day the run finished in the shop's time zone. */
  finishedOn: string | null;
  /** True for an 60-day order history (the app was not granted read_all_orders). */
  limitedOrderHistory: boolean;
};

const PHASE_ORDER = ["products", "collections", "customers", "orders", "rollups", "done"];
// Share of the bar each phase stands for (orders take most of the time).
const PHASE_WEIGHT: Record<string, number> = { products: 12, collections: 3, customers: 15, orders: 60, rollups: 10 };

export const PHASE_LABELS: Record<string, string> = {
  products: "Importing products and inventory",
  collections: "Importing collections",
  customers: "Importing customers",
  orders: "Importing orders",
  rollups: "Computing daily figures",
  done: "Import complete",
};

export type RunRow = {
  id: string;
  status: string;
  phase: string;
  bulkStatus: string | null;
  bulkObjectCount: number;
  linesDone: number;
  productsCount: number;
  variantsCount: number;
  customersCount: number;
  ordersCount: number;
  ordersSince: Date | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

/** Progress of a run: finished phases, plus the fraction of the current one read so far. */
export function percentOf(
  run: Pick<RunRow, "status" | "phase" | "bulkStatus" | "bulkObjectCount" | "linesDone">,
): number {
  if (run.status === "succeeded" || run.phase === "done") return 100;
  const index = PHASE_ORDER.indexOf(run.phase);
  let done = 0;
  for (const p of PHASE_ORDER.slice(0, Math.max(0, index))) done += PHASE_WEIGHT[p] ?? 0;
  const weight = PHASE_WEIGHT[run.phase] ?? 0;
  let within = 0;
  if (run.bulkStatus === "COMPLETED" && run.bulkObjectCount > 0)
    within = 0.2 + 0.8 * Math.min(1, run.linesDone / run.bulkObjectCount);
  else if (run.bulkStatus === "RUNNING") within = 0.1;
  return Math.min(99, Math.floor(done + weight * within));
}

export function statusOf(run: RunRow | null, timeZone: string): ImportStatus {
  if (!run) {
    return {
      runId: null,
      state: "none",
      phase: "none",
      phaseLabel: "Not imported yet",
      percent: 0,
      counts: { products: 0, variants: 0, customers: 0, orders: 0 },
      error: null,
      startedAt: null,
      finishedAt: null,
      finishedOn: null,
      limitedOrderHistory: false,
    };
  }
  return {
    runId: run.id,
    state: run.status as ImportState,
    phase: run.phase,
    phaseLabel: run.status === "queued" ? "Waiting to start" : (PHASE_LABELS[run.phase] ?? run.phase),
    percent: percentOf(run),
    counts: {
      products: run.productsCount,
      variants: run.variantsCount,
      customers: run.customersCount,
      orders: run.ordersCount,
    },
    error: run.status === "failed" ? (run.error ?? "The import failed.") : null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    finishedOn: run.finishedAt ? dayInZone(run.finishedAt, timeZone) : null,
    limitedOrderHistory: run.ordersSince !== null,
  };
}
