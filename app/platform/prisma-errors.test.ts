// Which database errors are a lost race (answered 503 with Retry-After) rather than a fault.
import { describe, expect, it } from "vitest";
import { isContention, isUniqueViolation } from "./prisma-errors";

describe("prisma errors", () => {
  it("tells contention (SQLite busy, timeouts, serialization failures) from other errors", () => {
    for (const code of ["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "P1008", "P2028", "P2034"])
      expect([code, isContention({ code })]).toEqual([code, true]);
    for (const value of [{ code: "P2002" }, { code: "P2025" }, new Error("boom"), null, "SQLITE_BUSY"])
      expect(isContention(value)).toBe(false);
    expect(isUniqueViolation({ code: "P2002" })).toBe(true);
  });
});
