// The permissions table (domain/permissions.ts) applied to one record (domain/access.ts), against
// DESIGN 5 and the review rubric's stages: the API and the role × route matrix both derive from these,
// so this is where the rule itself is pinned.
import { describe, expect, it } from 'vitest';
import { decide, listScope, memberRole, refusesWrites, stateReadScope, type Viewer } from '../../domain/access';
import { can, isReadOnly, PERMISSIONS, rolesThatCan, stageOf, type Action, type Entity } from '../../domain/permissions';
import { APPLICATION_STATUSES } from '../../domain/statuses';
import { STATE_ROLES, type RoleName } from '../../domain/roles';

const LAKEVIEW = 'org-lakeview';
const SUMMIT = 'org-summit';

const member = (role: RoleName, organizationId = LAKEVIEW, status = 'active'): Viewer => ({
  id: 'user-1', roleType: 'org', roles: [], organizations: [{ id: organizationId, name: organizationId, status, role: { name: role } }],
});
const state = (role: RoleName): Viewer => ({ id: 'user-2', roleType: 'state', roles: [{ name: role }], organizations: [] });

const outcome = (viewer: Viewer, status: string | null, mode: 'read' | 'write' = 'read', assigned = false, entity: Entity = 'application') => {
  const o = decide(viewer, mode === 'write' ? 'update' : 'read', entity, { application: { organizationId: LAKEVIEW, status, assigned } });
  return o.allowed ? o.role : o.status;
};

describe('applications (decide on an application)', () => {
  it("lets the organization's members read in every status, and only its admin write", () => {
    for (const status of [...APPLICATION_STATUSES, null]) {
      expect(outcome(member('Organization_Admin'), status)).toBe('Organization_Admin');
      expect(outcome(member('Organization_Admin'), status, 'write')).toBe('Organization_Admin');
      expect(outcome(member('Organization_Staff'), status)).toBe('Organization_Staff');
      expect(outcome(member('Organization_Staff'), status, 'write')).toBe(403);
    }
  });

  it('hides the application from other organizations and inactive memberships (404, as for an unknown id)', () => {
    expect(outcome(member('Organization_Admin', SUMMIT), 'SUBMITTED')).toBe(404);
    expect(outcome(member('Organization_Admin', LAKEVIEW, 'inactive'), 'DRAFT')).toBe(404);
    expect(outcome(member('Organization_Admin', SUMMIT), 'DRAFT', 'write')).toBe(404);
  });

  it.each([...STATE_ROLES])('never shows %s a draft, a cancelled or a deleted application, even assigned', (role) => {
    for (const status of ['DRAFT', 'CANCELLED', null]) {
      expect(outcome(state(role), status, 'read', true)).toBe(404);
      expect(outcome(state(role), status, 'write', true)).toBe(404);
    }
  });

  it.each(['State_Admin', 'CTC_Admin', 'RSM_Admin', 'RSM_Financial_Reviewer'] as const)('shows %s every submitted application, read-only', (role) => {
    for (const status of APPLICATION_STATUSES.filter((s) => s !== 'DRAFT' && s !== 'CANCELLED')) {
      expect(outcome(state(role), status)).toBe(role);
      expect(outcome(state(role), status, 'write')).toBe(403);
    }
  });

  it.each(['State_Reviewer', 'CTC_Reviewer', 'RSM_Reviewer'] as const)('shows %s only the submitted applications assigned to them', (role) => {
    expect(outcome(state(role), 'GATING_REVIEW', 'read', true)).toBe(role);
    expect(outcome(state(role), 'GATING_REVIEW', 'read', false)).toBe(404);
    expect(outcome(state(role), 'SUBMITTED', 'write', true)).toBe(403);
  });
});

