// Narration on this engine's database, against local stand-ins that answer as Anthropic's Messages
// API and OpenAI's Chat Completions document (recorded answers in tests/fixtures/llm): a wording
// whose numbers are all computed is kept and listed; one with an invented number is refused and
// the template stands; a failing provider changes nothing; a customer's insight is never sent; a
// changed description clears its narration; shop B is untouched.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { httpTransport, serveLocally } from "~tests/local-http";
import { listInsights } from "./list.server";
import { narrateInsights, type NarrationRuntime } from "./narration.server";
import { rank } from "./rank";
import { saveFindings } from "./store.server";
import type { Finding } from "./types";

const recorded = (name: string, text: string) =>
  fs.readFileSync(`tests/fixtures/llm/${name}.json`, "utf8").replace("__TEXT__", JSON.stringify(text).slice(1, -1));

type Seen = { path: string; headers: Record<string, string>; body: { model: string; messages: { content: string }[] } };
let seen: Seen[] = [];
let answer: { status: number; text: string } = { status: 200, text: "" };
let server: Awaited<ReturnType<typeof serveLocally>>;

const today = "2026-11-29";
const finding = (id: string, description: string, subjectType = "variant"): Finding => ({
  category: "inventory",
  kind: "stockout",
  subject: { type: subjectType, id },
  title: `Blue mug runs out in 4 days`,
  description,
  facts: { daysOfCover: 4, leadTimeDays: 9, available: 12 },
  strength: { z: 6, n: 200 },
  potentialValueMinor: 45_000,
  valueFormula: "5 days × $90.00",
  evidence: {
    observed: "4 days of cover",
    expected: "9 days of lead time",
    band: "",
    baselineWindow: "last 28 days",
    sampleSize: 200,
    method: "test",
  },
  link: null,
  action: null,
  figure: 4,
  day: today,
});

const runtime = (kind: "anthropic" | "openai"): NarrationRuntime => ({
  provider: {
    kind,
    apiKey: "test-key-not-secret",
    baseUrl: kind === "anthropic" ? server.base : `${server.base}/v1`,
    model: "m",
  },
  fetch: (url, init) => httpTransport(url, init),
});

let a: { id: string };
let b: { id: string };

beforeAll(async () => {
  server = await serveLocally(async (url, init) => {
    const { pathname } = new URL(url);
    seen.push({ path: pathname, headers: init.headers, body: JSON.parse(init.body ?? "{}") });
    if (answer.status !== 200) return new Response('{"type":"error"}', { status: answer.status });
    const file = pathname === "/v1/messages" ? "anthropic-message" : "openai-chat-completion";
    return new Response(recorded(file, answer.text), { headers: { "content-type": "application/json" } });
  });
  a = await createShop({ name: "Narrated A" });
  b = await createShop({ name: "Narrated B" });
});

afterAll(() => server.close());

async function save(shopId: string, findings: Finding[]) {
  await saveFindings(shopId, `run-${Math.random()}`, rank(findings, today), today, new Date());
}

describe("narration", () => {
  it("keeps a wording whose numbers are all computed, and lists it beside the computed text", async () => {
    await save(a.id, [finding("v1", "Blue mug has 12 left: 4 days of cover against a 9-day lead time.")]);
    await save(b.id, [finding("v1", "Blue mug has 12 left: 4 days of cover against a 9-day lead time.")]);
    seen = [];
    answer = { status: 200, text: "Only 12 Blue mugs are left — about 4 days, while a reorder takes 9." };
    expect(await narrateInsights(a.id, runtime("anthropic"))).toEqual({ accepted: 1, refused: 0, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe("/v1/messages");
    expect(seen[0].headers["x-api-key"]).toBe("test-key-not-secret");
    expect(seen[0].headers["anthropic-version"]).toBe("2023-06-01");
    expect(seen[0].body.messages[0].content).toContain("4 days of cover");
    const [view] = (await listInsights(a.id)).insights;
    expect(view.narration).toBe(answer.text);
    expect(view.description).toBe("Blue mug has 12 left: 4 days of cover against a 9-day lead time.");
    expect((await listInsights(b.id)).insights[0].narration).toBeNull();
  });

  it("refuses a wording with an invented number: the template stands and is not asked again", async () => {
    seen = [];
    answer = { status: 200, text: "Blue mug sells out in about a week; you could lose $500." };
    expect(await narrateInsights(b.id, runtime("openai"))).toEqual({ accepted: 0, refused: 1, failed: 0 });
    expect(seen[0].path).toBe("/v1/chat/completions");
    expect(seen[0].headers.authorization).toBe("Bearer test-key-not-secret");
    expect((await listInsights(b.id)).insights[0].narration).toBeNull();
    seen = [];
    expect(await narrateInsights(b.id, runtime("openai"))).toEqual({ accepted: 0, refused: 0, failed: 0 });
    expect(seen).toHaveLength(0);
  });

  it("a failing provider changes nothing, and the next run asks again", async () => {
    await save(a.id, [
      finding("v1", "Blue mug has 12 left: 4 days of cover against a 9-day lead time."),
      finding("v2", "Red mug has 12 left: 4 days of cover against a 9-day lead time."),
    ]);
    answer = { status: 529, text: "" };
    expect(await narrateInsights(a.id, runtime("anthropic"))).toEqual({ accepted: 0, refused: 0, failed: 1 });
    const row = await prisma.insight.findFirstOrThrow({ where: { shopId: a.id, subjectId: "v2" } });
    expect(row.narration).toBeNull();
    answer = { status: 200, text: "Red mug: 12 left, 4 days of cover, and a 9-day lead time." };
    expect(await narrateInsights(a.id, runtime("anthropic"))).toEqual({ accepted: 1, refused: 0, failed: 0 });
  });

  it("never sends a customer's insight", async () => {
    const shop = await createShop({ name: "Narrated C" });
    await save(shop.id, [finding("cust-1", "Pat has 12 orders over 4 days and 9 returns.", "customer")]);
    seen = [];
    answer = { status: 200, text: "Pat has 12 orders." };
    expect(await narrateInsights(shop.id, runtime("anthropic"))).toEqual({ accepted: 0, refused: 0, failed: 0 });
    expect(seen).toHaveLength(0);
  });

  it("a changed description clears its narration, so the new figures are worded afresh", async () => {
    await save(a.id, [finding("v1", "Blue mug has 3 left: 1 day of cover against a 9-day lead time.")]);
    const row = await prisma.insight.findFirstOrThrow({ where: { shopId: a.id, subjectId: "v1" } });
    expect(row.narration).toBeNull();
  });
});
