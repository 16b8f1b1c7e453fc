// /costs/fees (docs/product/payment-fees.md): payment fees by gateway. Shopify Payments' fees
// come from Shopify; every other gateway's are estimated by the merchant's rule (percentage +
// fixed, in the shop's currency) or counted as unknown (docs/decisions/088).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Text, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import {
  ALL_GATEWAYS,
  deleteFeeRule,
  feeGateways,
  listFeeRules,
  reestimateStatus,
  requestReestimate,
  saveFeeRule,
} from "~/features/profit/index.server";
import {
  ConfirmDeleteDialog,
  FeeGatewaysCard,
  FeeRuleDialog,
  feeRuleSchema,
  ReestimateBanner,
  RETRY_REESTIMATE,
  RULE_SAVED_TOAST,
  type CostsActionResult,
  type FeeGatewayRow,
} from "~/features/profit";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useDisabledReason, type RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Payment fees · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const [rules, gateways, reestimate] = await Promise.all([
    listFeeRules(shop),
    feeGateways(shop),
    reestimateStatus(shop.id, "fees"),
  ]);
  const ruleBy = new Map(rules.map((r) => [r.gateway, r]));
  const rows: FeeGatewayRow[] = gateways.map((g) => {
    const rule = ruleBy.get(g.gateway);
    return { ...g, rule: rule ? { id: rule.id, rate: rule.rate, fixed: rule.fixed } : null };
  });
  // Rules for gateways no order has used yet are listed too.
  for (const r of rules)
    if (!gateways.some((g) => g.gateway === r.gateway))
      rows.push({
        gateway: r.gateway,
        orders: 0,
        unknown: 0,
        actual: 0,
        rule: { id: r.id, rate: r.rate, fixed: r.fixed },
      });
  return { currency: shop.currency, rows, unknown: rows.reduce((s, r) => s + r.unknown, 0), reestimate };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  const values = read.ok ? read.values : {};
  const intent =
    values.intent === "saveFeeRule" || values.intent === "deleteFeeRule" || values.intent === RETRY_REESTIMATE
      ? values.intent
      : "";
  const answer = (status: number, fieldErrors: FieldErrors) =>
    data<CostsActionResult>({ ok: false, intent, fieldErrors }, { status });
  if (!read.ok) return answer(400, read.fieldErrors);
  if (!intent) return answer(400, { intent: ["Unknown action"] });
  try {
    if (intent === RETRY_REESTIMATE) {
      await requestReestimate(ctx.shop.id, "fees", ALL_GATEWAYS);
    } else if (intent === "deleteFeeRule") {
      if (!ID.test(values.id ?? "")) return answer(404, { _form: ["Not found"] });
      await deleteFeeRule(ctx, values.id!);
    } else {
      const parsed = feeRuleSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      await saveFeeRule(ctx, parsed.data);
    }
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    if (error instanceof Error && (error as { status?: number }).status === 404)
      return answer(404, { _form: [error.message] });
    throw error;
  }
  return { ok: true, intent } satisfies CostsActionResult;
});

type Dialog = { kind: "set"; row: FeeGatewayRow | null } | { kind: "delete"; row: FeeGatewayRow } | null;

export default function PaymentFees() {
  const { currency, rows, unknown, reestimate } = useLoaderData<typeof loader>();
  const refused = useDisabledReason("write", "change fee rules");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toast, setToast] = useState<{ title: string; error?: boolean } | null>(null);
  const report = (done: string) => (ok: boolean) =>
    setToast(ok ? { title: done } : { title: "Error — the fee rule was not changed.", error: true });
  return (
    <AdminPage title="Payment fees" subtitle="Shopify Payments' fees from Shopify; other gateways by your rules">
      <BlockStack gap="500">
        {refused && <Banner tone="info">{refused}</Banner>}
        <ReestimateBanner status={reestimate} />
        {unknown > 0 && (
          <Banner tone="warning">
            <Text as="p">
              {`${unknown.toLocaleString("en-US")} orders have no known payment fee: their gateway has no rule. The P&L counts them as unknown, not as zero.`}
            </Text>
          </Banner>
        )}
        <FeeGatewaysCard
          rows={rows}
          currency={currency}
          onSet={(row) => setDialog({ kind: "set", row })}
          onDelete={(row) => setDialog({ kind: "delete", row })}
        />
      </BlockStack>
      {dialog?.kind === "set" && (
        <FeeRuleDialog
          currency={currency}
          editing={!!dialog.row?.rule}
          initial={
            dialog.row
              ? { gateway: dialog.row.gateway, rate: dialog.row.rule?.rate ?? "", fixed: dialog.row.rule?.fixed ?? "" }
              : undefined
          }
          onClose={() => setDialog(null)}
          onDone={report(RULE_SAVED_TOAST.fees)}
        />
      )}
      {dialog?.kind === "delete" && dialog.row.rule && (
        <ConfirmDeleteDialog
          intent="deleteFeeRule"
          id={dialog.row.rule.id}
          title={`Delete the rule for ${dialog.row.gateway}?`}
          body="Its orders' fees become unknown again until a new rule is set."
          onClose={() => setDialog(null)}
          onDone={report("Fee rule deleted — re-estimating orders")}
        />
      )}
      {toast && <Toast content={toast.title} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
