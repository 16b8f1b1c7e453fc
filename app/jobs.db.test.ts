import { describe, expect, it } from "vitest";
import { registerAllJobs } from "~/jobs.server";
import type { JobQueue } from "~/platform/jobs/index.server";
import { IMPORT_JOB } from "~/features/store-sync/index.server";

describe("the process-wide job registry", () => {
  it("registers the store import next to the invoice jobs", () => {
    const names: string[] = [];
    const queue = {
      register: (name: string) => void names.push(name),
      schedule: (name: string) => void names.push(`schedule:${name}`),
    } as unknown as JobQueue;
    registerAllJobs(queue);
    expect(names).toContain(IMPORT_JOB);
    expect(names.some((n) => n.startsWith("invoice") || n.includes("invoice"))).toBe(true);
  });
});
