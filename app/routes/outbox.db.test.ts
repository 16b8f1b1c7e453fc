// The outbox screen: a page of the shop's own messages without their bodies, and one
// message's bodies only when it is opened, never another shop's.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { loader as listLoader } from "~/routes/_admin.app.outbox";
import { loader as messageLoader } from "~/routes/_admin.app.outbox.$messageId";

const A = "outbox-a.myshopify.com";
const B = "outbox-b.myshopify.com";
let shopA: { id: string };
let shopB: { id: string };

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function status(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const message = (shopId: string, n: number) => ({
  shopId,
  kind: "invoice",
  toAddress: `c${n}@example.com`,
  fromAddress: "shop@example.com",
  subject: `Invoice INV-${String(n).padStart(4, "0")}`,
  text: `Body ${n}`,
  html: `<!doctype html><html><body><a href="https://pay.example/${n}">Pay</a></body></html>`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
});

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B", timezone: "America/New_York" });
  await installSession(A);
  await installSession(B);
  await prisma.outboxMessage.createMany({ data: Array.from({ length: 30 }, (_, i) => message(shopA.id, i + 1)) });
  await prisma.outboxMessage.create({ data: message(shopB.id, 99) });
});

describe("outbox", () => {
  it("lists 25 of the shop's messages a page, newest first, without their bodies", async () => {
    const first = await listLoader(args(await bearerRequest(A, "/app/outbox")));
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 30 });
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0].subject).toBe("Invoice INV-0030");
    expect(Object.keys(first.messages[0]).sort()).toEqual(["id", "kind", "sentAt", "status", "subject", "to"]);
    const second = await listLoader(args(await bearerRequest(A, "/app/outbox?page=2")));
    expect(second.messages.map((m) => m.subject)).toEqual([5, 4, 3, 2, 1].map((n) => `Invoice INV-000${n}`));
    expect((await listLoader(args(await bearerRequest(A, "/app/outbox?page=40")))).page).toBe(2);
    const other = await listLoader(args(await bearerRequest(B, "/app/outbox")));
    expect(other.messages.map((m) => m.subject)).toEqual(["Invoice INV-0099"]);
    // Times are text in the shop's zone, made on the server: the same in every browser.
    expect(first.messages[0].sentAt).toBe("Jan 1, 2026, 12:30 AM");
    expect(other.messages[0].sentAt).toBe("Dec 31, 2025, 8:39 PM");
  });

  it("loads one message's HTML when opened, its links set to open in a new tab", async () => {
    const own = await prisma.outboxMessage.findFirstOrThrow({
      where: { shopId: shopA.id, toAddress: "c7@example.com" },
    });
    const opened = await messageLoader(args(await bearerRequest(A, `/app/outbox/${own.id}`), { messageId: own.id }));
    expect(opened.html).toContain('<head><base target="_blank"></head>');
    expect(opened.html).toContain("https://pay.example/7");
    expect(opened.text).toBe("Body 7");
  });

  it("never opens another shop's message (404)", async () => {
    const theirs = await prisma.outboxMessage.findFirstOrThrow({ where: { shopId: shopB.id } });
    const request = await bearerRequest(A, `/app/outbox/${theirs.id}`);
    expect(await status(messageLoader(args(request, { messageId: theirs.id })))).toBe(404);
    expect(await status(messageLoader(args(request, { messageId: "bad\u0000id" })))).toBe(404);
  });
});
