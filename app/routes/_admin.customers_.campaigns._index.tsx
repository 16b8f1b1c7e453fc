// /customers/campaigns (docs/product/engagement.md): every engagement campaign with its figures,
// and pause / resume / end / delete a draft. The figures come from the same code as the
// dashboard card and GET /api/customer-engagement.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { CampaignList } from "~/features/engagement";
import { campaignAction, campaignFigures } from "~/features/engagement/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useCan, type RoutePermissions } from "~/features/team";
import { readForm } from "~/lib/forms";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Campaigns · Customers · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return { campaigns: await campaignFigures(shop.id), currency: shop.currency };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const { shop } = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const answer = await campaignAction(shop, null, read.values);
  return data(answer.body, { status: answer.status });
});

export default function Campaigns() {
  const { campaigns, currency } = useLoaderData<typeof loader>();
  const canWrite = useCan("write");
  return (
    <AdminPage
      title="Campaigns"
      fullWidth
      primaryAction={canWrite ? { content: "Create campaign", url: "/customers/campaigns/new" } : undefined}
      secondaryActions={[
        { content: "SMS settings", url: "/customers/campaigns/sms" },
        { content: "Customers", url: "/customers" },
      ]}
    >
      <BlockStack gap="300">
        {/* On a phone the list reaches the screen's edges; the line keeps the rows' inner margin. */}
        <Box paddingInline={{ xs: "400", sm: "0" }}>
          <Text as="p" tone="subdued">
            E-mail, or SMS through your Twilio account, to customers subscribed to marketing. Every campaign holds out a
            share of its recipients so its incremental revenue is measured. *Opens are inflated by privacy features.
          </Text>
        </Box>
        <CampaignList campaigns={campaigns} currency={currency} />
      </BlockStack>
    </AdminPage>
  );
}
