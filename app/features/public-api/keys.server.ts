// API keys (docs/product/public-api.md): created shown once, stored only as HMAC-SHA256 under
// API_KEY_SECRET, looked up by that hash (unique index) and compared in constant time; revoked
// at once (every instance reads the same row); rolled with a grace period for the old key.
// Every event is in the audit log.
import crypto from "node:crypto";
import { prisma, sqlOn } from "~/db.server";
import { env } from "~/env.server";
import { checkPlanLimit, planFor } from "~/features/billing";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { base62, isKeyShaped, KEY_PREFIX, parseScopes, type ApiKeyView, type Scope } from "./keys";

/** A refused key action, with the status its answer carries. */
export class ApiKeyRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 503,
    readonly upgradeUrl?: string,
  ) {
    super(message);
    this.name = "ApiKeyRefusal";
  }
}

function secret(): string {
  if (!env.apiKeySecret)
    throw new ApiKeyRefusal("The public API is off: set API_KEY_SECRET on the server to create keys.", 503);
  return env.apiKeySecret;
}

export function hashKey(key: string, keySecret = secret()): string {
  return crypto.createHmac("sha256", keySecret).update(key).digest("hex");
}

export function newKeySecret(): string {
  return KEY_PREFIX + base62(crypto.randomBytes(32));
}

type KeyShop = { id: string; plan: string };

const LIVE = (now: Date) => ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

/** The shop's keys for the screen: never the secret nor its hash. */
export async function listApiKeys(shop: { id: string }, now = new Date()): Promise<ApiKeyView[]> {
  const rows = await prisma.apiKey.findMany({
    where: { shopId: shop.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      lastFour: true,
      scopes: true,
      createdByName: true,
      createdByEmail: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      revokedAt: true,
    },
  });
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: undefined,
    prefix: KEY_PREFIX,
    scopes: parseScopes(r.scopes),
    status: r.revokedAt
      ? ("revoked" as const)
      : r.expiresAt && r.expiresAt <= now
        ? ("expired" as const)
        : r.expiresAt
          ? ("expiring" as const)
          : ("active" as const),
  }));
}

async function assertRoom(shop: KeyShop, now: Date) {
  const live = await prisma.apiKey.count({ where: { shopId: shop.id, ...LIVE(now) } });
  const over = checkPlanLimit(planFor(shop.plan), "apiKeys", live + 1);
  if (over) throw new ApiKeyRefusal(over.message, 403, over.upgradeUrl);
}

/** Creates a key; the secret is in the answer and nowhere else. */
export async function createApiKey(actor: Actor & { shop: KeyShop }, name: string, scopes: Scope[], now = new Date()) {
  const keySecret = secret();
  await assertRoom(actor.shop, now);
  const key = newKeySecret();
  const row = await prisma.apiKey.create({
    data: {
      shopId: actor.shop.id,
      name,
      hash: hashKey(key, keySecret),
      lastFour: key.slice(-4),
      scopes: scopes.join(" "),
      createdByEmail: actor.staff.email,
      createdByName: actor.staff.name,
      createdAt: now,
    },
    select: { id: true, name: true, lastFour: true },
  });
  await recordAudit(actor, "api_key.create", "ApiKey", row.id, null, { name, scopes, lastFour: row.lastFour });
  return { id: row.id, key };
}

async function ownKey(shopId: string, keyId: string) {
  const row = await prisma.apiKey.findFirst({ where: { id: keyId, shopId } });
  if (!row) throw new ApiKeyRefusal("This key does not exist.", 404);
  return row;
}

/** Revokes a key at once; revoking a revoked key is refused (409) and writes nothing. */
export async function revokeApiKey(actor: Actor, keyId: string, now = new Date()) {
  const row = await ownKey(actor.shop.id, keyId);
  const changed = await prisma.apiKey.updateMany({
    where: { id: row.id, shopId: actor.shop.id, revokedAt: null },
    data: { revokedAt: now },
  });
  if (changed.count === 0) throw new ApiKeyRefusal("This key is already revoked.", 409);
  await recordAudit(actor, "api_key.revoke", "ApiKey", row.id, { name: row.name, lastFour: row.lastFour }, null);
}

/**
 * Rolls a key: a new key with the same name and scopes, and the old one expiring after
 * `graceHours` (0: at once). A revoked, expired or already rolled key cannot be rolled (409).
 */
