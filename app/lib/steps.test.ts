import { describe, expect, it } from "vitest";
import { runToEnd, runYielding } from "./steps";

function* count(to: number, spinMs = 0): Generator<void, number, void> {
  let n = 0;
  for (let i = 0; i < to; i++) {
    const until = performance.now() + spinMs;
    while (performance.now() < until);
    n++;
    yield;
  }
  return n;
}

describe("steps", () => {
  it("runToEnd returns what the generator returns", () => {
    expect(runToEnd(count(5))).toBe(5);
  });

  it("runYielding returns the same and lets other work run between slices", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const result = await runYielding(count(40, 2), 5);
    clearInterval(timer);
    expect(result).toBe(40);
    expect(ticks).toBeGreaterThan(0);
  });

  it("runYielding without a long step never gives up its turn", async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    expect(await runYielding(count(1000), 1_000)).toBe(1000);
    expect(ran).toBe(false);
  });
});
