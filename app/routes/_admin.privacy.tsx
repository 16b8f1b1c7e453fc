// /privacy (admin-and-public.md §2 screen 8; docs/product/privacy.md): Generate Report and
// Settings; compliance score, active requests, last audit; tabs Overview, Data Requests,
// Compliance, Policies. Viewers see everything and act on nothing (403 from the action).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { publicOrigin } from "~/platform/http.server";
import { PRIVACY_TABS, PrivacyScreen, privacyActionSchema, type PrivacyActionResult } from "~/features/privacy";
import { PrivacyRequestError, actOnPrivacy, loadPrivacyScreen } from "~/features/privacy/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Privacy & GDPR · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const tab = PRIVACY_TABS.find((t) => t === params.get("tab")) ?? "overview";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  return loadPrivacyScreen(shop, tab, params.get("requests"), page);
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data<PrivacyActionResult>({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = privacyActionSchema.safeParse(read.values);
  if (!parsed.success)
    return data<PrivacyActionResult>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  try {
    await actOnPrivacy(ctx, parsed.data, publicOrigin(request));
    return { ok: true, intent: parsed.data.intent } satisfies PrivacyActionResult;
  } catch (error) {
    if (!(error instanceof PrivacyRequestError)) throw error;
    return data<PrivacyActionResult>(
      { ok: false, fieldErrors: { [error.field]: [error.message] } },
      { status: error.status },
    );
  }
});

export default function Privacy() {
  return <PrivacyScreen {...useLoaderData<typeof loader>()} />;
}
