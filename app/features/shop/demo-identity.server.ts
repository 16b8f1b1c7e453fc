// The demo's "view as" switch: which seeded team member the demo store is used as, kept in
// a cookie so the roles can be tried (Owner by default). Only in demo mode.
import { prisma } from "~/db.server";
import type { Identity } from "~/features/team/index.server";

export const VIEW_AS_COOKIE = "pp_view_as";

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

export async function demoIdentity(
  request: Request,
  shop: { id: string; ownerName: string | null; email: string | null; domain: string },
): Promise<Identity> {
  const chosen = cookieValue(request, VIEW_AS_COOKIE);
  const member =
    chosen && /^[A-Za-z0-9_-]{1,100}$/.test(chosen)
      ? await prisma.staffMember.findFirst({ where: { id: chosen, shopId: shop.id } })
      : null;
  if (member)
    return { userId: member.userId, email: member.email, name: member.name, accountOwner: member.accountOwner };
  return {
    userId: "demo-owner",
    email: shop.email ?? `owner@${shop.domain}`,
    name: shop.ownerName ?? "Store owner",
    accountOwner: true,
  };
}

/** The Set-Cookie header that switches the demo to another member (or back to the owner with null). */
export function viewAsCookie(memberId: string | null): string {
  return memberId
    ? `${VIEW_AS_COOKIE}=${encodeURIComponent(memberId)}; Path=/; HttpOnly; SameSite=Lax`
    : `${VIEW_AS_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
