// Settings → General, the fields: what comes from Shopify (read only, saying so), the
// reporting time zone, the theme and the three preferences (docs/product/settings.md#general).
import { Badge, BlockStack, Card, Checkbox, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import type { FieldErrors } from "~/lib/forms";
import { THEMES } from "~/lib/theme";
import { THEME_LABELS, type GeneralSettingsValues } from "~/features/settings/general-schema";

export type ShopifyFacts = { name: string; timezone: string; currency: string };

type Props = {
  draft: GeneralSettingsValues;
  shopify: ShopifyFacts;
  timeZones: string[];
  errors: FieldErrors;
  onChange: (next: Partial<GeneralSettingsValues>) => void;
  disabled?: boolean;
};

const FROM_SHOPIFY = <Badge tone="info">From Shopify</Badge>;

function Heading({ children, badge }: { children: string; badge?: JSX.Element }) {
  return (
    <InlineStack gap="200" blockAlign="center" align="start">
      <Text as="h2" variant="headingMd">
        {children}
      </Text>
      {badge}
    </InlineStack>
  );
}

function StoreCard({ shopify, errors }: Pick<Props, "shopify" | "errors">) {
  return (
    <Card>
      <BlockStack gap="400">
        <Heading badge={FROM_SHOPIFY}>Store</Heading>
        <TextField label="Store name" value={shopify.name} readOnly autoComplete="off" />
        <TextField
          label="Store time zone"
          value={shopify.timezone}
          readOnly
          autoComplete="off"
          helpText="From Shopify. Change it in Shopify under Settings → General."
        />
        <TextField
          label="Currency"
          value={shopify.currency}
          readOnly
          autoComplete="off"
          error={errors.currency?.[0]}
          helpText="From Shopify. Every amount is stored in this currency and no figure mixes currencies, so it cannot be changed here."
        />
      </BlockStack>
    </Card>
  );
}

const PREFERENCES = [
  {
    key: "autoRefresh",
    label: "Refresh dashboards every 30 seconds",
    help: "While the dashboard is open and visible, its figures reload every 30 seconds.",
  },
  {
    key: "dailySummary",
    label: "Daily summary e-mail",
    help: "Yesterday's revenue, orders and net profit, sent to the store's e-mail after midnight in the reporting time zone.",
  },
  {
    key: "weekStartsMonday",
    label: "Weeks start on Monday",
    help: "Weekly chart totals (the 12-month dashboard) are calendar weeks from Monday; off, from Sunday.",
  },
] as const;

export function GeneralSettingsForm({ draft, shopify, timeZones, errors, onChange, disabled }: Props) {
  const zoneOptions = [
    { label: `Same as the store (${shopify.timezone})`, value: "" },
    ...timeZones.map((z) => ({ label: z, value: z })),
  ];
  return (
    <BlockStack gap="400">
      <StoreCard shopify={shopify} errors={errors} />
      <Card>
        <BlockStack gap="400">
          <Heading>Reporting</Heading>
          <Select
            label="Reporting time zone"
            disabled={disabled}
            options={zoneOptions}
            value={draft.reportingTimezone ?? ""}
            onChange={(value) => onChange({ reportingTimezone: value || null })}
            error={errors.reportingTimezone?.[0]}
            helpText="The days every figure is counted in. Changing it re-dates orders and refunds and recomputes the figures; traffic and ad spend keep the days their sources gave them."
          />
          <Select
            label="Theme"
            disabled={disabled}
            options={THEMES.map((t) => ({ label: THEME_LABELS[t], value: t }))}
            value={draft.theme}
            onChange={(value) => onChange({ theme: value as GeneralSettingsValues["theme"] })}
            error={errors.theme?.[0]}
            helpText="Auto follows your device's light or dark setting."
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Heading>Preferences</Heading>
          {PREFERENCES.map((p) => (
            <Checkbox
              key={p.key}
              label={p.label}
              disabled={disabled}
              helpText={p.help}
              checked={draft[p.key]}
              onChange={(checked) => onChange({ [p.key]: checked })}
              error={errors[p.key]?.[0]}
            />
          ))}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
