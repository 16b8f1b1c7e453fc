// Request body limits for the production server (docs/decisions/037-body-limits.md).
// Every request with a body is refused with 413 before its body is read when its
// Content-Length is over the route's limit, and while it is read when a streamed
// (chunked) body grows past it; nothing over the limit is ever held in memory.
// The route code (Remix) then gets the whole body, already bounded.

/** Bytes. Shopify webhooks carry whole orders and products; forms and JSON bodies are small. */
export const BODY_LIMITS = {
  webhook: 5 * 1024 * 1024,
  anonymous: 64 * 1024,
  // The CSV imports' upload (app/lib/csv-limits.ts: 5 MB) and the form's other fields.
  csvImport: 5 * 1024 * 1024 + 64 * 1024,
  default: 1024 * 1024,
};

/** The CSV import routes, as a page's form or fetcher posts to them (single fetch adds ".data"). */
const CSV_IMPORT_PATHS = /^\/costs\/(ad-spend|product-costs|shipping)(\.data)?$/;

/** The limit for a path: webhooks largest, the public site's anonymous forms smallest. */
export function bodyLimitFor(pathname) {
  if (pathname.startsWith("/webhooks/")) return BODY_LIMITS.webhook;
  if (CSV_IMPORT_PATHS.test(pathname)) return BODY_LIMITS.csvImport;
  // The public API (app/features/public-api/v1.server.ts V1_BODY_LIMIT).
  if (pathname.startsWith("/api/v1/")) return BODY_LIMITS.anonymous;
  if (pathname.startsWith("/api/gdpr/") || pathname.startsWith("/blog") || pathname.startsWith("/contact"))
    return BODY_LIMITS.anonymous;
  return BODY_LIMITS.default;
}

export class BodyTooLarge extends Error {
  constructor(limit) {
    super(`The request body is larger than ${limit} bytes.`);
    this.limit = limit;
  }
}

/**
 * Reads a Node request's body into one Buffer, or rejects with BodyTooLarge as soon as
 * the declared or counted length passes `limit` (the rest is never read).
 */
export function readBoundedBody(req, limit) {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (error, value) => {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        chunks.length = 0;
        return finish(new BodyTooLarge(limit));
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(null, Buffer.concat(chunks, size));
    const onError = (error) => finish(error);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** How long the rest of a refused body is drained (read and dropped) before the connection is cut. */
const DRAIN_MS = 2000;

/**
 * 413 as JSON. The whole answer is written at once, but the response is only ended
 * after the rest of the body has been read and dropped (never kept), or after
 * DRAIN_MS, when the connection is cut: Node closes a connection whose request was not
 * read, and closing a socket with unread data resets it, so the client could lose the
 * 413 before reading it.
 */
export function sendTooLarge(req, res, limit) {
  const message = `The request body is too large (limit ${limit} bytes).`;
  // The public API answers in its own envelope (docs/product/public-api.md).
  const body = JSON.stringify(
    req.path?.startsWith("/api/v1/")
      ? {
          success: false,
          data: null,
          error: {
            type: "invalid_request_error",
            code: "body_too_large",
            message,
            param: null,
            doc_url: "/api-docs#error-body_too_large",
          },
          timestamp: new Date().toISOString(),
        }
      : { error: message },
  );
  res.writeHead(413, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  res.write(body);
  const finish = () => {
    clearTimeout(cut);
    res.end();
  };
  const cut = setTimeout(() => {
    res.end();
    req.socket?.destroy();
  }, DRAIN_MS);
  cut.unref();
  req.on("end", finish);
  req.on("error", finish);
  req.on("data", () => undefined);
  req.resume();
}

/** The Fetch API request Remix handles, from an Express request and its (bounded) body. */
export function toFetchRequest(req, res, body) {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Abort the loaders and actions once the response can no longer be written.
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal };
  if (body !== undefined) Object.assign(init, { body, duplex: "half" });
  return new Request(url.href, init);
}

/** Writes Remix's response: status, every header (each Set-Cookie apart), the streamed body. */
export async function sendFetchResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(res, response.body);
  else res.end();
}

/**
 * Writes a streamed body with backpressure (docs/decisions/069-order-lines-cost.md): when the
 * socket, or the compressor in front of it, holds more than its high-water mark, the next chunk
 * is read only after "drain". So a body is produced no faster than the client takes it, the
 * process holds about one chunk of it, and the socket is written between chunks. Remix's
 * writeReadableStreamToWritable ignores write()'s answer: a body produced without waiting on
 * I/O (an export read from SQLite, whose driver is synchronous) was buffered whole in memory
 * before its first byte left. A client that goes away cancels the body, which ends the reads.
 */
export async function writeBody(res, body) {
  const reader = body.getReader();
  // One listener of each for the whole response: compression forwards "drain" listeners to its
  // zlib stream and does not forward their removal, so adding one per wait would pile them up.
  let wake = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  res.on("drain", resume);
  res.on("close", resume);
  const drained = () => new Promise((resolve) => (wake = resolve));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const more = res.write(value);
      // compression's flush: a streamed page's parts leave as they are rendered.
      if (typeof res.flush === "function") res.flush();
      if (!more && !res.destroyed) await drained();
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}
