// GET /api/team: the team, its roles, statuses and seats. POST /api/team { intent, … }:
// invite, change a role, remove a member, transfer ownership (docs/product/settings.md#team).
// Managing the team needs Owner or Admin; transferring ownership, the Owner.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, isHttpAnswerable, json, readJson } from "~/platform/http.server";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import { forbidden, requireAdmin } from "~/features/shop/index.server";
import { teamActionSchema, type RoutePermissions } from "~/features/team";
import {
  can,
  changeRole,
  inviteMember,
  refusalMessage,
  removeMember,
  teamOverview,
  transferOwnership,
} from "~/features/team/index.server";
import { recordAudit } from "~/features/audit/index.server";

export const permissions = { loader: "read", action: "manageTeam" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return json(await teamOverview(shop), { headers: { "Cache-Control": "private, no-store" } });
}

const snapshot = (m: { email: string; role: string; name: string }) => ({ email: m.email, name: m.name, role: m.role });

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readJson(request);
  if (!read.ok) return read.response;
  const unstorable = unstorableText(read.body);
  if (Object.keys(unstorable).length) return badRequest(unstorable);
  const parsed = teamActionSchema.safeParse(read.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  const body = parsed.data;
  const { shop, staff } = ctx;
  try {
    if (body.intent === "invite") {
      const created = await inviteMember(shop, body, staff);
      await recordAudit(ctx, "team.invite", "StaffMember", created.id, null, snapshot(created));
    } else if (body.intent === "changeRole") {
      const { before, after } = await changeRole(shop, body.memberId, body.role, staff);
      await recordAudit(ctx, "team.role.change", "StaffMember", after.id, snapshot(before), snapshot(after));
    } else if (body.intent === "remove") {
      const removed = await removeMember(shop, body.memberId, staff);
      await recordAudit(ctx, "team.remove", "StaffMember", removed.id, snapshot(removed), null);
    } else {
      if (!can(staff.role, "transferOwnership")) throw forbidden(request, refusalMessage(staff.role));
      const owner = await transferOwnership(shop, body.memberId, staff);
      await recordAudit(
        ctx,
        "team.ownership.transfer",
        "StaffMember",
        owner.id,
        { owner: staff.email },
        { owner: owner.email },
      );
    }
  } catch (error) {
    if (error instanceof FieldError) return badRequest(error.fieldErrors);
    if (isHttpAnswerable(error)) return json(error.responseBody(), { status: error.status });
    throw error;
  }
  return json(await teamOverview(shop));
}
