// The one confidence score every detector's finding gets (docs/decisions/096-insight-engine.md).
// A detector states its evidence as a standardised distance z (a robust z-score, or a
// probability turned into one with zOfProbability) and the sample it rests on; the score is
//   confidence = Φ(|z| − Z0) × n / (n + N0)
// so a 3.5σ deviation on four weeks of baseline reads about 0.84, the same deviation on three
// days about 0.47, and a 2σ wobble about 0.5 × its sample share. The constants are a prior; the
// injected-events benchmark (bench:insights) is what fits them.
import { cumulativeStdNormalProbability, probit } from "simple-statistics";
import type { Band } from "~/features/insights/types";

export const Z0 = 2;
export const N0 = 3;
export const HIGH = 0.75;
export const MEDIUM = 0.5;

export function confidence(strength: { z: number; n: number }): number {
  const { z, n } = strength;
  if (!Number.isFinite(z) || !Number.isFinite(n) || n <= 0) return 0;
  const p = cumulativeStdNormalProbability(Math.abs(z) - Z0);
  const score = p * (n / (n + N0));
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

/** The z a detector passes when its evidence is a probability that the finding holds. */
export function zOfProbability(p: number): number {
  const clamped = Math.min(0.999, Math.max(0.001, p));
  return Z0 + probit(clamped);
}

/** The sample size of a fact read from a record (an invoice past its due date), not estimated. */
export const FACT_SAMPLE = 100;

export function bandOf(score: number): Band {
  return score >= HIGH ? "High" : score >= MEDIUM ? "Medium" : "Low";
}

/** Polaris badge tones for the spec's colours: High green, Medium blue, Low yellow (core.md §2.4). */
export const BAND_TONE = { High: "success", Medium: "info", Low: "attention" } as const;
