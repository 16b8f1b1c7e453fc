// Per-request timing for the app's own performance figures (docs/decisions/043-measured-performance.md).
// The production server (scripts/serve.mjs) runs every request through observeRequest(),
// which marks the request with an id header (overwriting any the client sent), and the
// admin authentication names the shop through it (identifyRequest). When the response is
// ready the observer gets one small record; it only buffers it (the writes are batched
// elsewhere). It knows no feature: the composition root (app/jobs.server.ts) sets the
// observer, and without one nothing is measured.
//
// Database time needs to know which request a query belongs to: an AsyncLocalStorage, whose
// promise hooks cost every request of the process a few percent while any context is open.
// So only a sample is timed for its database work: at most one request at a time, and at
// most one started per second, per process (a shop with a request a second or fewer has
// every request timed). Server time, status and the shop are recorded for every request.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac } from "node:crypto";
import { performance } from "node:perf_hooks";
import { LRUCache } from "lru-cache";
import { env } from "~/env.server";

export type RequestKind = "page" | "data" | "action" | "api";

type Timing = { shopId: string | null; staffKey: string | null; dbMs: number; dbQueries: number; skip: boolean };

/** The header that carries a request's id from the server entry to the route that authenticates it. */
export const TIMING_HEADER = "x-pp-request-timing";
/** The shortest gap between two requests timed for their database work, per process. */
export const DB_SAMPLE_GAP_MS = 1_000;
/**
 * The largest share of time the database-time context may be open, per process: while it
 * is, the promise hooks slow every concurrent request too, so a timed request that took
 * d ms delays the next sample to d / share after it started (under load, requests are slow
 * and samples rarer).
 */
export const DB_SAMPLE_SHARE = 0.02;

export type ObservedRequest = {
  shopId: string;
  staffKey: string | null;
  kind: RequestKind;
  status: number;
  serverMs: number;
  /** Null when the request was not in the database-time sample. */
  dbMs: number | null;
  dbQueries: number | null;
  at: Date;
};

export type RequestObserver = (request: ObservedRequest) => void;

// On globalThis so a module reloaded by Vite in development finds the same storage and observer.
type State = {
  storage: AsyncLocalStorage<Timing>;
  observer: RequestObserver | null;
  inFlight: Map<string, Timing>;
  nextId: number;
  sampling: boolean;
  nextSampleAt: number;
  /** Milliseconds, for server and database time and the sample's spacing. */
  now: () => number;
};
const g = globalThis as typeof globalThis & { __requestTiming?: State };
const state = (g.__requestTiming ??= {
  storage: new AsyncLocalStorage<Timing>(),
  observer: null,
  inFlight: new Map(),
  nextId: 0,
  sampling: false,
  nextSampleAt: -Infinity,
  now: () => performance.now(),
});

/**
 * Set once by the composition root; null turns measuring off. The next request is in the
 * database-time sample. `now` is the clock (milliseconds) times are measured on.
 */
export function setRequestObserver(
  observer: RequestObserver | null,
  { now = () => performance.now() }: { now?: () => number } = {},
): void {
  state.observer = observer;
  state.now = now;
  state.nextSampleAt = -Infinity;
}

/** What a request is, from its method and path: an API call, a page (document), a loader's data, or an action. */
export function requestKind(method: string, pathname: string): RequestKind {
  if (pathname.startsWith("/api/")) return "api";
  if (method !== "GET" && method !== "HEAD") return "action";
  return pathname.endsWith(".data") || pathname.includes("/_root.data") ? "data" : "page";
}

/**
 * Runs the app's handler for one request and reports its server time, status and (for the
 * sample) database time to the observer when the request belonged to a shop (see identifyRequest).
 */
