// The bell: one item per event happening now, each linking to the screen that resolves it,
// for the events the staff member keeps in the bell.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import {
  currentEvents,
  deliverNotifications,
  listNotifications,
  listNotificationsCached,
  OVERDUE_INVOICES_URL,
} from "~/features/shop/notifications.server";
import { DEFAULT_CHANNELS } from "~/features/notifications";
import { parseListQuery } from "~/features/invoices/index.server";
import { savePreferences, sendTest } from "~/features/notifications/index.server";
import { reevaluateVariants, snoozeAlert } from "~/features/inventory/index.server";

describe("listNotifications", () => {
  it("links a failed import, overdue invoices and missing costs to their screens, for this shop only", async () => {
    const shop = await createShop();
    const other = await createShop();
    // Three variants sold in the last 30 days, two without a cost; one without a cost never sold.
    const today = new Date().toISOString().slice(0, 10);
    const sold = [
      await createProduct(shop.id, { unitCostMinor: null }),
      await createProduct(shop.id, { unitCostMinor: null }),
      await createProduct(shop.id, { unitCostMinor: 3_00 }),
    ];
    await createProduct(shop.id, { unitCostMinor: null });
    await createOrder(
      shop.id,
      today,
      sold.map((p) => line(p, 1)),
    );
    const theirs = await createProduct(other.id, { unitCostMinor: null });
    await createOrder(other.id, today, [line(theirs, 1)]);
    for (const [i, s] of [shop, other].entries())
      await prisma.invoice.create({
        data: {
          shopId: s.id,
          number: "INV-0001",
          sequence: 1,
          status: "overdue",
          customerName: "Late Payer",
          customerEmail: "late@example.test",
          currency: "USD",
          subtotalMinor: 1_00,
          taxMinor: 0,
          shippingMinor: 0,
          totalMinor: 1_00,
          issueDate: "2026-01-01",
          dueInDays: 7,
          dueDate: "2026-01-08",
          publicToken: `notifications-${i}`,
        },
      });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "failed", error: "boom" } });
    // A pending privacy request due today; one due in a month, one done: not listed.
    await prisma.privacyRequest.create({
      data: { shopId: shop.id, type: "data_request", status: "pending", email: "a@b.test", dueAt: new Date() },
    });
    await prisma.privacyRequest.create({
      data: {
        shopId: shop.id,
        type: "data_request",
        status: "pending",
        email: "c@b.test",
        dueAt: new Date(Date.now() + 30 * 86_400_000),
      },
    });
    await prisma.privacyRequest.create({
      data: { shopId: other.id, type: "data_request", status: "pending", email: "d@b.test", dueAt: new Date() },
    });
    // One variant sold out (the never-sold one stays in stock), one of the other shop's too.
    await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: sold[0].variant.id, available: 0 } });
    await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: sold[1].variant.id, available: 4 } });
    await prisma.inventoryLevel.create({ data: { shopId: other.id, variantId: theirs.variant.id, available: -2 } });
    // Stock alerts open when the planning figures are evaluated (a webhook, an import, the nightly job).
    await reevaluateVariants(prisma, shop, [sold[0].variant.id, sold[1].variant.id]);
    await reevaluateVariants(prisma, other, [theirs.variant.id]);

    expect(await listNotifications(shop)).toEqual([
      { id: "import", content: "The store import failed: retry it in Settings", url: "/settings?tab=data" },
      {
        id: "overdue",
        content: "1 invoice is overdue",
        url: OVERDUE_INVOICES_URL,
      },
      { id: "uncosted", content: "2 of 3 variants sold in the last 30 days have no cost", url: "/costs?days=30" },
      // The sold-out variant's open alert; the other sold one (4 left, 1 sold in 30 days) is above its reorder point.
      { id: "stock", content: "1 variant is out of stock", url: "/inventory?alert=out" },
      // The request due today (the default lead time is 3 days); /privacy resolves it.
      { id: "privacy", content: "1 privacy request is due within 3 days", url: "/privacy?tab=requests" },
    ]);
    expect((await currentEvents(shop, ["stock", "privacy"])).map((e) => e.content)).toEqual([
      "1 variant is out of stock",
      "1 privacy request is due within 3 days",
    ]);
    // A snoozed alert leaves the bell until the snooze ends.
    await snoozeAlert({ shop, staff: { email: "a@b.test", name: "A" } }, sold[0].variant.id, 1);
    expect((await currentEvents(shop, ["stock"])).length).toBe(0);
    expect((await currentEvents(shop, ["stock"], new Date(Date.now() + 2 * 86_400_000))).length).toBe(1);
    // The bell honours the member's choices: overdue invoices and stock alerts switched off there.
    const quieter = {
      ...DEFAULT_CHANNELS,
      overdue: { bell: false, email: true, slack: false },
      stock: { bell: false, email: true, slack: false },
    };
    expect((await listNotifications(shop, quieter)).map((n) => n.id)).toEqual(["import", "uncosted", "privacy"]);
  });

  it("links overdue invoices to a URL the invoice list reads as its Overdue tab", () => {
    const url = new URL(OVERDUE_INVOICES_URL, "https://app.test");
    expect(url.pathname).toBe("/app/invoices");
    expect(parseListQuery(url.searchParams).status).toBe("overdue");
  });

  it("lists nothing for a shop with nothing to resolve, and a later successful import clears the failure", async () => {
    const shop = await createShop();
    await createProduct(shop.id, { unitCostMinor: 5_00 });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "failed", startedAt: new Date(1_000) } });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "succeeded", startedAt: new Date(2_000) } });
    expect(await listNotifications(shop)).toEqual([]);
  });
});

