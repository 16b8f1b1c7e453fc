// One purchase order: a draft's quantities and costs, Mark as ordered, receiving with a
// per-submission key, Download PDF, and Cancel behind a confirmation.
import { Form } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { formatMoney, minorToDecimalString } from "~/lib/money";
import { PO_STATUS_LABELS, PO_TONES, canDo, type PoStatus } from "~/features/inventory/purchase-order-rules";
import { CancelOrderDialog } from "~/features/inventory/components/CancelOrderDialog";
import { PurchaseOrderLine, type PoLine } from "~/features/inventory/components/PurchaseOrderLine";
import { ReceiveControls } from "~/features/inventory/components/ReceiveControls";

export type PurchaseOrderScreenProps = {
  po: {
    id: string;
    label: string;
    status: PoStatus;
    currency: string;
    /** Days in the shop's time zone. */
    createdDay: string;
    orderedDay: string | null;
    receivedDay: string | null;
    supplier: { name: string; email: string | null } | null;
    lines: PoLine[];
  };
  receiveKey: string;
  /** Why the merchant landed here, e.g. Reorder added to this open draft. */
  notice?: string | null;
  result:
    | { ok: boolean; message?: string; fieldErrors?: Record<string, string[] | undefined>; conflict?: boolean }
    | undefined;
  busy: string | undefined;
};

export function PurchaseOrderScreen({ po, receiveKey, notice, result, busy }: PurchaseOrderScreenProps) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const err = (k: string) => (result && !result.ok ? result.fieldErrors?.[k]?.[0] : undefined);
  const remaining = (l: (typeof po.lines)[number]) => Math.max(0, l.quantity - l.receivedQty);
  const [receive, setReceive] = useState<Record<string, string>>(() =>
    Object.fromEntries(po.lines.map((l) => [l.id, String(remaining(l))])),
  );
  const [draft, setDraft] = useState<Record<string, { qty: string; cost: string }>>(() =>
    Object.fromEntries(
      po.lines.map((l) => [
        l.id,
        {
          qty: String(l.quantity),
          cost: l.unitCostMinor === null ? "" : minorToDecimalString(l.unitCostMinor, po.currency),
        },
      ]),
    ),
  );
  const total = po.lines.reduce((s, l) => s + l.quantity * (l.unitCostMinor ?? 0), 0);
  const isDraft = po.status === "draft";
  const canReceive = canDo("receive", po.status);
  return (
    <AdminPage
      title={po.label}
      subtitle={`${po.supplier?.name ?? ""}${po.supplier?.email ? ` · ${po.supplier.email}` : ""}`}
      primaryAction={
        isDraft ? (
          <Form method="post">
            <input type="hidden" name="intent" value="order" />
            <Button variant="primary" submit loading={busy === "order"}>
              {po.supplier?.email ? "Mark as ordered & e-mail supplier" : "Mark as ordered"}
            </Button>
          </Form>
        ) : undefined
      }
      secondaryActions={[
        { content: "Download PDF", url: `/inventory/purchase-orders/${po.id}/pdf`, external: false, target: "_self" },
        ...(canDo("cancel", po.status)
          ? [{ content: "Cancel order", destructive: true, onAction: () => setConfirmCancel(true) }]
          : []),
      ]}
    >
      <BlockStack gap="400">
        {notice && !result && <Banner tone="info">{notice}</Banner>}
        {result?.ok && result.message && <Banner tone="success">{result.message}</Banner>}
        {result && !result.ok && (err("_form") || err("lines") || err("key")) && (
          <Banner tone="critical">{err("_form") ?? err("lines") ?? err("key")}</Banner>
        )}
        <Card>
          <BlockStack gap="300">
            <InlineStack gap="200" blockAlign="center">
              <Badge tone={PO_TONES[po.status]}>{PO_STATUS_LABELS[po.status]}</Badge>
              <Text as="span" tone="subdued">
                Created {po.createdDay}
                {po.orderedDay ? ` · ordered ${po.orderedDay}` : ""}
                {po.receivedDay ? ` · received ${po.receivedDay}` : ""}
              </Text>
            </InlineStack>
            <Form method="post">
              <input type="hidden" name="intent" value={isDraft ? "saveDraft" : "receive"} />
              <input type="hidden" name="key" value={receiveKey} />
              <BlockStack gap="300">
                {po.lines.map((l) => (
                  <PurchaseOrderLine
                    key={l.id}
                    line={l}
                    currency={po.currency}
                    mode={isDraft ? "draft" : canReceive ? "receive" : "view"}
                    draft={draft[l.id]}
                    onDraft={(value) => setDraft({ ...draft, [l.id]: value })}
                    receive={receive[l.id]}
                    onReceive={(value) => setReceive({ ...receive, [l.id]: value })}
                    err={err}
                  />
                ))}
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="span" fontWeight="semibold">
                    Total {formatMoney(total, po.currency)}
                  </Text>
                  {isDraft && (
                    <Button submit loading={busy === "saveDraft"}>
                      Save draft
                    </Button>
                  )}
                </InlineStack>
                {canReceive && <ReceiveControls conflict={!!result?.conflict} busy={busy === "receive"} />}
              </BlockStack>
            </Form>
          </BlockStack>
        </Card>
      </BlockStack>
      {confirmCancel && <CancelOrderDialog label={po.label} onClose={() => setConfirmCancel(false)} />}
    </AdminPage>
  );
}
