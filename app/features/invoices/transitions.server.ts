// Invoice status transitions, each a guarded update with its timeline event (status.ts holds
// the table): send, pay, void, overdue, view, stop recurring, delete a draft.
import { prisma, type Prisma } from "~/db.server";
import { dayInZone, daysBetween } from "~/lib/dates";
import { canTransition, illegalTransitionMessage, TRANSITIONS, type InvoiceAction } from "~/features/invoices/status";
import {
  getInvoice,
  fullInclude,
  notFound,
  InvoiceError,
  TX_OPTIONS,
  type InvoiceShop,
  type Actor,
  type FullInvoice,
} from "~/features/invoices/invoices.server";

/**
 * Applies a transition if the invoice is still in an allowed state (a conditional
 * update, so two racing requests cannot both win) and records it in the timeline.
 */
async function transition(
  shop: Pick<InvoiceShop, "id">,
  invoiceId: string,
  action: InvoiceAction,
  actor: Actor,
  data: Prisma.InvoiceUpdateManyMutationInput,
  event: { detail?: string | null; now?: Date } = {},
) {
  const rule = TRANSITIONS[action];
  const now = event.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.invoice.updateMany({
      where: { id: invoiceId, shopId: shop.id, status: { in: [...rule.from] } },
      data: { ...data, status: rule.to },
    });
    if (count === 0) {
      const current = await tx.invoice.findFirst({
        where: { id: invoiceId, shopId: shop.id },
        select: { status: true, number: true },
      });
      if (!current) throw notFound();
      throw new InvoiceError(
        409,
        illegalTransitionMessage(current.number, current.status, action),
        "illegal_transition",
        { status: current.status },
      );
    }
    await tx.invoiceEvent.create({
      data: { shopId: shop.id, invoiceId, type: rule.to, actor, detail: event.detail ?? null, createdAt: now },
    });
    return tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: fullInclude });
  }, TX_OPTIONS);
}

export type SendOptions = { actor?: Actor; idempotencyKey?: string | null; now?: Date; baseUrl?: string };

/**
 * draft → sent (the e-mail is the service's: service.server.ts). A retry with the same
 * Idempotency-Key gets the invoice back as `replayed`; any other second send is a 409.
 */
export async function markInvoiceSent(
  shop: Pick<InvoiceShop, "id">,
  invoiceId: string,
  options: SendOptions = {},
): Promise<{ invoice: FullInvoice; replayed: boolean }> {
  const now = options.now ?? new Date();
  try {
    const invoice = await transition(
      shop,
      invoiceId,
      "send",
      options.actor ?? "merchant",
      { sentAt: now, sendIdempotencyKey: options.idempotencyKey ?? null, sendCount: { increment: 1 } },
      { now, detail: null },
    );
    return { invoice, replayed: false };
  } catch (error) {
    if (error instanceof InvoiceError && error.code === "illegal_transition" && options.idempotencyKey) {
      const current = await getInvoice(shop, invoiceId);
      if (current.sendIdempotencyKey === options.idempotencyKey) return { invoice: current, replayed: true };
    }
    throw error;
  }
}

export async function markInvoicePaid(
  shop: Pick<InvoiceShop, "id">,
  invoiceId: string,
  options: { actor?: Actor; now?: Date; detail?: string } = {},
) {
  const now = options.now ?? new Date();
  return transition(
    shop,
    invoiceId,
    "markPaid",
    options.actor ?? "merchant",
    { paidAt: now },
    { now, detail: options.detail ?? null },
  );
}