describe("listNotificationsCached", () => {
  const member = (shopId: string, email: string) =>
    prisma.staffMember.create({ data: { shopId, email, name: email, role: "admin" } });

  it("follows each member's own bell choices, fresh after a save, with a bell test on top for an hour", async () => {
    const shop = await createShop();
    await prisma.importRun.create({ data: { shopId: shop.id, status: "failed", error: "boom" } });
    const ann = await member(shop.id, "ann@shop.test");
    const bob = await member(shop.id, "bob@shop.test");
    expect((await listNotificationsCached(shop, ann)).map((n) => n.id)).toEqual(["import"]);
    expect((await listNotificationsCached(shop, bob)).map((n) => n.id)).toEqual(["import"]);

    await savePreferences(shop.id, ann.id, {
      channels: { ...DEFAULT_CHANNELS, import: { bell: false, email: true, slack: false } },
      slackWebhookUrl: "",
    });
    expect(await listNotificationsCached(shop, ann)).toEqual([]);
    expect((await listNotificationsCached(shop, bob)).map((n) => n.id)).toEqual(["import"]);

    await sendTest(shop, bob, "bell");
    const withTest = await listNotificationsCached(shop, bob);
    expect(withTest[0]).toEqual({
      id: "test",
      content: "Test notification: the bell works",
      url: "/settings?tab=notifications",
    });
    expect(withTest.map((n) => n.id)).toEqual(["test", "import"]);
    const later = new Date(Date.now() + 61 * 60_000);
    expect((await listNotificationsCached(shop, bob, later)).map((n) => n.id)).toEqual(["import"]);
    expect((await listNotificationsCached(shop, ann)).map((n) => n.id)).toEqual([]);
  });

  it("lists yesterday's summary when the store sold something yesterday", async () => {
    const shop = await createShop();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const p = await createProduct(shop.id, { priceMinor: 25_00, unitCostMinor: 10_00 });
    await createOrder(shop.id, yesterday, [line(p, 2)]);
    const items = await listNotifications({ ...shop, timezone: "UTC" });
    expect(items.find((n) => n.id === "summary")).toEqual({
      id: "summary",
      content: expect.stringMatching(/^Yesterday: \$[\d,.]+ revenue, -?\$[\d,.]+ net profit$/),
      url: "/dashboard",
    });
  });
});

describe("deliverNotifications", () => {
  it("e-mails and posts to Slack the chosen events once a day at the delivery hour, per member", async () => {
    const shop = await createShop({ timezone: "UTC" });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "failed", error: "boom" } });
    await prisma.invoice.create({
      data: {
        shopId: shop.id,
        number: "INV-0001",
        sequence: 1,
        status: "overdue",
        customerName: "Late Payer",
        customerEmail: "late@example.test",
        currency: "USD",
        subtotalMinor: 1_00,
        taxMinor: 0,
        shippingMinor: 0,
        totalMinor: 1_00,
        issueDate: "2026-01-01",
        dueInDays: 7,
        dueDate: "2026-01-08",
        publicToken: `deliver-${shop.id}`,
      },
    });
    const [a, b] = await Promise.all(
      ["a@shop.test", "b@shop.test"].map((email) =>
        prisma.staffMember.create({ data: { shopId: shop.id, email, name: email, role: "admin" } }),
      ),
    );
    // a: the defaults (e-mail for overdue invoices and failed imports); b: Slack for failed imports only.
    await savePreferences(shop.id, b.id, {
      channels: {
        ...DEFAULT_CHANNELS,
        overdue: { bell: true, email: false, slack: false },
        import: { bell: true, email: false, slack: true },
      },
      slackWebhookUrl: "https://hooks.slack.com/services/T1/B1/x",
    });
    const posted: string[] = [];
    const slack = async (url: string, text: string) => void posted.push(`${url} ${text}`);
    const at8 = new Date("2026-06-10T08:05:00Z");
    expect(await deliverNotifications(shop, new Date("2026-06-10T07:05:00Z"), slack)).toEqual({
      emails: 0,
      slackPosts: 0,
    });
    expect(await deliverNotifications(shop, at8, slack)).toEqual({ emails: 2, slackPosts: 1 });
    const mail = await prisma.outboxMessage.findMany({ where: { shopId: shop.id, kind: "notification" } });
    expect(mail.map((m) => m.toAddress).sort()).toEqual(["a@shop.test", "a@shop.test"]);
    expect(posted).toEqual([
      `https://hooks.slack.com/services/T1/B1/x ${shop.name}: The store import failed: retry it in Settings`,
    ]);
    // The same hour again (another instance, a retry): nothing more by e-mail.
    expect((await deliverNotifications(shop, at8, slack)).emails).toBe(0);
    expect(a.id).not.toBe(b.id);
  });
});

