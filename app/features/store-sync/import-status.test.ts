import { describe, expect, it } from "vitest";
import { percentOf } from "~/features/store-sync/import-status";

const run = (over: Partial<Parameters<typeof percentOf>[0]>) => ({
  status: "running",
  phase: "products",
  bulkStatus: null,
  bulkObjectCount: 0,
  linesDone: 0,
  ...over,
});

describe("import progress", () => {
  it("weighs the phases and moves within a phase as its file is read", () => {
    expect(percentOf(run({}))).toBe(0);
    expect(percentOf(run({ bulkStatus: "RUNNING" }))).toBe(1);
    expect(percentOf(run({ phase: "customers" }))).toBe(15);
    expect(percentOf(run({ phase: "orders", bulkStatus: "COMPLETED", bulkObjectCount: 1000, linesDone: 500 }))).toBe(
      30 + Math.floor(60 * 0.6),
    );
    expect(percentOf(run({ phase: "rollups" }))).toBe(90);
    expect(percentOf(run({ status: "succeeded", phase: "done" }))).toBe(100);
  });

  it("never shows 100% before the import has finished", () => {
    expect(
      percentOf(run({ phase: "rollups", bulkStatus: "COMPLETED", bulkObjectCount: 1, linesDone: 1 })),
    ).toBeLessThan(100);
  });
});
