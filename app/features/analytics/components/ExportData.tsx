// Export Data: downloads /api/analytics/export for the screen's timeframe, reading the stream
// as it arrives so a long export shows its progress (rows received of the X-Export-Rows the
// server announced). A format the plan lacks is listed with the plan that includes it.
import { Banner, BlockStack, Button, InlineStack, ProgressBar, Select, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from "~/lib/export-formats";
import type { TimeframeKey } from "~/features/analytics/periods";

type Props = { timeframe: TimeframeKey; allowedFormats: ExportFormat[] };

type State =
  | { kind: "idle" }
  | { kind: "running"; rows: number; total: number | null }
  | { kind: "done"; rows: number }
  | { kind: "error"; message: string; upgradeUrl?: string };

function fileNameOf(res: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "");
  return m ? m[1] : fallback;
}

export function ExportData({ timeframe, allowedFormats }: Props) {
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [sheet, setSheet] = useState("daily");
  const [state, setState] = useState<State>({ kind: "idle" });

  async function run() {
    const url = `/api/analytics/export?format=${format}&timeframe=${timeframe}${format === "csv" ? `&sheet=${sheet}` : ""}`;
    setState({ kind: "running", rows: 0, total: null });
    try {
      const res = await fetch(url);
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => ({}))) as { error?: string; upgradeUrl?: string };
        setState({ kind: "error", message: body.error ?? "The export failed.", upgradeUrl: body.upgradeUrl });
        return;
      }
      const total = Number(res.headers.get("X-Export-Rows")) || null;
      const reader = res.body.getReader();
      const parts: BlobPart[] = [];
      let newlines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        for (const byte of value) if (byte === 10) newlines += 1;
        // Text formats end each row with a newline (less the header); Excel is compressed, so its bar waits.
        if (format !== "xlsx") setState({ kind: "running", rows: Math.max(0, newlines - 1), total });
      }
      const blob = new Blob(parts, { type: res.headers.get("Content-Type") ?? "application/octet-stream" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = fileNameOf(res, `analytics.${format}`);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      setState({ kind: "done", rows: total ?? Math.max(0, newlines - 1) });
    } catch {
      setState({ kind: "error", message: "The export was interrupted. Try again." });
    }
  }

  const running = state.kind === "running";
  return (
    <BlockStack gap="300">
      <InlineStack gap="300" blockAlign="end" wrap>
        <div style={{ minWidth: 160 }}>
          <Select
            label="Format"
            options={EXPORT_FORMATS.map((f) => ({
              label: allowedFormats.includes(f) ? EXPORT_FORMAT_LABELS[f] : `${EXPORT_FORMAT_LABELS[f]} (Pro plan)`,
              value: f,
            }))}
            value={format}
            onChange={(v) => setFormat(v as ExportFormat)}
          />
        </div>
        {format === "csv" && (
          <div style={{ minWidth: 160 }}>
            <Select
              label="Sheet"
              options={[
                { label: "Daily figures", value: "daily" },
                { label: "Orders", value: "orders" },
              ]}
              value={sheet}
              onChange={setSheet}
            />
          </div>
        )}
        <Button variant="primary" onClick={run} loading={running} disabled={running}>
          Export Data
        </Button>
      </InlineStack>
      {state.kind === "running" && (
        <BlockStack gap="100">
          <ProgressBar progress={state.total ? Math.min(100, (state.rows / state.total) * 100) : 5} size="small" />
          <Text as="p" tone="subdued" variant="bodySm">
            {state.rows.toLocaleString("en-US")}
            {state.total ? ` of ${state.total.toLocaleString("en-US")}` : ""} rows received
          </Text>
        </BlockStack>
      )}
      {state.kind === "done" && (
        <Text as="p" tone="success" variant="bodySm">
          <span data-testid="export-done">Exported {state.rows.toLocaleString("en-US")} rows.</span>
        </Text>
      )}
      {state.kind === "error" && (
        <Banner tone="critical">
          {state.message} {state.upgradeUrl && <Link to={state.upgradeUrl}>See plans</Link>}
        </Banner>
      )}
    </BlockStack>
  );
}
