// Roles and role types. Pure: shared by app/ and api/. Who may do what: domain/permissions.ts.
import { can, isReadOnly } from './permissions';

export const ORG_ROLES = ['Organization_Admin', 'Organization_Staff'] as const;
export const STATE_ROLES = [
  'State_Admin',
  'State_Reviewer',
  'CTC_Admin',
  'CTC_Reviewer',
  'RSM_Admin',
  'RSM_Reviewer',
  'RSM_Financial_Reviewer',
] as const;
export const ALL_ROLES = [...STATE_ROLES, ...ORG_ROLES] as const;

export type OrgRole = (typeof ORG_ROLES)[number];
export type StateRole = (typeof STATE_ROLES)[number];
export type RoleName = OrgRole | StateRole;
export type RoleType = 'org' | 'state';

export const REVIEWER_ROLES: readonly RoleName[] = ['State_Reviewer', 'CTC_Reviewer', 'RSM_Reviewer'];
/** The spec's "admin roles group": State, RSM and CTC admins plus the financial reviewer. */
export const ADMIN_ROLES_GROUP: readonly RoleName[] = ['State_Admin', 'RSM_Admin', 'CTC_Admin', 'RSM_Financial_Reviewer'];

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ALL_ROLES as readonly string[]).includes(value);
}

export function roleTypeOf(role: RoleName): RoleType {
  return (ORG_ROLES as readonly string[]).includes(role) ? 'org' : 'state';
}

/** 'Organization_Admin' → 'Organization Admin' (the top bar shows roles this way). */
export function roleLabel(role: string): string {
  return role.replace(/_/g, ' ');
}

/** Read-only role (holds only reads in domain/permissions.ts): every write is refused with this message, in the API and before sending in the UI. */
export function isReadOnlyRole(role: RoleName | null | undefined): boolean {
  return !!role && isReadOnly(role);
}

/** Messages button and unread polling: the roles that read messages (domain/permissions.ts). */
export function canUseMessages(role: RoleName | null | undefined): boolean {
  return can(role, 'read', 'message');
}

export function prefixFor(roleType: RoleType): 'org' | 'state' {
  return roleType === 'state' ? 'state' : 'org';
}
