import { describe, expect, it } from "vitest";
import { runDetectors } from "./engine";
import { detectMissingCosts } from "./detectors/data";

describe("runDetectors", () => {
  it("skips a detector that throws, logs its name only, and keeps the others' findings", async () => {
    const lines: string[] = [];
    const result = await runDetectors(
      [
        {
          name: "broken",
          run: () => {
            throw new TypeError("Cannot read 'ada@example.com' of undefined");
          },
        },
        { name: "costs", run: () => detectMissingCosts(10, 5, "2026-11-29", 30) },
      ],
      (line) => lines.push(line),
    );
    expect(result.failed).toEqual(["broken"]);
    expect(result.findings.map((f) => f.kind)).toEqual(["missing-costs"]);
    expect(lines).toEqual(["[insights] detector broken failed (TypeError); skipped"]);
  });
});
