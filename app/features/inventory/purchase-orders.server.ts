// Purchase orders: drafted from the planning figures (one per supplier), ordered (PDF e-mailed
// to the supplier), received (stock raised once per submission, in Shopify too when connected),
// cancelled. Every function takes the shop first (docs/decisions/055-purchase-orders.md).
import { prisma, type Prisma } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { dayInZone } from "~/lib/dates";
import { FieldError } from "~/lib/forms";
import { minorToDecimalString } from "~/lib/money";
import { sendMail } from "~/platform/mail.server";
import { isUniqueViolation } from "~/platform/prisma-errors";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { addProductCost } from "~/features/profit/index.server";
import { PoError } from "./errors";
import { canDo, poNumber, statusAfterReceiving, type PoStatus } from "./purchase-order-rules";
import { reevaluateVariants } from "./recompute.server";
import { assertVariantsOf } from "./settings.server";
import { adjustShopifyStock, type ShopifyAdmin } from "./shopify.server";
import type { PdfPurchaseOrder } from "./pdf.server";

export type PoShop = { id: string; timezone: string; currency: string; name: string };

export { PoError };

/**
 * The purchase order as a PDF. The renderer (@react-pdf/renderer) loads with the first one,
 * not when the server starts (docs/decisions/070-server-memory.md).
 */
export async function renderPurchaseOrderPdf(
  po: PdfPurchaseOrder,
  shop: { name: string; timezone: string },
): Promise<Buffer> {
  const { renderPurchaseOrderPdf: render } = await import("./pdf.server");
  return render(po, shop);
}

/** Variant ids that are not the shop's: 404 when they belong to another shop, else 400. */
async function assertOwnVariants(shopId: string, ids: string[]) {
  try {
    await assertVariantsOf(shopId, ids);
  } catch (error) {
    if (error instanceof FieldError) throw new FieldError({ variantIds: ["Unknown variant"] });
    throw error;
  }
}

/**
 * One draft per supplier for the given variants, with the suggested quantities (at least
 * one minimum order, rounded to the case pack) and the variants' current unit costs.
 */
/** A supplier's draft after Reorder: a new one, or its open one with `added` new lines. */
export type DraftResult = { id: string; number: number; supplier: string; existing: boolean; added: number };

export async function createDraftOrders(actor: Actor & { shop: PoShop }, variantIds: string[]) {
  const shop = actor.shop;
  const ids = [...new Set(variantIds)];
  if (!ids.length) throw new FieldError({ variantIds: ["Choose at least one variant"] });
  await assertOwnVariants(shop.id, ids);
  const plansOf = async (db: Prisma.TransactionClient = prisma) => {
    const out = [];
    for (const slice of chunks(ids, 500))
      out.push(...(await db.inventoryPlan.findMany({ where: { shopId: shop.id, variantId: { in: slice } } })));
    return out;
  };
  const cost = new Map<string, number | null>();
  for (const slice of chunks(ids, 500))
    for (const v of await prisma.variant.findMany({
      where: { shopId: shop.id, id: { in: slice } },
      select: { id: true, unitCostMinor: true },
    }))
      cost.set(v.id, v.unitCostMinor);
  const plans = await plansOf();
  const planned = new Set(plans.map((p) => p.variantId));
  const unplanned = ids.filter((id) => !planned.has(id));
  const assertSuppliers = (all: typeof plans) => {
    const withoutSupplier = all.filter((p) => !p.supplierId);
    if (withoutSupplier.length)
      throw new FieldError({
        supplierId: [
          `Assign a supplier first: ${withoutSupplier
            .slice(0, 3)
            .map((p) => p.title)
            .join(", ")}${withoutSupplier.length > 3 ? ` and ${withoutSupplier.length - 3} more` : ""}`,
        ],
      });
    return all;
  };
  // A variant never planned is planned now, in a transaction that the refusal rolls back:
  // a refused request writes nothing.
  const all = unplanned.length
    ? await prisma.$transaction(
        async (tx) => {
          await reevaluateVariants(tx, shop, unplanned);
          return assertSuppliers(await plansOf(tx));
        },
        { timeout: 60_000 },
      )
    : assertSuppliers(plans);
  const bySupplier = new Map<string, typeof all>();
  for (const p of all) {
    const list = bySupplier.get(p.supplierId!) ?? [];
    list.push(p);
    bySupplier.set(p.supplierId!, list);
  }
  const suppliers = await prisma.supplier.findMany({ where: { shopId: shop.id, id: { in: [...bySupplier.keys()] } } });
  // One draft per supplier: a supplier's open draft takes the new lines (a variant already on
  // it keeps its line); only a supplier without one gets a new draft. A unique index holds
  // that on every engine: a concurrent Reorder that lost the race (a second draft, or the same
  // PO number) runs again and finds the winner's draft.
  const draftAll = () =>
    prisma.$transaction(async (tx) => {
      const last = await tx.purchaseOrder.findFirst({
        where: { shopId: shop.id },
        orderBy: { number: "desc" },
        select: { number: true },
      });
      let number = last?.number ?? 0;
      const out: DraftResult[] = [];
      for (const supplier of suppliers) {
        const lines = bySupplier.get(supplier.id)!.map((p) => {
          const pack = Math.max(1, p.casePack);
          const quantity = p.suggestedQty > 0 ? p.suggestedQty : Math.ceil(Math.max(1, p.minOrderQty) / pack) * pack;
          return { shopId: shop.id, variantId: p.variantId, quantity, unitCostMinor: cost.get(p.variantId) ?? null };
        });
        const draft = await tx.purchaseOrder.findFirst({
          where: { shopId: shop.id, supplierId: supplier.id, status: "draft", currency: supplier.currency },
          orderBy: { number: "asc" },
          select: { id: true, number: true, lines: { select: { variantId: true } } },
        });
        if (draft) {
          const onIt = new Set(draft.lines.map((l) => l.variantId));
          const added = lines.filter((l) => !onIt.has(l.variantId));
          if (added.length)
            await tx.purchaseOrderLine.createMany({ data: added.map((l) => ({ ...l, purchaseOrderId: draft.id })) });
          await tx.purchaseOrder.update({ where: { id: draft.id }, data: { updatedAt: new Date() } });
          out.push({
            id: draft.id,
            number: draft.number,
            supplier: supplier.name,
            existing: true,
            added: added.length,
          });
          continue;
        }
        const po = await tx.purchaseOrder.create({
          data: {
            shopId: shop.id,
            number: ++number,
            supplierId: supplier.id,
            currency: supplier.currency,
            lines: { create: lines },
          },
          select: { id: true, number: true },
        });
        out.push({ ...po, supplier: supplier.name, existing: false, added: lines.length });
      }
      return out;
    });
  let created: DraftResult[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      created = await draftAll();
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 3) throw error;
    }
  }
  await reevaluateVariants(prisma, shop, ids);
  for (const po of created)
    await recordAudit(
      actor,
      po.existing ? "inventory.po.add_lines" : "inventory.po.create",
      "PurchaseOrder",
      po.id,
      null,
      { number: po.number, supplier: po.supplier, linesAdded: po.added },
    );
  return created;
}

