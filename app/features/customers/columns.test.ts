// The recompute's columns (decision 067, third pass) hold each customer's summary exactly, and
// say whether it holds as validFor does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnBuilder } from "~/lib/columns";
import { slides as slidesInColumns, staleSummaries, SummaryColumns } from "./columns";
import { slideWindow, summarize, SUMMARY_FIELDS, validFor, windowOf, type OrderSummary } from "./summary";

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);

const summaries = fc.array(
  fc.option(
    fc.record({
      orders: fc.array(
        fc.record({ t: fc.integer({ min: 0, max: 900 * DAY }), net: fc.integer({ min: -500, max: 90_000 }) }),
        { minLength: 1, maxLength: 8 },
      ),
      taken: fc.integer({ min: 0, max: 1000 * DAY }),
    }),
    { nil: null },
  ),
  { minLength: 1, maxLength: 40 },
);

const summaryOf = (e: { orders: { t: number; net: number }[]; taken: number } | null): OrderSummary | null =>
  e
    ? summarize(
        e.orders.map((o) => START + o.t),
        e.orders.map((o) => o.net),
        START + e.taken,
      )
    : null;

/** Whether a summary's window slides to `atMs` by its look-ahead (slideWindow), as the recompute asks it. */
const slides = (s: OrderSummary, atMs: number) => slideWindow(windowOf(s), s.lastOrderMs, atMs);

describe("summary columns", () => {
  it("give back every summary set or read from stored values into columns, and agree with validFor (property)", () => {
    fc.assert(
      fc.property(summaries, fc.integer({ min: 0, max: 1500 * DAY }), (entries, at) => {
        const set = new SummaryColumns(2);
        const read = new SummaryColumns(2);
        const all = entries.map(summaryOf);
        // As the recompute reads them: the stored values of each row, into columns.
        const rows = columnBuilder(SUMMARY_FIELDS.map(() => "number"));
        all.forEach((s, i) => {
          set.set(i, s);
          rows.add(SUMMARY_FIELDS.map((f) => (s ? s[f] : null)));
        });
        const columns = rows.done().columns as Float64Array[];
        read.setColumns(all.length, columns);
        // The positions whose window moved, from the read columns, skipping the odd ones; of
        // them, those whose look-ahead reaches (the rest a recompute reads again).
        const odd = (i: number) => i % 2 === 1;
        const stale = staleSummaries(columns, all.length, START + at, odd);
        expect(stale).toEqual(all.flatMap((s, i) => (s && !odd(i) && !validFor(s, START + at) ? [i] : [])));
        expect(stale.filter((p) => slidesInColumns(columns, p, START + at))).toEqual(
          stale.filter((p) => slides(all[p]!, START + at)),
        );
        expect(set.length).toBe(all.length);
        all.forEach((s, i) => {
          expect(set.at(i)).toEqual(s);
          expect(read.at(i)).toEqual(s);
          if (s) expect(set.validFor(i, START + at)).toBe(validFor(s, START + at));
        });
        // A stale summary slides in the columns as slideWindow says, to the window taken from
        // the orders at that instant (the order after a new edge aside: it may not be known).
        all.forEach((s, i) => {
          if (!s || validFor(s, START + at)) return;
          const moved = set.slide(i, START + at);
          expect(moved).toBe(slides(s, START + at));
          const after = set.at(i)!;
          if (!moved) return expect(after).toEqual(s);
          const e = entries[i]!;
          const direct = summarize(
            e.orders.map((o) => START + o.t),
            e.orders.map((o) => o.net),
            START + at,
          )!;
          expect({ ...after, nextEdgeMs: direct.nextEdgeMs, nextNetMinor: direct.nextNetMinor }).toEqual(direct);
        });
      }),
    );
  });

  it("clear a position set again without orders", () => {
    const cols = new SummaryColumns(1);
    cols.set(0, summarize([START, START + 3 * DAY], [1_000, 2_000], START + 4 * DAY));
    cols.set(0, null);
    expect(cols.at(0)).toBeNull();
    expect(cols.windowNetMinor[0]).toBe(0);
  });
});
