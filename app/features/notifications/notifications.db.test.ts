// Notification choices through POST/GET /api/notifications: per member, kept apart between
// members and shops, bad input writes nothing, and each channel's "Send test".
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installTeam, requestAs, type TEAM_USERS } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { DEFAULT_CHANNELS, SLACK_URL_MESSAGE } from "~/features/notifications";
import { sendTest, SlackUnreachable } from "~/features/notifications/index.server";
import { action, loader } from "~/routes/api.notifications";

type Shop = Awaited<ReturnType<typeof createShop>>;
type Role = keyof typeof TEAM_USERS;
let shop: Shop;
let other: Shop;

const SLACK = "https://hooks.slack.com/services/T000/B000/secret";

const post = async (role: Role, body: unknown, domain = shop.domain) =>
  (await action({
    request: await requestAs(role, domain, "/api/notifications", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    }),
    params: {},
    context: {},
  }).catch((r: unknown) => r)) as Response;

const get = async (role: Role, domain = shop.domain) =>
  (await (
    (await loader({
      request: await requestAs(role, domain, "/api/notifications"),
      params: {},
      context: {},
    })) as Response
  ).json()) as { channels: typeof DEFAULT_CHANNELS; slackWebhookUrl: string };

const memberOf = (s: Shop, role: string) => prisma.staffMember.findFirstOrThrow({ where: { shopId: s.id, role } });

beforeEach(async () => {
  shop = await createShop();
  other = await createShop();
  for (const s of [shop, other]) {
    await prisma.shop.update({ where: { id: s.id }, data: { plan: "pro" } });
    await installTeam(s);
  }
});

describe("saving choices", () => {
  it("round-trips per member: each sees their own, the defaults until they save; audited without the URL", async () => {
    expect(await get("admin")).toEqual({ channels: DEFAULT_CHANNELS, slackWebhookUrl: "" });
    const mine = { ...DEFAULT_CHANNELS, stock: { bell: false, email: true, slack: true } };
    const res = await post("admin", { intent: "save", channels: mine, slackWebhookUrl: SLACK });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ channels: mine, slackWebhookUrl: SLACK });
    expect(await get("admin")).toEqual({ channels: mine, slackWebhookUrl: SLACK });
    expect(await get("viewer")).toEqual({ channels: DEFAULT_CHANNELS, slackWebhookUrl: "" });
    expect(await get("admin", other.domain)).toEqual({ channels: DEFAULT_CHANNELS, slackWebhookUrl: "" });

    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { shopId: shop.id, action: "settings.notifications" },
    });
    expect(entry.actorEmail).toBe((await memberOf(shop, "admin")).email);
    expect(JSON.parse(entry.after ?? "{}")).toEqual({ channels: mine, slack: "set" });
    expect(entry.after).not.toContain("secret");
  });

  it("lets a Viewer manage their own choices", async () => {
    const quiet = { ...DEFAULT_CHANNELS, summary: { bell: false, email: false, slack: false } };
    expect((await post("viewer", { intent: "save", channels: quiet })).status).toBe(200);
    expect((await get("viewer")).channels.summary).toEqual({ bell: false, email: false, slack: false });
  });

  it("answers a Slack URL that is not a Slack webhook with a 400 on the field, writing nothing", async () => {
    const before = await tableCounts();
    for (const url of ["http://hooks.slack.com/services/T/B/x", "https://example.com/services/T/B/x", "not a url"]) {
      const res = await post("admin", { intent: "save", channels: DEFAULT_CHANNELS, slackWebhookUrl: url });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ slackWebhookUrl: [SLACK_URL_MESSAGE] });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("answers another member's id with 404, in this shop or another, writing nothing", async () => {
    const before = await tableCounts();
    for (const target of [await memberOf(shop, "viewer"), await memberOf(other, "admin")]) {
      const res = await post("admin", { intent: "save", memberId: target.id, channels: DEFAULT_CHANNELS });
      expect(res.status).toBe(404);
    }
    const theirs = await memberOf(shop, "admin");
    const res = await post("admin", { intent: "test", memberId: theirs.id, channel: "email" }, other.domain);
    expect(res.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    // The caller's own id is fine.
    const own = await post("admin", { intent: "save", memberId: theirs.id, channels: DEFAULT_CHANNELS });
    expect(own.status).toBe(200);
  });
});

describe("Send test", () => {
  it("e-mail: one message in the shop's outbox, to the member's own address", async () => {
    const before = await prisma.outboxMessage.count();
    const res = await post("viewer", { intent: "test", channel: "email" });
    expect(res.status).toBe(200);
    const viewer = await memberOf(shop, "viewer");
    expect(await res.json()).toEqual({ channel: "email", message: `Test e-mail sent to ${viewer.email}.` });
    expect(await prisma.outboxMessage.count()).toBe(before + 1);
    const sent = await prisma.outboxMessage.findFirstOrThrow({ where: { shopId: shop.id, kind: "notification_test" } });
    expect(sent.toAddress).toBe(viewer.email);
    expect(await prisma.auditEntry.count({ where: { shopId: shop.id, action: "settings.notifications.test" } })).toBe(
      1,
    );
  });

  it("Slack without a URL saved or given: 400 on the field", async () => {
    const res = await post("admin", { intent: "test", channel: "slack" });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ slackWebhookUrl: [SLACK_URL_MESSAGE] });
  });

  it("Slack that does not answer: 502 saying so, nothing written", { timeout: 15_000 }, async () => {
    const before = await tableCounts();
    // No Slack server is reachable from the tests (tests/setup-env.ts refuses every request).
    const res = await post("admin", { intent: "test", channel: "slack", slackWebhookUrl: SLACK });
    expect(res.status).toBe(502);
    expect((await res.json()).error).toMatch(/^Slack did not answer/);
    expect(await tableCounts()).toEqual(before);
  });
});

describe("postToSlack through sendTest", () => {
  let server: http.Server;
  let received: { method?: string; type?: string; body: string }[] = [];
  let answer = 200;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ method: req.method, type: req.headers["content-type"], body });
        res.writeHead(answer).end(answer === 200 ? "ok" : "no_service");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  // The Slack URL is validated as Slack's; the injected fetch sends it to the local server instead
  // (over node:http, since the tests' global fetch refuses every request).
  const local: Parameters<typeof sendTest>[4] = (_url, init) =>
    new Promise<Response>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const req = http.request(
        { host: "127.0.0.1", port, method: init.method, headers: init.headers as Record<string, string> },
        (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve(new Response(body, { status: res.statusCode })));
        },
      );
      req.on("error", reject);
      req.end(init.body as string);
    });

  it("posts a JSON text payload, and a refusal is a SlackUnreachable", async () => {
    received = [];
    answer = 200;
    const member = await memberOf(shop, "admin");
    expect(await sendTest(shop, member, "slack", SLACK, local)).toBe("Test message posted to Slack.");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", type: "application/json" });
    expect(JSON.parse(received[0].body).text).toContain(shop.name);
    answer = 404;
    await expect(sendTest(shop, member, "slack", SLACK, local)).rejects.toBeInstanceOf(SlackUnreachable);
  });
});
