// The invoice PDF's parts (decision 014): its styles, the money format Helvetica can print, an ad,
// the PAID / VOID stamp and the how-to-pay box, for InvoiceDocument in pdf.server.tsx.
import { Link, StyleSheet, Text, View } from "@react-pdf/renderer";
import { dayInZone } from "~/lib/dates";
import { formatMoney, minorToDecimalString } from "~/lib/money";
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

export const s = StyleSheet.create({
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

export function Ad({ ad }: { ad: MarketingAd }) {
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
export function Stamp({ status }: { status: string }) {
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
export function HowToPay({ ctx, invoice }: { ctx: InvoicePresentation; invoice: PdfInvoice }) {
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
