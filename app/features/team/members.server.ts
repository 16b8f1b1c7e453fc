// Who the staff member is, their role and whether they hold a seat, and the Team tab's
// changes (invite, change role, remove, transfer ownership). Seats come from the plan
// table (1 on Starter, 5 on Pro, unlimited on Enterprise).
import { prisma, sqlOn } from "~/db.server";
import { planFor } from "~/features/billing/index.server";
import { FieldError } from "~/lib/forms";
import type { HttpAnswerableError } from "~/platform/http.server";
import { isRole, type Role } from "~/features/team/permissions";

type ShopRef = { id: string; plan: string };

/** Who Shopify says is using the app (the online access token's user), or the demo's chosen member. */
export type Identity = { userId: string | null; email: string; name: string; accountOwner: boolean };

export type Member = Awaited<ReturnType<typeof prisma.staffMember.findMany>>[number];

export type StaffContext = {
  id: string;
  name: string;
  email: string;
  initials: string;
  role: Role;
  /** False for a member beyond the plan's seats: they may not use the app until a seat frees up. */
  seated: boolean;
};

/** A rule of the team refused the change (409) or the member is not this shop's (404). */
export class TeamError extends Error implements HttpAnswerableError {
  constructor(
    public readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "TeamError";
  }
  responseBody(): Record<string, unknown> {
    return { error: this.message };
  }
}

/** Members are active when seen in the last 30 days. */
export const ACTIVE_DAYS = 30;
/** lastActiveAt is written at most this often per member, not on every request. */
const ACTIVITY_WRITE_MS = 5 * 60_000;

export function seatsOf(plan: string): number | null {
  return planFor(plan).seats;
}

