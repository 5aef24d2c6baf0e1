// What the history, the PDF and the XLSX show to whom (decision 092), checked fast against the hand-written fixture
// tests/fixtures/history-sight.ts; tests/api/history-sight.test.ts and review-outputs-sight.test.ts check the same
// through the API on both engines.
import { describe, expect, it } from 'vitest';
import { actionsSeen, entryAsSeen, HISTORY_ENTRY_KINDS, historySight } from '../../domain/history-sight';
import { HISTORY_ACTIONS } from '../../domain/history';
import { exportColumnsSeen } from '../../domain/exports';
import { EXPORT_COLUMNS, FILTER_ACTIONS_LEFT_OUT, ROLES, STATE_OFFICE, type Role } from '../fixtures/history-sight';

/** DESIGN 5: the reviewers read only the applications assigned to them (their export lists only those). */
const REVIEWERS: readonly Role[] = ['State_Reviewer', 'RSM_Reviewer', 'CTC_Reviewer'];

describe('the history sight', () => {
  it('gives every action the history describes a kind (an action with none would be seen only by the roles seeing everything)', () => {
    expect(HISTORY_ACTIONS.filter((action) => !HISTORY_ENTRY_KINDS[action])).toEqual([]);
  });

  it('offers in the action filter what the fixture shows each role', () => {
    for (const [role, leftOut] of Object.entries(FILTER_ACTIONS_LEFT_OUT) as [Role, readonly string[]][]) {
      expect(actionsSeen(historySight({ id: 'u', roles: [role] })), role).toEqual(HISTORY_ACTIONS.filter((a) => !leftOut.includes(a)));
    }
  });

  it('masks a shown entry for an organization user: internal move comments, state names; never for the state side', () => {
    const move = {
      action: 'STATUS_CHANGED', toStatus: 'GATING_REVIEW', comments: 'Intake note.', userId: 'stella',
      user: { firstName: 'Stella', lastName: 'Admin', email: 'state.admin@example.gov' }, userRoleType: 'state', reviewerNames: null,
    };
    const revision = { ...move, toStatus: 'REVISION_NEEDED', comments: 'Please reconcile 29 and 30.' };
    const own = { ...move, action: 'DOCUMENT_UPLOADED', toStatus: null, comments: null, userId: 'oscar', user: { firstName: 'Oscar', lastName: 'Staff', email: 'org.staff@example.org' }, userRoleType: 'org' };
    for (const role of ROLES) {
      const sight = historySight({ id: 'u', roles: [role] });
      const organization = role.startsWith('Organization_');
      expect(entryAsSeen(sight, move), role).toEqual({
        action: 'STATUS_CHANGED', toStatus: 'GATING_REVIEW', reviewerNames: null,
        ...(organization
          ? { comments: null, userId: null, user: { firstName: STATE_OFFICE, lastName: null, email: null } }
          : { comments: 'Intake note.', userId: 'stella', user: move.user }),
      });
      expect(entryAsSeen(sight, revision).comments, role).toBe('Please reconcile 29 and 30.');
      expect(entryAsSeen(sight, own).user, role).toEqual(own.user);
    }
  });
});

describe('the XLSX export\'s columns', () => {
  it('are the fixture\'s for every state role', () => {
    for (const role of Object.keys(EXPORT_COLUMNS['Rubric total']!) as Role[]) {
      const headers = exportColumnsSeen([role], { assignedOnly: REVIEWERS.includes(role) }).map((c) => c.header as string);
      for (const [column, seen] of Object.entries(EXPORT_COLUMNS)) {
        expect(headers.includes(column), `${role}: ${column}`).toBe(seen[role as keyof typeof seen] === 'shown');
      }
    }
  });
});
