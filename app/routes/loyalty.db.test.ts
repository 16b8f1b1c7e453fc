// /loyalty and its accounting CSV through the routes: bad input is a 400 with field errors
// and writes nothing, another shop's tier is a 404, the notices are the spec's, and the
// exported report closes on the ledger.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { jsonResponse, schemaErrors, stubAdminApi } from "~tests/shopify-admin";
import { backfillLedger } from "~/features/loyalty/index.server";
import { action, loader } from "~/routes/_admin.loyalty";
import { loader as csvLoader } from "~/routes/_admin.loyalty_.accounting[.]csv";
import { loader as apiLoader } from "~/routes/api.loyalty";
import { action as campaignsAction } from "~/routes/api.loyalty.campaigns";

const DOMAIN = "loyalty-route.myshopify.com";
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;

type Answer = { status: number; body: Record<string, any> };

async function unwrap(run: () => Promise<unknown>): Promise<Answer> {
  let res: unknown;
  try {
    res = await run();
  } catch (thrown) {
    res = thrown;
  }
  if (res instanceof Response)
    return {
      status: res.status,
      body: await res
        .clone()
        .json()
        .catch(() => ({})),
    };
  const d = res as { type?: string; data?: unknown; init?: { status?: number } };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data as any };
  return { status: 200, body: res as any };
}

async function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return unwrap(async () =>
    action({
      request: await bearerRequest(DOMAIN, "/loyalty", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: {},
    }),
  );
}

const SETTINGS = {
  intent: "saveSettings",
  programName: "Rewards Club",
  pointsValue: "0.01",
  autoEnroll: "on",
  baseRate: "1",
  orderRule: "paid",
  tierWindow: "lifetime",
};

beforeAll(async () => {
  shop = await createShop({ domain: DOMAIN });
  other = await createShop();
  await installSession(DOMAIN);
  const c = await prisma.customer.create({ data: { shopId: shop.id, shopifyId: "gid://shopify/Customer/9" } });
  await prisma.order.create({
    data: {
      shopId: shop.id,
      customerId: c.id,
      name: "#1",
      processedAt: new Date("2026-03-01T12:00:00Z"),
      day: "2026-03-01",
      currency: "USD",
      grossSalesMinor: 120_00,
      discountsMinor: 20_00,
      totalMinor: 110_00,
    },
  });
  await backfillLedger(shop);
  await backfillLedger(other);
});

