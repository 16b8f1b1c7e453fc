// Runs every detector on its own: one that throws on odd data is logged by name (never its
// input or message, which may carry a product or customer name) and skipped; the others stand.
import type { Finding } from "~/features/insights/types";

export type Detector = { name: string; run: () => Finding[] | Promise<Finding[]> };

export type DetectorResults = { findings: Finding[]; failed: string[] };

export async function runDetectors(
  detectors: Detector[],
  log: (line: string) => void = (line) => console.error(line),
): Promise<DetectorResults> {
  const findings: Finding[] = [];
  const failed: string[] = [];
  for (const d of detectors) {
    try {
      findings.push(...(await d.run()));
    } catch (error) {
      failed.push(d.name);
      const kind = error instanceof Error ? error.name : typeof error;
      log(`[insights] detector ${d.name} failed (${kind}); skipped`);
    }
  }
  return { findings, failed };
}
