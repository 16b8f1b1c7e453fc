// The invoice PDF, rendered on the server with @react-pdf/renderer and the built-in
// Helvetica (no font download). Attached to invoice e-mails and downloadable from the
// invoice dialog. See docs/decisions/014-invoice-pdf.md.
import { Document, Image, Link, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { dayInZone } from "~/lib/dates";
import { formatMoney, minorToDecimalString } from "~/lib/money";
import { rateToPercentText } from "~/features/invoices/money";
import type { InvoicePresentation } from "~/features/invoices/presentation";
import type { MarketingAd } from "~/features/invoices/schema";

export type PdfInvoice = {
  number: string;
  status: string;
  currency: string;
  issueDate: string;
  dueDate: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  customerAddress: string | null;
  taxRate: number;
  subtotalMinor: number;
  taxMinor: number;
  shippingMinor: number;
  totalMinor: number;
  paidAt: Date | null;
  items: { title: string; quantity: number; unitPriceMinor: number; lineTotalMinor: number }[];
};

/** Helvetica covers Latin-1 (and €); other currency signs are written as the code. */
export function pdfMoney(minor: number, currency: string): string {
  const text = formatMoney(minor, currency);
  const helveticaCovers = [...text].every((char) => char === "€" || (char.codePointAt(0) ?? 0) <= 0xff);
  return helveticaCovers ? text : `${minorToDecimalString(minor, currency)} ${currency}`;
}

const ink = "#1a1a1a";
const muted = "#616161";
const line = "#d9d9d9";
const accent = "#005bd3";

const s = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: ink },
  row: { flexDirection: "row" },
  between: { flexDirection: "row", justifyContent: "space-between" },
  h1: { fontSize: 22, fontFamily: "Helvetica-Bold" },
  h2: { fontSize: 11, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  muted: { color: muted },
  small: { fontSize: 8, color: muted },
  logo: { width: 64, height: 64, objectFit: "contain", marginBottom: 6 },
  section: { marginTop: 18 },
  th: { fontFamily: "Helvetica-Bold", paddingVertical: 5, borderBottomWidth: 1, borderBottomColor: ink },
  td: { paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: line },
  cItem: { flexGrow: 1, flexBasis: 0, paddingRight: 6 },
  cQty: { width: 44, textAlign: "right" },
  cMoney: { width: 90, textAlign: "right" },
  totals: { marginTop: 10, marginLeft: "auto", width: 220 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grand: {
    fontFamily: "Helvetica-Bold",
    fontSize: 12,
    borderTopWidth: 1,
    borderTopColor: ink,
    paddingTop: 4,
    marginTop: 2,
  },
  ad: { borderWidth: 0.5, borderColor: line, borderRadius: 4, padding: 8, marginBottom: 8, backgroundColor: "#f7f7f7" },
  adTitle: { fontFamily: "Helvetica-Bold", marginBottom: 2 },
  pay: { borderWidth: 1, borderColor: accent, borderRadius: 4, padding: 10 },
  link: { color: accent, textDecoration: "none" },
  sidebar: { width: 150, marginLeft: 16 },
});

