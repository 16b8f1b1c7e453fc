// SMS campaigns on the database, against a local server that follows Twilio's documented protocol
// (tests/twilio.ts): connecting verifies the credentials first (field errors, nothing written),
// the Auth Token is stored sealed; only customers subscribed to SMS marketing with an E.164 phone
// are sent, once each under two workers, outside the quiet hours; Twilio's refusals are kept per
// recipient with the number masked; shop B's sends never use A's account.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { httpTransport } from "~tests/local-http";
import { installSession, installTeam, requestAs } from "~tests/shopify";
import { jsonResponse, schemaErrors } from "~tests/shopify-admin";
import { signTwilio, startTwilio, type StatusCallback } from "~tests/twilio";
import { action as statusAction } from "~/routes/webhooks.twilio.status";
import { publicOrigin } from "~/platform/http.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { openSecret } from "~/platform/secret-box.server";
import { action as listAction } from "~/routes/_admin.customers_.campaigns._index";
import { action as smsAction, loader as smsLoader } from "~/routes/_admin.customers_.campaigns.sms";
import { changeStatus } from "./campaigns.server";
import { campaignFigures, recipientErrors } from "./metrics.server";
import { runShop } from "./send.server";
import { secretsKey, smsStatus } from "./sms.server";
import type { TwilioRuntime } from "./twilio.server";
import type { CampaignInput } from "./schema";

const A = "sms-a.myshopify.com";
const B = "sms-b.myshopify.com";
const SID = `AC${"a1".repeat(16)}`;
const TOKEN = "0123456789abcdef".repeat(2);
const FROM = "+14155550100";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 14:00 UTC: outside the quiet hours of a UTC shop.
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 14 * HOUR);
type Shop = { id: string; name: string; domain: string; timezone: string };
let a: Shop;
let b: Shop;
let twilio: Awaited<ReturnType<typeof startTwilio>>;
let rt: TwilioRuntime;
const realFetch = globalThis.fetch;

async function customer(shop: Shop, name: string, phone: string | null, smsMarketing = true) {
  const c = await prisma.customer.create({
    data: {
      shopId: shop.id,
      shopifyId: `gid://shopify/Customer/${shop.id}-${name}`,
      firstName: name,
      phone,
      smsMarketing,
    },
  });
  await prisma.customerScore.create({
    data: {
      shopId: shop.id,
      customerId: c.id,
      searchText: name,
      sortName: name,
      orders: 2,
      totalSpentMinor: 10_000,
      frequency: 2,
      monetaryMinor: 10_000,
      segment: "At-Risk",
      rule: "At-Risk",
      segmentChangedAt: new Date(now.getTime() - DAY),
      computedAt: now,
    },
  });
  return c.id;
}

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
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
const connect = async (role: "owner" | "viewer", fields: Record<string, string>) =>
  call(smsAction, await requestAs(role, A, "/customers/campaigns/sms", form({ intent: "connect", ...fields })));

const smsWinBack: CampaignInput = {
  name: "SMS win-back",
  channel: "sms",
  audience: "win_back",
  body: "Hi {{ first_name }}, we miss you: {{ shop_url }}",
  holdoutPercent: 0,
  frequencyCapHours: 16,
  quietStartHour: 21,
  quietEndHour: 8,
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  // Bo's handset is unreachable: Twilio takes the message, then reports it undelivered.
  twilio = await startTwilio([{ sid: SID, authToken: TOKEN, friendlyName: "Shop A SMS" }], {
    undeliverable: ["+14155550112"],
  });
  rt = { baseUrl: twilio.base, fetch: httpTransport };
  // The route calls Twilio through fetch at TWILIO_API_BASE_URL: here, the local server only.
  process.env.TWILIO_API_BASE_URL = twilio.base;
  globalThis.fetch = ((url: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
    httpTransport(String(url), init)) as typeof fetch;
  a = await createShop({ domain: A, name: "Shop A" });
  b = await createShop({ domain: B, name: "Shop B" });
  // Seats for the whole team (the Viewer among them).
  await prisma.shop.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { plan: "pro" } });
  await installTeam(a);
  await installSession(B);
  ids.ann = await customer(a, "Ann", "+14155550111");
  ids.bo = await customer(a, "Bo", "+14155550112");
  ids.cy = await customer(a, "Cy", "+14155550113", false); // not subscribed to SMS
  ids.di = await customer(a, "Di", "(415) 555-0114"); // not E.164
  ids.ed = await customer(a, "Ed", "+15005550001"); // Twilio: not a valid To (21211)
  ids.flo = await customer(a, "Flo", "+15005550004"); // Twilio: replied STOP (21610)
  ids.bee = await customer(b, "Bee", "+14155550199");
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  delete process.env.TWILIO_API_BASE_URL;
  await twilio.close();
  await stopJobQueue();
});

