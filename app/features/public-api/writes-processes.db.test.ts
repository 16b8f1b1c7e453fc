// Writes from two server processes at once (issue 39: "a merchant's API client must not see 503
// for an ordinary write under modest concurrency"). Each worker is a separate Node process with
// its own Prisma client on this file's database (tests/workers/cost-writes.ts), creating product
// costs through the v1 handler with one key. On SQLite the two processes are two connections to
// one file: a transaction that read first and then wrote lost the write lock to the other
// process and answered 503 database_busy (decision 113).
import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { createApiKey } from "./keys.server";
import type { Scope } from "./keys";

const tsx = path.resolve("node_modules/.bin/tsx");
const worker = path.resolve("tests/workers/cost-writes.ts");

/** Starts a worker process; `go()` sends it its `count` concurrent writes, `done` its answers by status. */
async function startWorker(key: string, storeId: string, count: number, tag: string) {
  const child = spawn(tsx, [worker, key, storeId, String(count), tag], {
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("ready\n")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker ${tag} exited (${code}) before it was ready`)));
  });
  const done = new Promise<Record<string, number>>((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.split("\n").pop()!)) : reject(new Error(`worker ${tag} failed (${code})`)),
    ),
  );
  await ready;
  return { go: () => child.stdin.end("go\n"), done };
}

let shop: { id: string; plan: string };
let key: string;

beforeAll(async () => {
  shop = await prisma.shop.update({
    where: { id: (await createShop({ name: "Two writers" })).id },
    data: { plan: "pro" },
  });
  key = (
    await createApiKey({ shop, staff: { email: "o@example.com", name: "O" } }, "writes", ["costs:write"] as Scope[])
  ).key;
});

describe("writes across processes", () => {
  it("creates every product cost sent by 2 processes × 60 concurrent calls: no 503", async () => {
    const workers = await Promise.all([startWorker(key, shop.id, 60, "a"), startWorker(key, shop.id, 60, "b")]);
    for (const w of workers) w.go();
    const [one, two] = await Promise.all(workers.map((w) => w.done));
    expect({ one, two }).toEqual({ one: { "201": 60 }, two: { "201": 60 } });
    expect(await prisma.productCost.count({ where: { shopId: shop.id } })).toBe(120);
    // Each write's audit entry was written with it.
    expect(await prisma.auditEntry.count({ where: { shopId: shop.id, action: "costs.product_cost.add" } })).toBe(120);
  }, 300_000);
});
