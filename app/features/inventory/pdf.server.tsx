// The purchase order as a PDF (@react-pdf/renderer with the built-in Helvetica, like the
// invoice PDF): attached to the e-mail to the supplier and downloadable from the order.
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { dayInZone } from "~/lib/dates";
import { formatMoney, minorToDecimalString } from "~/lib/money";
import { PO_STATUS_LABELS, type PoStatus } from "./purchase-order-rules";

/** The PDF's dates are days in the shop's time zone. */
type PdfShop = { name: string; timezone: string };

export type PdfPurchaseOrder = {
  label: string;
  status: PoStatus;
  currency: string;
  createdAt: Date;
  orderedAt: Date | null;
  note: string | null;
  supplier: { name: string; email: string | null } | null;
  lines: {
    id: string;
    title: string;
    sku: string | null;
    quantity: number;
    receivedQty: number;
    unitCostMinor: number | null;
  }[];
};

/** Helvetica covers Latin-1 (and €); other currency signs are written as the code. */
function pdfMoney(minor: number, currency: string): string {
  const text = formatMoney(minor, currency);
  const covered = [...text].every((c) => c === "€" || (c.codePointAt(0) ?? 0) <= 0xff);
  return covered ? text : `${minorToDecimalString(minor, currency)} ${currency}`;
}

const s = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: "#1a1a1a" },
  between: { flexDirection: "row", justifyContent: "space-between" },
  h1: { fontSize: 22, fontFamily: "Helvetica-Bold" },
  muted: { color: "#616161" },
  section: { marginTop: 18 },
  row: { flexDirection: "row" },
  th: { fontFamily: "Helvetica-Bold", paddingVertical: 5, borderBottomWidth: 1, borderBottomColor: "#1a1a1a" },
  td: { paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: "#d9d9d9" },
  cItem: { flexGrow: 1, flexBasis: 0, paddingRight: 6 },
  cSku: { width: 90 },
  cQty: { width: 50, textAlign: "right" },
  cMoney: { width: 80, textAlign: "right" },
  total: {
    marginTop: 10,
    marginLeft: "auto",
    width: 220,
    flexDirection: "row",
    justifyContent: "space-between",
    fontFamily: "Helvetica-Bold",
  },
});

function PurchaseOrderDocument({ po, shop }: { po: PdfPurchaseOrder; shop: PdfShop }) {
  const total = po.lines.reduce((sum, l) => sum + l.quantity * (l.unitCostMinor ?? 0), 0);
  const unknown = po.lines.some((l) => l.unitCostMinor === null);
  return (
    <Document title={`Purchase order ${po.label}`} author={shop.name}>
      <Page size="A4" style={s.page}>
        <View style={s.between}>
          <View>
            <Text style={s.h1}>Purchase order</Text>
            <Text style={s.muted}>{po.label}</Text>
          </View>
          <View>
            <Text>{shop.name}</Text>
            <Text style={s.muted}>{PO_STATUS_LABELS[po.status]}</Text>
            <Text style={s.muted}>{dayInZone(po.orderedAt ?? po.createdAt, shop.timezone)}</Text>
          </View>
        </View>
        <View style={s.section}>
          <Text style={{ fontFamily: "Helvetica-Bold" }}>Supplier</Text>
          <Text>{po.supplier?.name ?? ""}</Text>
          {po.supplier?.email ? <Text style={s.muted}>{po.supplier.email}</Text> : null}
        </View>
        <View style={s.section}>
          <View style={[s.row, s.th]}>
            <Text style={s.cItem}>Item</Text>
            <Text style={s.cSku}>SKU</Text>
            <Text style={s.cQty}>Qty</Text>
            <Text style={s.cMoney}>Unit cost</Text>
            <Text style={s.cMoney}>Amount</Text>
          </View>
          {po.lines.map((l) => (
            <View key={l.id} style={[s.row, s.td]} wrap={false}>
              <Text style={s.cItem}>{l.title}</Text>
              <Text style={s.cSku}>{l.sku ?? ""}</Text>
              <Text style={s.cQty}>{String(l.quantity)}</Text>
              <Text style={s.cMoney}>{l.unitCostMinor === null ? "—" : pdfMoney(l.unitCostMinor, po.currency)}</Text>
              <Text style={s.cMoney}>
                {l.unitCostMinor === null ? "—" : pdfMoney(l.unitCostMinor * l.quantity, po.currency)}
              </Text>
            </View>
          ))}
          <View style={s.total}>
            <Text>{unknown ? "Total (known costs)" : "Total"}</Text>
            <Text>{pdfMoney(total, po.currency)}</Text>
          </View>
        </View>
        {po.note ? (
          <View style={s.section}>
            <Text>{po.note}</Text>
          </View>
        ) : null}
      </Page>
    </Document>
  );
}

export function renderPurchaseOrderPdf(po: PdfPurchaseOrder, shop: PdfShop): Promise<Buffer> {
  return renderToBuffer(<PurchaseOrderDocument po={po} shop={shop} />);
}
