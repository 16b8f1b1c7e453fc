// `npm run bench:invoices`: the invoice figures of issue 3 (a benchmark, not a test).
//
//   (a) PDF: median time to render a 10-line invoice with @react-pdf/renderer, side by
//       side with Chromium printing the same invoice as HTML to PDF (page.setContent +
//       page.pdf in an already running browser, the way headless-browser invoicing
//       systems do it). Target: ≤ 30 ms and ≥ 10× faster.
//   (b) create→send: createInvoice + sendInvoice (numbering, e-mail with the PDF into
//       the outbox) end to end on a fresh database, p50 and p95.
//
// Options: --iterations 60 --warmup 10 --sends 100
// DATABASE_URL=postgresql://… runs (b) on a fresh PostgreSQL database instead of SQLite.
import fs from "node:fs";
import os from "node:os";
import { freshBenchDatabase } from "./lib";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ITERATIONS = opt("iterations", 100);
// The JIT needs a few dozen renders before react-pdf settles.
const WARMUP = opt("warmup", 50);
const SENDS = opt("sends", 100);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

// React and the app read NODE_ENV and the environment at import: set them first.
process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
delete process.env.SHOPIFY_API_KEY;
delete process.env.SMTP_URL;
const db = await freshBenchDatabase("inv");
const baseUrl = db.postgres;
const dbName = db.name;

const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p95: q(0.95), min: s[0], max: s[s.length - 1], n: s.length };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const { renderInvoicePdf } = await import("~/features/invoices/pdf.server");
const { formatMoney } = await import("~/lib/money");
const { computeTotals } = await import("~/features/invoices/money");

// ─── (a) one 10-line invoice, two renderers ─────────────────────────────────────
const lines = Array.from({ length: 10 }, (_, i) => ({
  title: `Wholesale item ${i + 1}: wireless earbuds, case and cable`,
  quantity: (i % 4) + 1,
  unitPriceMinor: 1_999 + i * 250,
}));
const totals = computeTotals(lines, 0.0825, 12_50);
const invoice = {
  number: "INV-0042",
  status: "sent",
  currency: "USD",
  issueDate: "2026-11-21",
  dueDate: "2026-11-28",
  customerName: "Northwind Traders",
  customerEmail: "accounts@northwind.example",
  customerPhone: "+1 555 0100",
  customerAddress: "1 Harbor Way, Seattle, WA 98101",
  taxRate: 0.0825,
  ...totals,
  paidAt: null,
  items: lines.map((l, i) => ({ ...l, lineTotalMinor: totals.lineTotalsMinor[i] })),
};
const ctx = {
  shopName: "Demo Store",
  shopEmail: "owner@demo-store.example",
  timeZone: "America/New_York",
  businessAddress: "200 Market Street, Suite 5, San Francisco, CA 94105",
  logoUrl: null,
  payment: {
    kind: "instructions" as const,
    text: "Bank transfer to Demo Store LLC, account 000123456. Please quote the invoice number.",
  },
  hostedUrl: "https://app.example/i/abcdefghijklmnopqrstuvwxyz012345",
  ads: {
    top: [],
    bottom: [
      {
        id: "a",
        title: "Spring restock: 10% off reorders",
        description: "Reorder before the 30th.",
        position: "bottom" as const,
      },
    ],
    sidebar: [],
  },
};

