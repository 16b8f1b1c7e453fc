// The history screen's read: past insights (done, dismissed with the reason, snoozed, expired)
// with dates in the shop's time zone, a page of 20, one shop only, the open ones left out.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { insightHistory } from "./list.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;

const row = (shopId: string, i: number, over: Record<string, unknown>) => ({
  shopId,
  category: "inventory",
  kind: "stockout",
  subjectType: "variant",
  subjectId: `v-${i}`,
  title: `Insight ${i}`,
  description: "…",
  facts: "{}",
  confidence: 0.8,
  band: "High",
  evidence: "{}",
  status: "new",
  firstSeenAt: new Date("2026-05-01T12:00:00Z"),
  // Later i, later found: the list is most recently found first.
  lastSeenAt: new Date(Date.UTC(2026, 5, 1, 12) + i * 3_600_000),
  ...over,
});

beforeAll(async () => {
  a = await createShop({ timezone: "America/New_York" });
  b = await createShop();
  await prisma.insight.createMany({
    data: [
      // 02:00 UTC on June 10 is still June 9 in New York.
      row(a.id, 100, {
        status: "dismissed",
        dismissReason: "already-handled",
        statusChangedAt: new Date("2026-06-10T02:00:00Z"),
      }),
      row(a.id, 99, {
        status: "snoozed",
        snoozedUntil: "2026-07-01",
        statusChangedAt: new Date("2026-06-09T15:00:00Z"),
      }),
      row(a.id, 98, { status: "seen", current: false }),
      // Open and current: on the screen, not in the history.
      row(a.id, 97, { status: "new" }),
      row(a.id, 96, { status: "seen" }),
      ...Array.from({ length: 22 }, (_, i) =>
        row(a.id, i, { status: "done", statusChangedAt: new Date("2026-06-02T12:00:00Z") }),
      ),
      row(b.id, 200, { status: "done", title: "Another shop's" }),
    ],
  });
});

describe("insightHistory", () => {
  it("lists closed, snoozed and expired insights with their reason and dates in the shop's zone", async () => {
    const first = await insightHistory(a, 1);
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows.slice(0, 3)).toMatchObject([
      { title: "Insight 100", outcome: "dismissed", reason: "Already handled", changed: "Jun 9, 2026" },
      { title: "Insight 99", outcome: "snoozed", snoozedUntil: "Jul 1, 2026", changed: "Jun 9, 2026" },
      { title: "Insight 98", outcome: "expired", reason: null, changed: null, firstFound: "May 1, 2026" },
    ]);
    expect(first.rows[3]).toMatchObject({ title: "Insight 21", outcome: "done" });
  });

  it("pages, and never shows another shop's", async () => {
    const second = await insightHistory(a, 2);
    expect(second.rows.map((r) => r.title)).toEqual(["Insight 4", "Insight 3", "Insight 2", "Insight 1", "Insight 0"]);
    expect((await insightHistory(b, 1)).rows.map((r) => r.title)).toEqual(["Another shop's"]);
  });
});
