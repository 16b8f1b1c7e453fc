// The header search endpoint through the real authentication: a shop finds its own
// invoices, products and customers, case-insensitively, and never another shop's rows.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct, createShop } from "~tests/factories";
import { bearerRequest, installSession, withToken } from "~tests/shopify";
import { loader } from "~/routes/api.search";
import { RESULTS_PER_GROUP } from "~/features/search/search.server";
import type { SearchResults } from "~/features/search";

const A = "search-a.myshopify.com";
const B = "search-b.myshopify.com";
let shopA: { id: string };
let shopB: { id: string };
let sequence = 0;

async function invoice(shopId: string, number: string, customerName: string, customerEmail: string) {
  return prisma.invoice.create({
    data: {
      shopId,
      number,
      sequence: ++sequence,
      customerName,
      customerEmail,
      currency: "USD",
      subtotalMinor: 100_00,
      taxMinor: 0,
      shippingMinor: 0,
      totalMinor: 100_00,
      issueDate: "2026-01-05",
      dueInDays: 30,
      dueDate: "2026-02-04",
      publicToken: `token-${number}-${shopId}`,
    },
  });
}

async function customer(shopId: string, firstName: string, lastName: string, email: string) {
  return prisma.customer.create({ data: { shopId, firstName, lastName, email } });
}

async function search(shop: string, q: string | null): Promise<Response> {
  const path = q === null ? "/api/search" : `/api/search?q=${encodeURIComponent(q)}`;
  return (await loader({ request: await bearerRequest(shop, path), params: {}, context: {} })) as Response;
}

async function found(shop: string, q: string): Promise<SearchResults> {
  const res = await search(shop, q);
  expect(res.status).toBe(200);
  return res.json();
}

const titles = (r: SearchResults) => ({
  invoices: r.invoices.map((h) => h.title),
  products: r.products.map((h) => h.title),
  customers: r.customers.map((h) => h.title),
});

let invoiceA: { id: string };

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B" });
  await installSession(A);
  await installSession(B);
  invoiceA = await invoice(shopA.id, "INV-0042", "Jane Sharedname", "jane@alpha.test");
  await invoice(shopB.id, "INV-0042", "Bob Sharedname", "bob@beta.test");
  await createProduct(shopA.id, { title: "Sharedname Headphones", sku: "ALPHA-HP-1" });
  await createProduct(shopB.id, { title: "Sharedname Speaker", sku: "BETA-SP-1" });
  await createProduct(shopB.id, { title: "Keyboard", sku: "ALPHA-HP-2" });
  await customer(shopA.id, "Ann", "Sharedname", "ann@alpha.test");
  await customer(shopB.id, "Bea", "Sharedname", "bea@beta.test");
  await customer(shopB.id, "Cy", "Other", "ann@alpha.test.example");
});

describe("GET /api/search", () => {
  it("finds the shop's own rows in every group, and none of another shop's", async () => {
    expect(titles(await found(A, "sharedname"))).toEqual({
      invoices: ["INV-0042 · Jane Sharedname"],
      products: ["Sharedname Headphones"],
      customers: ["Ann Sharedname"],
    });
    expect(titles(await found(B, "sharedname"))).toEqual({
      invoices: ["INV-0042 · Bob Sharedname"],
      products: ["Sharedname Speaker"],
      customers: ["Bea Sharedname"],
    });
    // A SKU, an e-mail and an invoice number that exist in both shops resolve to each shop's own rows.
    expect(titles(await found(A, "alpha-hp")).products).toEqual(["Sharedname Headphones"]);
    expect(titles(await found(B, "alpha-hp")).products).toEqual(["Keyboard"]);
    expect(titles(await found(A, "ann@alpha")).customers).toEqual(["Ann Sharedname"]);
    expect(titles(await found(B, "ann@alpha")).customers).toEqual(["Cy Other"]);
    expect((await found(A, "inv-0042")).invoices.map((h) => h.url)).toEqual([`/app/invoices/${invoiceA.id}`]);
  });

  it("matches any part, in any case, of the number, customer name or e-mail", async () => {
    for (const q of ["INV-0042", "inv-0042", "0042", "JANE", "ane share", "JANE@ALPHA.TEST", "alpha.test"])
      expect(titles(await found(A, q)).invoices, q).toEqual(["INV-0042 · Jane Sharedname"]);
  });

  it("finds a product by title or SKU and a customer by full name or e-mail", async () => {
    const bySku = await found(A, "hp-1");
    expect(bySku.products).toEqual([
      expect.objectContaining({
        title: "Sharedname Headphones",
        detail: "SKU ALPHA-HP-1 · Product costs",
        url: "/costs",
      }),
    ]);
    const byName = (await found(A, "ann sharedname")).customers;
    expect(byName.map((h) => h.title)).toEqual(["Ann Sharedname"]);
    // A customer opens their own page.
    expect(byName[0]!.url).toBe(`/customers/${byName[0]!.id}`);
  });

  it("takes LIKE wildcards literally", async () => {
    expect(titles(await found(A, "%"))).toEqual({ invoices: [], products: [], customers: [] });
    expect(titles(await found(A, "_"))).toEqual({ invoices: [], products: [], customers: [] });
    expect(titles(await found(A, "inv!0042"))).toEqual({ invoices: [], products: [], customers: [] });
  });

  it(`answers at most ${RESULTS_PER_GROUP} rows per group, an exact invoice number first`, async () => {
    const shop = await createShop({ domain: "search-many.myshopify.com" });
    await installSession("search-many.myshopify.com");
    for (let i = 1; i <= RESULTS_PER_GROUP + 3; i++)
      await invoice(shop.id, `INV-${String(i).padStart(4, "0")}`, "Many", "m@x.test");
    const all = await found("search-many.myshopify.com", "inv-");
    expect(all.invoices).toHaveLength(RESULTS_PER_GROUP);
    // The newest first, but an exact number before the rest.
    expect(all.invoices[0].title).toBe("INV-0008 · Many");
    expect((await found("search-many.myshopify.com", "INV-0001")).invoices[0].title).toBe("INV-0001 · Many");
  });

  it.each([
    ["no q", null],
    ["an empty q", ""],
    ["a blank q", "   "],
    ["an oversized q", "x".repeat(101)],
    ["a NUL character", "a\u0000b"],
  ])("answers 400 with a field error for %s", async (_, q) => {
    const res = await search(A, q);
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.q).toHaveLength(1);
  });

  it("searches a malformed escape or a repeated q as what the URL decodes to, never a 500", async () => {
    for (const raw of ["q=%E0%A4%A", "q=%FF", "q=jane&q=bob", "q=%25%25"]) {
      const res = (await loader({
        request: await bearerRequest(A, `/api/search?${raw}`),
        params: {},
        context: {},
      })) as Response;
      expect(res.status, raw).toBe(200);
    }
  });

  it("sends a request without a session to log in", async () => {
    let thrown: unknown;
    try {
      await loader({ request: withToken(null, "/api/search?q=jane"), params: {}, context: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/auth/login");
  });
});