export async function voidInvoice(
  shop: Pick<InvoiceShop, "id">,
  invoiceId: string,
  options: { actor?: Actor; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  // The number stays taken: a voided invoice keeps it, so the sequence has no gap.
  return transition(
    shop,
    invoiceId,
    "void",
    options.actor ?? "merchant",
    { voidedAt: now, nextIssueDate: null },
    { now },
  );
}

/** sent → overdue once the due date (a shop-zone day) has passed. */
export async function markInvoiceOverdue(
  shop: Pick<InvoiceShop, "id" | "timezone">,
  invoiceId: string,
  now = new Date(),
) {
  const invoice = await getInvoice(shop, invoiceId);
  const today = dayInZone(now, shop.timezone);
  if (!(today > invoice.dueDate) || !canTransition(invoice.status, "markOverdue")) return null;
  return transition(
    shop,
    invoiceId,
    "markOverdue",
    "system",
    { overdueAt: now },
    {
      now,
      detail: `Due ${invoice.dueDate}, unpaid (${daysBetween(invoice.dueDate, today)} day${daysBetween(invoice.dueDate, today) === 1 ? "" : "s"} late)`,
    },
  );
}

/** The hosted page was opened: a "viewed" event (at most one per 30 minutes per invoice). */
export async function recordInvoiceView(
  invoice: { id: string; shopId: string; firstViewedAt: Date | null },
  now = new Date(),
) {
  const recent = await prisma.invoiceEvent.findFirst({
    where: {
      invoiceId: invoice.id,
      shopId: invoice.shopId,
      type: "viewed",
      createdAt: { gt: new Date(now.getTime() - 30 * 60_000) },
    },
  });
  if (recent) return;
  await prisma.$transaction([
    prisma.invoiceEvent.create({
      data: { shopId: invoice.shopId, invoiceId: invoice.id, type: "viewed", actor: "customer", createdAt: now },
    }),
    ...(invoice.firstViewedAt
      ? []
      : [prisma.invoice.updateMany({ where: { id: invoice.id, firstViewedAt: null }, data: { firstViewedAt: now } })]),
  ]);
}

export async function addInvoiceEvent(
  shopId: string,
  invoiceId: string,
  type: string,
  actor: Actor,
  detail: string | null = null,
  now = new Date(),
) {
  return prisma.invoiceEvent.create({ data: { shopId, invoiceId, type, actor, detail, createdAt: now } });
}

/** Stops a recurring series at this invoice: 404 for another shop's invoice, 409 when it is not recurring. */
export async function stopRecurring(shop: Pick<InvoiceShop, "id">, invoiceId: string, actor: Actor = "merchant") {
  const { count } = await prisma.invoice.updateMany({
    where: { id: invoiceId, shopId: shop.id, nextIssueDate: { not: null } },
    data: { nextIssueDate: null },
  });
  if (count === 0) {
    const current = await prisma.invoice.findFirst({
      where: { id: invoiceId, shopId: shop.id },
      select: { number: true },
    });
    if (!current) throw notFound();
    throw new InvoiceError(409, `${current.number} is not recurring.`, "not_recurring");
  }
  await addInvoiceEvent(shop.id, invoiceId, "recurring_stopped", actor);
  return true;
}

/**
 * Deletes a draft (never anything sent: that is voided instead). 404 for another shop's
 * invoice, 409 once it is not a draft. When it holds the shop's latest number, the number
 * goes back to the sequence, so the next invoice takes it and the numbers stay without a
 * gap (docs/decisions/039-deleting-drafts.md).
 */
export async function deleteDraftInvoice(shop: Pick<InvoiceShop, "id">, invoiceId: string) {
  return prisma.$transaction(async (tx) => {
    const current = await tx.invoice.findFirst({
      where: { id: invoiceId, shopId: shop.id },
      select: { status: true, number: true, sequence: true },
    });
    if (!current) throw notFound();
    const { count } = await tx.invoice.deleteMany({ where: { id: invoiceId, shopId: shop.id, status: "draft" } });
    if (count === 0)
      throw new InvoiceError(
        409,
        `Invoice ${current.number} is ${current.status}; only a draft can be deleted.`,
        "illegal_transition",
        { status: current.status },
      );
    await tx.invoiceSettings.updateMany({
      where: { shopId: shop.id, nextNumber: current.sequence + 1 },
      data: { nextNumber: current.sequence },
    });
    return { number: current.number };
  }, TX_OPTIONS);
}
