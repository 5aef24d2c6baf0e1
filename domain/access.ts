// Who may do what on one record: the permissions table (domain/permissions.ts) applied to an
// application or to an organization's data (DESIGN 5). Pure: the API enforces it on every route taking
// an application or organization id (api/services/application-access.ts); the access matrix test
// derives its expectations from it. See docs/decisions/008-application-access.md and 016.
import { accessLevels, isReadOnly, SEEN_THROUGH, stageOf, VENDOR_STAGE, type Access, type Action, type Entity } from './permissions';
import type { RoleName } from './roles';
import { isApplicationStatus, isSubmittedOrLater } from './statuses';
import type { UserProfile } from './users';

export type Viewer = Pick<UserProfile, 'id' | 'roleType' | 'roles' | 'organizations'>;

/** read: see it; write: change it. Kept for callers that only tell reading from changing. */
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

/**
 * The record a decision is about: an application, or an organization's data (optionally made by
 * `ownerId`, e.g. a document's uploader).
 */
export type AccessTarget = { application: ApplicationFacts } | { organizationId: string; ownerId?: string | null };

const NOT_FOUND = { allowed: false, status: 404 } as const;
const FORBIDDEN = { allowed: false, status: 403 } as const;

/** The caller's role in an organization, when they are an active member of it. */
export function memberRole(viewer: Viewer, organizationId: string): RoleName | null {
  if (viewer.roleType !== 'org') return null;
  return viewer.organizations.find((o) => o.id === organizationId && o.status === 'active')?.role.name ?? null;
}

const organizationOf = (target: AccessTarget) => ('application' in target ? target.application.organizationId : target.organizationId);

/** Whether one access level of `role` reaches the target. */
function reaches(viewer: Viewer, role: RoleName, access: Access, target: AccessTarget, member: boolean): boolean {
  if (access === 'any') return true;
  if (access === 'organization') return member;
  if (access === 'own') return member && 'organizationId' in target && !!target.ownerId && target.ownerId === viewer.id;
  // The state's levels reach applications only, and never a draft, a cancelled or a deleted one.
  if (viewer.roleType !== 'state' || !('application' in target)) return false;
  const { status, assigned } = target.application;
  if (status === null || !isApplicationStatus(status) || !isSubmittedOrLater(status)) return false;
  if (access === 'submitted') return true;
  if (access === 'assigned') return assigned;
  return stageOf(status) !== null && stageOf(status) === VENDOR_STAGE[role];
}

/** The role through which the caller may do this on the target, or null (no read check: see `decide`). */
export function permittingRole(viewer: Viewer, action: Action, entity: Entity, target: AccessTarget): RoleName | null {
  const member = memberRole(viewer, organizationOf(target));
  const roles = member ? [member] : viewer.roleType === 'state' ? viewer.roles.map((r) => r.name) : [];
  return roles.find((role) => accessLevels(role, action, entity).some((access) => reaches(viewer, role, access, target, !!member))) ?? null;
}

/**
 * May the caller do `action` on this `entity` record? Allowed (with the role it is done through); 404
 * when they may not even read it (as for an unknown id; a status move or a review is read with its
 * application), except for an active member of the organization whose data it is (403: they know it
 * exists); 403 when they read it but may not do this.
 */
export function decide(viewer: Viewer, action: Action, entity: Entity, target: AccessTarget): AccessOutcome {
  const reader = permittingRole(viewer, 'read', SEEN_THROUGH[entity] ?? entity, target);
  // An active member knows their organization exists: what their role may not even read (its users, for staff) is 403.
  if (!reader) return 'organizationId' in target && memberRole(viewer, target.organizationId) ? FORBIDDEN : NOT_FOUND;
  // Reading what is seen through an application (the state's view of it, a review) needs that read permission too: 403 without.
  if (action === 'read' && !SEEN_THROUGH[entity]) return { allowed: true, role: reader };
  const role = permittingRole(viewer, action, entity, target);
  return role ? { allowed: true, role } : FORBIDDEN;
}

/** Which applications a state caller reads at all: every submitted one, those assigned to them, or none (organization users). */
export function stateReadScope(viewer: Viewer): 'submitted' | 'assigned' | null {
  if (viewer.roleType !== 'state') return null;
  const levels = viewer.roles.flatMap((r) => accessLevels(r.name, 'read', 'application'));
  if (levels.includes('any') || levels.includes('submitted')) return 'submitted';
  return levels.includes('assigned') ? 'assigned' : null;
}

/**
 * For a list not keyed by one record (e.g. unread message counts): every organization's records (a
 * state role holding `any`), those of the organizations the caller is an active member of with a role
 * holding `organization`, or null when the caller may not read any.
 */
export function listScope(viewer: Viewer, action: Action, entity: Entity): { all: true } | { organizations: string[] } | null {
  if (viewer.roleType === 'state') return viewer.roles.some((r) => accessLevels(r.name, action, entity).includes('any')) ? { all: true } : null;
  const organizations = viewer.organizations
    .filter((o) => o.status === 'active' && accessLevels(o.role.name, action, entity).includes('organization'))
    .map((o) => o.id);
  return { organizations };
}

/** A read-only caller (the financial reviewer): every POST/PUT/PATCH/DELETE is refused with 403 before routing. */
export function refusesWrites(viewer: Pick<Viewer, 'roleType' | 'roles'>): boolean {
  const roles = viewer.roleType === 'state' ? viewer.roles.map((r) => r.name) : [];
  return roles.length > 0 && roles.every((r) => isReadOnly(r));
}
