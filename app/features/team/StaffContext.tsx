// The signed-in staff member's role, for the UI to hide or disable what the role cannot do
// (the server enforces the same table; this only keeps controls honest).
import { createContext, useContext, type ReactNode } from "react";
import { can, ROLE_LABELS, type Permission, type Role } from "~/features/team/permissions";

export type StaffInfo = { id: string; name: string; role: Role };

const StaffContext = createContext<StaffInfo | null>(null);

export function StaffProvider({ staff, children }: { staff: StaffInfo; children: ReactNode }) {
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}

export function useStaff(): StaffInfo | null {
  return useContext(StaffContext);
}

/** Whether the signed-in member may do this; true outside the admin layout (tests of a single component). */
export function useCan(permission: Permission): boolean {
  const staff = useContext(StaffContext);
  return staff ? can(staff.role, permission) : true;
}

/**
 * Why the signed-in member cannot use a control ("Viewers can't adjust points"), or undefined
 * when they can: shown beside the disabled control (helpText or a line under it).
 */
export function useDisabledReason(permission: Permission, what: string): string | undefined {
  const staff = useContext(StaffContext);
  if (!staff || can(staff.role, permission)) return undefined;
  return `${ROLE_LABELS[staff.role]}s can't ${what}.`;
}
