// The one chart component: a server-rendered SVG line chart in a fixed-size frame,
// so nothing shifts while the page loads and no chart library ships to the browser.
import { formatMoneyCompact } from "~/lib/money";
import { ChartPointer, type Series } from "~/features/profit/ChartPointer";

type Props = {
  labels: string[];
  series: Series[];
  currency: string;
  /** Money (the default) or a plain count, such as orders. */
  unit?: "money" | "count";
  height?: number;
  title: string;
  /** What each point is, shown on hover and focus (e.g. "Nov 18 – Nov 24 (so far)"); the label's date by default. */
  pointLabels?: string[];
  /** A line under the chart: what a point is and what is left out. */
  note?: string;
};

const WIDTH = 720;
const PAD = { top: 16, right: 16, bottom: 28, left: 56 };

function niceStep(range: number, ticks: number) {
  const raw = range / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

// One formatter for the process: toLocaleDateString with options builds a new
// Intl.DateTimeFormat on every call, which showed up in the server-render profile.
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function shortDate(day: string) {
  return SHORT_DATE.format(new Date(`${day}T00:00:00Z`));
}

export function TrendChart({
  labels,
  series,
  currency,
  unit = "money",
  height = 260,
  title,
  pointLabels,
  note,
}: Props) {
  const all = series.flatMap((s) => s.values);
  const min = Math.min(0, ...all);
  const max = Math.max(1, ...all);
  const step = niceStep(max - min, 4);
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length <= 1 ? 0 : (i / (labels.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - ((v - lo) / (hi - lo || 1)) * innerH;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(v);
  const xTicks = labels.length
    ? [0, Math.floor((labels.length - 1) / 3), Math.floor((2 * (labels.length - 1)) / 3), labels.length - 1]
    : [];

  // The lines stretch with the card (non-scaling strokes); the axis labels are HTML
  // positioned by percentage, so they stay legible at any width.
  const pct = (v: number, total: number) => `${((v / total) * 100).toFixed(3)}%`;
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ position: "relative", height, fontSize: 11, color: "var(--p-color-text-secondary)" }}>
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          height={height}
          preserveAspectRatio="none"
          role="img"
          aria-label={title}
          data-testid="trend-chart"
          style={{ display: "block", position: "absolute", inset: 0 }}
        >
          <title>{title}</title>
          {ticks.map((t) => (
            <line
              key={t}
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke={t === 0 ? "var(--p-color-input-border)" : "var(--p-color-border)"}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {series.map((s) => (
            <path
              key={s.label}
              data-series={s.label}
              d={s.values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join("")}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? "5 4" : undefined}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        <div aria-hidden>
          {ticks.map((t) => (
            <span
              key={t}
              style={{
                position: "absolute",
                left: 0,
                width: `calc(${pct(PAD.left, WIDTH)} - 8px)`,
                top: pct(y(t), height),
                transform: "translateY(-50%)",
                textAlign: "right",
                whiteSpace: "nowrap",
              }}
            >
              {unit === "count" ? t.toLocaleString("en-US") : formatMoneyCompact(t, currency)}
            </span>
          ))}
          {[...new Set(xTicks)].map((i) => (
            <span
              key={i}
              style={{
                position: "absolute",
                bottom: 0,
                left: pct(x(i), WIDTH),
                transform: i === 0 ? "none" : i === labels.length - 1 ? "translateX(-100%)" : "translateX(-50%)",
                whiteSpace: "nowrap",
              }}
            >
              {shortDate(labels[i])}
            </span>
          ))}
        </div>
        <ChartPointer
          series={series}
          pointLabels={pointLabels ?? labels.map(shortDate)}
          currency={currency}
          unit={unit}
          left={PAD.left / WIDTH}
          right={(WIDTH - PAD.right) / WIDTH}
          xAt={(i) => x(i) / WIDTH}
          title={title}
        />
      </div>
      <figcaption
        style={{ display: "flex", flexWrap: "wrap", gap: 16, fontSize: 12, marginTop: 8, color: "var(--p-color-text)" }}
      >
        {series.map((s) => (
          <span key={s.label} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <span aria-hidden style={{ width: 12, height: 3, background: s.color, display: "inline-block" }} />
            {s.label}
          </span>
        ))}
        {note && <span style={{ color: "var(--p-color-text-secondary)" }}>{note}</span>}
      </figcaption>
    </figure>
  );
}
