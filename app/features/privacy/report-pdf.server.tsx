// The compliance report as a PDF (@react-pdf/renderer with the built-in Helvetica, as the
// invoice and purchase-order PDFs): what complianceReport gathered, dates already in the shop's zone.
import { Document, Page, StyleSheet, Text, View, renderToBuffer, type Styles } from "@react-pdf/renderer";
import type { ComplianceReport } from "./report.server";

const s = StyleSheet.create({
  page: { padding: 40, fontSize: 9, fontFamily: "Helvetica", color: "#1a1a1a" },
  h1: { fontSize: 20, fontFamily: "Helvetica-Bold" },
  h2: { fontSize: 12, fontFamily: "Helvetica-Bold", marginBottom: 6 },
  muted: { color: "#616161" },
  section: { marginTop: 16 },
  row: { flexDirection: "row" },
  th: { fontFamily: "Helvetica-Bold", paddingVertical: 4, borderBottomWidth: 1, borderBottomColor: "#1a1a1a" },
  td: { paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: "#d9d9d9" },
  grow: { flexGrow: 1, flexBasis: 0, paddingRight: 6 },
  w50: { width: 50 },
  w70: { width: 70 },
  w90: { width: 90 },
  score: { fontSize: 28, fontFamily: "Helvetica-Bold" },
});

/** Helvetica covers Latin-1: anything beyond it (a shop name in another script) is written as "?". */
const latin1 = (text: string) => [...text].map((c) => ((c.codePointAt(0) ?? 0) <= 0xff ? c : "?")).join("");

function Table({ heads, widths, rows }: { heads: string[]; widths: Styles[string][]; rows: string[][] }) {
  return (
    <View>
      <View style={[s.row, s.th]} fixed>
        {heads.map((h, i) => (
          <Text key={h} style={widths[i]}>
            {h}
          </Text>
        ))}
      </View>
      {rows.map((r, k) => (
        <View key={k} style={[s.row, s.td]} wrap={false}>
          {r.map((cell, i) => (
            <Text key={i} style={widths[i]}>
              {latin1(cell)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

const more = (shown: number, total: number) =>
  total > shown ? (
    <Text style={s.muted}>{`The first ${shown} of ${total} are listed; the counts above cover all.`}</Text>
  ) : null;

function ReportDocument({ r }: { r: ComplianceReport }) {
  const met = (m: boolean | null) => (m === null ? "Not yet due" : m ? "Yes" : "No");
  return (
    <Document title={`Privacy compliance report ${r.period.from} to ${r.period.to}`} author={latin1(r.shopName)}>
      <Page size="A4" style={s.page}>
        <Text style={s.h1}>Privacy compliance report</Text>
        <Text>{latin1(r.shopName)}</Text>
        <Text style={s.muted}>{`Period: ${r.period.from} to ${r.period.to} (${r.timezone})`}</Text>
        <Text style={s.muted}>{`Generated ${r.generatedAt}`}</Text>

        <View style={s.section}>
          <Text style={s.h2}>Compliance score</Text>
          <Text style={s.score}>{`${r.score}%`}</Text>
          <Text
            style={s.muted}
          >{`${r.items.filter((i) => i.done).length} of ${r.items.length} items done, as of the report's date.`}</Text>
          <View style={{ marginTop: 6 }}>
            <Table
              heads={["Item", "State", "Why"]}
              widths={[{ width: 170, paddingRight: 6 }, s.w50, s.grow]}
              rows={r.items.map((i) => [i.title, i.done ? "Done" : "To do", i.explanation])}
            />
          </View>
        </View>

        <View style={s.section}>
          <Text style={s.h2}>Data requests received in the period</Text>
          <Text>
            {`${r.requests.total} received; ${r.requests.closed} closed, ${r.requests.onTime} of them by their deadline and ${r.requests.late} after it; ${r.requests.open} still open, ${r.requests.openLate} of them past their deadline.`}
          </Text>
          <View style={{ marginTop: 6 }}>
            <Table
              heads={["Reference", "Type", "Law", "Status", "Received", "Due", "Closed", "On time"]}
              widths={[s.w50, s.grow, s.w50, s.w50, s.w50, s.w50, s.w50, s.w50]}
              rows={r.requests.rows.map((q) => [
                q.reference,
                q.type,
                q.regulation,
                q.status,
                q.receivedOn,
                q.extended ? `${q.dueOn} (ext.)` : q.dueOn,
                q.closedOn ?? "",
                met(q.met),
              ])}
            />
            {more(r.requests.rows.length, r.requests.total)}
          </View>
        </View>

        <View style={s.section}>
          <Text style={s.h2}>Retention runs</Text>
          {r.retentionRuns.length ? (
            <Table
              heads={["Ran at", "What it did"]}
              widths={[s.w90, s.grow]}
              rows={r.retentionRuns.map((x) => [x.at, x.did])}
            />
          ) : (
            <Text>The retention job did not run in this period.</Text>
          )}
        </View>

        <View style={s.section}>
          <Text style={s.h2}>Audit extract</Text>
          <Text>{`${r.audit.total} privacy entries in the audit log in this period.`}</Text>
          {r.audit.byAction.length ? (
            <View style={{ marginTop: 6 }}>
              <Table
                heads={["Action", "Entries"]}
                widths={[s.grow, s.w70]}
                rows={r.audit.byAction.map((a) => [a.action, String(a.count)])}
              />
              <View style={{ marginTop: 8 }}>
                <Table
                  heads={["When", "Action", "By"]}
                  widths={[s.w90, s.grow, { width: 140 }]}
                  rows={r.audit.rows.map((a) => [a.at, a.action, a.actor])}
                />
                {more(r.audit.rows.length, r.audit.total)}
              </View>
            </View>
          ) : null}
        </View>

        <View style={s.section}>
          <Text style={s.muted}>{r.notLegalAdvice}</Text>
        </View>
      </Page>
    </Document>
  );
}

export function renderComplianceReport(report: ComplianceReport): Promise<Buffer> {
  return renderToBuffer(<ReportDocument r={report} />);
}
