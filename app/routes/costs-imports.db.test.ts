// The import screens' routes as the browser calls them (a signed multipart post): a preview
// writes nothing, a 20 MB file is a 413 with nothing written, a Viewer gets 403 and nothing
// written, an Admin's confirmed import and its undo are audit-logged, and the export is a CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct, createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { action as adSpendAction } from "~/routes/_admin.costs_.ad-spend";
import { action as costAction, loader as costExport } from "~/routes/costs.product-costs";

type Handler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
let shop: { id: string; domain: string };

async function post(
  handler: Handler,
  role: "owner" | "admin" | "viewer",
  path: string,
  fields: Record<string, string>,
  file?: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== undefined) form.set("file", new Blob([file], { type: "text/csv" }), "spend.csv");
  const request = await requestAs(role, shop.domain, path, { method: "POST", body: form });
  const result = (await handler({ request, params: {}, context: {} })) as {
    data?: unknown;
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, body: (result.data ?? result) as Record<string, unknown> };
}

const CSV =
  "date,channel,campaign,spend,currency\n2026-06-01,bing,a,10,USD\n2026-06-01,bing,b,5,USD\n2026-06-02,bing,a,oops,USD\n";

beforeAll(async () => {
  shop = await createShop({ domain: "imports.myshopify.com" });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
  await createProduct(shop.id, { title: "Alpha", sku: "A", priceMinor: 10_00, unitCostMinor: 4_00 });
});

describe("ad spend import route", () => {
  it("previews without writing, refuses a Viewer with 403, imports and undoes for an Admin", async () => {
    const before = await tableCounts();
    const preview = await post(adSpendAction as never, "admin", "/costs/ad-spend", { intent: "preview" }, CSV);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      ok: true,
      summary: { counts: { new: 1, changed: 0, unchanged: 0, refused: 1 }, refused: [{ line: 4 }] },
    });
    expect(await tableCounts()).toEqual(before);

    for (const intent of ["preview", "import", "undo", "addSpend"]) {
      const refused = await post(
        adSpendAction as never,
        "viewer",
        "/costs/ad-spend",
        { intent, day: "2026-06-01", channel: "x", amount: "1" },
        CSV,
      );
      expect(refused.status).toBe(403);
    }
    expect(await tableCounts()).toEqual(before);

    const imported = await post(adSpendAction as never, "admin", "/costs/ad-spend", { intent: "import" }, CSV);
    expect(imported.body).toMatchObject({ ok: true, written: 1 });
    expect(
      await prisma.adSpendDay.findMany({ where: { shopId: shop.id }, select: { day: true, amountMinor: true } }),
    ).toEqual([{ day: "2026-06-01", amountMinor: 15_00 }]);
    expect((await post(adSpendAction as never, "admin", "/costs/ad-spend", { intent: "undo" })).status).toBe(200);
    expect(await prisma.adSpendDay.count({ where: { shopId: shop.id } })).toBe(0);
    expect((await post(adSpendAction as never, "admin", "/costs/ad-spend", { intent: "undo" })).status).toBe(409);
    const actions = (
      await prisma.auditEntry.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "asc" } })
    ).map((a) => a.action);
    expect(actions).toEqual(["costs.ad_spend.import", "costs.ad_spend.import_undo"]);
  });

  it("a 20 MB file is a 413 with nothing written; a bad file a 400", async () => {
    const before = await tableCounts();
    const big = "date,channel,campaign,spend,currency\n" + "2026-06-01,bing,a,10,USD\n".repeat(840_000);
    expect(big.length).toBeGreaterThan(20_000_000);
    const tooLarge = await post(adSpendAction as never, "admin", "/costs/ad-spend", { intent: "import" }, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ ok: false, fieldErrors: { file: [expect.stringMatching(/larger than/)] } });
    const noFile = await post(adSpendAction as never, "admin", "/costs/ad-spend", { intent: "import" });
    expect(noFile.status).toBe(400);
    const noColumns = await post(
      adSpendAction as never,
      "admin",
      "/costs/ad-spend",
      { intent: "import" },
      "a,b\n1,2\n",
    );
    expect(noColumns.status).toBe(400);
    const badDay = await post(adSpendAction as never, "admin", "/costs/ad-spend", {
      intent: "addSpend",
      day: "2026-13-01",
      channel: "bing",
      amount: "-1",
    });
    expect(badDay.status).toBe(400);
    expect(Object.keys(badDay.body.fieldErrors as object).sort()).toEqual(["amount", "day"]);
    expect(await tableCounts()).toEqual(before);
  });
});

describe("product cost import and export route", () => {
  it("exports a CSV, imports a cost from it, and refuses a Viewer's import", async () => {
    const res = (await costExport({
      request: await requestAs("viewer", shop.domain, "/costs/product-costs"),
      params: {},
      context: {},
    })) as Response;
    expect(res.headers.get("Content-Type")).toMatch(/text\/csv/);
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe("sku,variant_id,product,variant,cost,effective_date,source");
    const edited = "sku,cost,effective_date\nA,4.50,2026-06-01\n";
    const before = await tableCounts();
    expect(
      (await post(costAction as never, "viewer", "/costs/product-costs", { intent: "import" }, edited)).status,
    ).toBe(403);
    expect(await tableCounts()).toEqual(before);
    const imported = await post(costAction as never, "owner", "/costs/product-costs", { intent: "import" }, edited);
    expect(imported.body).toMatchObject({ ok: true, written: 1 });
    expect(
      await prisma.productCost.findMany({
        where: { shopId: shop.id },
        select: { sku: true, costPerUnitMinor: true, effectiveFrom: true },
      }),
    ).toEqual([{ sku: "A", costPerUnitMinor: 4_50, effectiveFrom: "2026-06-01" }]);
  });
});