describe("an organization's data (decide on an organization)", () => {
  const result = (viewer: Viewer, action: Action, entity: Entity, ownerId?: string) => {
    const o = decide(viewer, action, entity, { organizationId: LAKEVIEW, ownerId });
    return o.allowed ? o.role : o.status;
  };

  it('is for active members (admins change it), and for state roles only where the table gives them every organization', () => {
    expect(result(member('Organization_Staff'), 'read', 'profile')).toBe('Organization_Staff');
    expect(result(member('Organization_Staff'), 'update', 'profile')).toBe(403);
    expect(result(member('Organization_Admin'), 'update', 'profile')).toBe('Organization_Admin');
    expect(result(member('Organization_Admin', SUMMIT), 'read', 'profile')).toBe(404);
    expect(result(member('Organization_Admin', LAKEVIEW, 'inactive'), 'read', 'application')).toBe(404);
    expect(result(member('Organization_Admin'), 'create', 'application')).toBe('Organization_Admin');
    expect(result(member('Organization_Staff'), 'create', 'application')).toBe(403);
    // The organization's own lists and profile are not the state's; its whole history is State_Admin's and RSM_Admin's.
    expect(result(state('State_Admin'), 'read', 'application')).toBe(404);
    expect(result(state('State_Admin'), 'read', 'profile')).toBe(404);
    expect(result(state('State_Admin'), 'read', 'history')).toBe('State_Admin');
    expect(result(state('RSM_Admin'), 'read', 'history')).toBe('RSM_Admin');
    expect(result(state('CTC_Admin'), 'read', 'history')).toBe(404);
    expect(result(member('Organization_Staff'), 'read', 'history')).toBe('Organization_Staff');
    // A member whose role may not even read an entity of their own organization (staff and its users): 403, not 404.
    expect(result(member('Organization_Staff'), 'read', 'user')).toBe(403);
    expect(result(member('Organization_Staff'), 'update', 'user')).toBe(403);
    expect(result(member('Organization_Admin'), 'update', 'user')).toBe('Organization_Admin');
    expect(result(member('Organization_Admin', SUMMIT), 'read', 'user')).toBe(404);
    expect(result(state('State_Admin'), 'update', 'user')).toBe('State_Admin');
    expect(result(state('RSM_Admin'), 'read', 'user')).toBe(404);
  });

  it("lets staff delete the documents they uploaded, the admin any of the organization's", () => {
    expect(result(member('Organization_Staff'), 'create', 'document')).toBe('Organization_Staff');
    expect(result(member('Organization_Staff'), 'delete', 'document', 'user-1')).toBe('Organization_Staff');
    expect(result(member('Organization_Staff'), 'delete', 'document', 'someone-else')).toBe(403);
    expect(result(member('Organization_Staff'), 'delete', 'document')).toBe(403);
    expect(result(member('Organization_Admin'), 'delete', 'document', 'someone-else')).toBe('Organization_Admin');
    expect(result(member('Organization_Admin', SUMMIT), 'delete', 'document', 'user-1')).toBe(404);
    expect(result(state('State_Admin'), 'read', 'document')).toBe(404);
  });

  it('finds the membership role only for an active membership of an organization user', () => {
    expect(memberRole(member('Organization_Staff'), LAKEVIEW)).toBe('Organization_Staff');
    expect(memberRole(member('Organization_Staff', LAKEVIEW, 'inactive'), LAKEVIEW)).toBeNull();
    expect(memberRole(state('State_Admin'), LAKEVIEW)).toBeNull();
  });
});

describe('vendor stages', () => {
  it('places each status in its stage', () => {
    expect(stageOf('GATING_REVIEW')).toBe('GATING');
    expect(stageOf('PASSED_GATING')).toBe('GATING');
    expect(stageOf('TECHNICAL_IN_STATE_CONSENSUS')).toBe('TECHNICAL');
    expect(stageOf('STATE_AWAITING_STATE_CONSENSUS')).toBe('STATE');
    expect(stageOf('PASSED_STATE')).toBe('STATE');
    for (const status of ['DRAFT', 'SUBMITTED', 'RESUBMITTED', 'REVISION_NEEDED', 'IN_NEGOTIATION', 'AWARDED']) expect(stageOf(status)).toBeNull();
  });

  it("lets a vendor's admin assign reviewers and move applications in its own stage only; State_Admin in every stage", () => {
    const on = (role: RoleName, action: Action, entity: Entity, status: string) => {
      const o = decide(state(role), action, entity, { application: { organizationId: LAKEVIEW, status, assigned: false } });
      return o.allowed ? o.role : o.status;
    };
    expect(on('RSM_Admin', 'create', 'review-assignment', 'GATING_REVIEW')).toBe('RSM_Admin');
    expect(on('RSM_Admin', 'create', 'review-assignment', 'TECHNICAL_REVIEW')).toBe(403);
    expect(on('CTC_Admin', 'update', 'status', 'TECHNICAL_AWAITING_STATE_CONSENSUS')).toBe('CTC_Admin');
    expect(on('CTC_Admin', 'update', 'status', 'GATING_REVIEW')).toBe(403);
    expect(on('CTC_Admin', 'create', 'review-assignment', 'TECHNICAL_REVIEW')).toBe('CTC_Admin');
    expect(on('State_Admin', 'create', 'review-assignment', 'TECHNICAL_REVIEW')).toBe('State_Admin');
    expect(on('State_Admin', 'update', 'status', 'IN_NEGOTIATION')).toBe('State_Admin');
    expect(on('State_Admin', 'create', 'review-assignment', 'DRAFT')).toBe(404);
    expect(on('RSM_Financial_Reviewer', 'update', 'review', 'GATING_REVIEW')).toBe(403);
  });

  it('lets a reviewer mark only the applications assigned to them', () => {
    const mark = (assigned: boolean) => decide(state('CTC_Reviewer'), 'update', 'review', { application: { organizationId: LAKEVIEW, status: 'TECHNICAL_REVIEW', assigned } });
    expect(mark(true)).toEqual({ allowed: true, role: 'CTC_Reviewer' });
    expect(mark(false)).toEqual({ allowed: false, status: 404 });
  });
});

