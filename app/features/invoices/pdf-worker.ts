// The PDF worker thread's entry: renders an invoice PDF off the request thread, at the
// lowest priority (a render yields the CPU to every request the server is answering).
// Built to build/server/pdf-worker.mjs for production (scripts/build-workers.mjs); run
// from source through tsx in development and tests.
import { runWorkerTasks } from "~/platform/worker-task.server";
import type { PdfInvoice, renderInvoicePdf } from "~/features/invoices/pdf.server";
import type { InvoicePresentation } from "~/features/invoices/presentation";

type Task = { invoice: PdfInvoice; presentation: InvoicePresentation };

// runWorkerTasks lowers the thread's priority first; the renderer's code is loaded after
// that (loading it is CPU work too), on the first task.
let renderer: Promise<{ renderInvoicePdf: typeof renderInvoicePdf }> | null = null;

runWorkerTasks<Task, Uint8Array>(
  async ({ invoice, presentation }) => {
    renderer ??= import("~/features/invoices/pdf.server");
    const buffer = await (await renderer).renderInvoicePdf(invoice, presentation);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
  { nice: 19 },
);