describe("High-confidence insights in the bell", () => {
  type Over = Partial<{
    title: string;
    band: string;
    confidence: number;
    status: string;
    current: boolean;
    score: number;
    firstSeenAt: Date;
  }>;
  const insight = (shopId: string, over: Over) =>
    prisma.insight.create({
      data: {
        shopId,
        category: "inventory",
        kind: "stockout",
        subjectType: "variant",
        subjectId: `v-${Math.random()}`,
        title: "Trail Runner runs out in 5 days",
        description: "…",
        facts: "{}",
        confidence: 0.9,
        band: "High",
        evidence: "{}",
        status: "new",
        firstSeenAt: new Date("2026-06-09T03:00:00Z"),
        lastSeenAt: new Date("2026-06-09T03:00:00Z"),
        ...over,
      },
    });

  it("announces each new High insight once, to every member including a Viewer, and never another shop's", async () => {
    const shop = await createShop({ timezone: "UTC" });
    const other = await createShop({ timezone: "UTC" });
    const now = new Date("2026-06-10T08:05:00Z");
    await insight(shop.id, { title: "Trail Runner runs out in 5 days", score: 2 });
    // Not announced: Medium, already seen, not confirmed by the last run, new for more than a week.
    await insight(shop.id, { title: "Medium one", band: "Medium", confidence: 0.6 });
    await insight(shop.id, { title: "Seen one", status: "seen" });
    await insight(shop.id, { title: "Stopped one", current: false });
    await insight(shop.id, { title: "Old one", firstSeenAt: new Date("2026-05-20T03:00:00Z") });
    await insight(other.id, { title: "Another shop's" });

    const viewer = await prisma.staffMember.create({
      data: { shopId: shop.id, email: "viewer@shop.test", name: "V", role: "viewer" },
    });
    const bell = await listNotificationsCached({ ...shop, dataVersion: 1 }, viewer, now);
    expect(bell.filter((n) => n.id === "insights")).toEqual([
      { id: "insights", content: "New High-confidence insight: Trail Runner runs out in 5 days", url: "/insights" },
    ]);
    expect((await listNotifications(other, DEFAULT_CHANNELS, now)).map((n) => n.content)).toEqual([
      "New High-confidence insight: Another shop's",
    ]);

    // By e-mail for a member who chose it: once for this insight, not again on the next days'
    // runs (which refresh it in place), and again only when another one becomes new.
    await savePreferences(shop.id, viewer.id, {
      channels: { ...DEFAULT_CHANNELS, insights: { bell: true, email: true, slack: false } },
      slackWebhookUrl: "",
    });
    expect(await deliverNotifications(shop, now)).toEqual({ emails: 1, slackPosts: 0 });
    await prisma.insight.updateMany({
      where: { shopId: shop.id },
      data: { lastSeenAt: new Date("2026-06-11T03:00:00Z") },
    });
    const nextDay = new Date("2026-06-11T08:05:00Z");
    expect(await deliverNotifications(shop, nextDay)).toEqual({ emails: 0, slackPosts: 0 });
    await insight(shop.id, { title: "Revenue 40% below normal", firstSeenAt: new Date("2026-06-11T03:00:00Z") });
    expect(await deliverNotifications(shop, nextDay)).toEqual({ emails: 1, slackPosts: 0 });
    const mail = await prisma.outboxMessage.findMany({
      where: { shopId: shop.id, kind: "notification" },
      orderBy: { createdAt: "asc" },
    });
    expect(mail.at(-1)!.subject).toContain("2 new High-confidence insights");
  });
});
