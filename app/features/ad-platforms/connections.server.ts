// Connecting, choosing accounts and disconnecting an ad platform, for one shop. The OAuth `state`
// is signed, names the shop and platform, expires in ten minutes and is used once (its
// AdOAuthState row is deleted by the callback that accepts it). Tokens are stored encrypted and
// leave this module only as the Authorization of a platform call (docs/decisions/087-ad-platforms.md).
import { randomUUID } from "node:crypto";
import { prisma } from "~/db.server";
import { decryptToken, encryptToken, signState, verifyState } from "~/features/ad-platforms/crypto.server";
import { PlatformError } from "~/features/ad-platforms/http.server";
import type { AccountInfo, TokenSet } from "~/features/ad-platforms/adapter.server";
import { isAdPlatform, type AdPlatform } from "~/features/ad-platforms/platforms";
import {
  ADAPTERS,
  AdRefusal,
  callContext,
  configured,
  keyOf,
  redirectUriFor,
  type AdRuntime,
} from "~/features/ad-platforms/runtime.server";

export const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh this long before the platform's expiry, so a sync never starts on a dying token. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

type ShopRef = { id: string };
const now = (rt: AdRuntime) => rt.now?.() ?? new Date();

/** The platform's authorization URL for this shop, with a fresh single-use state. */
export async function startConnect(shop: ShopRef, platform: AdPlatform, rt: AdRuntime): Promise<string> {
  const key = keyOf(rt);
  const cfg = configured(rt, platform);
  const at = now(rt);
  const id = randomUUID();
  const expiresAt = new Date(at.getTime() + STATE_TTL_MS);
  await prisma.adOAuthState.deleteMany({ where: { expiresAt: { lt: at } } });
  await prisma.adOAuthState.create({ data: { id, shopId: shop.id, platform, expiresAt } });
  const state = signState(key, { id, shopId: shop.id, platform, exp: expiresAt.getTime() });
  return ADAPTERS[platform].authorizeUrl(cfg, { state, redirectUri: redirectUriFor(rt, platform) });
}

export type Connected = { shopId: string; platform: AdPlatform; accounts: number };

/**
 * The platform's redirect back: the state checked (signature, platform, expiry, single use)
 * before anything else, then the code exchanged, the accounts listed and the tokens stored.
 */
export async function completeConnect(
  platform: string,
  params: URLSearchParams,
  rt: AdRuntime,
  replay = rt.config.demo,
): Promise<Connected> {
  if (!isAdPlatform(platform)) throw new AdRefusal(404, "Unknown ad platform.");
  const key = keyOf(rt);
  const payload = verifyState(key, params.get("state") ?? "");
  if (!payload || payload.platform !== platform)
    throw new AdRefusal(400, "The authorization did not come from this app: start the connection again.");
  const at = now(rt);
  if (payload.exp < at.getTime()) throw new AdRefusal(400, "The authorization expired: start the connection again.");
  const used = await prisma.adOAuthState.deleteMany({
    where: { id: payload.id, shopId: payload.shopId, platform, expiresAt: { gte: at } },
  });
  if (used.count !== 1)
    throw new AdRefusal(400, "The authorization was already used or expired: start the connection again.");
  const denied = params.get("error_description") ?? params.get("error");
  if (denied) throw new AdRefusal(400, `The platform did not grant access: ${denied.slice(0, 200)}`);
  const adapter = ADAPTERS[platform];
  const code = params.get(adapter.codeParam) ?? params.get("code");
  if (!code) throw new AdRefusal(400, "The platform sent no authorization code.");
  const cfg = configured(rt, platform);
  const ctx = callContext(rt, [code, cfg.client.secret]);
  const tokens = await adapter.exchangeCode(ctx, cfg, code, redirectUriFor(rt, platform), at);
  const accounts = await adapter.listAccounts(
    { ...ctx, secrets: [...ctx.secrets!, tokens.accessToken] },
    cfg,
    tokens.accessToken,
  );
  const sealed = sealTokens(key, tokens);
  await prisma.$transaction(async (tx) => {
    await tx.adConnection.upsert({
      where: { shopId_platform: { shopId: payload.shopId, platform } },
      create: { shopId: payload.shopId, platform, replay, ...sealed },
      update: { ...sealed, replay, status: "connected", lastError: null, lastErrorAt: null, connectedAt: at },
    });
    await saveAccounts(tx, payload.shopId, platform, accounts);
  });
  return { shopId: payload.shopId, platform, accounts: accounts.length };
}

type Db = Pick<typeof prisma, "adAccount">;
async function saveAccounts(db: Db, shopId: string, platform: AdPlatform, accounts: AccountInfo[]) {
  for (const a of accounts)
    await db.adAccount.upsert({
      where: { shopId_platform_accountId: { shopId, platform, accountId: a.accountId } },
      create: { shopId, platform, ...a },
      update: { name: a.name, currency: a.currency },
    });
}

function sealTokens(key: Buffer, t: TokenSet) {
  return {
    accessToken: encryptToken(key, t.accessToken),
    refreshToken: t.refreshToken ? encryptToken(key, t.refreshToken) : null,
    accessExpiresAt: t.expiresAt,
  };
}

type StoredConnection = {
  id: string;
  shopId: string;
  platform: string;
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date | null;
};