describe("connecting Twilio", () => {
  it("refuses bad input, a Viewer and credentials Twilio rejects, writing nothing", async () => {
    const bad = await connect("owner", { accountSid: "AC12", authToken: TOKEN });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.accountSid[0]).toMatch(/AC followed by 32/);
    expect(bad.body.fieldErrors.fromNumber[0]).toBe("Enter a From number or a Messaging Service SID");
    const viewer = await connect("viewer", { accountSid: SID, authToken: TOKEN, fromNumber: FROM });
    expect(viewer.status).toBe(403);
    const wrong = await connect("owner", { accountSid: SID, authToken: "f".repeat(32), fromNumber: FROM });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.authToken[0]).toMatch(/Twilio refused .*20003: Authenticate/);
    expect(await prisma.twilioConnection.count({ where: { shopId: a.id } })).toBe(0);
    // Without a connection an SMS campaign keeps the e-mail-only refusal, and nothing is saved.
    const sms = await call(
      listAction,
      await requestAs("owner", A, "/customers/campaigns", form({ intent: "save", ...strings(smsWinBack) })),
    );
    expect(sms.status).toBe(400);
    expect(sms.body.fieldErrors.channel).toEqual(["SMS is not configured: connect Twilio first"]);
    expect(await prisma.engagementCampaign.count({ where: { shopId: a.id } })).toBe(0);
  });

  it("verifies with one call, then stores the token sealed and shows only the SID's end", async () => {
    const before = twilio.requests.length;
    const ok = await connect("owner", { accountSid: SID, authToken: TOKEN, fromNumber: FROM });
    expect(ok).toEqual({ status: 200, body: { ok: true } });
    expect(twilio.requests.slice(before)).toEqual([{ method: "GET", path: `/2010-04-01/Accounts/${SID}.json` }]);
    const row = await prisma.twilioConnection.findUniqueOrThrow({ where: { shopId: a.id } });
    expect(row.authToken).not.toContain(TOKEN);
    expect(openSecret(secretsKey(), row.authToken)).toBe(TOKEN);
    const seen = await call(smsLoader, await requestAs("viewer", A, "/customers/campaigns/sms"));
    expect(seen.body.status).toMatchObject({ connected: true, accountSid: `AC…${SID.slice(-6)}`, sender: FROM });
    expect(JSON.stringify(seen.body)).not.toContain(TOKEN);
    expect((await smsStatus(b.id)).connected).toBe(false);
  });
});

const strings = (v: CampaignInput) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));

