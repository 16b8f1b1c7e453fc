// The PDF worker thread's entry: renders an invoice PDF off the request thread, at the
// lowest priority (the pool lowers it before loading this module; a render yields the CPU
// to every request the server is answering). Built to build/server/pdf-worker.mjs for
// production (scripts/build-workers.mjs); run from source through tsx in development and tests.
import { renderInvoicePdf, type PdfInvoice } from "~/features/invoices/pdf.server";
import type { InvoicePresentation } from "~/features/invoices/presentation";

export type RenderTask = { invoice: PdfInvoice; presentation: InvoicePresentation };

export default async function render({ invoice, presentation }: RenderTask): Promise<Uint8Array> {
  const buffer = await renderInvoicePdf(invoice, presentation);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
