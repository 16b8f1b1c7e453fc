// The worker threads as production runs them: built by scripts/build-workers.mjs beside the
// server bundle, loaded by name. The PDF renderer, built, renders an invoice as the
// TypeScript source does (app/features/invoices/pdf-worker.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RenderTask } from "~/features/invoices/pdf-worker";
import { createWorkerPool } from "~/platform/worker-pool.server";
import { pdfText } from "~tests/pdf-text";

// Inside the project, as build/server is: the built thread loads @react-pdf/renderer from node_modules.
fs.mkdirSync(path.resolve("node_modules/.cache"), { recursive: true });
const dir = fs.mkdtempSync(path.resolve("node_modules/.cache/pp-workers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const task: RenderTask = {
  invoice: {
    number: "INV-0042",
    status: "sent",
    currency: "EUR",
    issueDate: "2026-11-25",
    dueDate: "2026-12-09",
    customerName: "Ada Lovelace",
    customerEmail: "ada@example.com",
    customerPhone: null,
    customerAddress: null,
    taxRate: 0,
    subtotalMinor: 10_000,
    taxMinor: 0,
    shippingMinor: 0,
    totalMinor: 10_000,
    paidAt: null,
    items: [{ title: "Consulting", quantity: 2, unitPriceMinor: 5_000, lineTotalMinor: 10_000 }],
  },
  presentation: {
    shopName: "Built Shop",
    shopEmail: null,
    timeZone: "UTC",
    businessAddress: null,
    logoUrl: null,
    payment: { kind: "instructions", text: "Bank transfer" },
    hostedUrl: "https://app.test/i/token",
    ads: { top: [], bottom: [], sidebar: [] },
  },
};

describe("build-workers", () => {
  it("builds the PDF renderer, which renders an invoice in a worker thread", async () => {
    execFileSync(process.execPath, [path.resolve("scripts/build-workers.mjs"), dir], { stdio: "ignore" });
    const pool = createWorkerPool<RenderTask, Uint8Array>({ file: path.join(dir, "pdf-worker.mjs") });
    try {
      const pdf = Buffer.from(await pool.run(task));
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdfText(pdf)).toContain("INV-0042");
    } finally {
      await pool.close();
    }
  }, 60_000);
});
