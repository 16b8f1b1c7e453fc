// Marketing ads on invoices (docs/product/invoices.md#presentation-pdf-e-mail-hosted-page): shown at their positions; with rotation on, each
// message for the invoice (first send, then each reminder) shows the next ad per position.
import type { MarketingAd } from "~/features/invoices/schema";

export type AdsByPosition = { top: MarketingAd[]; bottom: MarketingAd[]; sidebar: MarketingAd[] };

/** `sendIndex` counts messages for this invoice from 0 (the first send). */
export function adsForMessage(ads: MarketingAd[], rotation: boolean, sendIndex: number): AdsByPosition {
  const out: AdsByPosition = { top: [], bottom: [], sidebar: [] };
  for (const position of ["top", "bottom", "sidebar"] as const) {
    const here = ads.filter((a) => a.position === position);
    out[position] =
      rotation && here.length > 1 ? [here[((sendIndex % here.length) + here.length) % here.length]] : here;
  }
  return out;
}
