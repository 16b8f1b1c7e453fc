// The search through the trigram index (decision 060) finds exactly what a plain substring
// test over the customers' names and e-mails finds, on both engines; one or two characters
// match the start of the name; the index follows renames and removals; never another shop's.
import { beforeAll, describe, expect, it } from "vitest";
import { dialect, prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { listCustomers } from "./list.server";
import { COMMON_MATCHES } from "./search.server";
import { recomputeShop } from "./recompute.server";
import { rescoreCustomer } from "./rescore.server";

const PEOPLE: [string | null, string | null, string | null][] = [
  ["Ada", "Lovelace", "ada@example.com"],
  ["Grace", "Hopper", "grace.hopper@example.com"],
  ["Alan", "Turing", "alan_t@example.org"],
  ["Zoë", "Ångström", "zoe@exämple.de"],
  ["Big", "Sale 50%", "deals%50@example.net"],
  ["Back\\slash", "O'Brien", 'quote"d@example.com'],
  [null, null, "nameless@example.com"],
  ["Madison", "Jackson", "mj@example.com"],
];

let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  shop = await createShop();
  other = await createShop();
  for (const [firstName, lastName, email] of PEOPLE)
    await prisma.customer.create({ data: { shopId: shop.id, firstName, lastName, email } });
  await prisma.customer.create({ data: { shopId: other.id, firstName: "Ada", lastName: "Other", email: "ada@o.com" } });
  await recomputeShop(shop);
  await recomputeShop(other);
});

const search = async (q: string, s = shop) =>
  (await listCustomers(s, { segment: null, q, sort: "name", dir: "asc", page: 1 }, 100)).rows.map((r) => r.email);

/** What a substring search should find, computed without the database. */
const expected = (q: string) =>
  PEOPLE.filter(([first, last, email]) =>
    `${[first, last].filter(Boolean).join(" ")} ${email ?? ""}`.toLowerCase().includes(q.toLowerCase()),
  )
    .map((p) => p[2])
    .sort();

describe("customer search", () => {
  it("finds exactly the customers whose name or e-mail contains the text, case-insensitively", async () => {
    for (const q of ["ada", "LOVE", "son", "example", "example.org", "ace hop", "zoë", "ÅNGS", "xyzzy", "a l"])
      expect([...(await search(q))].sort(), q).toEqual(expected(q));
  });

  it("treats %, _, \\ and quotes as text", async () => {
    for (const q of ["50%", "%50", "n_t", "_t@", "k\\sl", 'e"d', "o'br", "%%%", "___"])
      expect([...(await search(q))].sort(), q).toEqual(expected(q));
  });

  it("matches one or two characters at the start of the name, or of the e-mail without a name", async () => {
    expect(await search("a")).toEqual(["ada@example.com", "alan_t@example.org"]);
    expect(await search("GR")).toEqual(["grace.hopper@example.com"]);
    expect(await search("na")).toEqual(["nameless@example.com"]);
    expect(await search("zo")).toEqual(["zoe@exämple.de"]);
    expect(await search("%")).toEqual([]);
  });

  it("never finds another shop's customers", async () => {
    expect(await search("other")).toEqual([]);
    expect(await search("ada", other)).toEqual(["ada@o.com"]);
  });

  it("follows a rename and a removal", async () => {
    const grace = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, firstName: "Grace" } });
    await prisma.customer.update({ where: { id: grace.id }, data: { lastName: "Brewster" } });
    await rescoreCustomer(prisma, shop, grace.id);
    expect(await search("brews")).toEqual(["grace.hopper@example.com"]);
    expect(await search("race hop")).toEqual([]);
    await prisma.customer.update({ where: { id: grace.id }, data: { redactedAt: new Date() } });
    await rescoreCustomer(prisma, shop, grace.id);
    expect(await search("brews")).toEqual([]);
    // A whole-shop recompute changes nothing the index holds, and keeps it in step.
    await recomputeShop(shop);
    expect(await search("brews")).toEqual([]);
    expect(await search("son")).toEqual(["mj@example.com"]);
  });

  it("searches a text found in thousands of rows by reading the list in order, with the same answer", async () => {
    const many = await createShop();
    await prisma.customer.createMany({
      data: Array.from({ length: COMMON_MATCHES + 50 }, (_, i) => ({
        shopId: many.id,
        firstName: "Common",
        lastName: `Person${String(i).padStart(4, "0")}`,
        email: i === 7 ? "rare.bird@example.com" : `p${i}@example.com`,
      })),
    });
    await recomputeShop(many);
    const query = { segment: null, sort: "name", dir: "asc", page: 1 } as const;
    const common = await listCustomers(many, { ...query, q: "COMMON PERSON" }, 25, 1000);
    expect(common).toMatchObject({ capped: true, total: 1000 });
    expect(common.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Common Person${String(i).padStart(4, "0")}`),
    );
    const page = await listCustomers(many, { ...query, q: "person", page: 82 }, 25, 10_000);
    expect(page).toMatchObject({ capped: false, total: COMMON_MATCHES + 50 });
    expect(page.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Common Person${String(2025 + i).padStart(4, "0")}`),
    );
    expect((await listCustomers(many, { ...query, q: "rare.b" })).rows.map((r) => r.email)).toEqual([
      "rare.bird@example.com",
    ]);
    // Two characters at the start of thousands of names: the same answer through the list's order.
    const prefix = await listCustomers(many, { ...query, q: "Co", dir: "desc" }, 25, 1000);
    expect(prefix).toMatchObject({ capped: true, total: 1000 });
    expect(prefix.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Common Person${String(2049 - i).padStart(4, "0")}`),
    );
    // The common text of that shop finds nothing here.
    expect(await search("person")).toEqual([]);
  });

  it.runIf(dialect === "sqlite")(
    "keeps the index's triggers (a migration that copies CustomerScore must recreate them)",
    async () => {
      const triggers = await prisma.$queryRawUnsafe<{ name: string }[]>(
        `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'CustomerScore' AND name LIKE '%_search_%' ORDER BY name`,
      );
      expect(triggers.map((t) => t.name)).toEqual([
        "CustomerScore_search_delete",
        "CustomerScore_search_insert",
        "CustomerScore_search_update",
      ]);
      const [counts] = await prisma.$queryRawUnsafe<{ scores: number; indexed: number }[]>(
        `SELECT (SELECT COUNT(*) FROM "CustomerScore") AS scores, (SELECT COUNT(*) FROM "CustomerScoreSearch") AS indexed`,
      );
      expect(Number(counts!.indexed)).toBe(Number(counts!.scores));
    },
  );
});
