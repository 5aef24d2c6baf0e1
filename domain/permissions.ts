// The one table of who may do what on which resource (DESIGN 5, review rubric 1; decision 016). Pure,
// shared by the API guards (api/services/application-access.ts), the menus (domain/menu.ts), the UI's
// buttons (`can`), and the role × route test, which derives every expected answer from it.
// Modelled on Epic Stack's permissions.server.ts: a permission is `action:entity:access`.
import type { RoleName } from './roles';

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const ENTITIES = [
  /** An application and its content (answers, submit, cancel, delete) and its history. */
  'application',
  /** The organization's entity profile. */
  'profile',
  /** The organization's document library. */
  'document',
  /** The organization's whole history (the History menu). */
  'history',
  'user',
  /** Organizations as the state manages them (not an organization's own data: that is profile, document…). */
  'organization',
  'reviewer',
  'unlock-request',
  'message',
  /** The state's moves of an application through its statuses (DESIGN 4): the state side. Reading it is the state's view of an application (the review screen); organization users hold none. */
  'status',
  /** Assigning reviewers of a stage and unlocking a submitted review (review rubric 1). */
  'review-assignment',
  /** A reviewer's marks and decision. */
  'review',
  /** The candidate dashboard and its XLSX (review rubric 6, decision 043): applications past gating ranked for the award. */
  'candidate',
  /** The BEAD rubric scores of an application (review rubric 5, decision 042): read beside its review, scored by State_Admin. */
  'rubric',
  /** Being seen on an application's form by the others who have it open (issue 43, decision 101): its organization's people. */
  'presence',
] as const;
export type Entity = (typeof ENTITIES)[number];

/**
 * Over which records a permission holds:
 * - organization: records of an organization the caller is an active member of;
 * - own: those, when the caller made them (a document they uploaded);
 * - submitted: submitted-or-later applications of any organization (never drafts or cancelled ones);
 * - assigned: submitted applications assigned to the caller for review;
 * - stage: submitted applications in the caller's vendor stage (RSM: gating, CTC: technical);
 * - any: every record.
 */
