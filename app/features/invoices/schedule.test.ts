import { describe, expect, it } from "vitest";
import { dueReminderStep, isPastDue, nthIssueDate } from "~/features/invoices/schedule";
import { canTransition, merchantActions, statusTone } from "~/features/invoices/status";

describe("invoice calendar", () => {
  it("steps recurring invoices by interval, clamping month ends to the anchor", () => {
    expect(nthIssueDate("2026-01-31", "monthly", 1)).toBe("2026-02-28");
    expect(nthIssueDate("2026-01-31", "monthly", 2)).toBe("2026-03-31");
    expect(nthIssueDate("2026-11-15", "monthly", 2)).toBe("2027-01-15");
    expect(nthIssueDate("2024-02-29", "yearly", 1)).toBe("2025-02-28");
    expect(nthIssueDate("2026-03-01", "weekly", 1)).toBe("2026-03-08");
    expect(nthIssueDate("2026-12-31", "daily", 1)).toBe("2027-01-01");
  });

  it("sends reminders on days 3, 7 and 14 after sending, the latest due one only", () => {
    expect(dueReminderStep("2026-06-01", "2026-06-03", 0)).toBeNull();
    expect(dueReminderStep("2026-06-01", "2026-06-04", 0)).toBe(3);
    expect(dueReminderStep("2026-06-01", "2026-06-05", 3)).toBeNull();
    expect(dueReminderStep("2026-06-01", "2026-06-08", 3)).toBe(7);
    expect(dueReminderStep("2026-06-01", "2026-06-20", 0)).toBe(14);
    expect(dueReminderStep("2026-06-01", "2026-07-20", 14)).toBeNull();
  });

  it("is overdue the day after the due date", () => {
    expect(isPastDue("2026-06-08", "2026-06-08")).toBe(false);
    expect(isPastDue("2026-06-08", "2026-06-09")).toBe(true);
  });
});

describe("invoice status machine", () => {
  it("allows only the listed transitions", () => {
    expect(canTransition("draft", "send")).toBe(true);
    expect(canTransition("sent", "send")).toBe(false);
    expect(canTransition("sent", "markPaid")).toBe(true);
    expect(canTransition("overdue", "markPaid")).toBe(true);
    expect(canTransition("draft", "markPaid")).toBe(false);
    expect(canTransition("paid", "void")).toBe(false);
    expect(canTransition("overdue", "void")).toBe(true);
    expect(canTransition("sent", "markOverdue")).toBe(true);
    expect(canTransition("paid", "markOverdue")).toBe(false);
    expect(merchantActions("draft")).toEqual(["send"]);
    expect(merchantActions("sent")).toEqual(["markPaid", "void"]);
    expect(merchantActions("paid")).toEqual([]);
  });

  it("colours badges per the spec", () => {
    expect(statusTone("paid")).toBe("success");
    expect(statusTone("sent")).toBe("info");
    expect(statusTone("overdue")).toBe("critical");
    expect(statusTone("draft")).toBeUndefined();
    expect(statusTone("void")).toBe("read-only");
  });
});
