// Ad spend without an API: a CSV import writes nothing until confirmed, the P&L and the daily
// rollup follow it, its undo restores exactly what was there, manual entries move the same
// figures, and one shop's import never touches another's.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { tableCounts } from "~tests/table-counts";
import { getProfitAndLoss } from "~/features/profit/pnl.server";
import { rebuildRollups } from "~/features/profit/rollups.server";
import {
  addAdSpend,
  applyAdSpendImport,
  deleteAdSpend,
  previewAdSpendImport,
  undoAdSpendImport,
  updateAdSpend,
} from "~/features/profit/ad-spend.server";

const NOW = new Date("2026-06-30T12:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
const actorOf = (s: Shop) => ({ shop: s, staff: { email: "owner@x.test", name: "Owner" } });

const spendOf = async (s: Shop) =>
  (await prisma.adSpendDay.findMany({ where: { shopId: s.id }, orderBy: [{ day: "asc" }, { channel: "asc" }] })).map(
    (r) => [r.day, r.channel, r.amountMinor, r.source],
  );
const rollupSpend = async (s: Shop, day: string) =>
  (await prisma.dailyRollup.findUnique({ where: { shopId_day: { shopId: s.id, day } } }))?.adSpendMinor ?? 0;
const pnlAds = async (s: Shop) => {
  const pnl = await getProfitAndLoss(s, 30, NOW);
  return pnl.lines.filter((l) => l.key.startsWith("ad:")).map((l) => [l.key, l.amountMinor]);
};

const CSV = [
  "Date,Channel,Campaign,Spend,Currency",
  "2026-06-10,Google Ads,Brand,100.50,USD",
  "2026-06-10,Google Ads,Generic,49.50,usd",
  "2026-06-11,pinterest,,20,",
  "2026-06-12,Meta Ads,Retarget,30.00,USD",
].join("\n");

beforeEach(async () => {
  shop = await createShop({ name: "Spend" });
  other = await createShop({ name: "Other" });
  await prisma.adSpendDay.create({
    data: { shopId: shop.id, day: "2026-06-12", channel: "meta_ads", amountMinor: 10_00, source: "manual" },
  });
  await prisma.adSpendDay.create({
    data: { shopId: other.id, day: "2026-06-10", channel: "google_ads", amountMinor: 5_00, source: "manual" },
  });
  await rebuildRollups(shop.id);
  await rebuildRollups(other.id);
});

describe("CSV import of ad spend", () => {
  it("previews new, changed and summed campaigns and writes nothing", async () => {
    const before = await tableCounts();
    const plan = await previewAdSpendImport(shop, CSV);
    expect(plan.ok && plan.rows).toEqual([
      {
        day: "2026-06-10",
        channel: "google_ads",
        amountMinor: 150_00,
        status: "new",
        oldAmountMinor: null,
        lines: [2, 3],
      },
      { day: "2026-06-11", channel: "pinterest", amountMinor: 20_00, status: "new", oldAmountMinor: null, lines: [4] },
      {
        day: "2026-06-12",
        channel: "meta_ads",
        amountMinor: 30_00,
        status: "changed",
        oldAmountMinor: 10_00,
        lines: [5],
      },
    ]);
    expect(await tableCounts()).toEqual(before);
    expect(await rollupSpend(shop, "2026-06-12")).toBe(10_00);
  });

  it("after confirming, the P&L's ad spend by channel equals the file's sums, and undo restores exactly", async () => {
    const rowsBefore = await spendOf(shop);
    const pnlBefore = await pnlAds(shop);
    const result = await applyAdSpendImport(actorOf(shop), CSV, "spend.csv");
    expect(result.ok && result.written).toBe(3);
    expect(Object.fromEntries(await pnlAds(shop))).toEqual({
      "ad:google_ads": 150_00,
      "ad:pinterest": 20_00,
      "ad:meta_ads": 30_00,
    });
    expect(await rollupSpend(shop, "2026-06-10")).toBe(150_00);
    expect(await rollupSpend(shop, "2026-06-12")).toBe(30_00);
    // The incremental rollup agrees with a rebuild from the rows.
    const incremental = await prisma.dailyRollup.findMany({ where: { shopId: shop.id }, orderBy: { day: "asc" } });
    await rebuildRollups(shop.id);
    const rebuilt = await prisma.dailyRollup.findMany({ where: { shopId: shop.id }, orderBy: { day: "asc" } });
    expect(rebuilt.map((r) => [r.day, r.adSpendMinor])).toEqual(incremental.map((r) => [r.day, r.adSpendMinor]));
    expect(await prisma.auditEntry.count({ where: { shopId: shop.id, action: "costs.ad_spend.import" } })).toBe(1);

    await undoAdSpendImport(actorOf(shop));
    expect(await spendOf(shop)).toEqual(rowsBefore);
    expect(await pnlAds(shop)).toEqual(pnlBefore);
    expect(await rollupSpend(shop, "2026-06-10")).toBe(0);
    expect(await rollupSpend(shop, "2026-06-12")).toBe(10_00);
    // Only the last import is undone, once.
    await expect(undoAdSpendImport(actorOf(shop))).rejects.toMatchObject({ status: 409 });
  });

  it("undo is refused when a row it wrote was changed since, and nothing moves", async () => {
    await applyAdSpendImport(actorOf(shop), CSV, null);
    const row = await prisma.adSpendDay.findFirstOrThrow({ where: { shopId: shop.id, channel: "pinterest" } });
    await updateAdSpend(actorOf(shop), row.id, { amount: "25" });
    const rows = await spendOf(shop);
    await expect(undoAdSpendImport(actorOf(shop))).rejects.toMatchObject({ status: 409 });
    expect(await spendOf(shop)).toEqual(rows);
  });

  it("shop A's import and undo never touch shop B", async () => {
    const otherRows = await spendOf(other);
    const otherRollups = await prisma.dailyRollup.findMany({ where: { shopId: other.id } });
    await applyAdSpendImport(actorOf(shop), CSV, null);
    expect(await spendOf(other)).toEqual(otherRows);
    // B has no import of its own: its undo refuses, A's import stays.
    await expect(undoAdSpendImport(actorOf(other))).rejects.toMatchObject({ status: 409 });
    expect((await spendOf(shop)).length).toBe(3);
    await undoAdSpendImport(actorOf(shop));
    expect(await spendOf(other)).toEqual(otherRows);
    expect(await prisma.dailyRollup.findMany({ where: { shopId: other.id } })).toEqual(otherRollups);
  });

  it("refuses a channel whose platform is connected", async () => {
    await prisma.adSpendDay.create({
      data: { shopId: shop.id, day: "2026-06-01", channel: "google_ads", amountMinor: 1_00, source: "platform" },
    });
    const plan = await previewAdSpendImport(shop, CSV);
    expect(plan.ok && plan.refused.map((r) => r.line)).toEqual([2, 3]);
    expect(plan.ok && plan.refused[0].reason).toMatch(/connected/);
    // B's connection is B's: the same file is fine for B.
    const forOther = await previewAdSpendImport(other, CSV);
    expect(forOther.ok && forOther.refused).toEqual([]);
  });
});

describe("manual ad spend", () => {
  it("add, edit and delete move the rollup and are audit-logged; another shop's row is a 404", async () => {
    const actor = actorOf(shop);
    const created = await addAdSpend(actor, { day: "2026-06-20", channel: "bing_ads", amount: "12.34" });
    expect(await rollupSpend(shop, "2026-06-20")).toBe(12_34);
    await expect(addAdSpend(actor, { day: "2026-06-20", channel: "bing_ads", amount: "1" })).rejects.toMatchObject({
      fieldErrors: { day: [expect.stringMatching(/already has spend/)] },
    });
    await updateAdSpend(actor, created.id, { amount: "20" });
    expect(await rollupSpend(shop, "2026-06-20")).toBe(20_00);
    await expect(updateAdSpend(actorOf(other), created.id, { amount: "1" })).rejects.toMatchObject({ status: 404 });
    await expect(deleteAdSpend(actorOf(other), created.id)).rejects.toMatchObject({ status: 404 });
    await deleteAdSpend(actor, created.id);
    expect(await rollupSpend(shop, "2026-06-20")).toBe(0);
    const actions = await prisma.auditEntry.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => a.action)).toEqual([
      "costs.ad_spend.add",
      "costs.ad_spend.update",
      "costs.ad_spend.delete",
    ]);
  });

  it("refuses a connected channel", async () => {
    await prisma.adSpendDay.create({
      data: { shopId: shop.id, day: "2026-06-01", channel: "tiktok_ads", amountMinor: 1_00, source: "platform" },
    });
    await expect(
      addAdSpend(actorOf(shop), { day: "2026-06-02", channel: "tiktok_ads", amount: "5" }),
    ).rejects.toMatchObject({ fieldErrors: { channel: [expect.stringMatching(/connected/)] } });
  });
});
