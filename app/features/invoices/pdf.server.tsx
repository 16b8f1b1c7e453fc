// The invoice PDF, rendered on the server with @react-pdf/renderer and the built-in
// Helvetica (no font download). Attached to invoice e-mails and downloadable from the
// invoice dialog. See docs/decisions/014-invoice-pdf.md.
import { Document, Image, Page, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { dayInZone } from "~/lib/dates";
import { rateToPercentText } from "~/features/invoices/money";
import type { InvoicePresentation } from "~/features/invoices/presentation";

import { Ad, HowToPay, pdfMoney, s, Stamp, type PdfInvoice } from "./pdf-parts.server";

export { pdfMoney, type PdfInvoice };

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
