// The usage windows on the database (both engines): the nightly prune deletes only windows past
// their keeping time, for every shop, and leaves what the limits and Settings → API Keys read.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { windowOf } from "./limits";
import { countCall, pruneUsageWindows, registerPublicApiJobs, usage } from "./limits.server";

const at = (iso: string) => new Date(iso);

describe("pruning usage windows", () => {
  it("deletes minute windows after 2 hours, hourly after 48 hours, months after 13, for every shop", async () => {
    const now = at("2026-11-30T03:23:00Z");
    const a = await createShop({ name: "Prune A" });
    const b = await createShop({ name: "Prune B" });
    const rows = (shopId: string) => [
      { shopId, window: windowOf("minute", at("2026-11-30T01:22:00Z")).key, calls: 5 }, // old
      { shopId, window: windowOf("minute", at("2026-11-30T01:24:00Z")).key, calls: 5 },
      { shopId, window: windowOf("hourly", at("2026-11-28T02:00:00Z")).key, calls: 7 }, // old
      { shopId, window: windowOf("hourly", at("2026-11-28T03:00:00Z")).key, calls: 7 },
      { shopId, window: windowOf("hourly", now).key, calls: 9 },
      { shopId, window: windowOf("monthly", at("2025-10-15T00:00:00Z")).key, calls: 11 }, // old
      { shopId, window: windowOf("monthly", at("2025-11-01T00:00:00Z")).key, calls: 11 },
      { shopId, window: windowOf("monthly", now).key, calls: 12 },
    ];
    await prisma.apiUsageWindow.createMany({ data: [...rows(a.id), ...rows(b.id)] });

    expect(await pruneUsageWindows(now)).toBe(6);
    for (const shop of [a, b]) {
      const left = await prisma.apiUsageWindow.findMany({ where: { shopId: shop.id }, orderBy: { window: "asc" } });
      expect(left.map((r) => r.window)).toEqual([
        "h:2026-11-28T03",
        "h:2026-11-30T03",
        "i:2026-11-30T01:24",
        "m:2025-11",
        "m:2026-11",
      ]);
    }
    // What the screen and the limits read is untouched.
    const use = await usage({ id: a.id, plan: "starter" }, now);
    expect(use.find((u) => u.kind === "hourly")!.used).toBe(9);
    expect(use.find((u) => u.kind === "monthly")!.used).toBe(12);
    expect(await pruneUsageWindows(now)).toBe(0);
  });

  it("runs as a nightly job on the queue", async () => {
    const scheduled: string[] = [];
    const registered = new Map<string, () => Promise<void>>();
    registerPublicApiJobs({
      register: (name, handler) => void registered.set(name, handler),
      schedule: (name, cron) => void scheduled.push(`${name} ${cron}`),
    });
    expect(scheduled).toEqual(["public-api.prune-usage 23 3 * * *"]);
    const shop = await createShop({ name: "Prune job" });
    await prisma.apiUsageWindow.create({ data: { shopId: shop.id, window: "h:2020-01-01T00", calls: 1 } });
    await registered.get("public-api.prune-usage")!();
    expect(await prisma.apiUsageWindow.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

describe("counting a call", () => {
  it("counts a call in each window at once, and a refusal by one window gives back what the others took", async () => {
    const now = at("2026-11-30T10:15:00Z");
    const shop = { id: (await createShop({ name: "Count" })).id, plan: "enterprise" };
    const first = await countCall(shop, now);
    const second = await countCall(shop, now);
    expect(first.ok && second.ok).toBe(true);
    expect(second.windows.map((w) => [w.kind, w.limit, w.used])).toEqual([
      ["monthly", null, 2],
      ["hourly", null, 2],
      ["minute", 1_000, 2],
    ]);
    // The minute is full: the call is refused by it, and the month and hour keep their 2 calls.
    await prisma.apiUsageWindow.update({
      where: { shopId_window: { shopId: shop.id, window: windowOf("minute", now).key } },
      data: { calls: 1_000 },
    });
    const refused = await countCall(shop, now);
    expect(refused.ok).toBe(false);
    expect(refused.refusedBy).toMatchObject({ kind: "minute", limit: 1_000, used: 1_000 });
    expect((await usage(shop, now)).map((u) => [u.kind, u.used])).toEqual([
      ["monthly", 2],
      ["hourly", 2],
      ["minute", 1_000],
    ]);
  });
});
