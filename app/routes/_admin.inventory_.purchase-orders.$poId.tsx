// /inventory/purchase-orders/{id}: one purchase order. A draft's quantities and costs can be
// edited; Mark as ordered e-mails the PDF to the supplier; receiving raises stock once per
// submission; cancelling asks first. Illegal moves answer 409 (docs/decisions/055-purchase-orders.md).
import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { dayInZone } from "~/lib/dates";
import { decimalStringToMinor } from "~/lib/money";
import { PO_STATUS_LABELS, PurchaseOrderScreen, receiveSchema } from "~/features/inventory";
import {
  PoError,
  cancelOrder,
  getPurchaseOrder,
  markOrdered,
  receiveOrder,
  updateDraftLines,
} from "~/features/inventory/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { useRefusalToast } from "~/components/toasts";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.po.label ?? "Purchase order"} · Profit Pilot` },
];

/** After Reorder onto this supplier's open draft (?added=n): what happened, so nobody looks for a second draft. */
function addedNotice(added: string | null, status: string): string | null {
  if (added === null || status !== "draft") return null;
  return Number(added) > 0
    ? "Added to this supplier's open draft: there is one draft per supplier, and Reorder adds to it."
    : "Already on this supplier's open draft: nothing was added. Change the quantity here.";
}

const notFound = () => new Response("Not found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  try {
    const po = await getPurchaseOrder(shop, params.poId ?? "");
    const day = (at: Date | null) => (at ? dayInZone(at, shop.timezone) : null);
    return {
      po: {
        ...po,
        createdDay: dayInZone(po.createdAt, shop.timezone),
        orderedDay: day(po.orderedAt),
        receivedDay: day(po.receivedAt),
        supplier: po.supplier ? { name: po.supplier.name, email: po.supplier.email } : null,
      },
      // Sent back with the receiving form: the same key twice receives once.
      receiveKey: crypto.randomUUID(),
      notice: addedNotice(new URL(request.url).searchParams.get("added"), po.status),
      shopCurrency: shop.currency,
    };
  } catch (error) {
    if (error instanceof PoError) throw notFound();
    throw error;
  }
}

type Result = { ok: boolean; intent: string; fieldErrors?: FieldErrors; message?: string; conflict?: boolean };

export const action = answeringRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const id = params.poId ?? "";
  const read = await readForm(request);
  const values = read.ok ? read.values : {};
  const intent = values.intent ?? "";
  const fail = (status: number, fieldErrors: FieldErrors, conflict = false) =>
    data<Result>({ ok: false, intent, fieldErrors, conflict }, { status });
  if (!read.ok) return fail(400, read.fieldErrors);
  try {
    if (intent === "order") {
      const { emailed } = await markOrdered(ctx, id);
      return {
        ok: true,
        intent,
        message: emailed
          ? "Marked as ordered and e-mailed to the supplier"
          : "Marked as ordered (the supplier has no e-mail)",
      } satisfies Result;
    }
    if (intent === "cancel") {
      await cancelOrder(ctx, id);
      return { ok: true, intent, message: "Purchase order cancelled" } satisfies Result;
    }
    if (intent === "receive") {
      const lines: Record<string, string> = {};
      for (const [k, v] of Object.entries(values)) if (k.startsWith("receive.")) lines[k.slice(8)] = v;
      const parsed = receiveSchema.safeParse({ ...values, lines });
      if (!parsed.success) return fail(400, fieldErrorsOf(parsed.error));
      const result = await receiveOrder({ ...ctx, admin: ctx.demo ? null : ctx.admin }, id, {
        key: parsed.data.key,
        lines: parsed.data.lines,
        confirmOver: !!parsed.data.confirmOver,
        updateCosts: !!parsed.data.updateCosts,
      });
      return {
        ok: true,
        intent,
        message: result.repeated
          ? "Already received (nothing changed)"
          : `Received: ${PO_STATUS_LABELS[result.status]}`,
      } satisfies Result;
    }
    if (intent === "saveDraft") {
      const po = await getPurchaseOrder(ctx.shop, id);
      const lines: Record<string, { quantity: number; unitCostMinor: number | null }> = {};
      const errors: FieldErrors = {};
      for (const l of po.lines) {
        const q = values[`qty.${l.id}`];
        const c = values[`cost.${l.id}`];
        if (q === undefined && c === undefined) continue;
        const quantity = Number(q ?? l.quantity);
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000)
          errors[`qty.${l.id}`] = ["Quantity must be a whole number from 1 to 1,000,000"];
        const unitCostMinor = c === undefined ? l.unitCostMinor : decimalStringToMinor(c, po.currency);
        if (c !== undefined && unitCostMinor === null)
          errors[`cost.${l.id}`] = ["Unit cost must be an amount like 12.50"];
        lines[l.id] = { quantity, unitCostMinor };
      }
      if (Object.keys(errors).length) return fail(400, errors);
      await updateDraftLines(ctx, id, lines);
      return { ok: true, intent, message: "Draft saved" } satisfies Result;
    }
  } catch (error) {
    if (error instanceof FieldError) return fail(400, error.fieldErrors);
    if (error instanceof PoError)
      return error.status === 404
        ? (() => {
            throw notFound();
          })()
        : fail(409, { _form: [error.message] }, true);
    throw error;
  }
  return fail(400, { intent: ["Unknown action"] });
});

export default function PurchaseOrder() {
  const { po, receiveKey, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useRefusalToast(result);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent")?.toString() : undefined;
  return <PurchaseOrderScreen po={po} receiveKey={receiveKey} notice={notice} result={result} busy={busy} />;
}
