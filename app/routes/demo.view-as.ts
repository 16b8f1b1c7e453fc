// POST /demo/view-as { memberId }: the demo's "view as" switch (docs/product/settings.md#team).
// Demo only: anywhere else it is not found. Any role may switch (a Viewer must be able to switch back).
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import { readForm } from "~/lib/forms";
import { requireStaff, viewAsCookie } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "read" } satisfies RoutePermissions;

export async function loader() {
  return new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  // Any signed-in member, seated or not: a member switched to must be able to switch back.
  const ctx = await requireStaff(request);
  if (!ctx.demo) return new Response("Not found", { status: 404 });
  const read = await readForm(request);
  const memberId = read.ok ? (read.values.memberId ?? "") : "";
  const member = /^[A-Za-z0-9_-]{1,100}$/.test(memberId)
    ? await prisma.staffMember.findFirst({ where: { id: memberId, shopId: ctx.shop.id } })
    : null;
  if (!member) return new Response("Unknown member", { status: 400 });
  const back = request.headers.get("Referer");
  const to = back && new URL(back).origin === new URL(request.url).origin ? new URL(back).pathname : "/dashboard";
  return redirect(to, { headers: { "Set-Cookie": viewAsCookie(member.id) } });
}
