// POST /settings/general: Settings → General's Save Changes (docs/product/settings.md#general).
// Its own route so it needs the write permission (Owner, Admin), not the billing action's.
// Bad input answers 400 with field errors and writes nothing; a save is audited.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/lib/forms";
import { json } from "~/platform/http.server";
import { requireAdmin } from "~/features/shop/index.server";
import { submitGeneralSettings } from "~/features/settings/index.server";
import { recordAudit } from "~/features/audit/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

/** The tab itself lives on /settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, permissions.loader);
  throw redirect("/settings?tab=general");
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return json({ ok: false, errors: read.fieldErrors }, { status: 400 });
  const { status, result, change } = await submitGeneralSettings(ctx.shop, read.form);
  if (change)
    await recordAudit(ctx, "settings.general.update", "ShopSettings", ctx.shop.id, change.before, change.after);
  // A Response (not `data()`): this route has no page, and a resource route drops `data()`'s status.
  return json(result, { status });
}
