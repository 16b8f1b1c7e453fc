// Invoice PDFs rendered once per version and served from the database
// (docs/decisions/036-invoice-pdf-cache.md). The version is a hash of everything the PDF
// shows: the invoice's figures and its presentation. Rendering runs in a worker thread,
// never on the request thread, and at most one render per process runs at a time.
import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { createWorkerPool, workerEntry, type WorkerPool } from "~/platform/worker-pool.server";
import type { InvoiceShop } from "~/features/invoices/invoices.server";
import type { PdfInvoice } from "~/features/invoices/pdf.server";
import type { RenderTask } from "~/features/invoices/pdf-worker";
import { invoicePresentation } from "~/features/invoices/presentation.server";

/** Bump when the PDF's layout changes, so every stored PDF is rendered again (2: status stamps, no link on drafts). */
const RENDERER_VERSION = 2;

export type CachedPdfSource = PdfInvoice & Parameters<typeof invoicePresentation>[1] & { id: string; shopId: string };

// "status" is part of the hash: the DRAFT, PAID and VOID stamps and the draft's missing link depend on it.
const PDF_FIELDS = [
  "number",
  "status",
  "currency",
  "issueDate",
  "dueDate",
  "customerName",
  "customerEmail",
  "customerPhone",
  "customerAddress",
  "taxRate",
  "subtotalMinor",
  "taxMinor",
  "shippingMinor",
  "totalMinor",
  "paidAt",
] as const;

function pdfFields(invoice: PdfInvoice): PdfInvoice {
  const picked = Object.fromEntries(PDF_FIELDS.map((k) => [k, invoice[k]])) as Omit<PdfInvoice, "items">;
  return {
    ...picked,
    items: invoice.items.map((i) => ({
      title: i.title,
      quantity: i.quantity,
      unitPriceMinor: i.unitPriceMinor,
      lineTotalMinor: i.lineTotalMinor,
    })),
  };
}

/**
 * The worker thread starts with the first PDF to render and exits after this long without
 * one: an idle renderer is ~55 MB of every server process's memory, while loading it again
 * costs the next PDF about a second (docs/decisions/070-server-memory.md).
 */
const RENDERER_IDLE_MS = 5 * 60_000;

let pool: WorkerPool<RenderTask, Uint8Array> | null = null;
const renderPool = () =>
  (pool ??= createWorkerPool<RenderTask, Uint8Array>(workerEntry("pdf-worker", "app/features/invoices/pdf-worker.ts"), {
    size: 1,
    maxQueue: 8,
    idleMs: RENDERER_IDLE_MS,
    nice: 19,
  }));

const inFlight = new Map<string, Promise<Buffer>>();
const counters = { renders: 0 };

/** How many PDFs this process has rendered (the cache's misses). */
export function pdfRenderCount() {
  return counters.renders;
}

async function render(invoiceId: string, shopId: string, hash: string, task: RenderTask): Promise<Buffer> {
  const bytes = Buffer.from(await renderPool().run(task));
  counters.renders++;
  try {
    await prisma.invoicePdf.upsert({
      where: { invoiceId },
      create: { invoiceId, shopId, hash, bytes },
      update: { hash, bytes, createdAt: new Date() },
    });
  } catch {
    // The invoice went meanwhile, or another process stored the same version first: the bytes are still right.
  }
  return bytes;
}

/** The invoice's PDF: the stored bytes when nothing it shows has changed, else a new render (stored). */
export async function cachedInvoicePdf(
  shop: Pick<InvoiceShop, "id" | "name" | "email" | "timezone">,
  invoice: CachedPdfSource,
  options: { baseUrl?: string; sendIndex?: number } = {},
): Promise<Buffer> {
  const presentation = await invoicePresentation(shop, invoice, options);
  const task = { invoice: pdfFields(invoice), presentation };
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ v: RENDERER_VERSION, ...task }))
    .digest("base64url");
  const stored = await prisma.invoicePdf.findFirst({
    where: { invoiceId: invoice.id, shopId: invoice.shopId },
    select: { hash: true, bytes: true },
  });
  if (stored?.hash === hash) return Buffer.from(stored.bytes);
  const key = `${invoice.id}:${hash}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = render(invoice.id, invoice.shopId, hash, task).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
