// The one permission table (docs/decisions/045-team-and-roles.md). Every admin loader and
// action declares the permission it needs (a route's `permissions` export, checked by
// requireAdmin); the UI reads the same table to hide or disable what a role cannot do.

export const ROLES = ["owner", "admin", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", viewer: "Viewer" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including billing and transferring ownership",
  admin: "Everything except billing and ownership",
  viewer: "Reads dashboards and lists; no changes, no exports of personal data, no API keys",
};

export const PERMISSIONS = {
  /** Dashboards, lists, figures. */
  read: ["owner", "admin", "viewer"],
  /** Any change to the shop's data in the app: costs, invoices, settings, imports. */
  write: ["owner", "admin"],
  /** Exports that carry customers' personal data (GDPR exports, audit log CSV). */
  exportPersonalData: ["owner", "admin"],
  /** Invite, change roles, remove members. */
  manageTeam: ["owner", "admin"],
  /** Read the audit log. */
  viewAudit: ["owner", "admin"],
  /** Change the plan. */
  manageBilling: ["owner"],
  /** Make another member the Owner. */
  transferOwnership: ["owner"],
  /** Create and revoke API keys. */
  manageApiKeys: ["owner", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What a route's loader and action need; `null` marks a route with no admin user (none yet). */
export type RoutePermissions = { loader?: Permission; action?: Permission };

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The message a refused request answers with (403). */
export function refusalMessage(role: Role | null): string {
  return role
    ? `Your role (${ROLE_LABELS[role]}) cannot do this. Ask an Owner or Admin of this store.`
    : "Your seat is over this plan's limit. Ask the store's Owner to upgrade the plan or free a seat.";
}
