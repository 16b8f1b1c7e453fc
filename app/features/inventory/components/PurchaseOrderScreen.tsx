// One purchase order: a draft's quantities and costs, Mark as ordered, receiving with a
// per-submission key, Download PDF, and Cancel behind a confirmation.
import { Form } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Button, Card, Checkbox, InlineStack, Text, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { formatMoney, minorToDecimalString } from "~/lib/money";
import { PO_STATUS_LABELS, PO_TONES, canDo, type PoStatus } from "~/features/inventory/purchase-order-rules";

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
    lines: {
      id: string;
      title: string;
      sku: string | null;
      quantity: number;
      receivedQty: number;
      unitCostMinor: number | null;
    }[];
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
                  <Box key={l.id} paddingBlockEnd="200" borderBlockEndWidth="025" borderColor="border">
                    <InlineStack align="space-between" blockAlign="end" gap="300">
                      <BlockStack gap="050">
                        <Text as="span" fontWeight="semibold">
                          {l.title}
                        </Text>
                        <Text as="span" tone="subdued" variant="bodySm">
                          {l.sku ? `SKU ${l.sku} · ` : ""}
                          {l.receivedQty} of {l.quantity} received ·{" "}
                          {l.unitCostMinor === null
                            ? "cost unknown"
                            : `${formatMoney(l.unitCostMinor, po.currency)} each`}
                        </Text>
                      </BlockStack>
                      {isDraft ? (
                        <InlineStack gap="200">
                          <div style={{ width: 110 }}>
                            <TextField
                              label="Quantity"
                              name={`qty.${l.id}`}
                              type="number"
                              autoComplete="off"
                              value={draft[l.id].qty}
                              onChange={(v) => setDraft({ ...draft, [l.id]: { ...draft[l.id], qty: v } })}
                              error={err(`qty.${l.id}`)}
                            />
                          </div>
                          <div style={{ width: 130 }}>
                            <TextField
                              label={`Unit cost (${po.currency})`}
                              name={`cost.${l.id}`}
                              autoComplete="off"
                              value={draft[l.id].cost}
                              onChange={(v) => setDraft({ ...draft, [l.id]: { ...draft[l.id], cost: v } })}
                              error={err(`cost.${l.id}`)}
                            />
                          </div>
                        </InlineStack>
                      ) : canReceive ? (
                        <div style={{ width: 140 }}>
                          <TextField
                            label="Receive now"
                            name={`receive.${l.id}`}
                            type="number"
                            min={0}
                            autoComplete="off"
                            value={receive[l.id]}
                            onChange={(v) => setReceive({ ...receive, [l.id]: v })}
                            error={err(`lines.${l.id}`)}
                          />
                        </div>
                      ) : null}
                    </InlineStack>
                  </Box>
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
      <CancelOrderModal label={po.label} open={confirmCancel} onClose={() => setConfirmCancel(false)} />
    </AdminPage>
  );
}

function CancelOrderModal({ label, open, onClose }: { label: string; open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Cancel ${label}?`}
      primaryAction={{
        content: "Cancel order",
        destructive: true,
        onAction: () => {
          const f = document.getElementById("po-cancel-form") as HTMLFormElement | null;
          f?.requestSubmit();
          onClose();
        },
      }}
      secondaryActions={[{ content: "Keep it", onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">What has not been received stops counting as on order. This cannot be undone.</Text>
        <Form method="post" id="po-cancel-form">
          <input type="hidden" name="intent" value="cancel" />
        </Form>
      </Modal.Section>
    </Modal>
  );
}

function ReceiveControls({ conflict, busy }: { conflict: boolean; busy: boolean }) {
  const [confirmOver, setConfirmOver] = useState(false);
  const [updateCosts, setUpdateCosts] = useState(false);
  return (
    <BlockStack gap="200">
      <Checkbox
        label="Update product costs from these unit costs, from today"
        checked={updateCosts}
        onChange={setUpdateCosts}
        name="updateCosts"
        value="1"
      />
      {conflict && (
        <Checkbox
          label="Receive more than ordered"
          checked={confirmOver}
          onChange={setConfirmOver}
          name="confirmOver"
          value="1"
        />
      )}
      <InlineStack>
        <Button variant="primary" submit loading={busy}>
          Receive
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
