import { describe, expect, it } from "vitest";
import { countLine } from "./CustomerCountLine";

describe("the customers count line", () => {
  it("names the redacted customers left out and those not scored yet", () => {
    expect(countLine({ stored: 3003, redacted: 27, customers: 2976, listed: 2976 })).toBe(
      "2,976 customers · 27 redacted not counted (personal data erased at their request)",
    );
    expect(countLine({ stored: 10, redacted: 0, customers: 10, listed: 8 })).toBe(
      "10 customers · 2 awaiting their first score",
    );
    expect(countLine({ stored: 1, redacted: 0, customers: 1, listed: 1 })).toBe("1 customer");
  });
});
