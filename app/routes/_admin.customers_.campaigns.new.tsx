// /customers/campaigns/new: a new campaign, saved as a draft through the save bar.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/AdminPage";
import { CampaignForm, type CampaignValues } from "~/features/engagement";
import { campaignAction, smsConnected } from "~/features/engagement/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { readForm } from "~/lib/forms";

export const permissions = { loader: "write", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Create campaign · Profit Pilot" }];

const BLANK: CampaignValues = {
  name: "",
  channel: "email",
  audience: "win_back",
  segment: "",
  scheduledAt: "",
  delayDays: "",
  delayHours: "",
  discountCode: "",
  discountPercent: "",
  subject: "We miss you, {{ first_name }}",
  body: "Hi {{ first_name }},\n\nIt has been a while. See what is new: {{ shop_url }}\n\nYou have {{ points_balance }} points waiting.",
  holdoutPercent: "10",
  frequencyCapHours: "16",
  quietStartHour: "21",
  quietEndHour: "8",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, demo } = await requireAdmin(request, permissions.loader);
  return { timezone: shop.timezone, embedded: !demo, sms: await smsConnected(shop.id) };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const { shop } = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const answer = await campaignAction(shop, null, read.values);
  if (answer.redirectTo) return redirect(answer.redirectTo);
  return data(answer.body, { status: answer.status });
});

export default function NewCampaign() {
  const { timezone, embedded, sms } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Create campaign" secondaryActions={[{ content: "Cancel", url: "/customers/campaigns" }]}>
      <CampaignForm saved={BLANK} embedded={embedded} readOnly={false} timezone={timezone} sms={sms} />
    </AdminPage>
  );
}
