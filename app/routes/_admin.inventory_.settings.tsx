// /inventory/settings: the shop's planning settings. The velocity window (7 to 90 days before
// today) is stored per shop and every variant's figures are recomputed with it on save.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";
import { VELOCITY_WINDOWS, shopPlanningSchema } from "~/features/inventory";
import { saveShopPlanning, shopPlanningSettings } from "~/features/inventory/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Planning settings · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return shopPlanningSettings(shop);
}

type Result = { ok: boolean; fieldErrors?: FieldErrors; message?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data<Result>({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = shopPlanningSchema.safeParse(read.values);
  if (!parsed.success) return data<Result>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const { variants } = await saveShopPlanning(ctx, parsed.data);
  return {
    ok: true,
    message: `Velocity is now measured over ${parsed.data.windowDays} days; ${variants.toLocaleString("en-US")} variants recomputed.`,
  } satisfies Result;
}

export default function PlanningSettings() {
  const saved = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [windowDays, setWindowDays] = useState(String(saved.windowDays));
  return (
    <AdminPage title="Planning settings">
      <BlockStack gap="400">
        {result?.ok && <Banner tone="success">{result.message}</Banner>}
        <Card>
          <Form method="post">
            <FormLayout>
              <Select
                label="Sales velocity window"
                name="windowDays"
                options={VELOCITY_WINDOWS.map((d) => ({ label: `${d} days`, value: String(d) }))}
                value={windowDays}
                onChange={setWindowDays}
                error={result && !result.ok ? result.fieldErrors?.windowDays?.[0] : undefined}
                helpText="Velocity is the average units sold per day over this many whole days before today, leaving out days the variant was out of stock all day. A short window follows recent demand; a long one is steadier."
              />
              <Text as="p" tone="subdued">
                Saving recomputes every variant&apos;s reorder point, days of cover and suggestions.
              </Text>
              <InlineStack gap="200">
                <Button submit variant="primary" loading={navigation.state === "submitting"}>
                  Save
                </Button>
                <Button url="/inventory">Back to inventory</Button>
              </InlineStack>
            </FormLayout>
          </Form>
        </Card>
      </BlockStack>
    </AdminPage>
  );
}
