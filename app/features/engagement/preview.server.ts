// The preview: the message as a real customer of the shop would get it (the first subscribed
// customer of the campaign's segment, else of the shop), rendered by the same code as a send.
import { prisma } from "~/db.server";
import { marketable } from "./campaigns.server";
import { composeMessage, composeSms } from "./send.server";
import { parseTemplate } from "./template";
import { newCode } from "./discounts.server";

type Shop = { id: string; name: string; domain: string; timezone: string };

export async function previewMessage(
  shop: Shop,
  input: {
    channel?: string;
    subject: string;
    body: string;
    segment?: string | null;
    discountCode?: string | null;
    discountPercent?: number | null;
  },
) {
  const sms = input.channel === "sms";
  for (const [field, source] of [
    ["subject", sms ? "" : input.subject],
    ["body", input.body],
  ] as const) {
    const parsed = parseTemplate(source);
    if (!parsed.ok) return { ok: false as const, fieldErrors: { [field]: [parsed.message] } };
  }
  const where = { shopId: shop.id, ...marketable(sms ? "sms" : "email") };
  const customer =
    (input.segment
      ? await prisma.customer.findFirst({
          where: { ...where, score: { segment: input.segment } },
          select: { id: true, firstName: true, lastName: true },
          orderBy: { createdAt: "asc" },
        })
      : null) ??
    (await prisma.customer.findFirst({
      where,
      select: { id: true, firstName: true, lastName: true },
      orderBy: { createdAt: "asc" },
    }));
  if (!customer) return { ok: false as const, fieldErrors: { _form: ["No subscribed customer to preview with"] } };
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || "A customer";
  // A code per recipient is made in Shopify only at send: the preview shows a sample in its format,
  // marked as such, and creates nothing.
  const sampleCode = !input.discountCode && input.discountPercent ? newCode() : null;
  const content = { ...input, discountCode: input.discountCode || sampleCode };
  const shown = { ok: true as const, customerName: name, sampleCode };
  if (sms) return { ...shown, subject: "", text: await composeSms(shop, content, customer) };
  const message = await composeMessage(shop, content, customer, "preview-token-0000");
  return { ...shown, subject: message.subject, text: message.text };
}
