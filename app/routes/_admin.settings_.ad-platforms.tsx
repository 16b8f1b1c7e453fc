// POST /settings/ad-platforms: the ad platforms' buttons on Settings → Integrations
// (docs/product/ad-platforms.md): connect (answers the platform's consent URL), sync now,
// choose accounts, disconnect (revokes at the platform). Write permission; a Viewer gets 403.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { json } from "~/platform/http.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { adActionSchema } from "~/features/ad-platforms";
import {
  AdRefusal,
  chooseAccounts,
  defaultRuntime,
  disconnect,
  startConnect,
  syncPlatform,
} from "~/features/ad-platforms/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, permissions.loader);
  throw redirect("/settings?tab=integrations");
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return json({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = adActionSchema.safeParse(read.values);
  if (!parsed.success) return json({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const rt = defaultRuntime();
  try {
    switch (input.intent) {
      case "connect": {
        const url = await startConnect(ctx.shop, input.platform, rt);
        // The demo's consent page is this app's own: a path, whatever host the browser used.
        return json({ ok: true, url: rt.config.demo ? url.replace(rt.config.appUrl, "") : url });
      }
      case "retry": {
        const result = await syncPlatform(ctx.shop, input.platform, rt);
        return json(result.ok ? { ok: true } : { ok: false, error: result.message });
      }
      case "accounts":
        await chooseAccounts(ctx.shop, input.platform, input.accountIds);
        await recordAudit(ctx, "ad-platforms.accounts", "AdConnection", input.platform, null, {
          accountIds: input.accountIds,
        });
        return json({ ok: true });
      case "disconnect": {
        const result = await disconnect(ctx.shop, input.platform, rt);
        await recordAudit(ctx, "ad-platforms.disconnect", "AdConnection", input.platform, null, result);
        return json({ ok: true, message: result.message });
      }
    }
  } catch (error) {
    if (error instanceof AdRefusal) return json({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
});
