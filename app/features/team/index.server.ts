export {
  ACTIVE_DAYS,
  TeamError,
  changeRole,
  inviteMember,
  isSeated,
  listMembers,
  memberStatus,
  ownerOf,
  removeMember,
  resolveMember,
  resolveMemberInTeam,
  seatsOf,
  transferOwnership,
  type Identity,
  type StaffContext,
} from "./members.server";
export { can, refusalMessage, type Permission, type Role, type RoutePermissions } from "./permissions";
export { teamOverview, type TeamOverview } from "./team.server";
