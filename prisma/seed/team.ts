// The demo's small team (docs/product/settings.md#team): the owner, an admin, a viewer who
// uses the app, a viewer last seen 45 days ago (inactive) and an invitation not yet used,
// so every role and status can be tried with the demo's "view as" switch.
import type { PrismaClient } from "../generated/sqlite";

const DAY = 86_400_000;

export async function seedTeam(
  db: Pick<PrismaClient, "staffMember">,
  shop: { id: string; ownerName: string; email: string; domain: string },
  now = new Date(),
): Promise<number> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const rows = [
    {
      userId: "demo-owner",
      email: shop.email,
      name: shop.ownerName,
      role: "owner",
      accountOwner: true,
      lastActiveAt: now,
      createdAt: at(400),
    },
    {
      userId: "demo-admin",
      email: "jordan.lee@example.com",
      name: "Jordan Lee",
      role: "admin",
      lastActiveAt: at(1),
      createdAt: at(300),
    },
    {
      userId: "demo-viewer",
      email: "sam.patel@example.com",
      name: "Sam Patel",
      role: "viewer",
      lastActiveAt: at(3),
      createdAt: at(120),
    },
    {
      userId: "demo-inactive",
      email: "riley.chen@example.com",
      name: "Riley Chen",
      role: "viewer",
      lastActiveAt: at(45),
      createdAt: at(90),
    },
    {
      userId: null,
      email: "casey.kim@example.com",
      name: "casey.kim",
      role: "admin",
      invitedBy: shop.email,
      lastActiveAt: null,
      createdAt: at(2),
    },
  ];
  await db.staffMember.createMany({ data: rows.map((r) => ({ shopId: shop.id, accountOwner: false, ...r })) });
  return rows.length;
}
