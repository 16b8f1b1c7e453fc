// Ad spend a merchant enters without an ad platform's API (docs/product/ad-spend.md): a CSV
// import (preview, confirm, undo of the last one) and manual entry per day and channel. Every
// write moves DailyRollup.adSpendMinor by its difference in the same transaction (moveAdSpendDays), as
// the P&L reads the spend by channel from AdSpendDay; every write is audit-logged.
import { prisma, type DbClient } from "~/db.server";
import { FieldError } from "~/lib/forms";
import { decimalStringToMinor, minorToDecimalString, tooManyDecimals } from "~/lib/money";
import { CostsRefused } from "~/features/profit/refused";
import { recordCsvImport } from "~/features/profit/csv-import-record.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { moveAdSpendDays } from "~/features/profit/rollup-bumps.server";
import { planAdSpendImport, type StoredSpend } from "~/features/profit/ad-spend-import";
import type { AdSpendInput } from "~/features/profit/ad-spend-schema";

type ShopRef = { id: string; currency: string; timezone: string };
type AuditActor = Actor & { shop: ShopRef };

/** Channels whose platform is connected: they have spend written by the platform's sync. */
export async function connectedChannels(shopId: string, db: DbClient = prisma): Promise<Set<string>> {
  const rows = await db.adSpendDay.findMany({
    where: { shopId, source: "platform" },
    distinct: ["channel"],
    select: { channel: true },
  });
  return new Set(rows.map((r) => r.channel));
}

async function storedSpend(db: DbClient, shopId: string): Promise<StoredSpend[]> {
  return db.adSpendDay.findMany({
    where: { shopId },
    select: { day: true, channel: true, amountMinor: true, source: true },
  });
}

/** What a file would write, read against the shop's stored spend. Writes nothing. */
export async function previewAdSpendImport(shop: ShopRef, text: string) {
  return planAdSpendImport(text, shop, await storedSpend(prisma, shop.id), await connectedChannels(shop.id));
}

/** Sets one day and channel's spend (null deletes it), moving the day's rollup by the difference. */
async function writeSpend(
  db: DbClient,
  shopId: string,
  { day, channel }: { day: string; channel: string },
  next: { amountMinor: number; source: string } | null,
) {
  const key = { day, channel };
  const where = { shopId_day_channel: { shopId, ...key } };
  const old = await db.adSpendDay.findUnique({ where });
  if (next) await db.adSpendDay.upsert({ where, create: { shopId, ...key, ...next }, update: next });
  else if (old) await db.adSpendDay.delete({ where });
  await moveAdSpendDays(db, shopId, new Map([[key.day, (next?.amountMinor ?? 0) - (old?.amountMinor ?? 0)]]));
  return old;
}

type SpendChange = {
  key: { day: string; channel: string };
  before: { amountMinor: number; source: string } | null;
  after: { amountMinor: number; source: string };
};

/**
 * Writes the file's new and changed days and channels, all or nothing, and keeps what each
 * held before so the import can be undone. The plan is made again inside the transaction:
 * what is written is what the stored rows say now.
 */
export async function applyAdSpendImport(actor: AuditActor, text: string, fileName: string | null) {
  const shop = actor.shop;
  return prisma.$transaction(
    async (tx) => {
      const stored = await storedSpend(tx, shop.id);
      const plan = planAdSpendImport(text, shop, stored, await connectedChannels(shop.id, tx));
      if (!plan.ok) return plan;
      const storedByKey = new Map(stored.map((s) => [`${s.day}|${s.channel}`, s]));
      const changes: SpendChange[] = [];
      // One rollup bump per day, not per channel: a year of three channels is 365 bumps.
      const byDay = new Map<string, number>();
      for (const row of plan.rows) {
        if (row.status === "unchanged") continue;
        const key = { day: row.day, channel: row.channel };
        const after = { amountMinor: row.amountMinor, source: "csv" };
        const old = storedByKey.get(`${row.day}|${row.channel}`);
        await tx.adSpendDay.upsert({
          where: { shopId_day_channel: { shopId: shop.id, ...key } },
          create: { shopId: shop.id, ...key, ...after },
          update: after,
        });
        byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.amountMinor - (old?.amountMinor ?? 0));
        changes.push({ key, before: old ? { amountMinor: old.amountMinor, source: old.source } : null, after });
      }
      await moveAdSpendDays(tx, shop.id, byDay);
      const importId = await recordCsvImport(tx, actor, {
        shopId: shop.id,
        kind: "ad_spend",
        audit: "costs.ad_spend.import",
        fileName,
        changes,
        refused: plan.refused.length,
      });
      return { ...plan, importId, written: changes.length };
    },
    { timeout: 60_000 },
  );
}

/** The shop's last import of this kind that can still be undone, or null. */
export async function lastImport(shopId: string, kind: "ad_spend" | "product_cost" | "shopify_cost" | "label_cost") {
  const last = await prisma.csvImport.findFirst({
    where: { shopId, kind },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, status: true, fileName: true, rowsWritten: true, createdAt: true },
  });
  return last?.status === "applied" ? { ...last, createdAt: last.createdAt.toISOString() } : null;
}

/**
 * Undoes the shop's last ad spend import: every day and channel it wrote gets back exactly what
 * it held before (deleted when it held nothing). Refused (409) when one of them was changed
 * since, so a later entry is never lost silently.
 */
