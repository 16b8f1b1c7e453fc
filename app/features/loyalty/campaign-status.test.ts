import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_ACTIONS,
  campaignActions,
  campaignStatus,
  canChangeCampaign,
  illegalCampaignChange,
} from "~/features/loyalty/campaign-status";

/** A campaign as createCampaign stores the form's store days. */
const stored = (from: string, to: string, more: { pausedAt?: Date; endedAt?: Date } = {}) => ({
  startsAt: new Date(`${from}T00:00:00.000Z`),
  endsAt: new Date(`${to}T23:59:59.999Z`),
  pausedAt: more.pausedAt ?? null,
  endedAt: more.endedAt ?? null,
});

describe("campaignStatus", () => {
  it("follows the store days entered, inclusive at both ends", () => {
    const c = stored("2026-09-15", "2026-09-18");
    expect(campaignStatus(c, "2026-09-14")).toBe("scheduled");
    expect(campaignStatus(c, "2026-09-15")).toBe("active");
    expect(campaignStatus(c, "2026-09-18")).toBe("active");
    expect(campaignStatus(c, "2026-09-19")).toBe("ended");
  });

  it("is paused while paused, ended once ended early or past its last day", () => {
    const at = new Date("2026-09-16T12:00:00Z");
    expect(campaignStatus(stored("2026-09-15", "2026-09-18", { pausedAt: at }), "2026-09-16")).toBe("paused");
    expect(campaignStatus(stored("2026-09-15", "2026-09-18", { pausedAt: at }), "2026-09-19")).toBe("ended");
    expect(campaignStatus(stored("2026-09-15", "2026-09-18", { endedAt: at }), "2026-09-16")).toBe("ended");
  });
});

describe("the lifecycle's transitions", () => {
  it("allows exactly the table", () => {
    const allowed = (s: Parameters<typeof campaignActions>[0]) => campaignActions(s);
    expect(allowed("scheduled")).toEqual(["edit", "pause", "delete"]);
    expect(allowed("active")).toEqual(["edit", "pause", "end", "delete"]);
    expect(allowed("paused")).toEqual(["edit", "resume", "end", "delete"]);
    expect(allowed("ended")).toEqual(["delete"]);
    expect(CAMPAIGN_ACTIONS.every((a) => canChangeCampaign("active", a) === allowed("active").includes(a))).toBe(true);
  });

  it("says why a change is refused", () => {
    expect(illegalCampaignChange("Spring", "scheduled", "end")).toBe(
      "Spring is scheduled; it cannot be ended (it has not started: delete it instead).",
    );
    expect(illegalCampaignChange("Spring", "ended", "edit")).toBe("Spring is ended; it cannot be edited.");
  });
});
