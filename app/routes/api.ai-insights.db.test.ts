// GET /api/ai-insights and POST /api/ai-insights/generate through the real authenticate.admin
// with Shopify test credentials: 202 with a run, the same run while it is open, another shop's
// storeId 404, malformed bodies 400, a Viewer 403; the screen's action refuses illegal moves.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession, installTeam, requestAs } from "~tests/shopify";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { loader as listLoader } from "~/routes/api.ai-insights";
import { action as generateAction } from "~/routes/api.ai-insights_.generate";
import { action as screenAction, loader as screenLoader } from "~/routes/_admin.ai-insights";

const A = "insights-a.myshopify.com";
const B = "insights-b.myshopify.com";
let shopA: { id: string; domain: string };
let shopB: { id: string; domain: string };

type Answer = { status: number; body: any };

async function call(fn: (a: LoaderFunctionArgs) => Promise<unknown>, request: Request): Promise<Answer> {
  try {
    const result = await fn({ request, params: {}, context: {} } as LoaderFunctionArgs);
    if (result instanceof Response) return { status: result.status, body: await result.json() };
    const d = result as { type?: string; data?: unknown; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    throw thrown;
  }
}

const generate = (shop: string, body: string) =>
  bearerRequest(shop, "/api/ai-insights/generate", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
  });

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B" });
  // Pro: seats for the whole test team, so a Viewer's refusal is the role's, not the seat's.
  await prisma.shop.updateMany({ where: { id: { in: [shopA.id, shopB.id] } }, data: { plan: "pro" } });
  await installSession(A);
  await installSession(B);
  await installTeam(shopA);
  await prisma.insight.create({
    data: {
      shopId: shopB.id,
      category: "money",
      kind: "overdue-invoices",
      subjectType: "invoices",
      subjectId: "overdue",
      title: "2 overdue invoices: $300.00 unpaid",
      description: "B's secret",
      facts: "{}",
      confidence: 0.9,
      band: "High",
      evidence: JSON.stringify({ observed: "", expected: "", band: "", baselineWindow: "", sampleSize: 2, method: "" }),
      firstSeenAt: new Date(),
      lastSeenAt: new Date(),
    },
  });
});

afterAll(async () => {
  await stopJobQueue();
});

describe("POST /api/ai-insights/generate", () => {
  it("queues a run (202) and answers the same run while it is open", async () => {
    const first = await call(generateAction, await generate(A, JSON.stringify({ storeId: shopA.id })));
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ created: true, run: { status: "queued", trigger: "manual" } });
    const again = await call(generateAction, await generate(A, JSON.stringify({ storeId: shopA.id })));
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ created: false, run: { id: first.body.run.id } });
    expect(await prisma.insightRun.count({ where: { shopId: shopA.id } })).toBe(1);
  });

  it("answers another shop's storeId 404 and malformed bodies 400, writing nothing", async () => {
    const before = await prisma.insightRun.count();
    expect((await call(generateAction, await generate(A, JSON.stringify({ storeId: shopB.id })))).status).toBe(404);
    expect((await call(generateAction, await generate(A, "{not json"))).status).toBe(400);
    const missing = await call(generateAction, await generate(A, JSON.stringify({})));
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.storeId).toBeDefined();
    expect((await call(generateAction, await generate(A, JSON.stringify({ storeId: 42 })))).status).toBe(400);
    expect(await prisma.insightRun.count()).toBe(before);
  });

  it("refuses a Viewer (403)", async () => {
    const request = await requestAs("viewer", A, "/api/ai-insights/generate", {
      method: "POST",
      body: JSON.stringify({ storeId: shopA.id }),
      headers: { "Content-Type": "application/json" },
    });
    const refused = await call(generateAction, request);
    expect(refused.status).toBe(403);
    expect(String(refused.body)).toContain("Viewer");
  });
});

describe("GET /api/ai-insights", () => {
  it("lists only the caller's insights, with counts and the run asked for", async () => {
    const run = await prisma.insightRun.findFirstOrThrow({ where: { shopId: shopA.id } });
    const answer = await call(listLoader, await bearerRequest(A, `/api/ai-insights?runId=${run.id}`));
    expect(answer.status).toBe(200);
    expect(answer.body.insights).toEqual([]);
    expect(answer.body.counts.all).toBe(0);
    expect(answer.body.run.id).toBe(run.id);
    const b = await call(listLoader, await bearerRequest(B, "/api/ai-insights"));
    expect(b.body.insights.map((i: { description: string }) => i.description)).toEqual(["B's secret"]);
  });

  it("answers another shop's run 404 and an unknown category 400", async () => {
    const run = await prisma.insightRun.findFirstOrThrow({ where: { shopId: shopA.id } });
    expect((await call(listLoader, await bearerRequest(B, `/api/ai-insights?runId=${run.id}`))).status).toBe(404);
    expect((await call(listLoader, await bearerRequest(A, "/api/ai-insights?category=nope"))).status).toBe(400);
  });
});

describe("the screen's action", () => {
  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const screenPost = (role: "owner" | "viewer", values: Record<string, string>) =>
    requestAs(role, A, "/ai-insights", {
      method: "POST",
      body: form(values),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("answers another shop's insight 404, a bad reason 400, and a Viewer 403", async () => {
    const idB = (await prisma.insight.findFirstOrThrow({ where: { shopId: shopB.id } })).id;
    expect((await call(screenAction, await screenPost("owner", { intent: "done", id: idB }))).status).toBe(404);
    const bad = await call(screenAction, await screenPost("owner", { intent: "dismiss", id: idB, reason: "meh" }));
    expect(bad.status).toBe(400);
    expect(
      (await call(screenAction, await screenPost("owner", { intent: "snooze", id: idB, until: "2020-01-01" }))).status,
    ).toBe(400);
    expect((await call(screenAction, await screenPost("viewer", { intent: "generate" }))).status).toBe(403);
    expect((await prisma.insight.findUniqueOrThrow({ where: { id: idB } })).status).toBe("new");
  });

  it("loads the screen for a Viewer with the open run", async () => {
    const page = await call(screenLoader, await requestAs("viewer", A, "/ai-insights?tab=inventory"));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ tab: "inventory", insights: [], running: { status: "queued" } });
  });
});