export async function getPurchaseOrder(shop: { id: string }, id: string) {
  const po = await prisma.purchaseOrder.findFirst({
    where: { shopId: shop.id, id },
    include: { lines: { orderBy: { id: "asc" } } },
  });
  if (!po) throw new PoError(404, "Not found");
  const [supplier, variants] = await Promise.all([
    prisma.supplier.findFirst({ where: { shopId: shop.id, id: po.supplierId } }),
    prisma.variant.findMany({
      where: { shopId: shop.id, id: { in: po.lines.map((l) => l.variantId) } },
      select: { id: true, sku: true, title: true, product: { select: { title: true } } },
    }),
  ]);
  const byId = new Map(variants.map((v) => [v.id, v]));
  return {
    ...po,
    status: po.status as PoStatus,
    label: poNumber(po.number),
    supplier,
    lines: po.lines.map((l) => {
      const v = byId.get(l.variantId);
      const title = v
        ? /^default( title)?$/i.test(v.title)
          ? v.product.title
          : `${v.product.title} — ${v.title}`
        : "";
      return { ...l, title, sku: v?.sku ?? null };
    }),
  };
}
export type PurchaseOrderView = Awaited<ReturnType<typeof getPurchaseOrder>>;

export async function listPurchaseOrders(shop: { id: string; timezone: string }, take = 50) {
  const rows = await prisma.purchaseOrder.findMany({
    where: { shopId: shop.id },
    orderBy: { number: "desc" },
    take,
    include: { lines: { select: { quantity: true, receivedQty: true, unitCostMinor: true } } },
  });
  const suppliers = await prisma.supplier.findMany({ where: { shopId: shop.id }, select: { id: true, name: true } });
  const names = new Map(suppliers.map((s) => [s.id, s.name]));
  return rows.map((r) => ({
    id: r.id,
    label: poNumber(r.number),
    status: r.status as PoStatus,
    supplier: names.get(r.supplierId) ?? "Deleted supplier",
    currency: r.currency,
    units: r.lines.reduce((s, l) => s + l.quantity, 0),
    receivedUnits: r.lines.reduce((s, l) => s + l.receivedQty, 0),
    totalMinor: r.lines.reduce((s, l) => s + l.quantity * (l.unitCostMinor ?? 0), 0),
    createdDay: dayInZone(r.createdAt, shop.timezone),
  }));
}

