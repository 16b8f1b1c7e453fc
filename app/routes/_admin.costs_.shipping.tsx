// /costs/shipping (docs/product/shipping-costs.md): shipping label costs. Labels imported from
// ShipStation's or Shippo's CSV export are the order's cost; other orders are estimated by the
// merchant's rules (country, zone, everywhere else; per order, per item or by weight band) or
// counted as unknown (docs/decisions/092).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Box, Text, Toast } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { FieldError, fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { readCsvUpload } from "~/platform/csv-upload.server";
import {
  CostsRefused,
  deleteShippingRule,
  importIntent,
  lastImport,
  listShippingRules,
  reestimateStatus,
  requestReestimate,
  saveShippingRule,
  shippingCoverage,
  type ShippingRuleDto,
} from "~/features/profit/index.server";
import {
  ConfirmDeleteDialog,
  CsvImportCard,
  ReestimateBanner,
  RETRY_REESTIMATE,
  RULE_SAVED_TOAST,
  ShippingRuleDialog,
  ShippingRulesCard,
  shippingRuleSchema,
  type CostsActionResult,
  type LabelPlanRow,
} from "~/features/profit";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useDisabledReason, type RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Shipping costs · Profit Pilot" }];

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const [rules, coverage, last, reestimate] = await Promise.all([
    listShippingRules(shop),
    shippingCoverage(shop),
    lastImport(shop.id, "label_cost"),
    reestimateStatus(shop.id, "shipping"),
  ]);
  return { currency: shop.currency, timezone: shop.timezone, rules, coverage, last, reestimate };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const upload = await readCsvUpload(request);
  if (!upload.ok) return data({ ok: false, intent: "", fieldErrors: upload.fieldErrors }, { status: upload.status });
  const imported = await importIntent(ctx, "label_cost", upload);
  if (imported) return data(imported.body, { status: imported.status });
  const { values } = upload;
  const intents = ["saveShippingRule", "deleteShippingRule", RETRY_REESTIMATE];
  const intent = intents.includes(values.intent ?? "") ? values.intent! : "";
  const answer = (status: number, fieldErrors: FieldErrors) =>
    data<CostsActionResult>({ ok: false, intent, fieldErrors }, { status });
  if (!intent) return answer(400, { intent: ["Unknown action"] });
  const id = values.id ?? "";
  try {
    if (id && !ID.test(id)) return answer(404, { _form: ["Shipping rule not found"] });
    if (intent === RETRY_REESTIMATE) {
      await requestReestimate(ctx.shop.id, "shipping");
    } else if (intent === "deleteShippingRule") {
      if (!id) return answer(404, { _form: ["Shipping rule not found"] });
      await deleteShippingRule(ctx, id);
    } else {
      const parsed = shippingRuleSchema.safeParse(values);
      if (!parsed.success) return answer(400, fieldErrorsOf(parsed.error));
      await saveShippingRule(ctx, parsed.data, id || undefined);
    }
  } catch (error) {
    if (error instanceof FieldError) return answer(400, error.fieldErrors);
    if (error instanceof CostsRefused) return answer(error.status, { _form: [error.message] });
    throw error;
  }
  return { ok: true, intent } satisfies CostsActionResult;
});

type Dialog = { kind: "add" } | { kind: "edit"; rule: ShippingRuleDto } | { kind: "delete"; rule: ShippingRuleDto };

const editValues = (r: ShippingRuleDto) => ({
  scope: r.scope,
  country: r.country,
  zoneName: r.zoneName,
  zoneCountries: r.zoneCountries,
  basis: r.basis,
  amount: r.amount,
  bands: r.bands,
});

export default function ShippingCosts() {
  const { currency, timezone, rules, coverage, last, reestimate } = useLoaderData<typeof loader>();
  const refused = useDisabledReason("write", "change shipping rules");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [toast, setToast] = useState<{ title: string; error?: boolean } | null>(null);
  const report = (done: string) => (ok: boolean) =>
    setToast(ok ? { title: done } : { title: "Error — the shipping rule was not changed.", error: true });
  const money = (minor: number | null) => (minor === null ? "unknown" : formatMoney(minor, currency));
  const count = (n: number) => n.toLocaleString("en-US");
  const countries = coverage.unknownCountries.map((c) => `${c.name} (${count(c.orders)})`).join(", ");
  return (
    <AdminPage
      title="Shipping costs"
      subtitle="Label costs imported from your shipping app; other orders by your rules"
    >
      <BlockStack gap="500">
        {refused && <Banner tone="info">{refused}</Banner>}
        <ReestimateBanner status={reestimate} />
        {/* Cards run edge to edge on a phone; the line outside them keeps the cards' inset. */}
        <Box paddingInline={{ xs: "400", sm: "0" }}>
          <Text as="p" tone="subdued">
            {`${count(coverage.imported)} orders have an imported label, ${count(coverage.estimated)} are estimated by rule.`}
          </Text>
        </Box>
        {coverage.unknown > 0 && (
          <Banner tone="warning">
            <Text as="p">
              {`${count(coverage.unknown)} orders have no label and no rule: the P&L counts their label cost as unknown, not as zero.${countries ? ` Most are to ${countries}.` : ""}`}
            </Text>
          </Banner>
        )}
        <ShippingRulesCard
          rules={rules}
          currency={currency}
          onAdd={() => setDialog({ kind: "add" })}
          onEdit={(rule) => setDialog({ kind: "edit", rule })}
          onDelete={(rule) => setDialog({ kind: "delete", rule })}
        />
        <CsvImportCard<LabelPlanRow>
          title="Import label costs from a CSV file"
          help={`ShipStation's shipments export or Shippo's label export: order number, shipping cost (or rate), and optionally insurance cost, currency (${currency}) and tracking number. Several labels of one order, return labels included, add up; an imported label replaces the rule's estimate.`}
          last={last}
          timezone={timezone}
          headings={["Order", "Labels", "Label cost"]}
          cells={(r) => [
            r.orderName,
            String(r.labels),
            r.oldSource === "import" || r.oldCostMinor !== null
              ? `${money(r.oldCostMinor)} → ${money(r.costMinor)}`
              : money(r.costMinor),
          ]}
        />
      </BlockStack>
      {(dialog?.kind === "add" || dialog?.kind === "edit") && (
        <ShippingRuleDialog
          currency={currency}
          editing={dialog.kind === "edit" ? { id: dialog.rule.id, values: editValues(dialog.rule) } : undefined}
          onClose={() => setDialog(null)}
          onDone={report(RULE_SAVED_TOAST.shipping)}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDeleteDialog
          intent="deleteShippingRule"
          id={dialog.rule.id}
          title={`Delete the rule for ${dialog.rule.where}?`}
          body="Its orders are estimated again by the rules left, or count as unknown."
          onClose={() => setDialog(null)}
          onDone={report("Shipping rule deleted — re-estimating orders")}
        />
      )}
      {toast && <Toast content={toast.title} error={toast.error} duration={5000} onDismiss={() => setToast(null)} />}
    </AdminPage>
  );
}
