// Team and roles on the database: who joins as what, seats from the plan, the Team API's
// rules and bad input, audit entries, and shops kept apart.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installOnlineSession, installTeam, requestAs, type TEAM_USERS, withToken, tokenFor } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { resolveMember } from "~/features/team/members.server";
import { action as teamAction, loader as teamLoader } from "~/routes/api.team";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;

const post = async (role: keyof typeof TEAM_USERS, body: unknown, domain = shop.domain) =>
  (await teamAction({
    request: await requestAs(role, domain, "/api/team", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    }),
    params: {},
    context: {},
  }).catch((r: unknown) => r)) as Response;

beforeEach(async () => {
  shop = await createShop();
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  shop = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
  await installTeam(shop);
});

describe("joining", () => {
  it("the account owner is Owner, anyone else a Viewer, an invited e-mail gets its role", async () => {
    const fresh = await createShop();
    const owner = await resolveMember(fresh, {
      userId: "1",
      email: "Boss@Shop.test",
      name: "Boss",
      accountOwner: true,
    });
    expect(owner).toMatchObject({ role: "owner", email: "boss@shop.test", seated: true });
    await prisma.shop.update({ where: { id: fresh.id }, data: { plan: "pro" } });
    const pro = { ...fresh, plan: "pro" };
    const someone = await resolveMember(pro, { userId: "2", email: "x@shop.test", name: "X", accountOwner: false });
    expect(someone.role).toBe("viewer");
    await prisma.staffMember.create({ data: { shopId: fresh.id, email: "inv@shop.test", name: "inv", role: "admin" } });
    const invited = await resolveMember(pro, {
      userId: "3",
      email: "INV@shop.test",
      name: "Inv Ited",
      accountOwner: false,
    });
    expect(invited).toMatchObject({ role: "admin", name: "Inv Ited" });
    expect(await prisma.staffMember.findFirst({ where: { shopId: fresh.id, email: "inv@shop.test" } })).toMatchObject({
      userId: "3",
    });
  });

  it("a first request through Shopify's online session creates the member from the token's user", async () => {
    const fresh = await createShop({ domain: "first-visit.myshopify.com" });
    await installOnlineSession(fresh.domain, { id: 777, firstName: "Nia", lastName: "New", accountOwner: false });
    const res = (await teamLoader({
      request: withToken(await tokenFor(fresh.domain, { sub: "777" }), "/api/team"),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.members).toEqual([expect.objectContaining({ name: "Nia New", role: "viewer", status: "active" })]);
  });
});

describe("the Team API", () => {
  it("invites, changes a role and removes, each recorded in the audit log", async () => {
    let res = await post("admin", { intent: "invite", email: "New.Person@Example.com", role: "viewer" });
    expect(res.status).toBe(200);
    const invited = await prisma.staffMember.findFirstOrThrow({
      where: { shopId: shop.id, email: "new.person@example.com" },
    });
    expect(invited).toMatchObject({ role: "viewer", userId: null });
    res = await post("owner", { intent: "changeRole", memberId: invited.id, role: "admin" });
    expect(res.status).toBe(200);
    res = await post("owner", { intent: "remove", memberId: invited.id });
    expect(res.status).toBe(200);
    const audit = await prisma.auditEntry.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["team.invite", `alan@${shop.domain}`],
      ["team.role.change", `ada@${shop.domain}`],
      ["team.remove", `ada@${shop.domain}`],
    ]);
    expect(JSON.parse(audit[1].before!)).toMatchObject({ role: "viewer" });
    expect(JSON.parse(audit[1].after!)).toMatchObject({ role: "admin" });
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const before = await tableCounts();
    for (const body of [
      { intent: "invite", email: "not-an-email", role: "viewer" },
      { intent: "invite", email: "a@b.test", role: "superuser" },
      { intent: "invite", email: "a@b.test", role: "owner" },
      { intent: "changeRole", memberId: "../x", role: "admin" },
      { intent: "fly" },
      "[]",
    ]) {
      const res = await post("owner", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("a Viewer is refused (403) and nothing is written; an Admin cannot transfer ownership", async () => {
    const before = await tableCounts();
    expect((await post("viewer", { intent: "invite", email: "v@b.test", role: "admin" })).status).toBe(403);
    const viewer = await prisma.staffMember.findFirstOrThrow({ where: { shopId: shop.id, role: "viewer" } });
    expect((await post("admin", { intent: "transferOwnership", memberId: viewer.id })).status).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });

  it("never demotes or removes the Owner, and a transfer keeps exactly one Owner", async () => {
    const owner = await prisma.staffMember.findFirstOrThrow({ where: { shopId: shop.id, role: "owner" } });
    expect((await post("admin", { intent: "changeRole", memberId: owner.id, role: "viewer" })).status).toBe(409);
    expect((await post("admin", { intent: "remove", memberId: owner.id })).status).toBe(409);
    const admin = await prisma.staffMember.findFirstOrThrow({ where: { shopId: shop.id, role: "admin" } });
    expect((await post("owner", { intent: "transferOwnership", memberId: admin.id })).status).toBe(200);
    const roles = await prisma.staffMember.findMany({ where: { shopId: shop.id }, orderBy: { email: "asc" } });
    expect(roles.filter((m) => m.role === "owner").map((m) => m.id)).toEqual([admin.id]);
    expect(roles.find((m) => m.id === owner.id)!.role).toBe("admin");
  });

  it("invites only while seats are free: 409 with the upgrade path on a full plan", async () => {
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
    await post("owner", { intent: "invite", email: "four@b.test", role: "viewer" });
    await post("owner", { intent: "invite", email: "five@b.test", role: "viewer" });
    const res = await post("owner", { intent: "invite", email: "six@b.test", role: "viewer" });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/Pro plan has 5 seats, all taken\. Upgrade the plan/);
    expect(await prisma.staffMember.count({ where: { shopId: shop.id } })).toBe(5);
  });

  it("another shop's member is not found (404)", async () => {
    const other = await createShop();
    const theirs = await prisma.staffMember.create({
      data: { shopId: other.id, email: "theirs@b.test", name: "Theirs", role: "viewer" },
    });
    expect((await post("owner", { intent: "remove", memberId: theirs.id })).status).toBe(404);
    expect((await post("owner", { intent: "changeRole", memberId: theirs.id, role: "admin" })).status).toBe(404);
    expect(await prisma.staffMember.findUnique({ where: { id: theirs.id } })).not.toBeNull();
  });
});
