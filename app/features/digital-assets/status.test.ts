import { describe, expect, it } from "vitest";
import { canMove, displayStatus, issuable } from "./status";

describe("collection status", () => {
  it("is sold out exactly when an active collection has issued its whole supply", () => {
    expect(displayStatus({ status: "active", issued: 9, supply: 10 })).toBe("active");
    expect(displayStatus({ status: "active", issued: 10, supply: 10 })).toBe("sold-out");
    expect(displayStatus({ status: "paused", issued: 10, supply: 10 })).toBe("paused");
  });
  it("allows draft → active ⇄ paused and nothing else", () => {
    expect(canMove("draft", "active")).toBe(true);
    expect(canMove("active", "paused")).toBe(true);
    expect(canMove("paused", "active")).toBe(true);
    expect(canMove("active", "draft")).toBe(false);
    expect(canMove("paused", "draft")).toBe(false);
    expect(canMove("bogus", "active")).toBe(false);
  });
  it("never issues past the supply", () => {
    expect(issuable({ issued: 8, supply: 10 }, 5)).toBe(2);
    expect(issuable({ issued: 10, supply: 10 }, 1)).toBe(0);
    expect(issuable({ issued: 0, supply: 10 }, 3)).toBe(3);
  });
});
