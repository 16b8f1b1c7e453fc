// A recipient's own discount code, created in Shopify when their message is sent (the campaign's
// discountPercent): one use, this customer only, valid 14 days, through discountCodeBasicCreate
// (write_discounts), as digital-assets' perks do. The code is kept on the send row before Shopify
// is asked; a code Shopify refuses (userErrors) fails the recipient with Shopify's message, and a
// Shopify that does not answer leaves the recipient for the next run. The demo store, which has no
// Shopify, keeps the code locally.
import crypto from "node:crypto";
import { prisma } from "~/db.server";
import {
  AdminApiError,
  adminOperation,
  DISCOUNT_CODE_BASIC_CREATE,
  type AdminGraphql,
  type DiscountCodeBasicCreate,
} from "~/features/store-sync/index.server";

type CodeCreate = DiscountCodeBasicCreate;

export const CODE_VALID_DAYS = 14;
export type AdminFor = (shopDomain: string) => Promise<AdminGraphql>;
export type CodeResult = { state: "ready"; code: string } | { state: "refused"; error: string } | { state: "down" };

/** A recipient code in its documented format (THANKS- and 10 hex digits); also the preview's sample. */
export const newCode = () => `THANKS-${crypto.randomBytes(5).toString("hex").toUpperCase()}`;

/** The recipient's code: the one already made for this send, else a new one (in Shopify unless the demo). */
export async function recipientCode(
  shop: { id: string; domain: string; isDemo: boolean },
  send: { id: string; discountCode: string | null; shopifyDiscountId: string | null },
  campaign: { name: string; discountPercent: number },
  customer: { shopifyId: string | null },
  adminFor: AdminFor | null,
  now: Date,
): Promise<CodeResult> {
  if (send.discountCode && (shop.isDemo || send.shopifyDiscountId)) return { state: "ready", code: send.discountCode };
  if (!shop.isDemo && !customer.shopifyId) return { state: "refused", error: "Shopify: not a Shopify customer yet" };
  const code = send.discountCode ?? newCode();
  await prisma.engagementSend.updateMany({ where: { id: send.id, shopId: shop.id }, data: { discountCode: code } });
  if (shop.isDemo) return { state: "ready", code };
  if (!adminFor) return { state: "down" };
  const variables: CodeCreate["variables"] = {
    basicCodeDiscount: {
      title: `${campaign.name} (${code})`.slice(0, 255),
      code,
      startsAt: now.toISOString(),
      endsAt: new Date(now.getTime() + CODE_VALID_DAYS * 86_400_000).toISOString(),
      usageLimit: 1,
      appliesOncePerCustomer: true,
      context: { customers: { add: [customer.shopifyId!] } },
      customerGets: { value: { percentage: campaign.discountPercent / 100 }, items: { all: true } },
    },
  };
  let answer: CodeCreate["return"];
  try {
    answer = await adminOperation(await adminFor(shop.domain), DISCOUNT_CODE_BASIC_CREATE, variables);
  } catch (error) {
    if (error instanceof AdminApiError || error instanceof TypeError) return { state: "down" };
    throw error;
  }
  const payload = answer.discountCodeBasicCreate;
  const errors = payload?.userErrors ?? [];
  if (errors.length || !payload) {
    await prisma.engagementSend.updateMany({ where: { id: send.id, shopId: shop.id }, data: { discountCode: null } });
    return { state: "refused", error: `Shopify: ${errors.map((e) => e.message).join("; ") || "no discount created"}` };
  }
  await prisma.engagementSend.updateMany({
    where: { id: send.id, shopId: shop.id },
    data: { shopifyDiscountId: payload.codeDiscountNode?.id ?? null },
  });
  return { state: "ready", code };
}