/** A draft's quantities and unit costs (only a draft can change). */
export async function updateDraftLines(
  actor: Actor & { shop: PoShop },
  id: string,
  lines: Record<string, { quantity: number; unitCostMinor: number | null }>,
) {
  const po = await getPurchaseOrder(actor.shop, id);
  if (po.status !== "draft") throw new PoError(409, "Only a draft can be edited");
  const known = new Set(po.lines.map((l) => l.id));
  const unknown = Object.keys(lines).filter((l) => !known.has(l));
  if (unknown.length) throw new FieldError({ lines: ["Unknown line"] });
  await prisma.$transaction(
    Object.entries(lines).map(([lineId, l]) =>
      prisma.purchaseOrderLine.updateMany({
        where: { shopId: actor.shop.id, id: lineId, purchaseOrderId: id },
        data: { quantity: l.quantity, unitCostMinor: l.unitCostMinor },
      }),
    ),
  );
  await reevaluateVariants(
    prisma,
    actor.shop,
    po.lines.map((l) => l.variantId),
  );
  await recordAudit(actor, "inventory.po.edit", "PurchaseOrder", id, po.lines, lines);
}

/** Draft → ordered: the PDF is e-mailed to the supplier (the outbox in the demo). */
export async function markOrdered(actor: Actor & { shop: PoShop }, id: string) {
  const po = await getPurchaseOrder(actor.shop, id);
  if (!canDo("order", po.status)) throw new PoError(409, `A ${po.status.replace("_", " ")} order cannot be ordered`);
  const { count } = await prisma.purchaseOrder.updateMany({
    where: { shopId: actor.shop.id, id, status: "draft" },
    data: { status: "ordered", orderedAt: new Date() },
  });
  if (!count) throw new PoError(409, "The order changed meanwhile; reload it");
  let emailed = false;
  if (po.supplier?.email) {
    const pdf = await renderPurchaseOrderPdf({ ...po, status: "ordered" }, actor.shop);
    await sendMail({
      shopId: actor.shop.id,
      fromName: actor.shop.name,
      kind: "purchase_order",
      to: po.supplier.email,
      subject: `${actor.shop.name}: purchase order ${po.label}`,
      text: [
        `Hello ${po.supplier.name},`,
        "",
        `Please find purchase order ${po.label} from ${actor.shop.name} attached:`,
        ...po.lines.map((l) => `- ${l.quantity} × ${l.title}${l.sku ? ` (SKU ${l.sku})` : ""}`),
        "",
        "Thank you.",
      ].join("\n"),
      attachments: [{ filename: `${po.label}.pdf`, contentType: "application/pdf", content: pdf }],
      dedupeKey: `po-ordered:${id}`,
    });
    emailed = true;
  }
  await recordAudit(
    actor,
    "inventory.po.order",
    "PurchaseOrder",
    id,
    { status: po.status },
    { status: "ordered", emailed },
  );
  return { emailed };
}

export async function cancelOrder(actor: Actor & { shop: PoShop }, id: string) {
  const po = await getPurchaseOrder(actor.shop, id);
  if (!canDo("cancel", po.status)) throw new PoError(409, `A ${po.status.replace("_", " ")} order cannot be cancelled`);
  await prisma.purchaseOrder.updateMany({
    where: { shopId: actor.shop.id, id, status: po.status },
    data: { status: "cancelled", cancelledAt: new Date() },
  });
  await reevaluateVariants(
    prisma,
    actor.shop,
    po.lines.map((l) => l.variantId),
  );
  await recordAudit(actor, "inventory.po.cancel", "PurchaseOrder", id, { status: po.status }, { status: "cancelled" });
}

export type ReceiveInput = {
  key: string;
  lines: Record<string, number>;
  confirmOver?: boolean;
  updateCosts?: boolean;
};

/**
 * Receives quantities on an ordered purchase order. The submission's key is stored first:
 * the same key again changes nothing (a double click, a retried request). Stock rises at the
 * location that holds most of the item, in Shopify first when the store is connected.
 */