describe('the table itself', () => {
  it('gives every role a permission, and each permission names a known action, entity and access level', () => {
    for (const [role, permissions] of Object.entries(PERMISSIONS)) {
      expect(permissions.length, role).toBeGreaterThan(0);
      expect(new Set(permissions).size, role).toBe(permissions.length);
    }
  });

  it('matches DESIGN 5 role by role where the UI asks (can)', () => {
    expect(rolesThatCan('update', 'application').sort()).toEqual(['Organization_Admin']);
    expect(rolesThatCan('update', 'profile').sort()).toEqual(['Organization_Admin']);
    expect(rolesThatCan('create', 'document').sort()).toEqual(['Organization_Admin', 'Organization_Staff']);
    expect(rolesThatCan('create', 'unlock-request', ['organization']).sort()).toEqual(['Organization_Admin']);
    // The reviewer-side request (decision 034): the stage admins over their stage, the reviewers over what is assigned.
    expect(rolesThatCan('create', 'unlock-request', ['stage']).sort()).toEqual(['CTC_Admin', 'RSM_Admin']);
    expect(rolesThatCan('create', 'unlock-request', ['assigned']).sort()).toEqual(['CTC_Reviewer', 'RSM_Reviewer', 'State_Reviewer']);
    expect(can('State_Admin', 'create', 'unlock-request')).toBe(false);
    expect(can('RSM_Financial_Reviewer', 'create', 'unlock-request')).toBe(false);
    expect(rolesThatCan('read', 'application', ['submitted']).sort()).toEqual(['CTC_Admin', 'RSM_Admin', 'RSM_Financial_Reviewer', 'State_Admin']);
    expect(rolesThatCan('read', 'application', ['assigned']).sort()).toEqual(['CTC_Reviewer', 'RSM_Reviewer', 'State_Reviewer']);
    expect(can('Organization_Staff', 'create', 'application')).toBe(false);
    expect(can(null, 'read', 'application')).toBe(false);
    expect(STATE_ROLES.filter(isReadOnly)).toEqual(['RSM_Financial_Reviewer']);
  });

  it('tells the state dashboard which applications a caller counts', () => {
    expect(stateReadScope(state('State_Admin'))).toBe('submitted');
    expect(stateReadScope(state('RSM_Financial_Reviewer'))).toBe('submitted');
    expect(stateReadScope(state('RSM_Reviewer'))).toBe('assigned');
    expect(stateReadScope(member('Organization_Admin'))).toBeNull();
  });
});

describe('listScope', () => {
  it("reaches every organization through 'any', the caller's active organizations through 'organization', else none", () => {
    expect(listScope(state('State_Admin'), 'read', 'message')).toEqual({ all: true });
    expect(listScope(state('RSM_Reviewer'), 'read', 'message')).toBeNull();
    expect(listScope(member('Organization_Staff'), 'read', 'message')).toEqual({ organizations: [LAKEVIEW] });
    expect(listScope(member('Organization_Staff', LAKEVIEW, 'inactive'), 'read', 'message')).toEqual({ organizations: [] });
    expect(listScope(member('Organization_Staff'), 'read', 'user')).toEqual({ organizations: [] });
  });
});

describe('refusesWrites', () => {
  it('refuses the financial reviewer only', () => {
    expect(refusesWrites(state('RSM_Financial_Reviewer'))).toBe(true);
    for (const role of STATE_ROLES.filter((r) => r !== 'RSM_Financial_Reviewer')) expect(refusesWrites(state(role))).toBe(false);
    expect(refusesWrites(member('Organization_Staff'))).toBe(false);
  });
});
