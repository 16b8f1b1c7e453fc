// Requests as Shopify would send them, signed with the test app's credentials.
import {
  API_KEY,
  API_SECRET_KEY,
  APP_URL,
  getHmac,
  getJwt,
  RequestType,
  setUpValidRequest,
  setUpValidSession,
} from "@shopify/shopify-api/test-helpers";
import { prisma } from "~/db.server";
// What the server entry loads before any request: the Shopify app's billing plans and
// after-install hook, and every feature's jobs (the composition root).
import "~/jobs.server";

export { API_KEY, API_SECRET_KEY, APP_URL };

/** The user the test session tokens are signed for (the test helpers' `sub`). */
export const TEST_USER_ID = 12345;

/**
 * Stores a valid online session for a staff member of `shop` (what token exchange stores
 * for each user), so a request signed for that user is identified without Shopify.
 */
export async function installOnlineSession(
  shop: string,
  user: { id?: number; firstName?: string; lastName?: string; email?: string; accountOwner?: boolean } = {},
) {
  const userId = user.id ?? TEST_USER_ID;
  const id = `${shop}_${userId}`;
  const data = {
    shop,
    state: "",
    isOnline: true,
    scope: "read_orders",
    expires: new Date(Date.now() + 86_400_000),
    accessToken: "test-online-token",
    userId: BigInt(userId),
    firstName: user.firstName ?? "Ada",
    lastName: user.lastName ?? "Owner",
    email: user.email ?? `${(user.firstName ?? "Ada").toLowerCase()}@${shop}`,
    accountOwner: user.accountOwner ?? true,
  };
  await prisma.session.upsert({ where: { id }, create: { id, ...data }, update: data });
}

/**
 * Stores a valid offline session for a shop, as after install, and the account owner's
 * online session and team member, as after their first visit (so a test's first request
 * writes nothing of its own).
 */
export async function installSession(shop: string) {
  await installOnlineSession(shop);
  const row = await prisma.shop.findUnique({ where: { domain: shop }, select: { id: true } });
  if (row)
    await prisma.staffMember.upsert({
      where: { shopId_email: { shopId: row.id, email: `ada@${shop}` } },
      create: {
        shopId: row.id,
        userId: String(TEST_USER_ID),
        email: `ada@${shop}`,
        name: "Ada Owner",
        role: "owner",
        accountOwner: true,
      },
      update: {},
    });
  const session = setUpValidSession({
    shop,
    isOnline: false,
    id: `offline_${shop}`,
    expires: new Date(Date.now() + 86_400_000),
  });
  await prisma.session.upsert({
    where: { id: session.id },
    create: {
      id: session.id,
      shop,
      state: session.state ?? "",
      isOnline: false,
      scope: session.scope ?? "read_orders",
      expires: session.expires ?? null,
      accessToken: session.accessToken ?? "test-token",
    },
    update: {},
  });
  return session;
}

/** A fetch request from the embedded app with a session token for `shop`. */
export async function bearerRequest(shop: string, path: string, init: RequestInit = {}) {
  return setUpValidRequest(
    {
      type: RequestType.Bearer,
      store: shop.replace(/\.myshopify\.com$/, ""),
      apiKey: API_KEY,
      apiSecretKey: API_SECRET_KEY,
    },
    new Request(`${APP_URL}${path}`, init),
  );
}

export async function tokenFor(
  shop: string,
  overrides: Record<string, unknown> = {},
  secret = API_SECRET_KEY,
  apiKey = API_KEY,
) {
  const { token } = await getJwt(shop.replace(/\.myshopify\.com$/, ""), apiKey, secret, overrides);
  return token;
}

export function withToken(token: string | null, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return new Request(`${APP_URL}${path}`, { ...init, headers });
}

/**
 * A webhook delivery as Shopify sends it, HMAC-signed unless `secret` says otherwise.
 * `headers` overrides any header (a replay with another topic, shop or time), and
 * `path` posts to another route than the topic's.
 */
export function webhookRequest(
  topic: string,
  shop: string,
  payload: unknown,
  {
    webhookId = crypto.randomUUID(),
    secret = API_SECRET_KEY,
    method = "POST",
    headers = {},
    path = `/webhooks/${topic}`,
    rawBody,
  }: {
    webhookId?: string;
    secret?: string;
    method?: string;
    headers?: Record<string, string>;
    path?: string;
    rawBody?: string;
  } = {},
) {
  const body = rawBody ?? JSON.stringify(payload);
  return new Request(`${APP_URL}${path}`, {
    method,
    body: method === "GET" ? undefined : body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Hmac-Sha256": getHmac(body, secret),
      "X-Shopify-Topic": topic,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-Webhook-Id": webhookId,
      "X-Shopify-Event-Id": crypto.randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      ...headers,
    },
  });
}

/** The roles a test team has: the account owner (the default test user), an Admin and a Viewer. */
export const TEAM_USERS = {
  owner: { id: TEST_USER_ID, firstName: "Ada", lastName: "Owner", accountOwner: true },
  admin: { id: 22222, firstName: "Alan", lastName: "Admin", accountOwner: false },
  viewer: { id: 33333, firstName: "Vera", lastName: "Viewer", accountOwner: false },
} as const;

/**
 * A shop's team as the app knows it after each member's first visit: online sessions for
 * the three users and their members with their roles.
 */
export async function installTeam(shop: { id: string; domain: string }) {
  await installSession(shop.domain);
  for (const [role, user] of Object.entries(TEAM_USERS)) {
    const email = `${user.firstName.toLowerCase()}@${shop.domain}`;
    await installOnlineSession(shop.domain, { ...user, email });
    await prisma.staffMember.upsert({
      where: { shopId_email: { shopId: shop.id, email } },
      create: {
        shopId: shop.id,
        userId: String(user.id),
        email,
        name: `${user.firstName} ${user.lastName}`,
        role,
        accountOwner: user.accountOwner,
      },
      update: { role },
    });
  }
}

/** A request from the embedded app signed for one member of the test team. */
export async function requestAs(
  role: keyof typeof TEAM_USERS,
  shop: string,
  path: string,
  init: RequestInit = {},
): Promise<Request> {
  return withToken(await tokenFor(shop, { sub: String(TEAM_USERS[role].id) }), path, init);
}