export async function observeRequest(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const id = String(++state.nextId);
  try {
    request.headers.set(TIMING_HEADER, id);
  } catch {
    return handle(); // Immutable headers: a request no route of ours authenticates.
  }
  const timing: Timing = { shopId: null, staffKey: null, dbMs: 0, dbQueries: 0, skip: false };
  state.inFlight.set(id, timing);
  const observer = state.observer;
  if (!observer) {
    // Still given its id: the admin authentication shares its work between the request's loaders.
    try {
      return await handle();
    } finally {
      state.inFlight.delete(id);
    }
  }
  const started = state.now();
  const sampled = !state.sampling && started >= state.nextSampleAt;
  if (sampled) state.sampling = true;
  let status = 500;
  try {
    const response = sampled ? await state.storage.run(timing, handle) : await handle();
    status = response.status;
    return response;
  } finally {
    state.inFlight.delete(id);
    if (sampled) {
      state.sampling = false;
      const took = state.now() - started;
      state.nextSampleAt = started + Math.max(DB_SAMPLE_GAP_MS, took / DB_SAMPLE_SHARE);
      // Turns the promise hooks off until the next sampled request.
      state.storage.disable();
    }
    if (timing.shopId && !timing.skip) {
      const url = new URL(request.url);
      observer({
        shopId: timing.shopId,
        staffKey: timing.staffKey,
        kind: requestKind(request.method, url.pathname),
        status,
        serverMs: state.now() - started,
        dbMs: sampled ? timing.dbMs : null,
        dbQueries: sampled ? timing.dbQueries : null,
        at: new Date(),
      });
    }
  }
}

/**
 * The id the server gave this request while it is being handled, or null (a request the server did
 * not run through observeRequest, or an id a client sent): every copy of the request Remix hands to
 * a loader carries it.
 */
export function requestIdOf(request: Request): string | null {
  const id = request.headers.get(TIMING_HEADER);
  return id && state.inFlight.has(id) ? id : null;
}

function timingOf(request: Request): Timing | undefined {
  const id = request.headers.get(TIMING_HEADER);
  return id ? state.inFlight.get(id) : undefined;
}

/**
 * Called by the admin authentication: the request belongs to this shop and staff member.
 * The staff member is kept only as a keyed hash (to count sessions), never as a name.
 */
export function identifyRequest(request: Request, shopId: string, staff: string | null): void {
  const timing = timingOf(request);
  if (timing) {
    timing.shopId = shopId;
    timing.staffKey = staff ? staffKeyOf(shopId, staff) : null;
  }
}

// The keyed hash of a staff member, computed once per member and process (bounded).
const staffKeys = new LRUCache<string, string>({ max: 10_000 });

function staffKeyOf(shopId: string, staff: string): string {
  const id = `${shopId}\n${staff}`;
  let key = staffKeys.get(id);
  if (!key) {
    key = createHmac("sha256", env.signingSecret).update(id).digest("base64url").slice(0, 22);
    staffKeys.set(id, key);
  }
  return key;
}

/** The current request is not one to measure (the browser's own measurements being reported). */
export function skipRequestTiming(request: Request): void {
  const timing = timingOf(request);
  if (timing) timing.skip = true;
}

/** Runs `fn` outside any request, so work it starts (a batched write) is not counted as that request's. */
export function outsideRequest<T>(fn: () => T): T {
  return state.storage.getStore() ? state.storage.exit(fn) : fn();
}

function addQuery(ms: number) {
  const timing = state.storage.getStore();
  if (timing) {
    timing.dbMs += ms;
    timing.dbQueries++;
  }
}

type AnyFn = (...args: unknown[]) => Promise<unknown>;

function forward(target: object, prop: PropertyKey) {
  const value = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
}

function timed(fn: AnyFn): AnyFn {
  return async (...args) => {
    const started = state.now();
    try {
      return await fn(...args);
    } finally {
      addQuery(state.now() - started);
    }
  };
}

const TIMED = new Set<PropertyKey>(["queryRaw", "executeRaw", "executeScript", "commit", "rollback"]);

function timeConnection<T extends object>(connection: T): T {
  // Each method is wrapped once per connection, not on every property read.
  const cache = new Map<PropertyKey, unknown>();
  return new Proxy(connection, {
    get(target, prop) {
      if (cache.has(prop)) return cache.get(prop);
      const value = forward(target, prop);
      if (typeof value !== "function") return value;
      const wrapped =
        prop === "startTransaction"
          ? async (...args: unknown[]) => timeConnection((await timed(value)(...args)) as object)
          : TIMED.has(prop)
            ? timed(value)
            : value;
      cache.set(prop, wrapped);
      return wrapped;
    },
  });
}

/**
 * Wraps a Prisma driver adapter factory so every statement's time (queries, raw SQL,
 * transactions) counts as database time of the sampled request it runs in. Outside one it
 * costs two clock reads per statement.
 */
export function timeQueries<F extends object>(factory: F): F {
  return new Proxy(factory, {
    get(target, prop) {
      const value = forward(target, prop);
      if (prop === "connect" && typeof value === "function")
        return async (...args: unknown[]) => timeConnection((await value(...args)) as object);
      return value;
    },
  });
}
