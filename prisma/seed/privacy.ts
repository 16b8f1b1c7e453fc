// The demo's data requests (issue 38) through the app's own paths: the generated plan's
// requests arrive as Shopify's compliance webhooks would deliver them (recordDataRequest,
// redactCustomer: the redaction really happens), completed access requests are fulfilled by
// the owner as the screen does (bundle e-mailed), and a few are entered by hand.
import { prisma } from "~/db.server";
import { addDays, dayInZone } from "~/lib/dates";
import { actOnRequest, recordDataRequest, redactCustomer } from "~/features/privacy/index.server";
import type { PrivacyRequestRow } from "./generate";

type Shop = { id: string; timezone: string; name: string; ownerName: string; email: string };

export async function seedPrivacy(shop: Shop, plan: PrivacyRequestRow[], origin: string, now = new Date()) {
  const owner = { shop: { id: shop.id }, staff: { email: shop.email, name: shop.ownerName } };
  for (const row of plan) {
    const customer = { id: row.customerShopifyId, email: row.email };
    if (row.type === "redact") {
      await prisma.$transaction((tx) =>
        redactCustomer(tx, shop.id, {
          webhookId: row.webhookId,
          customer,
          ordersToRedact: [],
          receivedAt: row.createdAt,
        }),
      );
      continue;
    }
    const request = await prisma.$transaction((tx) =>
      recordDataRequest(tx, shop.id, {
        webhookId: row.webhookId,
        customer,
        ordersRequested: [],
        receivedAt: row.createdAt,
      }),
    );
    if (row.completedAt && row.email)
      await actOnRequest(owner, shop, { intent: "fulfil", id: request.id }, { origin, now: row.completedAt });
  }
  // Requests received by e-mail: a CCPA opt-out and a GDPR rectification, still open.
  const today = dayInZone(now, shop.timezone);
  const manual = [
    {
      type: "opt_out" as const,
      regulation: "ccpa" as const,
      name: "Jordan Lee",
      email: "jordan.lee@example.com",
      days: 4,
    },
    {
      type: "rectification" as const,
      regulation: "gdpr" as const,
      name: "Mira Novak",
      email: "mira.novak@example.com",
      days: 9,
    },
  ];
  for (const m of manual)
    await actOnRequest(
      owner,
      shop,
      {
        intent: "create",
        type: m.type,
        regulation: m.regulation,
        requesterName: m.name,
        email: m.email,
        receivedOn: addDays(today, -m.days),
      },
      { origin, now },
    );
  const counts = await prisma.privacyRequest.groupBy({ by: ["status"], where: { shopId: shop.id }, _count: true });
  return Object.fromEntries(counts.map((c) => [c.status, c._count]));
}