const ORDER = [{ accountOwner: "desc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

/** Members in seat order: the account owner first, then by when they joined or were invited. */
export function listMembers(shopId: string) {
  // Read on every admin request (resolveMember): one typed statement (docs/decisions/111-per-request-reads.md).
  return sqlOn()
    .selectFrom("StaffMember")
    .selectAll()
    .where("shopId", "=", shopId)
    .orderBy("accountOwner", "desc")
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
}

export function isSeated(members: { id: string; role: string }[], memberId: string, seats: number | null): boolean {
  if (seats === null) return true;
  // Owners always hold a seat; the others take the remaining seats in order.
  const owners = members.filter((m) => m.role === "owner");
  if (owners.some((m) => m.id === memberId)) return true;
  const others = members.filter((m) => m.role !== "owner");
  return others.findIndex((m) => m.id === memberId) < Math.max(0, seats - owners.length);
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  return (parts.length === 1 ? parts[0].slice(0, 2) : parts[0][0] + parts[parts.length - 1][0]).toUpperCase();
}

/**
 * The member for this identity, created on first visit: the account owner as Owner,
 * an invited e-mail with the role it was given, anyone else as Viewer.
 */
export async function resolveMember(shop: ShopRef, who: Identity, now = new Date()): Promise<StaffContext> {
  return (await resolveMemberInTeam(shop, who, now)).staff;
}

/** resolveMember, with the team it read (the demo's "view as" list shows it without reading it again). */
export async function resolveMemberInTeam(
  shop: ShopRef,
  who: Identity,
  now = new Date(),
): Promise<{ staff: StaffContext; members: Member[] }> {
  const email = who.email.trim().toLowerCase();
  // One read for the member and the seat check (every admin request runs this): the team is small.
  let members = await listMembers(shop.id);
  let member =
    (who.userId ? members.find((m) => m.userId === who.userId) : undefined) ??
    members.find((m) => m.email === email) ??
    null;
  if (!member) {
    member = await prisma.staffMember
      .create({
        data: {
          shopId: shop.id,
          userId: who.userId,
          email,
          name: who.name,
          role: who.accountOwner ? "owner" : "viewer",
          accountOwner: who.accountOwner,
          lastActiveAt: now,
        },
      })
      .catch(async (error) => {
        // Two first requests at once: the other one created the row.
        const again = await prisma.staffMember.findUnique({ where: { shopId_email: { shopId: shop.id, email } } });
        if (!again) throw error;
        return again;
      });
    members = await listMembers(shop.id);
  } else {
    const stale = !member.lastActiveAt || now.getTime() - member.lastActiveAt.getTime() > ACTIVITY_WRITE_MS;
    const promoted = who.accountOwner && (member.role !== "owner" || !member.accountOwner);
    const changes = {
      ...(who.userId && member.userId !== who.userId ? { userId: who.userId } : {}),
      ...(member.name !== who.name && who.name ? { name: who.name } : {}),
      ...(promoted ? { role: "owner", accountOwner: true } : {}),
      ...(stale ? { lastActiveAt: now } : {}),
    };
    if (Object.keys(changes).length)
      member = await prisma.staffMember.update({ where: { id: member.id }, data: changes });
    // A new owner moves in the seat order.
    if (promoted) members = await listMembers(shop.id);
  }
  const role = isRole(member.role) ? member.role : "viewer";
  const seated = isSeated(members, member.id, seatsOf(shop.plan));
  return {
    staff: { id: member.id, name: member.name, email: member.email, initials: initials(member.name), role, seated },
    members,
  };
}

export function memberStatus(m: { lastActiveAt: Date | null; userId: string | null }, now = new Date()) {
  if (!m.userId && !m.lastActiveAt) return "invited" as const;
  const days = m.lastActiveAt ? (now.getTime() - m.lastActiveAt.getTime()) / 86_400_000 : Infinity;
  return days <= ACTIVE_DAYS ? ("active" as const) : ("inactive" as const);
}

async function memberOf(shopId: string, id: string) {
  const m = await prisma.staffMember.findFirst({ where: { id, shopId } });
  if (!m) throw new TeamError(404, "Member not found");
  return m;
}

/** Gives an e-mail a role before the person first opens the app; limited by the plan's seats. */
export async function inviteMember(shop: ShopRef, input: { email: string; role: Role }, by: StaffContext) {
  const email = input.email.trim().toLowerCase();
  if (input.role === "owner") throw new FieldError({ role: ["Invite as Admin or Viewer; transfer ownership instead"] });
  const members = await listMembers(shop.id);
  if (members.some((m) => m.email === email)) throw new FieldError({ email: ["This e-mail is already on the team"] });
  const seats = seatsOf(shop.plan);
  if (seats !== null && members.length >= seats)
    throw new TeamError(
      409,
      `Your ${planFor(shop.plan).name} plan has ${seats} seat${seats === 1 ? "" : "s"}, all taken. Upgrade the plan or remove a member first.`,
    );
  return prisma.staffMember.create({
    data: { shopId: shop.id, email, name: email.split("@")[0], role: input.role, invitedBy: by.email },
  });
}

export async function changeRole(shop: ShopRef, id: string, role: Role, by: StaffContext) {
  const member = await memberOf(shop.id, id);
  if (role === "owner" || member.role === "owner")
    throw new TeamError(409, "Ownership changes only through Transfer ownership");
  if (member.id === by.id) throw new TeamError(409, "You cannot change your own role");
  return { before: member, after: await prisma.staffMember.update({ where: { id }, data: { role } }) };
}

export async function removeMember(shop: ShopRef, id: string, by: StaffContext) {
  const member = await memberOf(shop.id, id);
  if (member.role === "owner") throw new TeamError(409, "The Owner cannot be removed; transfer ownership first");
  if (member.id === by.id) throw new TeamError(409, "You cannot remove yourself");
  await prisma.staffMember.delete({ where: { id } });
  return member;
}

/** Makes another member the Owner; the previous Owner becomes an Admin. Never leaves the shop without an Owner. */
export async function transferOwnership(shop: ShopRef, id: string, by: StaffContext) {
  const member = await memberOf(shop.id, id);
  if (member.id === by.id) throw new TeamError(409, "You are already the Owner");
  if (!member.userId) throw new TeamError(409, "Only a member who has opened the app can become the Owner");
  return prisma.$transaction(async (tx) => {
    await tx.staffMember.update({ where: { id: by.id }, data: { role: "admin" } });
    return tx.staffMember.update({ where: { id: member.id }, data: { role: "owner" } });
  });
}

/** The shop's Owner (the first, in seat order), for the seat screen's "ask …". */
export function ownerOf(shopId: string) {
  return prisma.staffMember.findFirst({ where: { shopId, role: "owner" }, orderBy: ORDER });
}
