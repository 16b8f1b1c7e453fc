// Engagement on the database: a win-back flow from trigger to attribution (hold-out never sent,
// a customer who ordered since the trigger skipped, consent required), exactly once under two
// workers, the frequency cap across campaigns, tracked links that cannot leave the shop's host,
// the unsubscribe round trip with Shopify's recorded answers, and shop A never touching shop B.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installSession, installTeam, requestAs } from "~tests/shopify";
import { fixture, jsonResponse, schemaErrors, stubAdminApi } from "~tests/shopify-admin";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { action as listAction, loader as listLoader } from "~/routes/_admin.customers_.campaigns._index";
import { loader as apiLoader } from "~/routes/api.customer-engagement";
import { action as unsubscribeAction } from "~/routes/e.u.$token";
import { changeStatus, createCampaign, getCampaign } from "./campaigns.server";
import { campaignFigures } from "./metrics.server";
import { deliverDue, planCampaign, runShop } from "./send.server";
import { recordClick } from "./tracking.server";
import type { CampaignInput } from "./schema";

const A = "engage-a.myshopify.com";
const B = "engage-b.myshopify.com";
type Shop = { id: string; name: string; domain: string; timezone: string };
let a: Shop;
let b: Shop;
const DAY = 86_400_000;
// 14:00 UTC: outside the quiet hours of a UTC shop.
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 14 * 3_600_000);
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

async function customers(shop: Shop, n: number, prefix: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = await prisma.customer.create({
      data: {
        shopId: shop.id,
        shopifyId: `gid://shopify/Customer/${prefix}${i}`,
        email: `${prefix}${i}@example.com`,
        firstName: `${prefix}${i}`,
        // Every tenth customer never agreed to marketing.
        acceptsMarketing: i % 10 !== 9,
      },
    });
    await prisma.customerScore.create({
      data: {
        shopId: shop.id,
        customerId: c.id,
        searchText: c.email!,
        sortName: c.firstName!,
        orders: 2,
        totalSpentMinor: 10_000,
        frequency: 2,
        monetaryMinor: 10_000,
        segment: "At-Risk",
        rule: "At-Risk",
        segmentChangedAt: new Date(now.getTime() - 2 * DAY),
        computedAt: now,
      },
    });
    ids.push(c.id);
  }
  return ids;
}

const winBack: CampaignInput = {
  name: "Win them back",
  channel: "email",
  audience: "win_back",
  subject: "We miss you, {{ first_name }}",
  body: "Hi {{ first_name }},\n\nCome back: https://engage-a.myshopify.com/collections/new\nOr elsewhere: https://evil.example.com/x",
  // A large hold-out so a small test audience surely has one (P(none) = 0.7^27 < 1e-4).
  holdoutPercent: 30,
  frequencyCapHours: 16,
  quietStartHour: 21,
  quietEndHour: 8,
};

async function order(shop: Shop, customerId: string, at: Date, totalMinor: number) {
  await prisma.order.create({
    data: {
      shopId: shop.id,
      name: `#${Math.random().toString(36).slice(2, 8)}`,
      customerId,
      processedAt: at,
      day: at.toISOString().slice(0, 10),
      currency: "USD",
      grossSalesMinor: totalMinor,
      totalMinor,
    },
  });
}

let aIds: string[];
let bIds: string[];
let campaignA: string;

beforeAll(async () => {
  a = await createShop({ domain: A, name: "Shop A" });
  b = await createShop({ domain: B, name: "Shop B" });
  await prisma.shop.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { plan: "pro" } });
  await installTeam(a);
  await installSession(B);
  aIds = await customers(a, 30, "a");
  bIds = await customers(b, 10, "b");
  // One of A's customers ordered after entering At-Risk (before the flow started): skipped.
  await order(a, aIds[0], new Date(now.getTime() - DAY), 4_000);
});

afterAll(async () => {
  await stopJobQueue();
});

