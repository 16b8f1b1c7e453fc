import { describe, expect, it } from "vitest";
import { updatedAgo } from "./updated-ago";

describe("updatedAgo", () => {
  const now = "2026-11-29T12:00:00.000Z";
  it("counts from the last run's end", () => {
    expect(updatedAgo("2026-11-29T11:59:40.000Z", now)).toBe("Updated just now");
    expect(updatedAgo("2026-11-29T11:55:00.000Z", now)).toBe("Updated 5 minutes ago");
    expect(updatedAgo("2026-11-29T11:59:00.000Z", now)).toBe("Updated 1 minute ago");
    expect(updatedAgo("2026-11-29T09:00:00.000Z", now)).toBe("Updated 3 hours ago");
    expect(updatedAgo("2026-11-25T12:00:00.000Z", now)).toBe("Updated 4 days ago");
    expect(updatedAgo(null, now)).toBe("Not generated yet");
  });
});
