// What a recipient reads: the merge values (loyalty balance and tier, the checkout's recovery
// link, the restocked product) and the e-mail or SMS built from the campaign's templates. The
// values of a whole batch of recipients are read in one query per table (mergeFacts), so
// delivery does not ask the database again for every message.
import { prisma } from "~/db.server";
import { clickUrl, openUrl, unsubscribeUrl, allowedDestination } from "./links.server";
import { parseTemplate, renderHtml, renderText, type MergeValues } from "./template";
import { SMS_MAX_CHARS, SMS_OPT_OUT } from "./sms-schema";

export type Shop = { id: string; name: string; domain: string; timezone: string; isDemo?: boolean };
export type MergeContext = { checkoutId?: string | null; variantId?: string | null };

/** The merge facts of a batch: one read per table for all its recipients. */
export type MergeFacts = Awaited<ReturnType<typeof mergeFacts>>;

export async function mergeFacts(
  shopId: string,
  customerIds: readonly string[],
  checkoutIds: readonly string[] = [],
  variantIds: readonly string[] = [],
) {
  const members = customerIds.length
    ? await prisma.loyaltyMember.findMany({
        where: { shopId, customerId: { in: [...new Set(customerIds)] } },
        select: { customerId: true, balance: true, tierId: true },
      })
    : [];
  const tierIds = [...new Set(members.flatMap((m) => (m.tierId ? [m.tierId] : [])))];
  const tiers = tierIds.length
    ? await prisma.loyaltyTier.findMany({ where: { shopId, id: { in: tierIds } }, select: { id: true, name: true } })
    : [];
  const checkouts = checkoutIds.length
    ? await prisma.abandonedCheckout.findMany({
        where: { shopId, id: { in: [...new Set(checkoutIds)] } },
        select: { id: true, recoveryUrl: true, completedAt: true },
      })
    : [];
  const variants = variantIds.length
    ? await prisma.variant.findMany({
        where: { shopId, id: { in: [...new Set(variantIds)] } },
        select: { id: true, title: true, product: { select: { title: true } } },
      })
    : [];
  return {
    members: new Map(members.map((m) => [m.customerId, m])),
    tiers: new Map(tiers.map((t) => [t.id, t.name])),
    checkouts: new Map(checkouts.map((c) => [c.id, c])),
    variants: new Map(variants.map((v) => [v.id, v])),
  };
}

function mergeValues(
  shop: Shop,
  customer: { id: string; firstName: string | null },
  context: MergeContext & { discountCode?: string | null },
  facts: MergeFacts,
): MergeValues {
  const member = facts.members.get(customer.id);
  const tier = member?.tierId ? facts.tiers.get(member.tierId) : undefined;
  // The checkout's own recovery link (https only, kept so at write); the shop when there is none.
  const checkout = context.checkoutId ? facts.checkouts.get(context.checkoutId) : undefined;
  const variant = context.variantId ? facts.variants.get(context.variantId) : undefined;
  return {
    product_title: variant
      ? variant.title && variant.title !== "Default Title" && variant.title !== "Default"
        ? `${variant.product.title} (${variant.title})`
        : variant.product.title
      : "",
    first_name: customer.firstName?.trim() || "there",
    points_balance: String(member?.balance ?? 0),
    tier: tier ?? "",
    shop_url: `https://${shop.domain}`,
    recovery_url: checkout?.recoveryUrl ?? `https://${shop.domain}/cart`,
    discount_code: context.discountCode ?? "",
  };
}

const factsOf = (shop: Shop, customerId: string, context: MergeContext, facts?: MergeFacts) =>
  facts ??
  mergeFacts(
    shop.id,
    [customerId],
    context.checkoutId ? [context.checkoutId] : [],
    context.variantId ? [context.variantId] : [],
  );

/** The message a recipient gets (or, for the preview, would get). */
export async function composeMessage(
  shop: Shop,
  c: { subject: string; body: string; discountCode?: string | null },
  customer: { id: string; firstName: string | null },
  token: string,
  now = new Date(),
  context: MergeContext = {},
  facts?: MergeFacts,
) {
  const subject = parseTemplate(c.subject);
  const body = parseTemplate(c.body);
  if (!subject.ok || !body.ok) throw new Error("A stored template no longer parses");
  const known = await factsOf(shop, customer.id, context, facts);
  const values = mergeValues(shop, customer, { ...context, discountCode: c.discountCode }, known);
  const unsubscribe = unsubscribeUrl(token, now);
  const track = (url: string) => (allowedDestination(url, shop.domain) ? clickUrl(token, url, now) : url);
  const footer = `You receive this because you subscribed to ${shop.name}'s e-mails.`;
  return {
    subject: renderText(subject.parts, values).replace(/[\r\n]+/g, " "),
    text: `${renderText(body.parts, values)}\n\n--\n${footer}\nUnsubscribe: ${unsubscribe}\n`,
    html:
      renderHtml(body.parts, values, track) +
      `\n<hr><p style="font-size:12px;color:#666">${footer.replaceAll("&", "&amp;").replaceAll("<", "&lt;")} ` +
      `<a href="${unsubscribe}">Unsubscribe</a></p><img src="${openUrl(token)}" width="1" height="1" alt="">`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The text of an SMS: the shop's name first (carriers expect the sender named), then the opt-out line. */
export async function composeSms(
  shop: Shop,
  c: { body: string; discountCode?: string | null },
  customer: { id: string; firstName: string | null },
  context: MergeContext = {},
  facts?: MergeFacts,
) {
  const body = parseTemplate(c.body);
  if (!body.ok) throw new Error("A stored template no longer parses");
  const known = await factsOf(shop, customer.id, context, facts);
  const values = mergeValues(shop, customer, { ...context, discountCode: c.discountCode }, known);
  const prefix = `${shop.name}: `;
  const room = SMS_MAX_CHARS - prefix.length - SMS_OPT_OUT.length - 1;
  return `${prefix}${renderText(body.parts, values).trim().slice(0, room)}\n${SMS_OPT_OUT}`;
}
