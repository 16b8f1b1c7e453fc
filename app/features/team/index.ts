export {
  PERMISSIONS,
  ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  can,
  isRole,
  type Permission,
  type Role,
  type RoutePermissions,
} from "./permissions";
export { StaffProvider, useCan, useDisabledReason, useStaff, type StaffInfo } from "./StaffContext";
export { DisabledReason } from "./components/DisabledReason";
export { ViewAsSwitch } from "./components/ViewAsSwitch";
export { SeatLimitScreen } from "./components/SeatLimitScreen";
export { teamActionSchema, type TeamAction } from "./schema";
export { TeamSettings, type TeamData } from "./components/TeamSettings";