export async function receiveOrder(
  actor: Actor & { shop: PoShop; admin?: ShopifyAdmin | null },
  id: string,
  input: ReceiveInput,
): Promise<{ repeated: boolean; status: PoStatus }> {
  const shop = actor.shop;
  const po = await getPurchaseOrder(shop, id);
  const repeated = await prisma.purchaseOrderReceipt.findUnique({
    where: { shopId_key: { shopId: shop.id, key: input.key } },
  });
  if (repeated) return { repeated: true, status: po.status };
  if (!canDo("receive", po.status)) throw new PoError(409, `A ${po.status.replace("_", " ")} order cannot be received`);
  const byLine = new Map(po.lines.map((l) => [l.id, l]));
  const unknown = Object.keys(input.lines).filter((l) => !byLine.has(l));
  if (unknown.length) throw new FieldError({ lines: ["Unknown line"] });
  const receipts = Object.entries(input.lines)
    .filter(([, q]) => q > 0)
    .map(([lineId, qty]) => ({ line: byLine.get(lineId)!, qty }));
  if (!receipts.length) throw new FieldError({ lines: ["Enter a quantity received"] });
  const over = receipts.filter((r) => r.line.receivedQty + r.qty > r.line.quantity);
  if (over.length && !input.confirmOver)
    throw new PoError(409, `More than ordered for ${over[0].line.title}: confirm to receive it anyway`);

  try {
    await prisma.purchaseOrderReceipt.create({ data: { shopId: shop.id, purchaseOrderId: id, key: input.key } });
  } catch (error) {
    if (isUniqueViolation(error)) return { repeated: true, status: po.status };
    throw error;
  }

  // Where the stock goes: the item's location with the most available (the first one synced on a tie).
  const variants = await prisma.variant.findMany({
    where: { shopId: shop.id, id: { in: receipts.map((r) => r.line.variantId) } },
    select: { id: true, inventoryItemId: true },
  });
  const itemOf = new Map(variants.map((v) => [v.id, v.inventoryItemId]));
  const levels = await prisma.inventoryLocationLevel.findMany({
    where: {
      shopId: shop.id,
      inventoryItemId: { in: variants.flatMap((v) => (v.inventoryItemId ? [v.inventoryItemId] : [])) },
    },
    orderBy: [{ available: "desc" }, { id: "asc" }],
  });
  const locationOf = new Map<string, string>();
  for (const l of levels) if (!locationOf.has(l.inventoryItemId)) locationOf.set(l.inventoryItemId, l.locationId);

  if (actor.admin) {
    const changes = receipts.flatMap((r) => {
      const item = itemOf.get(r.line.variantId);
      const location = item ? locationOf.get(item) : undefined;
      return item && location ? [{ delta: r.qty, inventoryItemId: item, locationId: location }] : [];
    });
    if (changes.length !== receipts.length) {
      await prisma.purchaseOrderReceipt.deleteMany({ where: { shopId: shop.id, key: input.key } });
      throw new FieldError({ lines: ["A variant has no inventory location in Shopify; sync the store and retry"] });
    }
    try {
      await adjustShopifyStock(actor.admin, input.key, `gid://profit-pilot/PurchaseOrder/${po.label}`, changes);
    } catch (error) {
      await prisma.purchaseOrderReceipt.deleteMany({ where: { shopId: shop.id, key: input.key } });
      throw error;
    }
  }

  const status = await prisma.$transaction(async (tx) => {
    for (const r of receipts) {
      await tx.purchaseOrderLine.update({ where: { id: r.line.id }, data: { receivedQty: { increment: r.qty } } });
      await tx.inventoryLevel.upsert({
        where: { variantId: r.line.variantId },
        create: { shopId: shop.id, variantId: r.line.variantId, available: r.qty },
        update: { available: { increment: r.qty } },
      });
      const item = itemOf.get(r.line.variantId);
      const location = item ? locationOf.get(item) : undefined;
      if (item && location)
        await tx.inventoryLocationLevel.updateMany({
          where: { shopId: shop.id, inventoryItemId: item, locationId: location },
          data: { available: { increment: r.qty } },
        });
    }
    const lines = await tx.purchaseOrderLine.findMany({
      where: { purchaseOrderId: id },
      select: { quantity: true, receivedQty: true },
    });
    const next = statusAfterReceiving(lines);
    await tx.purchaseOrder.update({
      where: { id },
      data: { status: next, receivedAt: next === "received" ? new Date() : null },
    });
    return next;
  });

  await reevaluateVariants(
    prisma,
    shop,
    receipts.map((r) => r.line.variantId),
  );
  // Costs are in the shop's currency: a supplier billing in another one leaves them alone.
  if (input.updateCosts && po.currency === shop.currency) {
    // The received unit cost applies from today, through the Costs screen's own rule.
    const today = dayInZone(new Date(), shop.timezone);
    for (const r of receipts) {
      if (r.line.unitCostMinor === null) continue;
      await addProductCost(shop, {
        productName: r.line.title,
        sku: r.line.sku ?? undefined,
        costPerUnit: minorToDecimalString(r.line.unitCostMinor, shop.currency),
        supplier: po.supplier?.name,
        effectiveFrom: today,
      });
    }
  }
  await recordAudit(
    actor,
    "inventory.po.receive",
    "PurchaseOrder",
    id,
    { status: po.status },
    {
      status,
      lines: Object.fromEntries(receipts.map((r) => [r.line.id, r.qty])),
    },
  );
  return { repeated: false, status };
}