export const ACCESS_LEVELS = ['organization', 'own', 'submitted', 'assigned', 'stage', 'any'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export type Permission = `${Action}:${Entity}:${Access}`;

export const PERMISSIONS: Readonly<Record<RoleName, readonly Permission[]>> = {
  Organization_Admin: [
    'read:application:organization', 'create:application:organization', 'update:application:organization', 'delete:application:organization',
    'read:profile:organization', 'update:profile:organization',
    'read:document:organization', 'create:document:organization', 'update:document:organization', 'delete:document:organization',
    'read:history:organization',
    'read:user:organization', 'create:user:organization', 'update:user:organization',
    'read:unlock-request:organization', 'create:unlock-request:organization',
    'read:message:organization', 'create:message:organization',
    'create:presence:organization', 'delete:presence:organization',
  ],
  Organization_Staff: [
    'read:application:organization', 'read:profile:organization',
    'read:document:organization', 'create:document:organization', 'update:document:own', 'delete:document:own',
    'read:history:organization',
    'read:message:organization', 'create:message:organization',
    'create:presence:organization', 'delete:presence:organization',
  ],
  State_Admin: [
    'read:application:submitted', 'read:status:submitted', 'update:status:submitted', 'read:history:any',
    'read:review:submitted', 'create:review-assignment:submitted', 'update:review-assignment:submitted',
    'read:user:any', 'create:user:any', 'update:user:any',
    'read:organization:any', 'update:organization:any',
    'read:reviewer:any', 'create:reviewer:any', 'update:reviewer:any',
    'read:unlock-request:any', 'update:unlock-request:any',
    'read:message:any', 'create:message:any',
    'read:candidate:any',
    'read:rubric:submitted', 'update:rubric:submitted',
  ],
  RSM_Admin: [
    'read:application:submitted', 'read:status:submitted', 'read:history:any', 'update:status:stage',
    'read:review:stage', 'create:review-assignment:stage', 'update:review-assignment:stage',
    'create:unlock-request:stage',
  ],
  CTC_Admin: [
    'read:application:submitted', 'read:status:submitted', 'update:status:stage',
    'read:review:stage', 'create:review-assignment:stage', 'update:review-assignment:stage',
    'create:unlock-request:stage',
  ],
  // create:unlock-request on the state side: the reviewer-side request of spec 4 (decision 034), asked from the review screen.
  State_Reviewer: [
    'read:application:assigned', 'read:status:assigned', 'read:review:assigned', 'update:review:assigned', 'create:unlock-request:assigned',
    'read:rubric:assigned',
  ],
  CTC_Reviewer: ['read:application:assigned', 'read:status:assigned', 'read:review:assigned', 'update:review:assigned', 'create:unlock-request:assigned'],
  RSM_Reviewer: ['read:application:assigned', 'read:status:assigned', 'read:review:assigned', 'update:review:assigned', 'create:unlock-request:assigned'],
  /** Reads everything a reviewer can read (reviewers together read every submitted application); writes nothing. */
  RSM_Financial_Reviewer: ['read:application:submitted', 'read:status:submitted', 'read:review:submitted', 'read:rubric:submitted'],
};

/** Entities whose records are seen through another's: a status move, an assignment or a review is seen with its application. */
export const SEEN_THROUGH: Readonly<Partial<Record<Entity, Entity>>> = {
  status: 'application', 'review-assignment': 'application', review: 'application', rubric: 'application', presence: 'application',
};

export type Stage = 'GATING' | 'TECHNICAL' | 'STATE';
/** Each vendor's stage (review rubric 1); State_Admin works across stages through 'submitted'. */
export const VENDOR_STAGE: Readonly<Partial<Record<RoleName, Stage>>> = {
  RSM_Admin: 'GATING', RSM_Reviewer: 'GATING', RSM_Financial_Reviewer: 'GATING',
  CTC_Admin: 'TECHNICAL', CTC_Reviewer: 'TECHNICAL',
  State_Reviewer: 'STATE',
};

/** The review stage an application status belongs to: GATING_REVIEW … PASSED_GATING → 'GATING'; null outside the stages. */
export function stageOf(status: string): Stage | null {
  const match = /^(?:PASSED_)?(GATING|TECHNICAL|STATE)(?:_|$)/.exec(status);
  return (match?.[1] as Stage | undefined) ?? null;
}

function parse(permission: Permission): { action: Action; entity: Entity; access: Access } {
  const [action, entity, access] = permission.split(':') as [Action, Entity, Access];
  return { action, entity, access };
}

/** Each role's table read once: `action:entity` → its access levels (every request asks, several times a page). */
const LEVELS = new Map(
  (Object.keys(PERMISSIONS) as RoleName[]).map((role) => {
    const levels = new Map<string, readonly Access[]>();
    for (const { action, entity, access } of PERMISSIONS[role].map(parse)) {
      const key = `${action}:${entity}`;
      levels.set(key, Object.freeze([...(levels.get(key) ?? []), access]));
    }
    return [role, levels] as const;
  }),
);
const NONE: readonly Access[] = Object.freeze([]);

/** The access levels through which `role` may do `action` on `entity` (empty: not at all). */
export function accessLevels(role: RoleName, action: Action, entity: Entity): readonly Access[] {
  return LEVELS.get(role)?.get(`${action}:${entity}`) ?? NONE;
}

/**
 * Whether the role may do this at all (on some record): the menus and the UI's buttons. The server
 * decides on the record itself (domain/access.ts); the UI only leaves out what would be refused.
 */
export function can(role: RoleName | null | undefined, action: Action, entity: Entity): boolean {
  return !!role && accessLevels(role, action, entity).length > 0;
}

/** The roles holding a permission, optionally through one of the given access levels. */
export function rolesThatCan(action: Action, entity: Entity, through?: readonly Access[]): RoleName[] {
  return (Object.keys(PERMISSIONS) as RoleName[]).filter((role) =>
    accessLevels(role, action, entity).some((access) => !through || through.includes(access)));
}

/** A read-only role holds no permission but reads: every write it sends is refused before routing. */
export function isReadOnly(role: RoleName): boolean {
  return PERMISSIONS[role].every((p) => p.startsWith('read:'));
}
