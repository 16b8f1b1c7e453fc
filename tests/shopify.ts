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

/** Stores a valid offline session for a shop, as after install. */
export async function installSession(shop: string) {
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
