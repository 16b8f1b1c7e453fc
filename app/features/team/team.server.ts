// The Team tab's data: members with status and seat, and the plan's seats.
import { planFor } from "~/features/billing/index.server";
import { isSeated, listMembers, memberStatus, seatsOf } from "~/features/team/members.server";
import { isRole } from "~/features/team/permissions";
import { dayInZone } from "~/lib/dates";

export async function teamOverview(shop: { id: string; plan: string; timezone: string }, now = new Date()) {
  const members = await listMembers(shop.id);
  const seats = seatsOf(shop.plan);
  return {
    planName: planFor(shop.plan).name,
    seats,
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      role: isRole(m.role) ? m.role : ("viewer" as const),
      status: memberStatus(m, now),
      seated: isSeated(members, m.id, seats),
      lastActiveAt: m.lastActiveAt?.toISOString() ?? null,
      /** The day of the last visit in the shop's time zone. */
      lastActiveDay: m.lastActiveAt ? dayInZone(m.lastActiveAt, shop.timezone) : null,
    })),
  };
}

export type TeamOverview = Awaited<ReturnType<typeof teamOverview>>;
