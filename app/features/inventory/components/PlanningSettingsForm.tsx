// /inventory/{id}'s planning settings: supplier, lead time, days of stock, service level and
// the reorder-point override. A blank field inherits (supplier, then the defaults).
import { Form } from "@remix-run/react";
import { Button, Card, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { DisabledReason, useDisabledReason } from "~/features/team";

export type PlanningSettingsValues = {
  supplierId: string;
  leadTimeDays: string;
  daysOfStock: string;
  serviceLevel: string;
  reorderPointOverride: string;
};

type Props = {
  own: PlanningSettingsValues;
  inherited: { leadTimeDays: number; daysOfStock: number; serviceLevel: number };
  suppliers: { id: string; name: string; leadTimeDays: number }[];
  error: (field: string) => string | undefined;
  submitting: boolean;
};

export function PlanningSettingsForm({ own, inherited, suppliers, error, submitting }: Props) {
  const [form, setForm] = useState(own);
  const refused = useDisabledReason("write", "change planning settings");
  const number = (k: Exclude<keyof PlanningSettingsValues, "supplierId">, label: string, extra: object) => (
    <TextField
      label={label}
      name={k}
      type="number"
      autoComplete="off"
      value={form[k]}
      onChange={(v) => setForm({ ...form, [k]: v })}
      error={error(k)}
      {...extra}
    />
  );
  return (
    <Card>
      <Form method="post">
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Planning settings
          </Text>
          <Select
            label="Supplier"
            name="supplierId"
            options={[
              { label: "The product's supplier", value: "" },
              ...suppliers.map((s) => ({ label: `${s.name} (${s.leadTimeDays} days)`, value: s.id })),
            ]}
            value={form.supplierId}
            onChange={(v) => setForm({ ...form, supplierId: v })}
            error={error("supplierId")}
          />
          <FormLayout.Group>
            {number("leadTimeDays", "Lead time (days)", { placeholder: `${inherited.leadTimeDays} (inherited)` })}
            {number("daysOfStock", "Days of stock", { placeholder: `${inherited.daysOfStock} (default)` })}
          </FormLayout.Group>
          <FormLayout.Group>
            {number("serviceLevel", "Service level (%)", {
              placeholder: `${Math.round(inherited.serviceLevel * 1000) / 10} (default)`,
              helpText: "50 to 99.9",
            })}
            {number("reorderPointOverride", "Reorder point override", {
              placeholder: "Computed",
              helpText: "Leave blank to use the computed reorder point",
            })}
          </FormLayout.Group>
          <Text as="p" tone="subdued">
            Blank fields inherit from the supplier, then the defaults (14 days, 95%, 30 days of stock).
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <Button submit variant="primary" loading={submitting} disabled={!!refused}>
              Save
            </Button>
            <Button url="/inventory">Back to inventory</Button>
            <DisabledReason reason={refused} />
          </InlineStack>
        </FormLayout>
      </Form>
    </Card>
  );
}
