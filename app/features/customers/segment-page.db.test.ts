// The public API's pages of a segment's customers (customersBySegmentPage): most valuable first,
// ties by id, walked with starting_after to the end without a row twice or missed; a cursor of
// another segment or shop is refused; another shop's rows never appear.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { customersBySegmentPage } from "./index.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;

// [id, segment, spent]: ties on spend within and across segments, ids out of spend order.
const ROWS: [string, string, number][] = [
  ["seg-c", "VIP", 50_000],
  ["seg-a", "VIP", 50_000],
  ["seg-e", "VIP", 90_000],
  ["seg-b", "Regular", 50_000],
  ["seg-d", "VIP", 1_000],
  ["seg-f", "VIP", 50_000],
  ["seg-g", "Regular", 70_000],
];

async function customer(shopId: string, id: string, segment: string, spent: number, name: [string, string] | null) {
  await prisma.customer.create({
    data: {
      id,
      shopId,
      email: `${id}@example.com`,
      firstName: name?.[0] ?? null,
      lastName: name?.[1] ?? null,
    },
  });
  await prisma.customerScore.create({
    data: {
      shopId,
      customerId: id,
      searchText: "",
      sortName: "",
      orders: 3,
      totalSpentMinor: spent,
      lastOrderAt: new Date("2026-11-02T10:00:00Z"),
      frequency: 3,
      monetaryMinor: spent,
      segment,
      rule: "",
      computedAt: new Date(),
    },
  });
}

/** Every page of `limit` rows, following starting_after. */
async function walk(s: Shop, segment: "VIP" | null, limit: number) {
  const ids: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const page = await customersBySegmentPage(s, segment, limit, after);
    if (!page) throw new Error("cursor refused");
    ids.push(...page.rows.map((r) => r.id));
    if (!page.hasMore) return ids;
    after = page.rows.at(-1)!.id;
  }
  throw new Error("no last page");
}

beforeAll(async () => {
  shop = await createShop();
  other = await createShop();
  for (const [id, segment, spent] of ROWS)
    await customer(shop.id, `${shop.id}-${id}`, segment, spent, id === "seg-d" ? null : ["Ada", id]);
  // Another shop's VIP who outspends everyone.
  await customer(other.id, `${other.id}-seg-z`, "VIP", 999_999, ["Zed", "Other"]);
});

describe("customersBySegmentPage", () => {
  const ids = (...names: string[]) => names.map((n) => `${shop.id}-${n}`);

  it("walks a segment most valuable first, ties by id, to the end in any page size", async () => {
    const vip = ids("seg-e", "seg-a", "seg-c", "seg-f", "seg-d");
    for (const limit of [1, 2, 3, 5, 10]) expect(await walk(shop, "VIP", limit)).toEqual(vip);
    expect(await walk(shop, null, 2)).toEqual(ids("seg-e", "seg-g", "seg-a", "seg-b", "seg-c", "seg-f", "seg-d"));
  });

  it("answers the columns the API shows", async () => {
    const page = await customersBySegmentPage(shop, "VIP", 2);
    expect(page?.hasMore).toBe(true);
    expect(page?.rows[0]).toEqual({
      id: `${shop.id}-seg-e`,
      name: "Ada seg-e",
      email: `${shop.id}-seg-e@example.com`,
      orders: 3,
      totalSpentMinor: 90_000,
      lastOrderAt: "2026-11-02T10:00:00.000Z",
      segment: "VIP",
    });
    const last = await customersBySegmentPage(shop, "VIP", 1, `${shop.id}-seg-f`);
    // A customer without a name is shown by e-mail.
    expect(last?.rows.map((r) => r.name)).toEqual([`${shop.id}-seg-d@example.com`]);
    expect(last?.hasMore).toBe(false);
  });

  it("refuses a cursor of another segment or another shop, and never shows another shop's rows", async () => {
    expect(await customersBySegmentPage(shop, "VIP", 5, `${shop.id}-seg-b`)).toBeNull();
    expect(await customersBySegmentPage(shop, "VIP", 5, `${other.id}-seg-z`)).toBeNull();
    expect(await customersBySegmentPage(shop, null, 5, "no-such-customer")).toBeNull();
    expect((await customersBySegmentPage(other, null, 10))?.rows.map((r) => r.id)).toEqual([`${other.id}-seg-z`]);
  });
});
