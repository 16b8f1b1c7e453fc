// The public site's server side: the GDPR export request over real SMTP (an
// in-process smtp-server receives the signed link; the link opens the export once
// the request is recorded), rate limits, no account enumeration, the newsletter, and
// security headers on the resource routes.
import { beforeEach, describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { smtpInbox } from "~tests/smtp";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as exportRequestAction, loader as exportRequestLoader } from "~/routes/api.gdpr.export-request";
import { loader as exportLoader } from "~/routes/api.gdpr.export";
import { action as newsletterAction } from "~/routes/_public.blog._index";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as publicLayoutLoader, headers as publicHeaders } from "~/routes/_public";
import { loader as landingLoader } from "~/routes/_public._index";
import { loader as articleLoader } from "~/routes/_public.blog.$slug";

const ORIGIN = "https://my-test-app.myshopify.io";
const received = smtpInbox();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

function exportRequest(body: unknown, ip = "203.0.113.7") {
  return new Request(`${ORIGIN}/api/gdpr/export-request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function waitForMail(to: string, count = 1): Promise<ParsedMail[]> {
  for (let i = 0; i < 100; i++) {
    const mine = received.filter((m) => m.to && "text" in m.to && m.to.text === to);
    if (mine.length >= count) return mine;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`No mail for ${to}`);
}

async function settle(value: unknown): Promise<Response> {
  try {
    const result = await value;
    if (result instanceof Response) return result;
    throw new Error("expected a Response");
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeEach(async () => {
  await resetRateLimits();
});

describe("POST /api/gdpr/export-request", () => {
  it("records a pending portability request due in 30 days and e-mails a signed link that opens the export", async () => {
    const shop = await createShop({ name: "Lumen Goods" });
    await prisma.shop.update({
      where: { id: shop.id },
      data: { email: "Owner@Lumen.example", timezone: "Asia/Tokyo", installedAt: new Date("2026-03-01T16:30:00Z") },
    });

    const response = await exportRequestAction(args(exportRequest({ email: "owner@lumen.example" })));
    expect(response.status).toBe(202);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    const { message } = await response.json();
    expect(message).toMatch(/e-mailed a secure download link/);

    const request = await prisma.publicPrivacyRequest.findFirstOrThrow({ where: { email: "owner@lumen.example" } });
    expect(request.type).toBe("portability");
    expect(request.status).toBe("pending");
    const days = (request.dueAt.getTime() - request.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const [mail] = await waitForMail("owner@lumen.example");
    expect(mail.subject).toBe("Your Profit Pilot data export");
    const link = mail.text?.match(/https?:\/\/\S+\/api\/gdpr\/export\?\S+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    expect(url.searchParams.get("request")).toBe(request.id);

    const download = await exportLoader(args(new Request(link!)));
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toContain("text/csv");
    expect(download.headers.get("Content-Disposition")).toMatch(/attachment; filename="profit-pilot-data-export-/);
    const csv = await download.text();
    expect(csv).toContain("account");
    expect(csv).toContain(shop.domain);
    expect(csv).toContain("Owner@Lumen.example");
    // Dates read in the shop's zone, named: 16:30 UTC on Mar 1 is 01:30 on Mar 2 in Tokyo.
    expect(csv).toContain("account," + shop.domain + ",installedAt,2026-03-02 01:30 Asia/Tokyo");
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect((await prisma.publicPrivacyRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe(
      "completed",
    );

    // A tampered link opens nothing.
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 60));
    expect((await exportLoader(args(new Request(url)))).status).toBe(403);
    const other = new URL(link!);
    other.searchParams.set("request", "someone-else");
    expect((await exportLoader(args(new Request(other)))).status).toBe(403);
  });

  it("answers an unknown address exactly like a known one", async () => {
    const known = await createShop();
    await prisma.shop.update({ where: { id: known.id }, data: { email: "known@example.com" } });
    const a = await exportRequestAction(args(exportRequest({ email: "known@example.com" }, "198.51.100.1")));
    const b = await exportRequestAction(args(exportRequest({ email: "stranger@example.com" }, "198.51.100.2")));
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    const [mail] = await waitForMail("stranger@example.com");
    const link = mail.text!.match(/https?:\/\/\S+\/api\/gdpr\/export\?\S+/)![0];
    const csv = await (await exportLoader(args(new Request(link)))).text();
    // Only the request itself and the e-mail about it: no account is attached to this address.
    expect(csv).toContain("privacy_request");
    expect(csv).not.toMatch(/^account,/m);
  });

  it("refuses a malformed address or body with 400 and records nothing", async () => {
    const before = await prisma.publicPrivacyRequest.count();
    const bad = await exportRequestAction(args(exportRequest({ email: "not an address" })));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors.email[0]).toMatch(/valid e-mail/);
    expect((await exportRequestAction(args(exportRequest("{not json")))).status).toBe(400);
    expect((await exportRequestAction(args(exportRequest({})))).status).toBe(400);
    expect(await prisma.publicPrivacyRequest.count()).toBe(before);
    expect((await exportRequestLoader()).status).toBe(405);
  });

  it("limits requests per address and per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await exportRequestAction(args(exportRequest({ email: "same@example.com" }, `192.0.2.${i}`)))).status,
      );
    expect(statuses).toEqual([202, 202, 202, 429]);

    await resetRateLimits();
    const fromOneClient: number[] = [];
    for (let i = 0; i < 11; i++)
      fromOneClient.push(
        (await exportRequestAction(args(exportRequest({ email: `user${i}@example.com` }, "192.0.2.99")))).status,
      );
    expect(fromOneClient.slice(0, 10).every((s) => s === 202)).toBe(true);
    const limited = await exportRequestAction(args(exportRequest({ email: "late@example.com" }, "192.0.2.99")));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("refuses an expired link with 410", async () => {
    const { exportLink } = await import("~/features/privacy/index.server");
    const request = await prisma.publicPrivacyRequest.create({
      data: { email: "late@example.com", dueAt: new Date(), linkExpiresAt: new Date(Date.now() - 1000) },
    });
    const link = exportLink(ORIGIN, request.id, request.linkExpiresAt);
    expect((await exportLoader(args(new Request(link)))).status).toBe(410);
  });
});

describe("newsletter", () => {
  function subscribe(email: string, ip = "203.0.113.50") {
    const body = new FormData();
    body.set("email", email);
    return newsletterAction(
      args(new Request(`${ORIGIN}/blog?index`, { method: "POST", body, headers: { "X-Forwarded-For": ip } })),
    );
  }
  const dataOf = (result: unknown) => (result as { data: { ok: boolean; message?: string; error?: string } }).data;
  const statusOf = (result: unknown) => (result as { init?: { status?: number } | null }).init?.status ?? 200;

  it("stores a valid address once and says so", async () => {
    const first = await subscribe("Reader@Example.com");
    expect(dataOf(first)).toMatchObject({
      ok: true,
      message: "Thanks! reader@example.com is subscribed to our newsletter.",
    });
    const again = await subscribe("reader@example.com");
    expect(dataOf(again).ok).toBe(true);
    expect(await prisma.newsletterSubscriber.count({ where: { email: "reader@example.com" } })).toBe(1);
  });

  it("refuses a malformed address with 400", async () => {
    const result = await subscribe("nope");
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result).ok).toBe(false);
  });

  it("is rate-limited per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(statusOf(await subscribe(`n${i}@example.com`, "203.0.113.99")));
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("public routes", () => {
  it("sets the security headers on every public page through the layout", () => {
    const headers = new Headers(
      publicHeaders({
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }) as HeadersInit,
    );
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("gives the layout the site origin and a sign-in target", async () => {
    const data = await publicLayoutLoader(args(new Request(`${ORIGIN}/pricing`)));
    expect(data.origin).toBe(ORIGIN);
    expect(data.signInHref).toBe("/auth/login");
  });

  it("sends the landing page to the dashboard from the admin, keeping the query", async () => {
    const response = await settle(landingLoader(args(new Request(`${ORIGIN}/?shop=a.myshopify.com&host=abc`))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?shop=a.myshopify.com&host=abc");
    expect(await landingLoader(args(new Request(`${ORIGIN}/`)))).toBeNull();
  });

  it("answers 404 for an unknown blog article", async () => {
    expect((await settle(articleLoader(args(new Request(`${ORIGIN}/blog/nope`), { slug: "nope" })))).status).toBe(404);
  });

  it("serves sitemap.xml and robots.txt", async () => {
    const sitemap = await sitemapLoader(args(new Request(`${ORIGIN}/sitemap.xml`)));
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${ORIGIN}/pricing</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/blog/true-net-profit-for-shopify-stores</loc>`);
    expect(sitemap.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const robots = await (await robotsLoader(args(new Request(`${ORIGIN}/robots.txt`)))).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).toContain("Disallow: /api/");
  });
});
