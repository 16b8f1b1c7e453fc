// The audit log: writes through the screens and the API are recorded with who and the
// values before and after; the CSV is guarded and limited to Owners and Admins; entries
// older than 12 months are pruned; shops are kept apart.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { auditCsv, listAudit, pruneAudit, recordAudit } from "~/features/audit/audit.server";
import { action as costsAction } from "~/routes/_admin.costs";
import { action as costAction } from "~/routes/api.stores.$storeId.product-costs.$costId";
import { loader as csvLoader } from "~/routes/api.audit[.]csv";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;

beforeEach(async () => {
  shop = await createShop();
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("the audit log", () => {
  it("records a cost added on the screen and changed through the API, with before and after", async () => {
    await costsAction({
      request: await requestAs(
        "admin",
        shop.domain,
        "/costs",
        form({ intent: "addProductCost", productName: "Mug", costPerUnit: "4.50", effectiveFrom: "2026-01-01" }),
      ),
      params: {},
      context: {},
    });
    const cost = await prisma.productCost.findFirstOrThrow({ where: { shopId: shop.id } });
    const res = (await costAction({
      request: await requestAs("owner", shop.domain, `/api/stores/${shop.id}/product-costs/${cost.id}`, {
        method: "PUT",
        body: JSON.stringify({ productName: "Mug", costPerUnit: "5.00", effectiveFrom: "2026-01-01" }),
        headers: { "Content-Type": "application/json" },
      }),
      params: { storeId: shop.id, costId: cost.id },
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const { rows } = await listAudit(shop, {}, 1);
    expect(rows.map((r) => [r.action, r.actorName, r.entityId])).toEqual([
      ["costs.product_cost.update", "Ada Owner", cost.id],
      ["costs.product_cost.add", "Alan Admin", cost.id],
    ]);
    expect(rows[0].changes).toContain("Cost per unit: 4.50 → 5.00");
    expect(rows[1].changes).toContain("Cost per unit: 4.50");
  });

  it("filters by member, area and dates, and keeps shops apart", async () => {
    const other = await createShop();
    const actor = (email: string, id = shop.id) => ({ shop: { id }, staff: { email, name: email } });
    await recordAudit(actor("a@x.test"), "costs.expense.add", "OperatingExpense", "1", null, { a: 1 });
    await recordAudit(actor("b@x.test"), "team.invite", "StaffMember", "2", null, { b: 1 });
    await recordAudit(actor("c@x.test", other.id), "team.invite", "StaffMember", "3", null, { c: 1 });
    expect((await listAudit(shop, { area: "team" }, 1)).rows.map((r) => r.actorEmail)).toEqual(["b@x.test"]);
    expect((await listAudit(shop, { actor: "a@x.test" }, 1)).total).toBe(1);
    expect((await listAudit(shop, { from: "2999-01-01" }, 1)).total).toBe(0);
    expect((await listAudit(shop, {}, 1)).actors.map((a) => a.actorEmail).sort()).toEqual(["a@x.test", "b@x.test"]);
  });

  it("reads times and date filters in the shop's time zone", async () => {
    const ny = await createShop({ timezone: "America/New_York" });
    const actor = { shop: ny, staff: { email: "a@x.test", name: "A" } };
    await recordAudit(actor, "team.invite", "StaffMember", "late", null, { until: "2026-12-05T02:30:00.000Z" });
    // 02:30 UTC on Nov 29 is 21:30 on Nov 28 in New York.
    await prisma.auditEntry.updateMany({
      where: { shopId: ny.id },
      data: { createdAt: new Date("2026-11-29T02:30:00Z") },
    });
    const { rows } = await listAudit(ny, { from: "2026-11-28", to: "2026-11-28" }, 1);
    expect(rows.map((r) => [r.when, r.changes])).toEqual([["2026-11-28 21:30", ["Until: 2026-12-04 21:30"]]]);
    expect((await listAudit(ny, { from: "2026-11-29" }, 1)).total).toBe(0);
    expect(await auditCsv(ny, {})).toMatch(/^When \(America\/New_York\),.*\r\n2026-11-28 21:30,/);
  });

  it("exports CSV to Owners and Admins only, with formula-looking cells defused", async () => {
    await recordAudit(
      { shop, staff: { email: "x@x.test", name: "=HYPERLINK(1)" } },
      "costs.expense.add",
      "E",
      "1",
      null,
      {
        description: "x",
      },
    );
    expect(await auditCsv(shop, {})).toContain(`'=HYPERLINK(1)`);
    const call = async (role: "owner" | "admin" | "viewer") => {
      try {
        return (await csvLoader({
          request: await requestAs(role, shop.domain, "/api/audit.csv"),
          params: {},
          context: {},
        })) as Response;
      } catch (thrown) {
        return thrown as Response;
      }
    };
    expect((await call("viewer")).status).toBe(403);
    const ok = await call("admin");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toContain("text/csv");
    // The export itself is a recorded export of personal data.
    expect((await listAudit(shop, { area: "exports" }, 1)).total).toBe(1);
  });

  it("prunes entries older than 12 months", async () => {
    const actor = { shop, staff: { email: "a@x.test", name: "A" } };
    await recordAudit(actor, "team.invite", "StaffMember", "1", null, null);
    await prisma.auditEntry.updateMany({ where: { shopId: shop.id }, data: { createdAt: new Date("2024-01-01") } });
    await recordAudit(actor, "team.invite", "StaffMember", "2", null, null);
    expect(await pruneAudit(new Date("2025-06-01"))).toBeGreaterThanOrEqual(1);
    expect((await listAudit(shop, {}, 1)).rows.map((r) => r.entityId)).toEqual(["2"]);
  });
});