describe("/loyalty", () => {
  it("loads the figures from the ledger and the spec's default tiers", async () => {
    const { status, body } = await unwrap(async () =>
      loader({ request: await bearerRequest(DOMAIN, "/loyalty"), params: {}, context: {} }),
    );
    expect(status).toBe(200);
    expect(body.overview).toMatchObject({ totalMembers: 1, outstandingPoints: 100, avgPointsPerCustomer: 100 });
    expect(body.tiers.map((t: { name: string; minSpend: number }) => [t.name, t.minSpend])).toEqual([
      ["Bronze", 0],
      ["Silver", 500],
      ["Gold", 1500],
      ["Platinum", 5000],
    ]);
    expect(body.tiers[0].benefitList).toEqual(["5% cashback", "free shipping on $50+"]);
  });

  it("saves settings with the spec's notice", async () => {
    const { status, body } = await post(SETTINGS);
    expect(status).toBe(200);
    expect(body.notice).toEqual({ title: "Settings saved", body: "Loyalty program settings have been updated." });
    expect((await prisma.loyaltyProgram.findUniqueOrThrow({ where: { shopId: shop.id } })).name).toBe("Rewards Club");
  });

  it("uses the default redemption rate without history, then the merchant's override, audited", async () => {
    const liability = async () =>
      (await unwrap(async () => loader({ request: await bearerRequest(DOMAIN, "/loyalty"), params: {}, context: {} })))
        .body.overview.liability;
    // One order on 2026-03-01: too little history to observe a rate, so no breakage is assumed.
    expect(await liability()).toMatchObject({ faceMinor: 100, liabilityMinor: 100 });
    expect((await liability()).redemption).toMatchObject({
      source: "default",
      used: 1,
      rate: null,
      tooLittle: "points",
    });

    const before = await tableCounts();
    for (const bad of ["101", "-1", "abc", "12.34"]) {
      const { status, body } = await post({ intent: "saveRedemptionRate", redemptionRateOverride: bad });
      expect(status).toBe(400);
      expect(body.fieldErrors.redemptionRateOverride?.[0]).toBeTruthy();
    }
    expect(await tableCounts()).toEqual(before);

    expect((await post({ intent: "saveRedemptionRate", redemptionRateOverride: "70" })).status).toBe(200);
    expect(await liability()).toMatchObject({ liabilityMinor: 70, redemption: { source: "override", used: 0.7 } });
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { shopId: shop.id, action: "loyalty.redemption_rate.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit.after).toContain("0.7");
    // Empty: back to the observed rate (here the default).
    expect((await post({ intent: "saveRedemptionRate", redemptionRateOverride: "" })).status).toBe(200);
    expect(await liability()).toMatchObject({ liabilityMinor: 100, redemption: { source: "default", override: null } });
    expect((await post({ intent: "saveRedemptionRate", redemptionRateOverride: "70" })).status).toBe(200);
  });

  it("answers bad input with 400 and field errors, writing nothing", async () => {
    const before = await tableCounts();
    for (const [fields, field] of [
      [{ ...SETTINGS, pointsValue: "-1" }, "pointsValue"],
      [{ ...SETTINGS, pointsValue: "abc" }, "pointsValue"],
      [
        { intent: "createCampaign", name: "Bonus", multiplier: "0", startsOn: "2026-05-01", endsOn: "2026-05-02" },
        "multiplier",
      ],
      [
        { intent: "createCampaign", name: "Bonus", multiplier: "10.5", startsOn: "2026-05-01", endsOn: "2026-05-02" },
        "multiplier",
      ],
      [
        { intent: "createCampaign", name: "Bonus", multiplier: "2", startsOn: "2026-05-03", endsOn: "2026-05-02" },
        "endsOn",
      ],
      [
        { intent: "createCampaign", name: "Bonus", multiplier: "2", startsOn: "3026-05-03", endsOn: "3026-05-04" },
        "startsOn",
      ],
      [{ intent: "addTier", name: "Neg", minSpend: "-5" }, "minSpend"],
    ] as const) {
      const { status, body } = await post(fields as Record<string, string>);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.fieldErrors[field]?.[0]).toBeTruthy();
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a ×0.5 or ×1 'bonus' campaign, at the multiplier, writing nothing", async () => {
    const before = await tableCounts();
    for (const multiplier of ["0.5", "1", "1.0"]) {
      const { status, body } = await post({
        intent: "createCampaign",
        name: "Half points",
        multiplier,
        startsOn: "2026-05-01",
        endsOn: "2026-05-02",
      });
      expect(status, multiplier).toBe(400);
      expect(body.fieldErrors).toEqual({ multiplier: ["A bonus multiplier must be more than 1"] });
    }
    expect(await tableCounts()).toEqual(before);
    // The JSON API reads the same schema.
    const viaApi = async (multiplier: number) =>
      campaignsAction({
        request: await bearerRequest(DOMAIN, "/api/loyalty/campaigns", {
          method: "POST",
          body: JSON.stringify({ name: "Bonus", rules: { multiplier, startsOn: "2026-04-01", endsOn: "2026-04-30" } }),
          headers: { "Content-Type": "application/json" },
        }),
        params: {},
        context: {},
      });
    const refused = await viaApi(0.5);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      "rules.multiplier": ["A bonus multiplier must be more than 1"],
    });
    expect(await tableCounts()).toEqual(before);
    expect((await viaApi(1.1)).status).toBe(201);
  });

  it("refuses a tier at another tier's minimum spend, added or edited, writing nothing", async () => {
    const silver = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "Silver" } });
    const before = await tableCounts();
    const attempts: Record<string, string>[] = [
      { intent: "addTier", name: "Silver too", minSpend: "500" },
      { intent: "editTier", id: silver.id, minSpend: "1500" },
      { intent: "previewTier", mode: "add", name: "Gold too", minSpend: "1500" },
    ];
    for (const fields of attempts) {
      const { status, body } = await post(fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.fieldErrors.minSpend?.[0]).toMatch(/already starts at a minimum spend of (500|1500)/);
    }
    expect(await tableCounts()).toEqual(before);
    // Renaming a tier keeps its own threshold: not a clash with itself.
    expect((await post({ intent: "editTier", id: silver.id, name: "Silver", minSpend: "500" })).status).toBe(200);
  });

  it("refuses another shop's tier with 404 and writes nothing", async () => {
    const theirs = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: other.id } });
    const before = await tableCounts();
    for (const intent of ["editTier", "deleteTier"]) {
      const { status } = await post({ intent, id: theirs.id, name: "Mine now" });
      expect(status).toBe(404);
    }
    expect((await post({ intent: "previewTier", mode: "delete", id: theirs.id })).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });

  it("adds, edits and deletes a tier with the spec's notices", async () => {
    const preview = await post({ intent: "previewTier", mode: "add", name: "", minSpend: "50", benefits: "" });
    expect(preview.body.preview).toMatchObject({ name: "New Tier", up: 1, down: 0 });
    const added = await post({ intent: "addTier", name: "", minSpend: "50", benefits: "Gift\n\n" });
    expect(added.body.notice).toEqual({ title: "Tier created", body: "New Tier tier has been added to your program." });
    const tier = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "New Tier" } });
    expect(tier).toMatchObject({ minSpend: 50, benefits: "Gift" });
    const edited = await post({ intent: "editTier", id: tier.id, name: "", minSpend: "", benefits: "" });
    expect(edited.body.notice).toEqual({ title: "Tier updated", body: "New Tier tier has been updated." });
    expect(await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: tier.id } })).toMatchObject({
      minSpend: 50,
      benefits: "Gift",
    });
    const deleted = await post({ intent: "deleteTier", id: tier.id });
    expect(deleted.body.notice).toEqual({
      title: "Tier deleted",
      body: "New Tier tier has been removed from your program.",
      destructive: true,
    });
  });
});

