// The one chart component: a server-rendered SVG line chart in a fixed-size frame,
// so nothing shifts while the page loads and no chart library ships to the browser.
import { formatMoney } from "../lib/money";

export type Series = { label: string; color: string; values: number[]; dashed?: boolean };

type Props = {
  labels: string[];
  series: Series[];
  currency: string;
  height?: number;
  title: string;
};

const WIDTH = 720;
const PAD = { top: 16, right: 16, bottom: 28, left: 72 };

function niceStep(range: number, ticks: number) {
  const raw = range / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

function compactMoney(minor: number, currency: string) {
  const abs = Math.abs(minor);
  if (abs >= 100_000_00) return `${minor < 0 ? "-" : ""}${formatMoney(Math.round(abs / 100_000) * 100, currency).replace(/\.\d+$/, "")}k`;
  return formatMoney(minor, currency).replace(/\.\d+$/, "");
}

function shortDate(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

export function TrendChart({ labels, series, currency, height = 260, title }: Props) {
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
  const xTicks = labels.length ? [0, Math.floor((labels.length - 1) / 3), Math.floor((2 * (labels.length - 1)) / 3), labels.length - 1] : [];

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        height={height}
        preserveAspectRatio="none"
        role="img"
        aria-label={title}
        data-testid="trend-chart"
        style={{ display: "block", overflow: "visible" }}
      >
        <title>{title}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? "#8a8a8a" : "#e3e3e3"} strokeWidth={1} />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize={11} fill="#616161">
              {compactMoney(t, currency)}
            </text>
          </g>
        ))}
        {[...new Set(xTicks)].map((i) => (
          <text key={i} x={x(i)} y={height - 8} textAnchor={i === 0 ? "start" : i === labels.length - 1 ? "end" : "middle"} fontSize={11} fill="#616161">
            {shortDate(labels[i])}
          </text>
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
      <figcaption style={{ display: "flex", gap: 16, fontSize: 12, marginTop: 8, color: "#303030" }}>
        {series.map((s) => (
          <span key={s.label} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <span aria-hidden style={{ width: 12, height: 3, background: s.color, display: "inline-block" }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
