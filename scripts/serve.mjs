#!/usr/bin/env node
// The production HTTP server: the built Remix app (build/server/index.js, or the
// path given as the first argument) on every CPU. remix-serve runs one process,
// so it uses one core; server rendering is CPU-bound, so this forks one worker
// per available CPU with node:cluster (see docs/decisions/005-production-server.md).
//
//   PORT (default 3000), HOST (default: all interfaces),
//   WEB_CONCURRENCY (workers; default os.availableParallelism()).
//
// Assets under /assets are content-hashed: they are served with a one-year
// immutable cache and compressed once per worker (brotli and gzip, kept in memory)
// instead of on every request. HTML is compressed per response at a cheap level.
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`${name} must be a whole number of at least 1, got "${raw}"`);
    process.exit(1);
  }
  return n;
}

const port = positiveInt("PORT", 3000);
const host = process.env.HOST || undefined;
const workers = positiveInt("WEB_CONCURRENCY", os.availableParallelism());
const serverBuild = path.resolve(process.argv[2] ?? "build/server/index.js");

if (cluster.isPrimary && workers > 1) {
  // Signed links and rate-limit keys must agree across workers: without a configured
  // secret every worker would draw its own, so the primary draws one for all of them.
  if (!process.env.SIGNING_SECRET && !process.env.SHOPIFY_API_SECRET) {
    process.env.SIGNING_SECRET = (await import("node:crypto")).randomBytes(32).toString("hex");
  }
  let stopping = false;
  let alive = 0;
  const fork = () => {
    alive++;
    cluster.fork();
  };
  for (let i = 0; i < workers; i++) fork();
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === workers) console.log(`[serve] http://${host ?? "localhost"}:${port} (${workers} workers)`);
  });
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    if (stopping) {
      if (alive === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // A worker that dies at boot (bad environment, missing build) would die again: stop.
    if (listening < workers) {
      console.error(`[serve] worker ${worker.process.pid} exited during start-up (${signal ?? code}); stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
      process.exitCode = code || 1;
      if (alive === 0) process.exit(process.exitCode);
      return;
    }
    console.error(`[serve] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
} else {
  await startWorker();
}

async function startWorker() {
  const [{ default: express }, { default: compression }, remixNode, limits] = await Promise.all([
    import("express"),
    import("compression"),
    import("@remix-run/node"),
    import("./body-limits.mjs"),
  ]);
  const { installGlobals, createRequestHandler } = remixNode;
  const build = await import(pathToFileURL(serverBuild).href);
  installGlobals({ nativeFetch: build.future?.v3_singleFetch ?? false });
  const clientDir = path.resolve(path.dirname(serverBuild), "..", "client");

  const app = express();
  app.disable("x-powered-by");
  app.use(`${build.publicPath}assets`, precompressedAssets(path.join(clientDir, "assets")));
  // HTML is compressed per response, cheaply: brotli quality 3 (what browsers get;
  // ~10.6 KB for /dashboard, about half the CPU of the default quality 4) or gzip
  // level 1. remix-serve's gzip level 6 was ~7 % of a request's CPU in the profile.
  app.use(
    compression({
      level: zlib.constants.Z_BEST_SPEED,
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    }),
  );
  // The other static files are listed once at boot (the build and public/ do not change while it
  // runs): serve-static would otherwise stat two missing files for every page request (~4 % of a
  // /dashboard request's CPU in the profile).
  app.use(build.publicPath, onlyExisting(clientDir, express.static(clientDir, { maxAge: "1h" })));
  app.use(onlyExisting("public", express.static("public", { maxAge: "1h" })));
  // Rate limits key on the client's address (app/platform/rate-limit.server.ts reads the
  // last X-Forwarded-For entry). Unless TRUST_PROXY=1 says a proxy in front appends it,
  // the header is the client's own word, so it is replaced by the socket's address.
  const trustProxy = process.env.TRUST_PROXY === "1";
  app.use((req, _res, next) => {
    const peer = req.socket.remoteAddress ?? "unknown";
    if (!trustProxy || !req.headers["x-forwarded-for"]) req.headers["x-forwarded-for"] = peer;
    if (!trustProxy) delete req.headers["x-real-ip"];
    next();
  });
  // The app measures its own requests (server time, database time, status) through the
  // entry's observeRequest (docs/decisions/043-measured-performance.md).
  const observe = build.entry?.module?.observeRequest ?? ((_request, handle) => handle());
  app.all("*", remixHandler(createRequestHandler(build, process.env.NODE_ENV), limits, observe));

  const server = host ? app.listen(port, host) : app.listen(port);
  server.on("listening", () => {
    if (!cluster.isWorker) console.log(`[serve] http://${host ?? "localhost"}:${port}`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    // Idle keep-alive connections would hold close() open.
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/**
 * Remix behind Express, with bounded bodies: a body is read whole (up to its route's
 * limit, scripts/body-limits.mjs) before Remix sees the request, so no route can read
 * more than the limit; over it the answer is 413 and the rest is never read.
 */
function remixHandler(handle, limits, observe) {
  return async (req, res, next) => {
    try {
      let body;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const limit = limits.bodyLimitFor(req.path);
        try {
          body = await limits.readBoundedBody(req, limit);
        } catch (error) {
          if (error instanceof limits.BodyTooLarge) return limits.sendTooLarge(req, res, limit);
          throw error;
        }
      }
      const request = limits.toFetchRequest(req, res, body);
      const response = await observe(request, () => handle(request));
      await limits.sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".map"]);

/**
 * Content-hashed build assets: read and compressed once per file, then served
 * from memory with a one-year immutable cache.
 */
function precompressedAssets(dir) {
  const cache = new Map();
  const load = (name) => {
    let entry = cache.get(name);
    if (entry !== undefined) return entry;
    const file = path.join(dir, name);
    entry = null;
    if (file.startsWith(dir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const ext = path.extname(file);
      const raw = fs.readFileSync(file);
      const zip = COMPRESSIBLE.has(ext) && raw.length > 1024;
      entry = {
        type: TYPES[ext] ?? "application/octet-stream",
        raw,
        br: zip
          ? zlib.brotliCompressSync(raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            })
          : null,
        gzip: zip ? zlib.gzipSync(raw, { level: 9 }) : null,
      };
    }
    cache.set(name, entry);
    return entry;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let name;
    try {
      name = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    const entry = name && !name.includes("\0") ? load(name) : null;
    if (!entry) return next();
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const [body, encoding] =
      entry.br && /\bbr\b/.test(accepts)
        ? [entry.br, "br"]
        : entry.gzip && /\bgzip\b/.test(accepts)
          ? [entry.gzip, "gzip"]
          : [entry.raw, null];
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    if (entry.br || entry.gzip) res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/** The static middleware for the files under dir, asked only for a path that is one of them. */
function onlyExisting(dir, serve) {
  const files = new Set();
  const walk = (d, prefix) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name), `${prefix}${e.name}/`);
      else files.add(`${prefix}${e.name}`);
    }
  };
  walk(path.resolve(dir), "/");
  return (req, res, next) => {
    let p;
    try {
      p = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return files.has(p) ? serve(req, res, next) : next();
  };
}
