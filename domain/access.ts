// Who may see and change an application, and an organization's data (DESIGN 5). Pure: the API
// enforces it on every route taking an application or organization id; the access matrix test
// derives its expectations from it. See docs/decisions/008-application-access.md.
import { isReadOnlyRole, REVIEWER_ROLES, type RoleName } from './roles';
import { isApplicationStatus, isSubmittedOrLater } from './statuses';
import type { UserProfile } from './users';

export type Viewer = Pick<UserProfile, 'roleType' | 'roles' | 'organizations'>;

/** read: see it; write: change it (only the owning organization's admin). */
export type AccessMode = 'read' | 'write';
/** not-found for what the caller may not see at all (never leak existence), forbidden for a visible thing they may not change. */
export type AccessOutcome = { allowed: true; role: RoleName } | { allowed: false; status: 403 | 404 };

export interface ApplicationFacts {
  organizationId: string;
  /** null: the application was deleted (only drafts are), and only its history remains. */
  status: string | null;
  /** Whether the caller holds a review assignment for it. */
  assigned: boolean;
}

/** State roles that read every submitted application; the financial reviewer reads what all reviewers together read. */
export const STATE_READERS_OF_ALL: readonly RoleName[] = ['State_Admin', 'CTC_Admin', 'RSM_Admin', 'RSM_Financial_Reviewer'];
/** State roles that read an organization's whole history (spec 2 History menu). */
export const ORGANIZATION_HISTORY_READERS: readonly RoleName[] = ['State_Admin', 'RSM_Admin'];

const NOT_FOUND = { allowed: false, status: 404 } as const;
const FORBIDDEN = { allowed: false, status: 403 } as const;

/** The caller's role in an organization, when they are an active member of it. */
export function memberRole(viewer: Viewer, organizationId: string): RoleName | null {
  if (viewer.roleType !== 'org') return null;
  return viewer.organizations.find((o) => o.id === organizationId && o.status === 'active')?.role.name ?? null;
}

/** The state role through which the caller sees an application of this status, or null. State users never see drafts. */
function stateReaderRole(viewer: Viewer, app: ApplicationFacts): RoleName | null {
  if (viewer.roleType !== 'state' || app.status === null || !isApplicationStatus(app.status) || !isSubmittedOrLater(app.status)) return null;
  const roles = viewer.roles.map((r) => r.name);
  return roles.find((r) => STATE_READERS_OF_ALL.includes(r)) ?? (app.assigned ? roles.find((r) => REVIEWER_ROLES.includes(r)) ?? null : null);
}

/**
 * An application (and its history): its organization's members see it in every status; state users see it
 * once submitted (admins and the financial reviewer all of them, reviewers those assigned to them). Only
 * the organization's admin writes. A deleted draft's history stays its organization's.
 */
export function applicationAccess(viewer: Viewer, app: ApplicationFacts, mode: AccessMode): AccessOutcome {
  const member = memberRole(viewer, app.organizationId);
  const role = member ?? stateReaderRole(viewer, app);
  if (!role) return NOT_FOUND;
  if (mode === 'write' && role !== 'Organization_Admin') return FORBIDDEN;
  return { allowed: true, role };
}

/**
 * An organization's own data (its applications list, profile, counts, history): its active members, and
 * state users holding one of `stateReaders` (reads only). Anyone else: 404, as for an unknown organization.
 */
export function organizationAccess(
  viewer: Viewer, organizationId: string, mode: AccessMode, stateReaders: readonly RoleName[] = [],
): AccessOutcome {
  const role = memberRole(viewer, organizationId)
    ?? (viewer.roleType === 'state' ? viewer.roles.map((r) => r.name).find((r) => stateReaders.includes(r)) ?? null : null);
  if (!role) return NOT_FOUND;
  if (mode === 'write' && role !== 'Organization_Admin') return FORBIDDEN;
  return { allowed: true, role };
}

/** A read-only caller (the financial reviewer): every POST/PUT/PATCH/DELETE is refused with 403 before routing. */
export function refusesWrites(viewer: Viewer): boolean {
  const roles = viewer.roleType === 'state' ? viewer.roles.map((r) => r.name) : [];
  return roles.length > 0 && roles.every((r) => isReadOnlyRole(r));
}
