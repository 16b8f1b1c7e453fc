import { describe, expect, it } from "vitest";
import { ALL_NAV } from "~/components/navigation";
import { SCREENS, matchScreens, normalizeQuery } from "~/features/search/screens";
import { searchQuerySchema } from "~/features/search/schema";

const urls = (q: string) => matchScreens(q).map((s) => s.url);

describe("matchScreens", () => {
  it.each([
    ["revenue", "/dashboard"],
    ["REVENUE", "/dashboard"],
    ["  Revenue ", "/dashboard"],
    ["aov", "/dashboard"],
    ["cogs", "/costs"],
    ["expenses", "/costs"],
    ["cost of goods", "/costs"],
    ["margin", "/costs"],
    ["plan", "/settings?tab=plan"],
    ["billing", "/settings?tab=plan"],
    ["subscription", "/settings?tab=plan"],
    ["outbox", "/app/outbox"],
    ["email", "/app/outbox"],
    ["e-mail", "/app/outbox"],
    ["stripe", "/settings?tab=integrations"],
    ["import", "/settings?tab=data"],
    ["overdue", "/app/invoices"],
    ["order profit", "/costs/orders"],
    ["product margin", "/costs/products"],
    ["google ads", "/costs/ad-spend"],
    ["tiktok", "/costs/ad-spend"],
    ["transaction fees", "/costs/fees"],
  ])("%s finds %s", (q, url) => {
    expect(urls(q)).toContain(url);
  });

  it("puts a screen whose name matches before screens that only have the word as a keyword", () => {
    // "profit" is Costs & Profit's name and one of the dashboard's keywords (net profit).
    expect(urls("profit")).toEqual(["/costs", "/costs/orders", "/costs/products", "/dashboard"]);
    expect(urls("invoice")[0]).toBe("/app/invoices");
  });

  it("finds a screen by a keyword followed by more words", () => {
    expect(urls("expenses march")).toEqual(["/costs"]);
    // …but not by a two-letter keyword prefix of an unrelated word.
    expect(urls("zz top")).toEqual([]);
  });

  it("ignores accents and repeated spaces", () => {
    expect(normalizeQuery("  Révenue   Trend ")).toBe("revenue trend");
    expect(urls("révenue")).toEqual(["/dashboard"]);
  });

  it("finds Digital Assets by what it holds", () => {
    expect(urls("nft")).toEqual(["/digital-assets"]);
    expect(urls("blockchain")).toEqual(["/digital-assets"]);
  });

  it("finds nothing for an empty query or words no screen has", () => {
    expect(urls("")).toEqual([]);
    expect(urls("   ")).toEqual([]);
    expect(urls("quantum")).toEqual([]);
  });

  it("caps the number of screens", () => {
    expect(matchScreens("s", 3)).toHaveLength(3);
  });

  it("lists every sidebar screen, and only admin URLs", () => {
    for (const item of ALL_NAV) expect(SCREENS.map((s) => s.url)).toContain(item.url);
    for (const screen of SCREENS)
      expect(screen.url).toMatch(
        /^\/(dashboard|analytics|ai-insights|customers|inventory|costs|digital-assets|loyalty|app\/|privacy|settings)/,
      );
    // Keywords are matched lower-cased.
    for (const screen of SCREENS) for (const k of screen.keywords) expect(k).toBe(normalizeQuery(k));
  });
});

describe("searchQuerySchema", () => {
  it("trims the query and refuses empty, oversized and unstorable ones", () => {
    expect(searchQuerySchema.parse({ q: "  INV-0001 " })).toEqual({ q: "INV-0001" });
    expect(searchQuerySchema.safeParse({ q: "   " }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "x".repeat(101) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "x".repeat(100) }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ q: "a\u0000b" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "\uD800" }).success).toBe(false);
  });
});
