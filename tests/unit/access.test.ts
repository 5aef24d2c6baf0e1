// The application-visibility rule against DESIGN 5, table-driven: the API and the role × route matrix
// both derive from domain/access.ts, so this is where the rule itself is pinned.
import { describe, expect, it } from 'vitest';
import { applicationAccess, memberRole, organizationAccess, refusesWrites, type Viewer } from '../../domain/access';
import { APPLICATION_STATUSES } from '../../domain/statuses';
import { STATE_ROLES, type RoleName } from '../../domain/roles';

const LAKEVIEW = 'org-lakeview';
const SUMMIT = 'org-summit';

const member = (role: RoleName, organizationId = LAKEVIEW, status = 'active'): Viewer => ({
  roleType: 'org', roles: [], organizations: [{ id: organizationId, name: organizationId, status, role: { name: role } }],
});
const state = (role: RoleName): Viewer => ({ roleType: 'state', roles: [{ name: role }], organizations: [] });

const outcome = (viewer: Viewer, status: string | null, mode: 'read' | 'write' = 'read', assigned = false) => {
  const o = applicationAccess(viewer, { organizationId: LAKEVIEW, status, assigned }, mode);
  return o.allowed ? o.role : o.status;
};

describe('applicationAccess', () => {
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

describe('organizationAccess', () => {
  it('is for active members (admins write), and for the state roles a route names, reading only', () => {
    const result = (viewer: Viewer, mode: 'read' | 'write', readers: RoleName[] = []) => {
      const o = organizationAccess(viewer, LAKEVIEW, mode, readers);
      return o.allowed ? o.role : o.status;
    };
    expect(result(member('Organization_Staff'), 'read')).toBe('Organization_Staff');
    expect(result(member('Organization_Staff'), 'write')).toBe(403);
    expect(result(member('Organization_Admin'), 'write')).toBe('Organization_Admin');
    expect(result(member('Organization_Admin', SUMMIT), 'read')).toBe(404);
    expect(result(state('State_Admin'), 'read')).toBe(404);
    expect(result(state('State_Admin'), 'read', ['State_Admin', 'RSM_Admin'])).toBe('State_Admin');
    expect(result(state('State_Admin'), 'write', ['State_Admin'])).toBe(403);
    expect(result(state('CTC_Admin'), 'read', ['State_Admin', 'RSM_Admin'])).toBe(404);
  });

  it('finds the membership role only for an active membership of an organization user', () => {
    expect(memberRole(member('Organization_Staff'), LAKEVIEW)).toBe('Organization_Staff');
    expect(memberRole(member('Organization_Staff', LAKEVIEW, 'inactive'), LAKEVIEW)).toBeNull();
    expect(memberRole(state('State_Admin'), LAKEVIEW)).toBeNull();
  });
});

describe('refusesWrites', () => {
  it('refuses the financial reviewer only', () => {
    expect(refusesWrites(state('RSM_Financial_Reviewer'))).toBe(true);
    for (const role of STATE_ROLES.filter((r) => r !== 'RSM_Financial_Reviewer')) expect(refusesWrites(state(role))).toBe(false);
    expect(refusesWrites(member('Organization_Staff'))).toBe(false);
  });
});
