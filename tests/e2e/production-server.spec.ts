// The production server as deployed: scripts/serve.mjs with two workers on the e2e
// demo database. What must hold across workers and connections: the documented rate
// limits exactly, and bodies over the limit refused with 413 without growing memory.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import { expect, test } from "./hydrated";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;

function databaseFile() {
  return (process.env.DATABASE_URL ?? "").replace(/^file:/, "");
}

function resetRateLimits() {
  const db = new Database(databaseFile());
  db.prepare('DELETE FROM "RateLimiterFlexible"').run();
  db.close();
}

/** One request on its own connection (no keep-alive), so the workers share the load. */
function post(pathname: string, body: string | Readable, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${BASE}${pathname}`,
      { method: "POST", agent: false, headers: { "Content-Type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close the connection after a 413 while the client is still writing;
      // the answer has usually arrived by then.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") setTimeout(() => reject(error), 3000).unref();
      else reject(error);
    });
    if (typeof body === "string") req.end(body);
    else body.pipe(req);
  });
}

function workerPids(primary: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(primary);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
  return Number(line?.[1] ?? 0) / 1024;
}

/** A body of `bytes` zero bytes, produced as it is sent (never held whole by the test either). */
function zeros(bytes: number): Readable {
  let left = bytes;
  const chunk = Buffer.alloc(64 * 1024);
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

test.describe("production server, two workers", () => {
  test.beforeAll(async () => {
    server = spawn(process.execPath, [path.join("scripts", "serve.mjs"), "./build/server/index.js"], {
      env: { ...process.env, PORT: String(PORT), WEB_CONCURRENCY: "2" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        if (
          (await fetch(`${BASE}/api/session?shop=demo-store.myshopify.com`)).ok &&
          workerPids(server.pid!).length === 2
        )
          return;
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("the two-worker server did not start");
  });

  test.afterAll(() => {
    server?.kill("SIGTERM");
  });

  test("a per-client limit holds exactly across workers and new connections", async () => {
    resetRateLimits();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        post("/api/gdpr/export-request", JSON.stringify({ email: `limit-${i}@example.com` })),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // 10 export requests per client per hour (docs/decisions/024-public-rate-limits.md).
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  test("a per-address limit holds exactly across workers", async () => {
    resetRateLimits();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post("/api/gdpr/export-request", JSON.stringify({ email: "same@example.com" }))),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    resetRateLimits();
  });

  test("a 100 MB body gets 413 and the workers' memory stays flat", async () => {
    const pids = workerPids(server.pid!);
    const refuseThree = async () => {
      const declared = await post("/api/import", zeros(100 * 1024 * 1024), {
        "Content-Length": String(100 * 1024 * 1024),
      });
      const streamed = await post("/webhooks/orders/create", zeros(100 * 1024 * 1024), {
        "Transfer-Encoding": "chunked",
      });
      const anonymous = await post("/api/gdpr/export-request", zeros(100 * 1024 * 1024), {
        "Transfer-Encoding": "chunked",
      });
      return [declared.status, streamed.status, anonymous.status];
    };
    // A first round loads the routes' code and lets each worker's young heap grow to the
    // size the drained chunks need; what is measured is the round after it.
    expect(await refuseThree()).toEqual([413, 413, 413]);
    const before = pids.map(rssMb);
    // Sampled while the bodies are sent: a worker that held one 100 MB body would peak
    // at least 100 MB over where it started, even if it freed it before the end.
    const peak = [...before];
    const sampler = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], rssMb(pid)))), 5);
    const statuses = await refuseThree().finally(() => clearInterval(sampler));
    expect(statuses).toEqual([413, 413, 413]);
    const after = pids.map(rssMb);
    const mb = (list: number[]) => list.map((m) => m.toFixed(0)).join("/");
    console.log(`worker RSS before ${mb(before)} MB, peak ${mb(peak)} MB, after ${mb(after)} MB`);
    expect(Math.max(...peak.map((m, i) => m - before[i]))).toBeLessThan(50);
    expect(Math.max(...after.map((m, i) => m - before[i]))).toBeLessThan(25);
    // The server still answers normally afterwards.
    expect((await fetch(`${BASE}/dashboard`)).status).toBe(200);
  });

  test("every HTML page forbids framing and sniffing, errors and the demo's login included", async () => {
    for (const pathname of ["/nope", "/auth/login", "/dashboard", "/blog/no-such-post", "/i/not-a-token", "/"]) {
      const res = await fetch(`${BASE}${pathname}`);
      expect(res.headers.get("content-type"), pathname).toContain("text/html");
      expect(res.headers.get("content-security-policy"), pathname).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get("x-content-type-options"), pathname).toBe("nosniff");
      expect(res.status, pathname).toBeLessThan(500);
    }
    const login = await (await fetch(`${BASE}/auth/login`)).text();
    expect(login).toContain("No login needed in the demo");
  });
});