export async function undoAdSpendImport(actor: AuditActor) {
  const shop = actor.shop;
  return prisma.$transaction(
    async (tx) => {
      const last = await tx.csvImport.findFirst({
        where: { shopId: shop.id, kind: "ad_spend" },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      if (!last || last.status !== "applied") throw new CostsRefused(409, "There is no import to undo.");
      const changes = JSON.parse(last.changes) as SpendChange[];
      const current = new Map((await storedSpend(tx, shop.id)).map((s) => [`${s.day}|${s.channel}`, s]));
      for (const c of changes) {
        const now = current.get(`${c.key.day}|${c.key.channel}`);
        if (!now || now.amountMinor !== c.after.amountMinor || now.source !== c.after.source)
          throw new CostsRefused(409, `${c.key.channel} on ${c.key.day} was changed after the import; undo refused.`);
      }
      const byDay = new Map<string, number>();
      for (const { key, before, after } of changes) {
        const where = { shopId_day_channel: { shopId: shop.id, ...key } };
        if (before) await tx.adSpendDay.update({ where, data: before });
        else await tx.adSpendDay.delete({ where });
        byDay.set(key.day, (byDay.get(key.day) ?? 0) + (before?.amountMinor ?? 0) - after.amountMinor);
      }
      await moveAdSpendDays(tx, shop.id, byDay);
      const { count } = await tx.csvImport.updateMany({
        where: { id: last.id, shopId: shop.id, status: "applied" },
        data: { status: "undone", undoneAt: new Date() },
      });
      if (count === 0) throw new CostsRefused(409, "The import was undone already.");
      await recordAudit(
        actor,
        "costs.ad_spend.import_undo",
        "CsvImport",
        last.id,
        { written: changes.length },
        null,
        tx,
      );
      return { restored: changes.length };
    },
    { timeout: 60_000 },
  );
}

type SpendRow = Awaited<ReturnType<typeof prisma.adSpendDay.findMany>>[number];

export function adSpendDto(shop: ShopRef, r: SpendRow) {
  return {
    id: r.id,
    day: r.day,
    channel: r.channel,
    amount: minorToDecimalString(r.amountMinor, shop.currency),
    amountMinor: r.amountMinor,
    source: r.source,
  };
}

/** One page of the shop's ad spend, latest day first. */
export async function pageOfAdSpend(shop: ShopRef, page: number, size: number) {
  const total = await prisma.adSpendDay.count({ where: { shopId: shop.id } });
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await prisma.adSpendDay.findMany({
    where: { shopId: shop.id },
    orderBy: [{ day: "desc" }, { channel: "asc" }],
    skip: (current - 1) * size,
    take: size,
  });
  return { rows: rows.map((r) => adSpendDto(shop, r)), page: current, pages, total };
}

function amountOf(shop: ShopRef, amount: string): number {
  const finer = tooManyDecimals(amount, shop.currency);
  if (finer) throw new FieldError({ amount: [finer] });
  const minor = decimalStringToMinor(amount, shop.currency);
  if (minor === null) throw new FieldError({ amount: [`Amount is too large for ${shop.currency}`] });
  return minor;
}

async function refuseConnected(db: DbClient, shopId: string, channel: string) {
  if ((await connectedChannels(shopId, db)).has(channel))
    throw new FieldError({ channel: [`${channel} is connected: its spend comes from the platform`] });
}

/** Manual entry of one day and channel's spend; a day and channel that has spend is edited instead (409). */
export async function addAdSpend(actor: AuditActor, input: AdSpendInput) {
  const shop = actor.shop;
  const amountMinor = amountOf(shop, input.amount);
  return prisma.$transaction(async (tx) => {
    await refuseConnected(tx, shop.id, input.channel);
    const where = { shopId_day_channel: { shopId: shop.id, day: input.day, channel: input.channel } };
    if (await tx.adSpendDay.findUnique({ where }))
      throw new FieldError({ day: [`${input.channel} already has spend on ${input.day}; edit that entry`] });
    await writeSpend(tx, shop.id, input, { amountMinor, source: "manual" });
    const created = await tx.adSpendDay.findUniqueOrThrow({ where });
    await recordAudit(actor, "costs.ad_spend.add", "AdSpendDay", created.id, null, adSpendDto(shop, created), tx);
    return created;
  });
}

async function ownRow(db: DbClient, shopId: string, id: string) {
  const row = await db.adSpendDay.findFirst({ where: { id, shopId } });
  if (!row) throw new CostsRefused(404, "Ad spend not found");
  if (row.source === "platform")
    throw new CostsRefused(409, "Spend read from a connected platform is not edited here.");
  return row;
}

/** Changes a day's spend (the amount only: a day and channel is the row's identity). */
export async function updateAdSpend(actor: AuditActor, id: string, input: { amount: string }) {
  const shop = actor.shop;
  const amountMinor = amountOf(shop, input.amount);
  return prisma.$transaction(async (tx) => {
    const old = await ownRow(tx, shop.id, id);
    await writeSpend(tx, shop.id, old, { amountMinor, source: "manual" });
    const updated = await tx.adSpendDay.findUniqueOrThrow({ where: { id } });
    await recordAudit(
      actor,
      "costs.ad_spend.update",
      "AdSpendDay",
      id,
      adSpendDto(shop, old),
      adSpendDto(shop, updated),
      tx,
    );
    return updated;
  });
}

export async function deleteAdSpend(actor: AuditActor, id: string) {
  const shop = actor.shop;
  await prisma.$transaction(async (tx) => {
    const old = await ownRow(tx, shop.id, id);
    await writeSpend(tx, shop.id, old, null);
    await recordAudit(actor, "costs.ad_spend.delete", "AdSpendDay", id, adSpendDto(shop, old), null, tx);
  });
}
