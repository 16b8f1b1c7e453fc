import { formatMoney, formatPercent } from "../lib/money";

/** The one component that shows money: minor units in a currency. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  return <>{formatMoney(minor, currency)}</>;
}

export function Percent({ fraction, decimals = 1 }: { fraction: number; decimals?: number }) {
  return <>{formatPercent(fraction, decimals)}</>;
}
