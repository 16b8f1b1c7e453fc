// Server-rendered HTML reused when a page would render exactly the same again.
// React's server render is a pure function of the URL and the route data, so a page
// whose loader data is byte-for-byte what it was last time renders the same HTML.
// The key is a hash of both: another shop, another figure or another query string is
// another key, so nothing can be served that this request would not have rendered.
import crypto from "node:crypto";
import { LRUCache } from "lru-cache";

type StaticContext = {
  loaderData: unknown;
  actionData: unknown;
  errors: unknown;
};

function plainReplacer(_key: string, value: unknown) {
  // JSON would turn these into "{}" or fail; such data is simply not cached.
  if (value instanceof Map || value instanceof Set || typeof value === "bigint" || typeof value === "function")
    throw new TypeError("not plain data");
  return value;
}

/** A cache key for a successful GET render, or null when the page must be rendered. */
export function htmlCacheKey(request: Request, status: number, context: StaticContext): string | null {
  if (request.method !== "GET" || status !== 200 || context.errors || context.actionData) return null;
  let data: string;
  try {
    data = JSON.stringify(context.loaderData, plainReplacer);
  } catch {
    return null;
  }
  return crypto.createHash("sha256").update(request.url).update("\0").update(data).digest("base64url");
}

/** The 200 pages most recently rendered or served. */
export const htmlCache = new LRUCache<string, string>({ max: 200 });
