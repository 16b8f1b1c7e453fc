// Settings → API Keys (docs/product/public-api.md): the shop's keys for /api/v1, created with a
// name and scopes and shown once, rolled with a grace period, revoked at once; this hour's and
// this month's calls against the plan. Owners and Admins only (a Viewer gets 403).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { json } from "~/platform/http.server";
import { AdminPage } from "~/components/AdminPage";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { ApiKeysScreen, apiKeyActionSchema } from "~/features/public-api";
import {
  ApiKeyRefusal,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
  usage,
} from "~/features/public-api/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "manageApiKeys", action: "manageApiKeys" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "API keys · Settings · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const [keys, use] = await Promise.all([listApiKeys(shop), usage(shop)]);
  return {
    storeId: shop.id,
    timeZone: shop.timezone,
    keys,
    usage: use.map((u) => ({ kind: u.kind, limit: u.limit, used: u.used, resetsAt: u.resetsAt.toISOString() })),
  };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return json({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = apiKeyActionSchema.safeParse(read.values);
  if (!parsed.success) return json({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "create":
        return json({ ok: true, intent: "create", ...(await createApiKey(ctx, input.name, input.scopes)) });
      case "roll":
        return json({ ok: true, intent: "roll", ...(await rollApiKey(ctx, input.keyId, input.graceHours)) });
      case "revoke":
        await revokeApiKey(ctx, input.keyId);
        return json({ ok: true, intent: "revoke" });
    }
  } catch (error) {
    if (error instanceof ApiKeyRefusal)
      return json({ ok: false, fieldErrors: { _form: [error.message] } }, { status: error.status });
    throw error;
  }
});

export default function ApiKeysRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminPage title="API keys" subtitle="Keys for the Profit Pilot API (/api/v1); see the API documentation.">
      <ApiKeysScreen {...data} />
    </AdminPage>
  );
}
