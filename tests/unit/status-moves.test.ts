// The status machine (domain/workflow.ts refusal and allowedActions) against the hand-written fixture
// tests/fixtures/status-moves.ts (DESIGN 4-5, spec, review rubric): for every one of the 22 statuses, every action,
// every role and every state of the role's own review assignment, the machine answers what the fixture says.
// Issue 39 item 3: RESUBMITTED enters gating only, so a resubmission passes every stage's guard again.
// Issue 40 item 1: the fixture holds every status, so no expectation of the machine is read from the machine.
import { describe, expect, it } from 'vitest';
import { ACTION_IDS, allowedActions, refusal, type AssignmentStatus } from '../../domain/workflow';
import { ALL_ROLES } from '../../domain/roles';
import { APPLICATION_STATUSES } from '../../domain/statuses';
import { ACTIONS, expectedMove, ROLES, STATUSES, WRITTEN_STATUSES, type Outcome } from '../fixtures/status-moves';

const ASSIGNMENTS: (AssignmentStatus | null)[] = [null, 'PENDING', 'IN_PROGRESS', 'SUBMITTED'];

describe('the hand-written status × move fixture', () => {
  it('names every action of the machine and every role, so a new one must be written into it', () => {
    expect([...ACTIONS].sort()).toEqual([...ACTION_IDS].sort());
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
    expect([...ROLES].sort()).toEqual([...ALL_ROLES].sort());
    // Every status of spec 4, each written once, in the spec's order; the product's list has no other.
    expect(WRITTEN_STATUSES).toEqual([...STATUSES]);
    expect([...STATUSES].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  for (const status of WRITTEN_STATUSES) {
    it(`answers every action from ${status} for every role and assignment as the fixture says`, () => {
      const mismatches: string[] = [];
      for (const role of ROLES) {
        for (const assignment of ASSIGNMENTS) {
          const facts = { status, role, assignment };
          const offered = allowedActions(facts);
          for (const action of ACTIONS) {
            const want: Outcome = expectedMove(status, action, role, assignment);
            const why = refusal(facts, action);
            const got: Outcome = why === null ? 'allowed' : why.status;
            const where = `${status} ${role} (assignment ${assignment}) ${action}`;
            if (got !== want) mismatches.push(`${where}: refusal() says ${got}, the fixture ${want}`);
            if (why && !why.message) mismatches.push(`${where}: refused without a message`);
            if (offered.includes(action) !== (want === 'allowed')) mismatches.push(`${where}: allowedActions() ${offered.includes(action) ? 'offers' : 'does not offer'} it, the fixture says ${want}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('offers from RESUBMITTED exactly Gating Review, Reject, Withdraw and Assign Status to the State_Admin, and Gating Review to the RSM admin', () => {
    // DESIGN 4 read directly, the menus' order (spec 4 "Action menu labels").
    expect(allowedActions({ status: 'RESUBMITTED', role: 'State_Admin' })).toEqual(['mark-as-gating-review', 'mark-as-rejected', 'withdraw', 'change-status']);
    expect(allowedActions({ status: 'RESUBMITTED', role: 'RSM_Admin' })).toEqual(['mark-as-gating-review']);
    expect(allowedActions({ status: 'RESUBMITTED', role: 'CTC_Admin' })).toEqual([]);
    expect(allowedActions({ status: 'REVISION_NEEDED', role: 'State_Admin' })).toEqual(['mark-as-not-remediated', 'mark-as-rejected', 'withdraw', 'change-status']);
  });

  it('reads DESIGN 4 straight for a few statuses: the stage entries, the final decisions and the final statuses', () => {
    // Each list is DESIGN 4's table read by status, in the menus' order; the matrix above checks the same from the fixture.
    expect(allowedActions({ status: 'DRAFT', role: 'Organization_Admin' })).toEqual(['submit', 'cancel', 'delete']);
    expect(allowedActions({ status: 'SUBMITTED', role: 'RSM_Admin' })).toEqual(['mark-as-gating-review']);
    expect(allowedActions({ status: 'GATING_REVIEW', role: 'RSM_Admin' })).toEqual(['assign-reviewers', 'mark-as-gating-awaiting-consensus']);
    expect(allowedActions({ status: 'GATING_REVIEW', role: 'RSM_Reviewer', assignment: 'PENDING' })).toEqual(['mark-review-in-progress']);
    expect(allowedActions({ status: 'PASSED_GATING', role: 'CTC_Admin' })).toEqual(['mark-as-technical-review']);
    expect(allowedActions({ status: 'PASSED_TECHNICAL', role: 'CTC_Admin' })).toEqual([]);
    expect(allowedActions({ status: 'PASSED_TECHNICAL', role: 'State_Admin' })).toEqual(['mark-as-state-review', 'mark-as-rejected', 'withdraw', 'change-status']);
    expect(allowedActions({ status: 'STATE_REVIEW', role: 'State_Reviewer', assignment: 'PENDING' })).toEqual(['mark-review-in-progress']);
    expect(allowedActions({ status: 'PASSED_STATE', role: 'State_Admin' })).toEqual(['mark-as-in-negotiation', 'mark-as-awarded', 'mark-as-rejected', 'withdraw', 'change-status']);
    expect(allowedActions({ status: 'NOT_REMEDIATED', role: 'State_Admin' })).toEqual(['mark-as-rejected', 'withdraw', 'change-status']);
    for (const status of ['AWARDED', 'REJECTED', 'WITHDRAWN'] as const) expect(allowedActions({ status, role: 'State_Admin' }), status).toEqual(['change-status']);
    expect(allowedActions({ status: 'CANCELLED', role: 'State_Admin' })).toEqual([]);
  });
});