describe("a win-back flow", () => {
  it("sends once to each consenting, not held-out customer; skips who ordered since", async () => {
    campaignA = (await createCampaign(a, winBack, now)).id;
    expect(await changeStatus(a, campaignA, "start", now)).toBe("active");
    await runShop(a.id, now);
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: campaignA } });
    // 27 of 30 consent (every tenth does not): only they are planned.
    expect(sends).toHaveLength(27);
    const held = sends.filter((s) => s.holdout);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((s) => s.status === "holdout" && !s.sentAt)).toBe(true);
    const first = sends.find((s) => s.customerId === aIds[0])!;
    if (!first.holdout) expect(first).toMatchObject({ status: "skipped", skipReason: "ordered_since" });
    const sent = sends.filter((s) => s.status === "sent");
    expect(sent.length).toBe(27 - held.length - (first.holdout ? 0 : 1));
    const outbox = await prisma.outboxMessage.findMany({ where: { shopId: a.id, kind: "engagement" } });
    expect(outbox).toHaveLength(sent.length);
    expect(outbox.every((m) => m.toAddress.endsWith("@example.com"))).toBe(true);
    // B's customers are never among A's recipients.
    expect(sends.some((s) => bIds.includes(s.customerId))).toBe(false);
    const m = outbox[0];
    expect(JSON.parse(m.headers!)["List-Unsubscribe"]).toMatch(/^<http.*\/e\/u\/[\w-]+\?expires=\d+&signature=/);
    expect(m.text).toContain("Unsubscribe: http");
    expect(m.html).toContain("/e/c/");
    // The off-host address is left as written, never turned into a tracked redirect.
    expect(m.html).toContain('href="https://evil.example.com/x"');

    // A second pass (another tick, another worker) sends nothing new.
    await runShop(a.id, new Date(now.getTime() + 60_000));
    expect(await prisma.outboxMessage.count({ where: { shopId: a.id, kind: "engagement" } })).toBe(outbox.length);
  });

  it("tracks a click to the shop's host and refuses any other destination", async () => {
    const m = await prisma.outboxMessage.findFirstOrThrow({ where: { shopId: a.id, kind: "engagement" } });
    const href = m.html!.match(/href="([^"]*\/e\/c\/[^"]*)"/)![1].replaceAll("&amp;", "&");
    const url = new URL(href);
    const token = url.pathname.split("/").pop()!;
    expect(await recordClick(token, url.searchParams)).toBe("https://engage-a.myshopify.com/collections/new");
    const tampered = new URLSearchParams(url.searchParams);
    tampered.set("u", "https://evil.example.com/");
    expect(await recordClick(token, tampered)).toBeNull();
    const send = await prisma.engagementSend.findUniqueOrThrow({ where: { token } });
    expect(send.clickedAt).not.toBeNull();
    expect(send.openedAt).not.toBeNull();
  });

  it("attributes an order within the window, for the sent and the held-out alike", async () => {
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: campaignA } });
    const sent = sends.find((s) => s.status === "sent")!;
    const held = sends.find((s) => s.holdout)!;
    await order(a, sent.customerId, new Date(now.getTime() + DAY), 12_000);
    await order(a, held.customerId, new Date(now.getTime() + 2 * DAY), 8_000);
    await runShop(a.id, new Date(now.getTime() + 3 * DAY));
    const [f] = await campaignFigures(a.id, campaignA);
    expect(f.attributedRevenueMinor).toBe(12_000);
    expect(f.clicked).toBe(1);
    // 27 recipients of whom ~8 held out: too few for an interval.
    expect(f.lift).toMatchObject({ enough: false });
    expect(f.recoveryRate).toBeGreaterThan(0);
  });

  it("sends each message once when two workers deliver at the same time, and caps frequency", async () => {
    const second = await createCampaign(a, { ...winBack, name: "Second", holdoutPercent: 0 }, now);
    await changeStatus(a, second.id, "start", now);
    const c = await getCampaign(a.id, second.id);
    await planCampaign(a, c, now);
    // 08:00 UTC the next day: past the 16 h cap and the quiet hours.
    const later = new Date(now.getTime() + 18 * 3_600_000);
    const [x, y] = await Promise.all([deliverDue(a, later), deliverDue(a, later)]);
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: second.id, status: "sent" } });
    expect(sends.length).toBeGreaterThan(15);
    expect(x + y).toBe(sends.length);
    expect(
      await prisma.outboxMessage.count({
        where: { shopId: a.id, kind: "engagement", dedupeKey: { in: sends.map((s) => `engagement:${s.id}`) } },
      }),
    ).toBe(sends.length);
    // Within 16 h of the first campaign's message nobody gets another: the send waits for the cap.
    const third = await createCampaign(a, { ...winBack, name: "Third", holdoutPercent: 0 }, now);
    await changeStatus(a, third.id, "start", now);
    await planCampaign(a, await getCampaign(a.id, third.id), later);
    expect(await deliverDue(a, new Date(later.getTime() + 3_600_000))).toBe(0);
    const waiting = await prisma.engagementSend.findFirstOrThrow({
      where: { campaignId: third.id, status: "pending" },
    });
    // The cap ends at 00:00 UTC, inside the quiet hours: it goes at 08:00.
    expect(waiting.dueAt.getTime()).toBe(later.getTime() + 24 * 3_600_000);
  });
});

