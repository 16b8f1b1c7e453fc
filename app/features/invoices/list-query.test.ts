import { describe, expect, it } from "vitest";
import { clampPage, listQueryParams, MAX_QUERY_LENGTH, parseListQuery } from "~/features/invoices/list-query";

const parse = (search: string) => parseListQuery(new URLSearchParams(search));

describe("invoice list query", () => {
  it("reads status, search and page from the URL", () => {
    expect(parse("status=overdue&q=%20ada%20&page=3")).toEqual({ status: "overdue", q: "ada", page: 3 });
    expect(parse("status=void")).toEqual({ status: "void", q: "", page: 1 });
  });

  it("falls back to All, no search and page 1 for anything it cannot read", () => {
    expect(parse("status=archived&page=-2")).toEqual({ status: "all", q: "", page: 1 });
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=99999999999999999999").page).toBe(1);
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(MAX_QUERY_LENGTH);
  });

  it("writes the query back without its defaults", () => {
    expect(listQueryParams({ status: "all", q: "", page: 1 }).toString()).toBe("");
    expect(listQueryParams({ status: "paid", q: "Ada L", page: 2 }).toString()).toBe("status=paid&q=Ada+L&page=2");
    expect(parse(listQueryParams({ status: "draft", q: "INV-0042", page: 4 }).toString())).toEqual({
      status: "draft",
      q: "INV-0042",
      page: 4,
    });
  });

  it("shows the last page when asked past the end", () => {
    expect(clampPage(3, 62, 20)).toBe(3);
    expect(clampPage(9, 62, 20)).toBe(4);
    expect(clampPage(5, 0, 20)).toBe(1);
  });
});
