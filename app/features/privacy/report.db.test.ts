// Generate Report through its real route: the PDF's text (score, items, requests with their due
// days, a retention run, the audit extract) read back from the file, every day in the shop's
// zone; another shop's request absent; a bad period 400; a Viewer refused.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { pdfText } from "~tests/pdf-text";
import { createShop } from "~tests/factories";
import { installSession, installTeam, requestAs } from "~tests/shopify";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { loader } from "~/routes/privacy.report";
import { runRetention } from "./retention.server";

const A = "report-a.myshopify.com";
const B = "report-b.myshopify.com";
let shopA: { id: string; domain: string };
let shopB: { id: string; domain: string };

async function get(role: "owner" | "viewer", domain: string, query: string) {
  try {
    const result = await loader({
      request: await requestAs(role, domain, `/privacy/report${query}`),
      params: {},
      context: {},
    } as LoaderFunctionArgs);
    if (result instanceof Response)
      return { status: result.status, headers: result.headers, body: Buffer.from(await result.arrayBuffer()) };
    const d = result as unknown as { init?: { status?: number }; data: unknown };
    return { status: d.init?.status ?? 200, headers: new Headers(), body: Buffer.from(JSON.stringify(d.data)) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, body: Buffer.from("") };
    throw thrown;
  }
}

beforeAll(async () => {
  // Auckland is 13 hours ahead in November: 20:00 UTC on the 9th is the 10th there.
  shopA = await createShop({ domain: A, name: "Report Shop A", timezone: "Pacific/Auckland" });
  shopB = await createShop({ domain: B, name: "Report Shop B" });
  await prisma.shop.updateMany({ where: { id: { in: [shopA.id, shopB.id] } }, data: { plan: "pro" } });
  await installSession(A);
  await installSession(B);
  await installTeam(shopA);
  await installTeam(shopB);
  await prisma.privacyRequest.create({
    data: {
      shopId: shopA.id,
      type: "access",
      regulation: "gdpr",
      status: "completed",
      email: "hidden.person@example.com",
      receivedAt: new Date("2026-11-09T20:00:00Z"),
      // The end of 10 December in Auckland.
      dueAt: new Date("2026-12-10T11:00:00Z"),
      completedAt: new Date("2026-11-12T01:00:00Z"),
    },
  });
  await prisma.privacyRequest.create({
    data: {
      shopId: shopB.id,
      type: "opt_out",
      regulation: "ccpa",
      receivedAt: new Date("2026-11-09T20:00:00Z"),
      dueAt: new Date("2026-12-01T00:00:00Z"),
    },
  });
  await runRetention(shopA.id);
  await prisma.auditEntry.create({
    data: {
      shopId: shopA.id,
      actorEmail: "owner@example.com",
      actorName: "Olive Owner",
      action: "privacy.request.complete",
      entityType: "PrivacyRequest",
      createdAt: new Date("2026-11-12T01:00:00Z"),
    },
  });
});

afterAll(() => stopJobQueue());

describe("Generate Report", () => {
  it("is a PDF of the score, the requests with their days in the shop's zone, retention and the audit", async () => {
    // Today in the shop's zone, not UTC's: the retention run (now) must fall inside the period even
    // in the first hours of a month in Auckland, when UTC is still on the month before.
    const today = dayInZone(new Date(), "Pacific/Auckland");
    const res = await get("owner", A, `?from=2026-11-01&to=${today > "2026-11-30" ? today : "2026-11-30"}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain("privacy-report-2026-11-01-to-");
    const text = pdfText(res.body);
    expect(text).toContain("Privacy compliance report");
    expect(text).toContain("Report Shop A");
    expect(text).toContain("(Pacific/Auckland)");
    expect(text).toMatch(/Compliance score/);
    expect(text).toContain("Retention job ran in the last 24 hours");
    // Received on the 10th and due on 10 December in Auckland (the 9th and the 10th in UTC).
    expect(text).toContain("2026-11-10");
    expect(text).toContain("2026-12-10");
    expect(text).not.toContain("2026-11-09");
    expect(text.replace(/\n/g, "")).toContain("1 received; 1 closed, 1 of them by their deadline");
    expect(text).toContain("privacy.retention.run");
    expect(text).toContain("Olive Owner");
    // Shop B's request is not A's, and the requester's address is not in the report.
    expect(text).not.toContain("Opt-out");
    expect(text).not.toContain("hidden.person");
  });

  it("answers a bad period with 400 and field errors", async () => {
    for (const query of [
      "?from=2026-13-45",
      "?from=2026-11-30&to=2026-11-01",
      "?from=yesterday",
      "?from=2020-01-01&to=2026-11-01",
    ]) {
      const res = await get("owner", A, query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(JSON.parse(res.body.toString()).fieldErrors)).toContain("from");
    }
  });

  it("is refused to a Viewer, who may not read the audit log it quotes", async () => {
    expect((await get("viewer", A, "")).status).toBe(403);
  });
});