function Ad({ ad }: { ad: MarketingAd }) {
  return (
    <View style={s.ad} wrap={false}>
      <Text style={s.adTitle}>{ad.title}</Text>
      {ad.description ? <Text style={s.muted}>{ad.description}</Text> : null}
      {ad.linkUrl ? (
        <Link src={ad.linkUrl} style={[s.link, { marginTop: 3 }]}>
          {ad.linkUrl.replace(/^https:\/\//, "")}
        </Link>
      ) : null}
    </View>
  );
}

const STAMPS: Record<string, { text: string; color: string }> = {
  draft: { text: "DRAFT", color: "#8a8a8a" },
  paid: { text: "PAID", color: "#0c7a43" },
  void: { text: "VOID", color: "#8e1f0b" },
};

/** A rubber stamp in the header for a draft, a paid or a void invoice, so a printout cannot be mistaken. */
function Stamp({ status }: { status: string }) {
  const stamp = STAMPS[status];
  if (!stamp) return null;
  return (
    <View
      fixed
      style={{
        position: "absolute",
        // Between "Bill to" and the dates, so it covers no figure.
        top: 96,
        left: 220,
        borderWidth: 3,
        borderColor: stamp.color,
        borderRadius: 6,
        paddingVertical: 4,
        paddingHorizontal: 14,
        transform: "rotate(-12deg)",
        opacity: 0.85,
      }}
    >
      <Text style={{ color: stamp.color, fontSize: 30, fontFamily: "Helvetica-Bold", letterSpacing: 3 }}>
        {stamp.text}
      </Text>
    </View>
  );
}

/**
 * How to pay. A draft prints no link of ours (the hosted page and the card payment page
 * answer 404 until the invoice is sent): the card option says the link comes with it. A
 * paid or void invoice asks for nothing.
 */
function HowToPay({ ctx, invoice }: { ctx: InvoicePresentation; invoice: PdfInvoice }) {
  const payment = ctx.payment;
  const draft = invoice.status === "draft";
  const settled =
    invoice.status === "paid"
      ? `Paid${invoice.paidAt ? ` on ${dayInZone(invoice.paidAt, ctx.timeZone)}` : ""}. Thank you.`
      : invoice.status === "void"
        ? "This invoice was voided: nothing is due."
        : null;
  return (
    <View style={[s.section, s.pay]} wrap={false}>
      <Text style={s.h2}>{settled ? "Payment" : "How to pay"}</Text>
      {settled ? (
        <Text>{settled}</Text>
      ) : payment.kind === "instructions" ? (
        <Text>{payment.text}</Text>
      ) : draft && payment.kind === "stripe" ? (
        <Text>{payment.label}: the payment link comes with the invoice when it is sent.</Text>
      ) : (
        <Text>
          {payment.label}:{" "}
          <Link src={payment.url} style={s.link}>
            {payment.url}
          </Link>
        </Text>
      )}
      {draft ? (
        <Text style={[s.small, { marginTop: 6 }]}>Draft, not yet sent: the online invoice opens once it is sent.</Text>
      ) : (
        <Text style={[s.small, { marginTop: 6 }]}>
          View this invoice online:{" "}
          <Link src={ctx.hostedUrl} style={s.link}>
            {ctx.hostedUrl}
          </Link>
        </Text>
      )}
    </View>
  );
}

export function InvoiceDocument({ invoice, ctx }: { invoice: PdfInvoice; ctx: InvoicePresentation }) {
  const m = (minor: number) => pdfMoney(minor, invoice.currency);
  const hasSidebar = ctx.ads.sidebar.length > 0;
  return (
    <Document
      title={`Invoice ${invoice.number}`}
      author={ctx.shopName}
      subject={`Invoice ${invoice.number} for ${invoice.customerName}`}
      creator="Profit Pilot"
    >
      <Page size="A4" style={s.page}>
        <Stamp status={invoice.status} />
        {ctx.ads.top.map((ad) => (
          <Ad key={ad.id} ad={ad} />
        ))}
        <View style={s.between}>
          <View style={{ maxWidth: 260 }}>
            {ctx.logoUrl ? <Image src={ctx.logoUrl} style={s.logo} /> : null}
            <Text style={[s.h2, { fontSize: 14 }]}>{ctx.shopName}</Text>
            {ctx.businessAddress ? <Text style={s.muted}>{ctx.businessAddress}</Text> : null}
            {ctx.shopEmail ? <Text style={s.muted}>{ctx.shopEmail}</Text> : null}
          </View>
          <View style={{ alignItems: "flex-end" }}>
            <Text style={s.h1}>{invoice.status === "draft" ? "DRAFT INVOICE" : "INVOICE"}</Text>
            <Text style={{ fontSize: 12, marginTop: 2 }}>{invoice.number}</Text>
          </View>
        </View>

        <View style={[s.row, s.section]}>
          <View style={{ flexGrow: 1 }}>
            <View style={s.between}>
              <View>
                <Text style={s.h2}>Bill to</Text>
                <Text>{invoice.customerName}</Text>
                <Text style={s.muted}>{invoice.customerEmail}</Text>
                {invoice.customerPhone ? <Text style={s.muted}>{invoice.customerPhone}</Text> : null}
                {invoice.customerAddress ? <Text style={s.muted}>{invoice.customerAddress}</Text> : null}
              </View>
              <View style={{ alignItems: "flex-end" }}>
                <Text>
                  <Text style={s.muted}>Issued </Text>
                  {invoice.issueDate}
                </Text>
                <Text>
                  <Text style={s.muted}>Due </Text>
                  {invoice.dueDate}
                </Text>
                {invoice.paidAt ? (
                  <Text>
                    <Text style={s.muted}>Paid </Text>
                    {dayInZone(invoice.paidAt, ctx.timeZone)}
                  </Text>
                ) : null}
                <Text style={{ marginTop: 6, fontFamily: "Helvetica-Bold", fontSize: 12 }}>
                  {m(invoice.totalMinor)}
                </Text>
              </View>
            </View>

            <View style={s.section}>
              <View style={s.row} fixed>
                <Text style={[s.th, s.cItem]}>Item</Text>
                <Text style={[s.th, s.cQty]}>Qty</Text>
                <Text style={[s.th, s.cMoney]}>Unit price</Text>
                <Text style={[s.th, s.cMoney]}>Line total</Text>
              </View>
              {invoice.items.map((item, i) => (
                <View key={i} style={s.row} wrap={false}>
                  <Text style={[s.td, s.cItem]}>{item.title}</Text>
                  <Text style={[s.td, s.cQty]}>{item.quantity}</Text>
                  <Text style={[s.td, s.cMoney]}>{m(item.unitPriceMinor)}</Text>
                  <Text style={[s.td, s.cMoney]}>{m(item.lineTotalMinor)}</Text>
                </View>
              ))}
              <View style={s.totals} wrap={false}>
                <View style={s.totalRow}>
                  <Text style={s.muted}>Subtotal</Text>
                  <Text>{m(invoice.subtotalMinor)}</Text>
                </View>
                <View style={s.totalRow}>
                  <Text style={s.muted}>Tax ({rateToPercentText(invoice.taxRate)}%)</Text>
                  <Text>{m(invoice.taxMinor)}</Text>
                </View>
                <View style={s.totalRow}>
                  <Text style={s.muted}>Shipping</Text>
                  <Text>{m(invoice.shippingMinor)}</Text>
                </View>
                <View style={[s.totalRow, s.grand]}>
                  <Text>Total {invoice.currency}</Text>
                  <Text>{m(invoice.totalMinor)}</Text>
                </View>
              </View>
            </View>
          </View>
          {hasSidebar ? (
            <View style={s.sidebar}>
              {ctx.ads.sidebar.map((ad) => (
                <Ad key={ad.id} ad={ad} />
              ))}
            </View>
          ) : null}
        </View>

        <HowToPay ctx={ctx} invoice={invoice} />

        <View style={s.section}>
          {ctx.ads.bottom.map((ad) => (
            <Ad key={ad.id} ad={ad} />
          ))}
        </View>
        {/* A static footer on every page (a render-prop page counter would cost a second layout pass). */}
        <Text style={[s.small, { position: "absolute", bottom: 24, left: 40, right: 40, textAlign: "center" }]} fixed>
          {`${ctx.shopName} · Invoice ${invoice.number}`}
        </Text>
      </Page>
    </Document>
  );
}

export async function renderInvoicePdf(invoice: PdfInvoice, ctx: InvoicePresentation): Promise<Buffer> {
  return renderToBuffer(<InvoiceDocument invoice={invoice} ctx={ctx} />);
}