export async function rollApiKey(
  actor: Actor & { shop: KeyShop },
  keyId: string,
  graceHours: number,
  now = new Date(),
) {
  const keySecret = secret();
  const old = await ownKey(actor.shop.id, keyId);
  const key = newKeySecret();
  const expiresAt = new Date(now.getTime() + graceHours * 3_600_000);
  const created = await prisma.$transaction(async (tx) => {
    const changed = await tx.apiKey.updateMany({
      where: { id: old.id, shopId: actor.shop.id, rolledToId: null, ...LIVE(now) },
      data: { expiresAt },
    });
    if (changed.count === 0) throw new ApiKeyRefusal("Only an active key can be rolled.", 409);
    const row = await tx.apiKey.create({
      data: {
        shopId: actor.shop.id,
        name: old.name,
        hash: hashKey(key, keySecret),
        lastFour: key.slice(-4),
        scopes: old.scopes,
        createdByEmail: actor.staff.email,
        createdByName: actor.staff.name,
        createdAt: now,
      },
      select: { id: true },
    });
    await tx.apiKey.update({ where: { id: old.id }, data: { rolledToId: row.id } });
    await recordAudit(
      actor,
      "api_key.roll",
      "ApiKey",
      old.id,
      { lastFour: old.lastFour },
      { newKeyId: row.id, lastFour: key.slice(-4), oldKeyExpiresAt: expiresAt.toISOString() },
      tx,
    );
    return row;
  });
  return { id: created.id, key };
}

/** The shop a key belongs to, as every v1 call needs it (limits by plan, money, time zone). */
export type ApiShop = {
  id: string;
  name: string;
  plan: string;
  currency: string;
  timezone: string;
  dataVersion: number;
  domain: string;
};

export type VerifiedKey = {
  id: string;
  shopId: string;
  name: string;
  lastFour: string;
  scopes: Scope[];
  lastUsedAt: Date | null;
  shop: ApiShop;
};
export type KeyFailure = "missing" | "malformed" | "unknown" | "revoked" | "expired";

/**
 * The key behind an Authorization header, with its shop. A key-shaped secret is hashed and looked
 * up by the hash; the stored hash is compared again in constant time (the index lookup is by
 * equality of a keyed hash, which reveals nothing about the key). Every API call runs this lookup,
 * so it is one typed statement (docs/decisions/076-typed-sql.md, hot statements) that reads the
 * key's installed shop with it: through the model API, Prisma compiles the query anew on every
 * call, which was most of a verification's time (bench/results/api.md), and the shop was a second
 * such read (docs/decisions/113-sqlite-immediate-transactions.md). A key of an uninstalled shop
 * is unknown. Nothing is cached: a revoked key is refused by the next call everywhere.
 */
export async function verifyApiKey(
  authorization: string | null,
  now = new Date(),
): Promise<{ ok: true; key: VerifiedKey } | { ok: false; reason: KeyFailure }> {
  if (!authorization) return { ok: false, reason: "missing" };
  const match = /^Bearer (\S+)$/.exec(authorization.trim());
  if (!match || !isKeyShaped(match[1])) return { ok: false, reason: "malformed" };
  if (!env.apiKeySecret) return { ok: false, reason: "unknown" };
  const hash = hashKey(match[1]);
  const row = await sqlOn()
    .selectFrom("ApiKey")
    .innerJoin("Shop", "Shop.id", "ApiKey.shopId")
    .select([
      "ApiKey.id",
      "ApiKey.shopId",
      "ApiKey.name",
      "ApiKey.lastFour",
      "ApiKey.hash",
      "ApiKey.scopes",
      "ApiKey.revokedAt",
      "ApiKey.expiresAt",
      "ApiKey.lastUsedAt",
      "Shop.name as shopName",
      "Shop.plan",
      "Shop.currency",
      "Shop.timezone",
      "Shop.dataVersion",
      "Shop.domain",
    ])
    .where("ApiKey.hash", "=", hash)
    .where("Shop.uninstalledAt", "is", null)
    .executeTakeFirst();
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.hash, "hex"), Buffer.from(hash, "hex")))
    return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, reason: "expired" };
  return {
    ok: true,
    key: {
      id: row.id,
      shopId: row.shopId,
      name: row.name,
      lastFour: row.lastFour,
      scopes: parseScopes(row.scopes),
      lastUsedAt: row.lastUsedAt,
      shop: {
        id: row.shopId,
        name: row.shopName,
        plan: row.plan,
        currency: row.currency,
        timezone: row.timezone,
        dataVersion: Number(row.dataVersion),
        domain: row.domain,
      },
    },
  };
}

/** Records an accepted call's time, to the minute: one write a minute per key, not one per call. */
export async function markKeyUsed(key: VerifiedKey, now = new Date()): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < 60_000) return;
  await prisma.apiKey.updateMany({ where: { id: key.id }, data: { lastUsedAt: now } });
}