describe("sending SMS", () => {
  it("sends once to each subscribed E.164 phone under two workers, outside quiet hours", async () => {
    const saved = await call(
      listAction,
      await requestAs("owner", A, "/customers/campaigns", form({ intent: "save", ...strings(smsWinBack) })),
    );
    expect(saved.status).toBe(200);
    const id = saved.body.id as string;
    await changeStatus(a, id, "start", now);
    // 22:00 UTC is inside the quiet hours: planned, nothing sent, due again at 08:00.
    const late = new Date(now.getTime() + 8 * HOUR);
    await runShop(a.id, late, { twilio: rt });
    expect(twilio.received).toHaveLength(0);
    const waiting = await prisma.engagementSend.findMany({ where: { campaignId: id, status: "pending" } });
    expect(waiting.map((s) => s.dueAt.toISOString().slice(11, 16))).toContain("08:00");
    // Two workers at 08:30 the next morning.
    const morning = new Date(now.getTime() + 18.5 * HOUR);
    const consent: any[] = [];
    const adminFor = async () => async (query: string, options?: { variables?: Record<string, unknown> }) => {
      const invalid = schemaErrors(query);
      if (invalid) return invalid;
      consent.push(options?.variables);
      const field = "customerSmsMarketingConsentUpdate";
      return jsonResponse({ data: { [field]: { customer: { id: "gid://shopify/Customer/1" }, userErrors: [] } } });
    };
    const deps = { twilio: rt, adminFor };
    await Promise.all([runShop(a.id, morning, deps), runShop(a.id, morning, deps)]);
    expect(twilio.received.map((m) => m.to).sort()).toEqual(["+14155550111", "+14155550112"]);
    expect(twilio.received[0]).toMatchObject({ accountSid: SID, from: FROM });
    expect(twilio.received.find((m) => m.to === "+14155550111")!.body).toBe(
      "Shop A: Hi Ann, we miss you: https://sms-a.myshopify.com\nReply STOP to opt out",
    );
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: id } });
    const by = (c: string) => sends.find((s) => s.customerId === ids[c]);
    expect(by("cy")).toBeUndefined(); // never planned: no SMS consent
    expect(by("di")).toMatchObject({ status: "skipped", skipReason: "invalid_phone" });
    expect(by("ann")!.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(by("ed")).toMatchObject({
      status: "failed",
      error: "21211: The 'To' number [number] is not a valid phone number.",
    });
    expect(by("flo")).toMatchObject({ status: "failed", error: "21610: Attempt to send to unsubscribed recipient" });
    // A STOP at Twilio withdraws the consent here too.
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: ids.flo } })).smsMarketing).toBe(false);
    expect(consent).toEqual([
      {
        input: {
          customerId: `gid://shopify/Customer/${a.id}-Flo`,
          smsMarketingConsent: expect.objectContaining({ marketingState: "UNSUBSCRIBED" }),
        },
      },
    ]);
    const errors = await recipientErrors(a.id, id);
    expect(errors.map((e) => e.customer).sort()).toEqual(["Ed", "Flo"]);
    expect(JSON.stringify(errors)).not.toContain("+1500555");
    // Another run sends nothing again.
    await runShop(a.id, new Date(morning.getTime() + HOUR), { twilio: rt });
    expect(twilio.received).toHaveLength(2);
  });

  it("counts an SMS delivered only on Twilio's signed delivery report", async () => {
    const c = await prisma.engagementCampaign.findFirstOrThrow({ where: { shopId: a.id, channel: "sms" } });
    const before = (await campaignFigures(a.id, c.id))[0];
    expect([before.sent, before.delivered]).toEqual([4, 0]); // accepted by Twilio is not delivered
    const reports: StatusCallback[] = twilio.callbacks.splice(0);
    expect(reports.map((r) => r.url)).toEqual([
      `${publicOrigin()}/webhooks/twilio/status`,
      `${publicOrigin()}/webhooks/twilio/status`,
    ]);
    const post = (request: Request) =>
      statusAction({ request, params: {}, context: {} } as LoaderFunctionArgs) as Promise<Response>;
    // A report signed with another token is refused and changes nothing.
    const forged = { ...reports[0], authToken: "f".repeat(32) };
    expect(await twilio.postStatusCallbacks(post, [forged])).toEqual([403]);
    expect((await campaignFigures(a.id, c.id))[0].delivered).toBe(0);
    // The real ones, twice (Twilio retries): recorded once.
    expect(await twilio.postStatusCallbacks(post, [...reports, ...reports])).toEqual([200, 200, 200, 200]);
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: c.id } });
    const by = (name: string) => sends.find((s) => s.customerId === ids[name])!;
    expect(by("ann")).toMatchObject({ status: "sent", deliveryStatus: "delivered" });
    expect(by("bo")).toMatchObject({
      status: "failed",
      deliveryStatus: "undelivered",
      error: "30003: Twilio reported the message undelivered",
    });
    expect((await campaignFigures(a.id, c.id))[0].delivered).toBe(1);
    expect((await recipientErrors(a.id, c.id)).map((e) => e.customer).sort()).toEqual(["Bo", "Ed", "Flo"]);
    // A message this app does not know, correctly signed: 200 and ignored (Twilio would retry a 4xx).
    const url = `${publicOrigin()}/webhooks/twilio/status`;
    const unknown = new URLSearchParams({
      AccountSid: SID,
      MessageSid: `SM${"0".repeat(32)}`,
      MessageStatus: "failed",
    });
    const answer = await post(
      new Request(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": signTwilio(TOKEN, url, unknown),
        },
        body: unknown.toString(),
      }),
    );
    expect(answer.status).toBe(200);
    expect(await prisma.engagementSend.count({ where: { shopId: a.id, deliveryStatus: { not: null } } })).toBe(2);
  });

  it("never sends shop B's SMS with A's account, and B's errors are B's", async () => {
    // B's campaign as it would stand after B disconnected Twilio: its sends wait.
    const c = await prisma.engagementCampaign.create({
      data: { ...smsWinBack, subject: "", shopId: b.id, status: "active", activatedAt: now },
    });
    await runShop(b.id, new Date(now.getTime() + HOUR), { twilio: rt });
    const sends = await prisma.engagementSend.findMany({ where: { shopId: b.id } });
    expect(sends.map((s) => [s.customerId, s.status])).toEqual([[ids.bee, "pending"]]);
    expect(twilio.received.some((m) => m.to === "+14155550199")).toBe(false);
    const aCampaign = await prisma.engagementCampaign.findFirstOrThrow({ where: { shopId: a.id } });
    expect(await recipientErrors(b.id, aCampaign.id)).toEqual([]);
    expect(c.shopId).toBe(b.id);
  });

  it("disconnects: the credentials are gone and SMS sends wait", async () => {
    const r = await call(
      smsAction,
      await requestAs("owner", A, "/customers/campaigns/sms", form({ intent: "disconnect" })),
    );
    expect(r.status).toBe(200);
    expect(await prisma.twilioConnection.count({ where: { shopId: a.id } })).toBe(0);
  });
});