const openTokens = (key: Buffer, c: StoredConnection): TokenSet => ({
  accessToken: decryptToken(key, c.accessToken),
  refreshToken: c.refreshToken ? decryptToken(key, c.refreshToken) : null,
  expiresAt: c.accessExpiresAt,
});

/** Marks the connection revoked with the platform's sentence; its tokens are of no more use. */
async function markRevoked(c: StoredConnection, message: string, at: Date) {
  await prisma.adConnection.updateMany({
    where: { id: c.id, shopId: c.shopId },
    data: { status: "revoked", lastError: message, lastErrorAt: at },
  });
}

async function refreshed(c: StoredConnection, tokens: TokenSet, rt: AdRuntime): Promise<TokenSet> {
  const platform = c.platform as AdPlatform;
  const cfg = configured(rt, platform);
  const secrets = [tokens.accessToken, tokens.refreshToken ?? "", cfg.client.secret];
  try {
    const next = await ADAPTERS[platform].refresh(callContext(rt, secrets), cfg, tokens, now(rt));
    await prisma.adConnection.updateMany({ where: { id: c.id, shopId: c.shopId }, data: sealTokens(keyOf(rt), next) });
    return next;
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "revoked") await markRevoked(c, error.message, now(rt));
    throw error;
  }
}

/**
 * Runs `fn` with a working access token: refreshed first when it expires within minutes, and
 * once more when the platform answers 401. A refused refresh marks the connection revoked.
 */
export async function withAccessToken<T>(
  c: StoredConnection,
  rt: AdRuntime,
  fn: (accessToken: string, secrets: string[]) => Promise<T>,
): Promise<T> {
  const key = keyOf(rt);
  let tokens = openTokens(key, c);
  if (tokens.expiresAt && tokens.expiresAt.getTime() - REFRESH_MARGIN_MS <= now(rt).getTime())
    tokens = await refreshed(c, tokens, rt);
  const secrets = () => [tokens.accessToken, tokens.refreshToken ?? ""];
  try {
    return await fn(tokens.accessToken, secrets());
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== "unauthorized") throw error;
    tokens = await refreshed(c, tokens, rt);
    try {
      return await fn(tokens.accessToken, secrets());
    } catch (again) {
      if (again instanceof PlatformError && again.kind === "unauthorized") {
        await markRevoked(c, again.message, now(rt));
        throw new PlatformError("revoked", again.message);
      }
      throw again;
    }
  }
}

async function connectionOf(shopId: string, platform: AdPlatform) {
  const c = await prisma.adConnection.findUnique({ where: { shopId_platform: { shopId, platform } } });
  if (!c) throw new AdRefusal(404, "This platform is not connected.");
  return c;
}

/** Reads the accounts again from the platform (after connecting, or when the merchant asks). */
export async function refreshAccounts(shop: ShopRef, platform: AdPlatform, rt: AdRuntime): Promise<AccountInfo[]> {
  const c = await connectionOf(shop.id, platform);
  const cfg = configured(rt, platform);
  const accounts = await withAccessToken(c, rt, (token, secrets) =>
    ADAPTERS[platform].listAccounts(callContext(rt, secrets), cfg, token),
  );
  await saveAccounts(prisma, shop.id, platform, accounts);
  return accounts;
}

/** The accounts to include: every id must be one of this shop's accounts on the platform. */
export async function chooseAccounts(shop: ShopRef, platform: AdPlatform, accountIds: string[]): Promise<void> {
  await connectionOf(shop.id, platform);
  const known = await prisma.adAccount.findMany({ where: { shopId: shop.id, platform }, select: { accountId: true } });
  const ids = new Set(known.map((a) => a.accountId));
  const unknown = accountIds.filter((id) => !ids.has(id));
  if (unknown.length) throw new AdRefusal(400, "Choose among the accounts listed for this platform.");
  await prisma.$transaction([
    prisma.adAccount.updateMany({ where: { shopId: shop.id, platform }, data: { selected: false } }),
    prisma.adAccount.updateMany({
      where: { shopId: shop.id, platform, accountId: { in: accountIds } },
      data: { selected: true },
    }),
  ]);
}

/**
 * Revokes the grant at the platform (when it offers revocation) and deletes the tokens and the
 * account list. The spend already read stays: it was spent. A platform that cannot be reached
 * or refuses does not keep the tokens here: the answer says so.
 */
export async function disconnect(
  shop: ShopRef,
  platform: AdPlatform,
  rt: AdRuntime,
): Promise<{ revoked: boolean; message: string | null }> {
  const c = await connectionOf(shop.id, platform);
  let revoked = false;
  let message: string | null = null;
  try {
    const cfg = configured(rt, platform);
    const tokens = openTokens(keyOf(rt), c);
    await ADAPTERS[platform].revoke(
      callContext(rt, [tokens.accessToken, tokens.refreshToken ?? "", cfg.client.secret]),
      cfg,
      tokens,
    );
    revoked = true;
  } catch (error) {
    message =
      error instanceof PlatformError || error instanceof AdRefusal
        ? error.message
        : "The platform could not be reached.";
  }
  await prisma.$transaction([
    prisma.adConnection.deleteMany({ where: { shopId: shop.id, platform } }),
    prisma.adAccount.deleteMany({ where: { shopId: shop.id, platform } }),
  ]);
  return { revoked, message };
}
