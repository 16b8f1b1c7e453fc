// /customers/rules: the segment rules' thresholds (docs/decisions/052-customer-segments.md).
// Saved per shop; the whole-shop recompute runs at once so the list follows.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BlockStack, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { recordAudit } from "~/features/audit/index.server";
import { CHURN_HIGH, DEFAULT_SEGMENT_SETTINGS, segmentSettingsSchema } from "~/features/customers";
import { CUSTOMER_JOBS, getSegmentSettings, saveSegmentSettings } from "~/features/customers/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useDisabledReason, type RoutePermissions } from "~/features/team";
import { fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { prisma } from "~/db.server";
import { getJobQueue } from "~/platform/jobs/index.server";
import { useRefusalToast } from "~/components/toasts";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Segment rules · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return { settings: await getSegmentSettings(prisma, shop.id), defaults: DEFAULT_SEGMENT_SETTINGS };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = segmentSettingsSchema.safeParse(read.values);
  if (!parsed.success) return data({ fieldErrors: fieldErrorsOf(parsed.error) as FieldErrors }, { status: 400 });
  const before = await getSegmentSettings(prisma, ctx.shop.id);
  await saveSegmentSettings(ctx.shop.id, parsed.data);
  await recordAudit(ctx, "update", "customer_segment_rules", null, before, parsed.data);
  await getJobQueue().enqueue(CUSTOMER_JOBS.recompute, { shopId: ctx.shop.id });
  return redirect("/customers");
});

const FIELDS = [
  ["vipMinScore", "VIP: R, F and M all at least", "On the 1–5 scale (tertile stores read 5 as 3)."],
  ["newWithinDays", "New: first order within (days)", ""],
] as const;

export default function SegmentRules() {
  const { settings, defaults } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useRefusalToast(result);
  const navigation = useNavigation();
  const refused = useDisabledReason("write", "change segment rules");
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)])),
  );
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const save = () => {
    const parsed = segmentSettingsSchema.safeParse(values);
    if (!parsed.success) return setClientErrors(fieldErrorsOf(parsed.error));
    form.current?.requestSubmit();
  };
  return (
    <AdminPage
      title="Segment rules"
      primaryAction={{
        content: "Save",
        loading: navigation.state === "submitting",
        disabled: !!refused,
        helpText: refused,
        onAction: save,
      }}
      secondaryActions={[{ content: "Cancel", url: "/customers" }]}
    >
      <Card>
        <Form method="post" ref={form} noValidate>
          <BlockStack gap="300">
            <Text as="p" tone="subdued">
              Segments are checked in the order VIP, New, At-Risk, Regular; customers who have not ordered are &quot;No
              orders yet&quot;. At-Risk is a churn risk of High: the churn model gives at least a{" "}
              {Math.round(CHURN_HIGH * 100)}% chance of no order in the next 90 days. Saving recomputes every customer.
            </Text>
            <FormLayout>
              {FIELDS.map(([key, label, help]) => (
                <TextField
                  key={key}
                  label={label}
                  name={key}
                  type="number"
                  value={values[key] ?? ""}
                  onChange={(v) => {
                    setValues((old) => ({ ...old, [key]: v }));
                    setClientErrors(null);
                  }}
                  error={errors[key]?.[0]}
                  helpText={`${help} Default ${defaults[key]}.`.trim()}
                  autoComplete="off"
                />
              ))}
            </FormLayout>
          </BlockStack>
        </Form>
      </Card>
    </AdminPage>
  );
}
