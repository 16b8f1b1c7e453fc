// Values on hover and focus for TrendChart: a focusable layer over the plot. The mouse
// picks the nearest point; with the keyboard, Left/Right/Home/End move between points.
// The active point's values are shown in a tooltip and read out by screen readers.
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { formatMoney } from "~/lib/money";

/** One line of the chart (TrendChart draws it, the pointer reads its values out). */
export type Series = { label: string; color: string; values: number[]; dashed?: boolean };

type Props = {
  series: Series[];
  pointLabels: string[];
  currency: string;
  /** Money (the default) or a plain count, such as orders. */
  unit?: "money" | "count";
  /** Left and right edges of the plot, as fractions of the chart's width. */
  left: number;
  right: number;
  /** x of point i as a fraction of the chart's width. */
  xAt: (i: number) => number;
  title: string;
};

export function ChartPointer({ series, pointLabels, currency, unit = "money", left, right, xAt, title }: Props) {
  const fmt = (v: number) => (unit === "count" ? v.toLocaleString("en-US") : formatMoney(v, currency));
  const [active, setActive] = useState<number | null>(null);
  const count = pointLabels.length;
  if (count === 0) return null;
  const move = (i: number) => setActive(Math.max(0, Math.min(count - 1, i)));
  const onMouseMove = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const f = (e.clientX - box.left) / (box.width || 1);
    move(count <= 1 ? 0 : Math.round(f * (count - 1)));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowLeft: (active ?? count) - 1,
      ArrowRight: (active ?? -1) + 1,
      Home: 0,
      End: count - 1,
    };
    if (e.key in keys) {
      e.preventDefault();
      move(keys[e.key]);
    } else if (e.key === "Escape") setActive(null);
  };
  const text =
    active === null
      ? ""
      : `${pointLabels[active]}: ${series.map((s) => `${s.label} ${fmt(s.values[active])}`).join(", ")}`;
  const x = active === null ? 0 : xAt(active);
  return (
    <>
      <div
        role="group"
        tabIndex={0}
        aria-label={`${title}. Use the left and right arrow keys to read each point.`}
        data-testid="chart-pointer"
        onMouseMove={onMouseMove}
        onMouseLeave={() => setActive(null)}
        onFocus={() => setActive((a) => a ?? count - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
        style={{
          position: "absolute",
          top: 0,
          bottom: 28,
          left: `${left * 100}%`,
          right: `${(1 - right) * 100}%`,
          outlineOffset: 2,
        }}
      />
      {active !== null && (
        <div
          role="tooltip"
          data-testid="chart-tooltip"
          style={{
            position: "absolute",
            top: 0,
            left: `${x * 100}%`,
            transform: x > 0.6 ? "translateX(-100%)" : "none",
            pointerEvents: "none",
            background: "var(--p-color-bg-surface)",
            border: "1px solid var(--p-color-border-tertiary)",
            borderRadius: 8,
            padding: "6px 8px",
            fontSize: 12,
            color: "var(--p-color-text)",
            boxShadow: "0 2px 6px rgba(0,0,0,.12)",
            whiteSpace: "nowrap",
          }}
        >
          <div style={{ fontWeight: 600 }}>{pointLabels[active]}</div>
          {series.map((s) => (
            <div key={s.label}>
              <span aria-hidden style={{ color: s.color }}>
                ●{" "}
              </span>
              {s.label}: {fmt(s.values[active])}
            </div>
          ))}
        </div>
      )}
      {active !== null && (
        <div
          aria-hidden
          style={{
            position: "absolute",
            top: 0,
            bottom: 28,
            left: `${x * 100}%`,
            borderLeft: "1px dashed var(--p-color-input-border)",
            pointerEvents: "none",
          }}
        />
      )}
      <span
        aria-live="polite"
        style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        {text}
      </span>
    </>
  );
}