describe("unsubscribe", () => {
  it("unsubscribes locally at once and in Shopify, and shows Shopify's userErrors", async () => {
    const send = await prisma.engagementSend.findFirstOrThrow({ where: { campaignId: campaignA, status: "sent" } });
    const m = await prisma.outboxMessage.findFirstOrThrow({ where: { id: send.outboxMessageId! } });
    const link = new URL(JSON.parse(m.headers!)["List-Unsubscribe"].slice(1, -1));
    const asked: unknown[] = [];
    restore = stubAdminApi(async (request) => {
      const { query, variables } = (await request.json()) as { query: string; variables: unknown };
      asked.push(variables);
      return schemaErrors(query) ?? jsonResponse(fixture("customer-email-marketing-consent-update.json"));
    }).restore;
    const res = (await unsubscribeAction({
      request: new Request(link, { method: "POST", body: "List-Unsubscribe=One-Click" }),
      params: { token: link.pathname.split("/").pop() },
      context: {},
    } as never)) as Response;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You are unsubscribed");
    const customer = await prisma.customer.findUniqueOrThrow({ where: { id: send.customerId } });
    expect(customer.acceptsMarketing).toBe(false);
    expect(asked).toEqual([
      expect.objectContaining({
        input: expect.objectContaining({
          customerId: customer.shopifyId,
          emailMarketingConsent: expect.objectContaining({ marketingState: "UNSUBSCRIBED" }),
        }),
      }),
    ]);
    restore();
    restore = stubAdminApi(() =>
      jsonResponse(fixture("customer-email-marketing-consent-update-user-errors.json")),
    ).restore;
    const again = (await unsubscribeAction({
      request: new Request(link, { method: "POST" }),
      params: { token: link.pathname.split("/").pop() },
      context: {},
    } as never)) as Response;
    expect(await again.text()).toContain("Customer does not exist");
    // A forged signature unsubscribes nobody.
    link.searchParams.set("signature", "x".repeat(43));
    const forged = (await unsubscribeAction({
      request: new Request(link, { method: "POST" }),
      params: { token: link.pathname.split("/").pop() },
      context: {},
    } as never)) as Response;
    expect(forged.status).toBe(404);
  });
});

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
const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

describe("routes: isolation, roles, bad input", () => {
  it("lists only the shop's own campaigns, on the screen and the API", async () => {
    const bCampaign = await createCampaign(b, { ...winBack, name: "B only" }, now);
    const list = await call(listLoader, await requestAs("owner", A, "/customers/campaigns"));
    expect(list.body.campaigns.map((c: { name: string }) => c.name)).not.toContain("B only");
    const api = await call(apiLoader, await requestAs("viewer", A, "/api/customer-engagement"));
    expect(api.status).toBe(200);
    expect(api.body.campaigns.find((c: { id: string }) => c.id === campaignA)).toMatchObject({
      type: "email",
      status: "active",
    });
    expect(api.body.campaigns.some((c: { id: string }) => c.id === bCampaign.id)).toBe(false);
    // A's owner cannot end or delete B's campaign: 404, and B's campaign is unchanged.
    for (const intent of ["end", "delete"]) {
      const r = await call(
        listAction,
        await requestAs("owner", A, "/customers/campaigns", form({ intent, id: bCampaign.id })),
      );
      expect(r.status).toBe(404);
    }
    expect((await getCampaign(b.id, bCampaign.id)).status).toBe("draft");
  });

  it("refuses a Viewer's write, an illegal transition and a template that does not render", async () => {
    const viewer = await call(
      listAction,
      await requestAs("viewer", A, "/customers/campaigns", form({ intent: "pause", id: campaignA })),
    );
    expect(viewer.status).toBe(403);
    const resume = await call(
      listAction,
      await requestAs("owner", A, "/customers/campaigns", form({ intent: "resume", id: campaignA })),
    );
    expect(resume.status).toBe(409);
    const bad = await call(
      listAction,
      await requestAs(
        "owner",
        A,
        "/customers/campaigns",
        form({ intent: "save", name: "x", audience: "win_back", subject: "Hi", body: "Hello\n{{ nickname }}" }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.body[0]).toMatch(/^Line 2: unknown merge field/);
    const noSegment = await call(
      listAction,
      await requestAs(
        "owner",
        A,
        "/customers/campaigns",
        form({
          intent: "save",
          name: "x",
          audience: "segment",
          segment: "VIP",
          scheduledAt: "2099-01-01T10:00",
          subject: "Hi",
          body: "Hello",
        }),
      ),
    );
    expect(noSegment.status).toBe(400);
    expect(noSegment.body.fieldErrors.segment[0]).toMatch(/No customer in this segment/);
    expect(await prisma.engagementCampaign.count({ where: { shopId: a.id, name: "x" } })).toBe(0);
  });
});
