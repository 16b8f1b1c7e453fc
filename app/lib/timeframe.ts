// The dashboard's timeframe choices (docs/product/dashboard.md#timeframes): 30 (default), 90 and 365 days.
export const TIMEFRAMES = [30, 90, 365] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = 30;

export function parseTimeframe(value: string | null | undefined): Timeframe {
  const n = Number(value);
  return (TIMEFRAMES as readonly number[]).includes(n) ? (n as Timeframe) : DEFAULT_TIMEFRAME;
}
