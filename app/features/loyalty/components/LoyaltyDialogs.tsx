// The Loyalty screen's dialogs: Settings, New Campaign, and adding, editing or deleting a
// tier, each tier change previewed (a dry run) before it is saved.
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Checkbox, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import {
  asOfSentence,
  movesSentence,
  type LoyaltyActionResult,
  type Notice,
} from "~/features/loyalty/components/notices";
import { SEGMENTS } from "~/features/customers";

type Done = (notice: Notice) => void;
const err = (r: LoyaltyActionResult | undefined, field: string) => (r && !r.ok ? r.fieldErrors[field]?.[0] : undefined);

export type SettingsValues = {
  programName: string;
  pointsValue: number;
  autoEnroll: boolean;
  baseRate: number;
  expiryMonths: number | null;
  orderRule: string;
  tierWindow: string;
  expectedRedemptionRate: number;
};

export function SettingsDialog({
  initial,
  onClose,
  onDone,
}: {
  initial: SettingsValues;
  onClose: () => void;
  onDone: Done;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-settings" });
  const [v, setV] = useState({
    programName: initial.programName,
    pointsValue: String(initial.pointsValue),
    autoEnroll: initial.autoEnroll,
    baseRate: String(initial.baseRate),
    expiryMonths: initial.expiryMonths ? String(initial.expiryMonths) : "",
    orderRule: initial.orderRule,
    tierWindow: initial.tierWindow,
    expectedRedemptionRate: String(initial.expectedRedemptionRate),
  });
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.notice) {
      onDone(r.notice);
      onClose();
    }
  });
  const set = (k: keyof typeof v) => (value: string | boolean) => setV((p) => ({ ...p, [k]: value }));
  const r = fetcher.data;
  return (
    <Modal
      open
      onClose={onClose}
      title="Loyalty program settings"
      primaryAction={{
        content: "Save settings",
        loading: fetcher.state !== "idle",
        onAction: () =>
          fetcher.submit({ intent: "saveSettings", ...v, autoEnroll: v.autoEnroll ? "on" : "" }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Program name"
            autoComplete="off"
            value={v.programName}
            onChange={set("programName")}
            error={err(r, "programName")}
          />
          <TextField
            label="Points value"
            type="number"
            step={0.01}
            min={0.01}
            autoComplete="off"
            value={v.pointsValue}
            onChange={set("pointsValue")}
            helpText="What one point is worth. A change applies from now; earlier days keep their value."
            error={err(r, "pointsValue")}
          />
          <Checkbox
            label="Auto-enroll customers with their first order"
            checked={v.autoEnroll}
            onChange={set("autoEnroll")}
          />
          <TextField
            label="Base earn rate (points per 1.00 spent)"
            type="number"
            step={0.1}
            autoComplete="off"
            value={v.baseRate}
            onChange={set("baseRate")}
            error={err(r, "baseRate")}
          />
          <TextField
            label="Points expire after (months)"
            type="number"
            autoComplete="off"
            value={v.expiryMonths}
            onChange={set("expiryMonths")}
            helpText="Leave empty for points that never expire. The oldest points expire first."
            error={err(r, "expiryMonths")}
          />
          <Select
            label="Which orders count"
            options={[
              { label: "Paid orders", value: "paid" },
              { label: "All orders, also pending payment", value: "all" },
            ]}
            value={v.orderRule}
            onChange={set("orderRule")}
            error={err(r, "orderRule")}
          />
          <Select
            label="Tier qualifying spend"
            options={[
              { label: "Lifetime", value: "lifetime" },
              { label: "Calendar year", value: "calendar_year" },
              { label: "Rolling 12 months", value: "rolling_12m" },
            ]}
            value={v.tierWindow}
            onChange={set("tierWindow")}
            error={err(r, "tierWindow")}
          />
          <TextField
            label="Expected redemption rate (%)"
            type="number"
            autoComplete="off"
            value={v.expectedRedemptionRate}
            onChange={set("expectedRedemptionRate")}
            helpText="The share of outstanding points you expect to be redeemed; the rest is breakage."
            error={err(r, "expectedRedemptionRate")}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}

export type TierValues = { id: string; name: string; minSpend: number; benefitList: string[]; multiplier: number };

/**
 * Add or edit a tier. The first press previews how many members move ("N customers move
 * up, M down"); saving is offered once the preview for the current values is shown.
 */
export function TierDialog({
  editing,
  onClose,
  onDone,
}: {
  editing: TierValues | null;
  onClose: () => void;
  onDone: Done;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-tier" });
  // Edit starts empty: an empty field keeps the tier's value (the spec's rule); placeholders show it.
  const [v, setV] = useState({ name: "", minSpend: "", benefits: "", multiplier: "", effectiveOn: "" });
  const [previewed, setPreviewed] = useState<string | null>(null);
  const key = JSON.stringify(v);
  const fields = { ...v, ...(editing ? { id: editing.id } : {}) };
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.intent === "previewTier") setPreviewed(key);
    if (r.ok && r.notice) {
      setV({ name: "", minSpend: "", benefits: "", multiplier: "", effectiveOn: "" });
      onDone(r.notice);
      onClose();
    }
  });
  const r = fetcher.data;
  const preview = r?.ok && r.preview && previewed === key ? r.preview : null;
  const set = (k: keyof typeof v) => (value: string) => setV((p) => ({ ...p, [k]: value }));
  const busy = fetcher.state !== "idle";
  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : "Add tier"}
      primaryAction={
        preview
          ? {
              content: editing ? "Save tier" : "Add tier",
              loading: busy,
              onAction: () =>
                fetcher.submit({ intent: editing ? "editTier" : "addTier", ...fields }, { method: "post" }),
            }
          : {
              content: "Preview changes",
              loading: busy,
              onAction: () =>
                fetcher.submit(
                  { intent: "previewTier", mode: editing ? "edit" : "add", ...fields },
                  { method: "post" },
                ),
            }
      }
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <FormLayout>
            <TextField
              label="Tier name"
              autoComplete="off"
              value={v.name}
              onChange={set("name")}
              placeholder={editing?.name ?? "New Tier"}
              error={err(r, "name")}
            />
            <TextField
              label="Minimum spend"
              type="number"
              autoComplete="off"
              value={v.minSpend}
              onChange={set("minSpend")}
              placeholder={editing ? String(editing.minSpend) : "0"}
              error={err(r, "minSpend")}
            />
            <TextField
              label="Benefits (one per line)"
              autoComplete="off"
              multiline={3}
              value={v.benefits}
              onChange={set("benefits")}
              placeholder={editing?.benefitList.join("\n")}
              error={err(r, "benefits")}
            />
            <TextField
              label="Points multiplier"
              type="number"
              step={0.1}
              autoComplete="off"
              value={v.multiplier}
              onChange={set("multiplier")}
              placeholder={editing ? String(editing.multiplier) : "1"}
              error={err(r, "multiplier")}
            />
            {editing && (
              <TextField
                label="Minimum spend and multiplier take effect on"
                type="date"
                autoComplete="off"
                value={v.effectiveOn}
                onChange={set("effectiveOn")}
                helpText="Leave empty for now. Until that day, points are earned at the current values; the preview counts the moves as of that day."
                error={err(r, "effectiveOn")}
              />
            )}
          </FormLayout>
          {preview && (
            <Banner tone="info" title={preview.asOf ? `Preview as of ${preview.asOf}` : "Preview"}>
              <p>{movesSentence(preview)}</p>
              {asOfSentence(preview.asOf) && <p>{asOfSentence(preview.asOf)}</p>}
            </Banner>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function DeleteTierDialog({ tier, onClose, onDone }: { tier: TierValues; onClose: () => void; onDone: Done }) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-tier-delete" });
  const [preview, setPreview] = useState<{ up: number; down: number } | null>(null);
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.preview) setPreview(r.preview);
    if (r.ok && r.notice) {
      onDone(r.notice);
      onClose();
    }
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Delete ${tier.name}?`}
      primaryAction={
        preview
          ? {
              content: "Delete tier",
              destructive: true,
              loading: fetcher.state !== "idle",
              onAction: () => fetcher.submit({ intent: "deleteTier", id: tier.id }, { method: "post" }),
            }
          : {
              content: "Preview changes",
              loading: fetcher.state !== "idle",
              onAction: () =>
                fetcher.submit({ intent: "previewTier", mode: "delete", id: tier.id }, { method: "post" }),
            }
      }
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">Its members are placed in the tier their spend reaches without it. This cannot be undone.</Text>
          {preview && (
            <Banner tone="warning" title="Preview">
              <p>{movesSentence(preview)}</p>
            </Banner>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function CampaignDialog({
  tiers,
  today,
  collections,
  onClose,
  onDone,
}: {
  tiers: { id: string; name: string }[];
  collections: { id: string; title: string }[];
  today: string;
  onClose: () => void;
  onDone: Done;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-campaign" });
  const [v, setV] = useState({
    name: "",
    description: "",
    multiplier: "2.0",
    startsOn: today,
    endsOn: today,
    tierId: "",
    segment: "",
    collectionId: "",
    stacking: "highest",
  });
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.notice) {
      onDone(r.notice);
      onClose();
    }
  });
  const set = (k: keyof typeof v) => (value: string) => setV((p) => ({ ...p, [k]: value }));
  const r = fetcher.data;
  return (
    <Modal
      open
      onClose={onClose}
      title="New Campaign"
      primaryAction={{
        content: "Create campaign",
        loading: fetcher.state !== "idle",
        onAction: () => fetcher.submit({ intent: "createCampaign", ...v }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Campaign name"
            autoComplete="off"
            value={v.name}
            onChange={set("name")}
            error={err(r, "name")}
          />
          <TextField
            label="Description"
            autoComplete="off"
            multiline={2}
            value={v.description}
            onChange={set("description")}
            error={err(r, "description")}
          />
          <TextField
            label="Reward multiplier"
            type="number"
            step={0.1}
            autoComplete="off"
            value={v.multiplier}
            onChange={set("multiplier")}
            error={err(r, "multiplier")}
          />
          <FormLayout.Group>
            <TextField
              label="Starts"
              type="date"
              autoComplete="off"
              value={v.startsOn}
              onChange={set("startsOn")}
              error={err(r, "startsOn")}
            />
            <TextField
              label="Ends"
              type="date"
              autoComplete="off"
              value={v.endsOn}
              onChange={set("endsOn")}
              error={err(r, "endsOn")}
            />
          </FormLayout.Group>
          <Select
            label="Only for tier"
            options={[{ label: "All members", value: "" }, ...tiers.map((t) => ({ label: t.name, value: t.id }))]}
            value={v.tierId}
            onChange={set("tierId")}
            error={err(r, "tierId")}
          />
          <Select
            label="Only for customer segment"
            helpText="The customer's segment when the order is posted (Customers)"
            options={[{ label: "All segments", value: "" }, ...SEGMENTS.map((x) => ({ label: x, value: x }))]}
            value={v.segment}
            onChange={set("segment")}
            error={err(r, "segment")}
          />
          <Select
            label="Only for products in collection"
            helpText="Only order lines whose product is in the collection earn the bonus"
            options={[
              { label: "All products", value: "" },
              ...collections.map((c) => ({ label: c.title, value: c.id })),
            ]}
            value={v.collectionId}
            onChange={set("collectionId")}
            error={err(r, "collectionId")}
          />
          <Select
            label="When campaigns overlap"
            options={[
              { label: "Highest multiplier wins", value: "highest" },
              { label: "Multiply with the others", value: "multiply" },
            ]}
            value={v.stacking}
            onChange={set("stacking")}
            error={err(r, "stacking")}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}

/** Points → a single-use discount code for one customer (in Shopify, or locally in the demo). */
export function RedeemDialog({ onClose, onDone }: { onClose: () => void; onDone: Done }) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-redeem" });
  const [v, setV] = useState({ email: "", points: "" });
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.notice) {
      onDone(r.notice);
      onClose();
    }
  });
  const set = (k: keyof typeof v) => (value: string) => setV((p) => ({ ...p, [k]: value }));
  const r = fetcher.data;
  return (
    <Modal
      open
      onClose={onClose}
      title="Redeem points"
      primaryAction={{
        content: "Create reward code",
        loading: fetcher.state !== "idle",
        onAction: () => fetcher.submit({ intent: "redeem", ...v }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {r && !r.ok && r.fieldErrors._form && (
            <Banner tone="critical">
              <p>{r.fieldErrors._form[0]}</p>
            </Banner>
          )}
          <FormLayout>
            <TextField
              label="Customer e-mail"
              type="email"
              autoComplete="off"
              value={v.email}
              onChange={set("email")}
              error={err(r, "email")}
            />
            <TextField
              label="Points"
              type="number"
              autoComplete="off"
              value={v.points}
              onChange={set("points")}
              error={err(r, "points")}
            />
          </FormLayout>
          <Text as="p" tone="subdued">
            The code takes the points' value off one order by this customer and expires unused after 90 days, when the
            points come back.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

/** A manual adjustment: points added or taken for one customer, with the reason kept in the ledger. */
export function AdjustDialog({ onClose, onDone }: { onClose: () => void; onDone: Done }) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-adjust" });
  const [v, setV] = useState({ email: "", points: "", reason: "" });
  useFetcherResult(fetcher, (r) => {
    if (r.ok && r.notice) {
      onDone(r.notice);
      onClose();
    }
  });
  const set = (k: keyof typeof v) => (value: string) => setV((p) => ({ ...p, [k]: value }));
  const r = fetcher.data;
  return (
    <Modal
      open
      onClose={onClose}
      title="Adjust points"
      primaryAction={{
        content: "Record adjustment",
        loading: fetcher.state !== "idle",
        onAction: () => fetcher.submit({ intent: "adjust", ...v }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {r && !r.ok && r.fieldErrors._form && (
            <Banner tone="critical">
              <p>{r.fieldErrors._form[0]}</p>
            </Banner>
          )}
          <FormLayout>
            <TextField
              label="Customer e-mail"
              type="email"
              autoComplete="off"
              value={v.email}
              onChange={set("email")}
              error={err(r, "email")}
            />
            <TextField
              label="Points (negative to take)"
              type="number"
              autoComplete="off"
              value={v.points}
              onChange={set("points")}
              error={err(r, "points")}
            />
            <TextField
              label="Reason"
              autoComplete="off"
              value={v.reason}
              onChange={set("reason")}
              error={err(r, "reason")}
            />
          </FormLayout>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