const m = (minor: number) => formatMoney(minor, "USD");
const esc = (t: string) => t.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
// The same invoice as the HTML a headless-browser invoicing system would print.
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#1a1a1a;margin:40px}table{width:100%;border-collapse:collapse;margin-top:18px}
th{text-align:left;border-bottom:1px solid #000;padding:5px 0}td{border-bottom:1px solid #ddd;padding:5px 0}.r{text-align:right}
.tot{width:240px;margin-left:auto;margin-top:10px}.pay{border:1px solid #005bd3;border-radius:4px;padding:10px;margin-top:18px}
</style></head><body>
<div style="display:flex;justify-content:space-between"><div><strong>${esc(ctx.shopName)}</strong><div>${esc(ctx.businessAddress)}</div><div>${esc(ctx.shopEmail)}</div></div>
<div class="r"><h1 style="margin:0">INVOICE</h1><div>${invoice.number}</div></div></div>
<h3>Bill to</h3><div>${esc(invoice.customerName)}</div><div>${esc(invoice.customerEmail)}</div><div>Issued ${invoice.issueDate} · Due ${invoice.dueDate}</div>
<table><thead><tr><th>Item</th><th class="r">Qty</th><th class="r">Unit price</th><th class="r">Line total</th></tr></thead><tbody>
${invoice.items.map((it) => `<tr><td>${esc(it.title)}</td><td class="r">${it.quantity}</td><td class="r">${m(it.unitPriceMinor)}</td><td class="r">${m(it.lineTotalMinor)}</td></tr>`).join("")}
</tbody></table>
<div class="tot"><div>Subtotal ${m(invoice.subtotalMinor)}</div><div>Tax (8.25%) ${m(invoice.taxMinor)}</div><div>Shipping ${m(invoice.shippingMinor)}</div><strong>Total ${m(invoice.totalMinor)}</strong></div>
<div class="pay"><strong>How to pay</strong><div>${esc(ctx.payment.text)}</div><div>View online: ${esc(ctx.hostedUrl)}</div></div>
${ctx.ads.bottom.map((a) => `<div class="pay"><strong>${esc(a.title)}</strong><div>${esc(a.description)}</div></div>`).join("")}
</body></html>`;

async function time(fn: () => Promise<unknown>, n: number, warmup: number) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

let firstPdfMs = 0;
{
  const t = performance.now();
  await renderInvoicePdf(invoice, ctx);
  firstPdfMs = performance.now() - t;
}
const reactPdf = await time(() => renderInvoicePdf(invoice, ctx), ITERATIONS, WARMUP);
const pdfBytes = (await renderInvoicePdf(invoice, ctx)).length;

let chromium: ReturnType<typeof stats> | null = null;
let chromiumNewPage: ReturnType<typeof stats> | null = null;
let chromiumCold: ReturnType<typeof stats> | null = null;
let chromiumBytes = 0;
if (fs.existsSync(CHROME)) {
  const { chromium: launcher } = await import("playwright-core");
  const launch = () =>
    launcher.launch({
      executablePath: CHROME,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  const browser = await launch();
  const page = await browser.newPage();
  const print = async (p: typeof page) => {
    await p.setContent(html, { waitUntil: "load" });
    return p.pdf({ format: "A4", printBackground: true });
  };
  // Best case for Chromium: one warm page reused for every invoice.
  chromium = await time(() => print(page), ITERATIONS, WARMUP);
  chromiumBytes = (await print(page)).length;
  // A fresh page per invoice in a running browser (isolation between customers).
  chromiumNewPage = await time(
    async () => {
      const p = await browser.newPage();
      await print(p);
      await p.close();
    },
    Math.min(ITERATIONS, 40),
    5,
  );
  await browser.close();
  // A browser launched per invoice (the simplest serverless setup).
  chromiumCold = await time(
    async () => {
      const b = await launch();
      await print(await b.newPage());
      await b.close();
    },
    8,
    1,
  );
}

// ─── (b) create → send ──────────────────────────────────────────────────────────
const { prisma } = await import("~/db.server");
const { createInvoice, sendInvoice } = await import("~/features/invoices/service.server");
const { invoiceCreateSchema } = await import("~/features/invoices/schema");
const shop = await prisma.shop.create({
  data: { domain: `${dbName}.myshopify.com`, name: "Bench Shop", plan: "pro", timezone: "America/New_York" },
});
const payload = invoiceCreateSchema.parse({
  customer: { email: "buyer@example.com", name: "Buyer" },
  items: lines.map((l) => ({ title: l.title, qty: l.quantity, unit_price: (l.unitPriceMinor / 100).toFixed(2) })),
  tax_rate: 0.0825,
  shipping_cost: "12.50",
});
const sends: number[] = [];
for (let i = 0; i < SENDS + 5; i++) {
  const t = performance.now();
  const { invoice: created } = await createInvoice(shop, payload);
  await sendInvoice(shop, created.id);
  if (i >= 5) sends.push(performance.now() - t);
}
const createSend = stats(sends);
await prisma.$disconnect();

await db.drop();

const ratio = (c: ReturnType<typeof stats> | null) => (c ? `${(c.median / reactPdf.median).toFixed(1)}×` : "n/a");
const row = (label: string, st: ReturnType<typeof stats> | null, extra = "") =>
  st
    ? `    ${label.padEnd(36)}${ms(st.median).padStart(10)} ${ms(st.p95).padStart(9)}   ${extra}`
    : `    ${label.padEnd(36)}skipped: no Chromium at ${CHROME}`;
const report = [
  `Invoice benchmarks (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}; ${ITERATIONS} samples after ${WARMUP} warm-up)`,
  "",
  "(a) 10-line invoice to PDF                 median       p95",
  row("@react-pdf/renderer (this app)", reactPdf, `${(pdfBytes / 1024).toFixed(1)} KB; first render ${ms(firstPdfMs)}`),
  row(
    "Chromium, one warm page reused",
    chromium,
    `${(chromiumBytes / 1024).toFixed(1)} KB; react-pdf ${ratio(chromium)} faster`,
  ),
  row("Chromium, new page per invoice", chromiumNewPage, `react-pdf ${ratio(chromiumNewPage)} faster`),
  row("Chromium, launched per invoice", chromiumCold, `react-pdf ${ratio(chromiumCold)} faster`),
  `    target: ≤ 30 ms (${reactPdf.median <= 30 ? "met" : "missed"}) and ≥ 10× faster than Chromium`,
  "",
  `(b) create → send (${baseUrl ? "PostgreSQL" : "SQLite"}, ${SENDS} invoices, e-mail with PDF to the outbox)`,
  `    p50 ${ms(createSend.median)}   p95 ${ms(createSend.p95)}   max ${ms(createSend.max)}`,
].join("\n");
console.log(report);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  `bench/results/invoices-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  JSON.stringify(
    {
      reactPdf,
      chromium,
      chromiumNewPage,
      chromiumCold,
      firstPdfMs,
      pdfBytes,
      chromiumBytes,
      createSend,
      loadAverage: os.loadavg()[0],
      engine: baseUrl ? "postgresql" : "sqlite",
    },
    null,
    2,
  ),
);
process.exit(0);