describe("/loyalty/accounting.csv", () => {
  async function csv(query: string) {
    const request = await bearerRequest(DOMAIN, `/loyalty/accounting.csv${query}`);
    return (await csvLoader({ request, params: {}, context: {} })) as Response;
  }

  it("closes on the ledger's sum", async () => {
    const res = await csv("?from=2026-02-27&to=2026-03-02");
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^Day,Opening \(points\),Earned \(points\)/);
    const last = lines.at(-1)!.split(",");
    const ledger = await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId: shop.id }, _sum: { points: true } });
    expect(Number(last[8])).toBe(ledger._sum.points);
    expect(lines[3].split(",").slice(0, 3)).toEqual(["2026-03-01", "0", "100"]);
  });

  it("answers a bad range with 400", async () => {
    expect((await unwrap(() => csv("?from=2026-13-01"))).status).toBe(400);
    expect((await unwrap(() => csv("?from=2026-03-02&to=2026-03-01"))).status).toBe(400);
  });
});

describe("the JSON API", () => {
  it("GET /api/loyalty answers the shop's figures with 5-minute freshness", async () => {
    const res = await apiLoader({ request: await bearerRequest(DOMAIN, "/api/loyalty"), params: {}, context: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/max-age=300/);
    const body = await res.json();
    expect(body).toMatchObject({ storeId: shop.id, totalMembers: 1, outstandingPoints: 100, currency: "USD" });
    // The merchant's override of 70% (set above); the store's own rate has too little history.
    expect(body.liability).toMatchObject({
      faceValue: "1.00",
      amount: "0.70",
      breakage: "30.0",
      expectedRedemptionRate: "70.0",
      redemptionRateSource: "override",
      observedRedemptionRate: null,
    });
  });

  async function create(body: unknown) {
    const request = await bearerRequest(DOMAIN, "/api/loyalty/campaigns", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });
    return campaignsAction({ request, params: {}, context: {} });
  }

  it("POST /api/loyalty/campaigns creates a campaign from name, type and rules", async () => {
    const res = await create({
      name: "Spring bonus",
      type: "multiplier",
      rules: { multiplier: 1.5, startsOn: "2026-04-01", endsOn: "2026-04-30", stacking: "multiply" },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).campaign).toMatchObject({ name: "Spring bonus", multiplier: 1.5, stacking: "multiply" });
  });

  it("answers bad rules with 400 under rules.*, another shop's tier with 404, writing nothing", async () => {
    const before = await tableCounts();
    const bad = await create({
      name: "X",
      type: "multiplier",
      rules: { multiplier: 0, startsOn: "2026-04-01", endsOn: "2026-04-30" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors["rules.multiplier"]).toBeTruthy();
    expect((await create({ name: "X" })).status).toBe(400);
    const theirs = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: other.id } });
    const foreign = await create({
      name: "X",
      type: "multiplier",
      rules: { multiplier: 2, startsOn: "2026-04-01", endsOn: "2026-04-30", tierId: theirs.id },
    });
    expect(foreign.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    // A collection of another shop, or none at all: 400 under rules.collectionId (decision 072).
    const theirCollection = await prisma.collection.create({
      data: { shopId: other.id, title: "Theirs", handle: "theirs" },
    });
    const before2 = await tableCounts();
    for (const collectionId of [theirCollection.id, "missing"]) {
      const res = await create({
        name: "X",
        type: "multiplier",
        rules: { multiplier: 2, startsOn: "2026-04-01", endsOn: "2026-04-30", collectionId },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({
        "rules.collectionId": ["Choose one of your store's collections"],
      });
    }
    expect(await tableCounts()).toEqual(before2);
    // One of this shop's collections is taken, and listed with the campaign.
    const ours = await prisma.collection.create({ data: { shopId: shop.id, title: "Audio", handle: "audio" } });
    const ok = await create({
      name: "Audio bonus",
      type: "multiplier",
      rules: { multiplier: 2, startsOn: "2026-04-01", endsOn: "2026-04-30", collectionId: ours.id },
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).campaign).toMatchObject({ collectionId: ours.id, collectionTitle: "Audio" });
  });
});

describe("redeeming from the screen", () => {
  it("creates a reward code for the customer with that e-mail, refusing more than the balance", async () => {
    await prisma.customer.updateMany({ where: { shopId: shop.id }, data: { email: "ann@example.com" } });
    const theirs = await prisma.customer.create({
      data: { shopId: other.id, shopifyId: "gid://shopify/Customer/77", email: "eve@example.com" },
    });
    const before = await tableCounts();
    const tooMany = await post({ intent: "redeem", email: "ann@example.com", points: "101" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors.points).toEqual(["Only 100 points are available"]);
    expect((await post({ intent: "redeem", email: "nobody@example.com", points: "10" })).status).toBe(404);
    expect((await post({ intent: "redeem", email: theirs.email!, points: "10" })).status).toBe(404);
    expect((await post({ intent: "redeem", email: "not-an-email", points: "10" })).status).toBe(400);
    expect(await tableCounts()).toEqual(before);

    // Shopify down: 502, nothing written.
    const down = stubAdminApi(() => new Response("upstream", { status: 503 }));
    try {
      const failed = await post({ intent: "redeem", email: "ann@example.com", points: "60" });
      expect(failed.status).toBe(502);
      expect(await tableCounts()).toEqual(before);
    } finally {
      down.restore();
    }
    // The connected store: the code is created in Shopify (the document checked against the schema).
    const shopify = stubAdminApi(async (request) => {
      const { query } = (await request.json()) as { query: string };
      return (
        schemaErrors(query) ??
        jsonResponse({
          data: {
            discountCodeBasicCreate: { codeDiscountNode: { id: "gid://shopify/DiscountCodeNode/9" }, userErrors: [] },
          },
        })
      );
    });
    let ok: Answer;
    try {
      ok = await post({ intent: "redeem", email: "ANN@example.com", points: "60" });
    } finally {
      shopify.restore();
    }
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    expect(ok.body.notice.title).toBe("Reward code created");
    expect(ok.body.notice.body).toMatch(/^PTS-[0-9A-F]{10} is worth \$0\.60 on the customer's next order\.$/);
    const ledger = await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId: shop.id }, _sum: { points: true } });
    expect(ledger._sum.points).toBe(40);
  });
});

describe("manual adjustments", () => {
  it("records points with a reason, refusing to take more than the balance", async () => {
    const sum = async () =>
      (await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId: shop.id }, _sum: { points: true } }))._sum.points ??
      0;
    const start = await sum();
    const before = await tableCounts();
    const tooMuch = await post({
      intent: "adjust",
      email: "ann@example.com",
      points: String(-(start + 1)),
      reason: "x",
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fieldErrors.points).toEqual([`Only ${start} points can be taken`]);
    expect((await post({ intent: "adjust", email: "ann@example.com", points: "5", reason: "" })).status).toBe(400);
    expect((await post({ intent: "adjust", email: "ann@example.com", points: "1.5", reason: "x" })).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
    const ok = await post({ intent: "adjust", email: "ann@example.com", points: "25", reason: "Late delivery" });
    expect(ok.body.notice).toEqual({ title: "Points adjusted", body: "+25 points recorded with your reason." });
    expect(await sum()).toBe(start + 25);
    const entry = await prisma.loyaltyLedgerEntry.findFirstOrThrow({ where: { shopId: shop.id, kind: "adjust" } });
    expect(entry).toMatchObject({ points: 25, note: "Late delivery" });
  });
});

describe("the per-day rollup", () => {
  it("equals the ledger summed by day and kind, for every shop", async () => {
    const ledger = await prisma.loyaltyLedgerEntry.groupBy({
      by: ["shopId", "day", "kind"],
      _sum: { points: true },
      orderBy: [{ shopId: "asc" }, { day: "asc" }, { kind: "asc" }],
    });
    const days = await prisma.loyaltyDay.findMany({ orderBy: [{ shopId: "asc" }, { day: "asc" }, { kind: "asc" }] });
    expect(days.map((d) => [d.shopId, d.day, d.kind, d.points])).toEqual(
      ledger.map((l) => [l.shopId, l.day, l.kind, l._sum.points]),
    );
    expect(days.length).toBeGreaterThan(0);
  });
});
