// The registry's figures as the JSON API answers them (docs/product/api.md): money as a decimal
// string in the shop's currency with its integer minor units beside it, counts as numbers,
// rates as fractions (0.0213 is 2.13%), multiples as numbers (3.2 is ROAS 3.2×), and each figure's change against the comparison period.
import { minorToDecimalString } from "~/lib/money";
import { METRIC_KEYS, METRICS, type MetricKey, type MetricUnit, type MetricValues } from "~/features/analytics/metrics";

export type ApiFigure = {
  label: string;
  unit: MetricUnit;
  value: string | number | null;
  previous: string | number | null;
  valueMinor?: number | null;
  previousMinor?: number | null;
  change: number | null;
};

export function apiFigures(
  values: MetricValues,
  previous: MetricValues,
  change: Record<MetricKey, number | null>,
  currency: string,
): Record<MetricKey, ApiFigure> {
  const out = {} as Record<MetricKey, ApiFigure>;
  for (const key of METRIC_KEYS) {
    const { label, unit } = METRICS[key];
    const v = values[key];
    const p = previous[key];
    if (unit === "money") {
      const money = (x: number | null) => (x === null ? null : minorToDecimalString(x, currency));
      out[key] = {
        label,
        unit,
        value: money(v),
        previous: money(p),
        valueMinor: v,
        previousMinor: p,
        change: change[key],
      };
    } else out[key] = { label, unit, value: v, previous: p, change: change[key] };
  }
  return out;
}
