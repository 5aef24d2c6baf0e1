// The status machine (domain/workflow.ts) against DESIGN 4-5 and the review rubric's stages.
// The matrix (every status × every action × every role × the reviewer's own assignment) reads its expectations from
// the hand-written fixture tests/fixtures/status-moves.ts (issue 40), never from WORKFLOW_ACTIONS; the spot checks
// below it are hand-written from DESIGN 4 too.
import { describe, expect, it } from 'vitest';
import {
  ACTION_IDS, actionsFrom, allowedActions, allowedActionsOfRoles, BULK_ACTION_IDS, bulkActionLabel, CHANGE_STATUS_TARGETS, FINAL_STATUSES, moveInputProblems, refusal, REJECT_REASONS,
  rolesOf, STATE_MOVE_IDS, targetStatus, WORKFLOW_ACTIONS, WORKFLOW_MSG, type ActionId, type AssignmentStatus,
} from '../../domain/workflow';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../domain/statuses';
import { ALL_ROLES, type RoleName } from '../../domain/roles';
import { rolesThatCan } from '../../domain/permissions';
import { APPLICATION_MSG, MSG } from '../../domain/messages';
import { ACTIONS as FIXTURE_ACTIONS, expectedMove, WRITTEN_STATUSES, type Action as FixtureAction } from '../fixtures/status-moves';

const ASSIGNMENTS: (AssignmentStatus | null)[] = [null, 'PENDING', 'IN_PROGRESS', 'SUBMITTED'];

describe('the machine, every status × action × role × assignment', () => {
  it('allows exactly what the hand-written fixture allows, and refuses everything else with its 403 or 409 and a message', () => {
    // The expectations are tests/fixtures/status-moves.ts, written by hand from DESIGN 4-5 (issue 40): never WORKFLOW_ACTIONS.
    expect([...WRITTEN_STATUSES].sort()).toEqual([...APPLICATION_STATUSES].sort());
    expect([...FIXTURE_ACTIONS].sort()).toEqual([...ACTION_IDS].sort());
    const mismatches: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const status of APPLICATION_STATUSES) {
      for (const role of ALL_ROLES) {
        for (const assignment of ASSIGNMENTS) {
          const actions = allowedActions({ status, role, assignment });
          for (const id of ACTION_IDS) {
            const want = expectedMove(status, id as FixtureAction, role, assignment);
            const why = refusal({ status, role, assignment }, id);
            const label = `${status} ${role} ${assignment} ${id}`;
            if (actions.includes(id) !== (want === 'allowed')) mismatches.push(`${label}: allowedActions ${actions.includes(id) ? 'offers' : 'leaves out'} it, the fixture says ${want}`);
            if (want === 'allowed') {
              allowed++;
              if (why) mismatches.push(`${label}: the fixture allows it, refusal() says ${why.status}`);
              continue;
            }
            refused++;
            if (!why || why.status !== want || !why.message) mismatches.push(`${label}: the fixture says ${want}, refusal() says ${JSON.stringify(why)}`);
            // Spec 6's words for a role that may not: 'Action not allowed for your role'.
            else if (want === 403 && why.message !== MSG.actionNotAllowed) mismatches.push(`${label}: 403 with ${JSON.stringify(why.message)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(allowed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(allowed);
  });

  it('lists the allowed actions in menu order, each once', () => {
    const order = [...new Set(WORKFLOW_ACTIONS.map((a) => a.id))];
    for (const status of APPLICATION_STATUSES) {
      for (const role of ALL_ROLES) {
        const actions = allowedActions({ status, role, assignment: 'PENDING' });
        expect(new Set(actions).size).toBe(actions.length);
        expect([...actions].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(actions);
      }
    }
  });

  it('unites the actions of a caller holding several roles, in menu order', () => {
    for (const status of APPLICATION_STATUSES) {
      const both = allowedActionsOfRoles(['RSM_Admin', 'CTC_Admin'], { status });
      const each = new Set([...allowedActions({ status, role: 'RSM_Admin' }), ...allowedActions({ status, role: 'CTC_Admin' })]);
      expect(new Set(both)).toEqual(each);
      expect(both).toEqual(ACTION_IDS.filter((id) => each.has(id)));
    }
    // DESIGN 4: a resubmission enters gating only, so of the two vendor admins only the RSM admin moves it (issue 39).
    expect(allowedActionsOfRoles(['RSM_Admin', 'CTC_Admin'], { status: 'RESUBMITTED' })).toEqual(['mark-as-gating-review']);
    expect(allowedActionsOfRoles(['RSM_Admin', 'CTC_Admin'], { status: 'PASSED_GATING' })).toEqual(['mark-as-technical-review']);
    expect(allowedActionsOfRoles([], { status: 'SUBMITTED' })).toEqual([]);
  });

  it('gives the read-only financial reviewer nothing, ever, with the spec message', () => {
    for (const status of APPLICATION_STATUSES) {
      expect(allowedActions({ status, role: 'RSM_Financial_Reviewer', assignment: 'PENDING' })).toEqual([]);
      for (const id of ACTION_IDS) expect(refusal({ status, role: 'RSM_Financial_Reviewer' }, id)).toEqual({ status: 403, message: MSG.actionNotAllowed });
    }
    expect(allowedActions({ status: 'SUBMITTED', role: null })).toEqual([]);
  });

  it('names for every state move the roles the permissions table lets update statuses, and no others', () => {
    const moving = new Set(WORKFLOW_ACTIONS.filter((a) => a.side === 'state' && a.kind === 'move').flatMap(rolesOf));
    expect([...moving].sort()).toEqual(rolesThatCan('update', 'status').sort());
    const assigning = new Set(WORKFLOW_ACTIONS.filter((a) => a.id === 'assign-reviewers').flatMap(rolesOf));
    expect([...assigning].sort()).toEqual(rolesThatCan('create', 'review-assignment').sort());
  });
});

const can = (status: ApplicationStatus, role: RoleName, id: ActionId, assignment: AssignmentStatus | null = null) =>
  allowedActions({ status, role, assignment }).includes(id);

describe('pinned to DESIGN 4 (hand-written)', () => {
  it('lets only the organization admin submit, cancel and delete a draft, and resubmit a revision', () => {
    expect(allowedActions({ status: 'DRAFT', role: 'Organization_Admin' })).toEqual(['submit', 'cancel', 'delete']);
    expect(allowedActions({ status: 'REVISION_NEEDED', role: 'Organization_Admin' })).toEqual(['resubmit']);
    expect(allowedActions({ status: 'DRAFT', role: 'Organization_Staff' })).toEqual([]);
    expect(allowedActions({ status: 'SUBMITTED', role: 'Organization_Admin' })).toEqual([]);
    expect(refusal({ status: 'SUBMITTED', role: 'Organization_Admin' }, 'submit')).toEqual({ status: 409, message: APPLICATION_MSG.onlyDraftSubmitted });
    expect(refusal({ status: 'SUBMITTED', role: 'Organization_Admin' }, 'cancel')).toEqual({ status: 409, message: APPLICATION_MSG.onlyDraftCancelled });
    expect(refusal({ status: 'REJECTED', role: 'Organization_Admin' }, 'delete')).toEqual({ status: 409, message: APPLICATION_MSG.onlyDraftDeleted });
    expect(targetStatus('delete', {})).toBeNull();
  });

  it('walks gating: RSM admin opens the review and awaits consensus; consensus and passing are the State_Admin\'s', () => {
    expect(can('SUBMITTED', 'RSM_Admin', 'mark-as-gating-review')).toBe(true);
    expect(can('RESUBMITTED', 'State_Admin', 'mark-as-gating-review')).toBe(true);
    expect(can('RESUBMITTED', 'RSM_Admin', 'mark-as-gating-review')).toBe(true);
    expect(can('SUBMITTED', 'CTC_Admin', 'mark-as-gating-review')).toBe(false);
    expect(can('GATING_REVIEW', 'RSM_Admin', 'mark-as-gating-awaiting-consensus')).toBe(true);
    expect(can('GATING_AWAITING_STATE_CONSENSUS', 'RSM_Admin', 'mark-as-gating-in-consensus')).toBe(false);
    expect(can('GATING_AWAITING_STATE_CONSENSUS', 'State_Admin', 'mark-as-gating-in-consensus')).toBe(true);
    expect(can('GATING_IN_STATE_CONSENSUS', 'State_Admin', 'mark-as-passed-gating')).toBe(true);
    expect(can('GATING_IN_STATE_CONSENSUS', 'RSM_Admin', 'mark-as-passed-gating')).toBe(false);
    expect(can('GATING_REVIEW', 'State_Admin', 'mark-as-passed-gating')).toBe(false);
  });

  it('follows the same pattern for technical (CTC) and state review, each from the stage before', () => {
    expect(can('PASSED_GATING', 'CTC_Admin', 'mark-as-technical-review')).toBe(true);
    expect(can('PASSED_GATING', 'RSM_Admin', 'mark-as-technical-review')).toBe(false);
    expect(can('SUBMITTED', 'State_Admin', 'mark-as-technical-review')).toBe(false);
    // A resubmission goes back through gating, whichever stage asked for the revision (DESIGN 4; issue 39).
    expect(refusal({ status: 'RESUBMITTED', role: 'State_Admin' }, 'mark-as-technical-review')).toEqual({ status: 409, message: WORKFLOW_MSG.stale });
    expect(refusal({ status: 'RESUBMITTED', role: 'CTC_Admin' }, 'mark-as-technical-review')).toEqual({ status: 409, message: WORKFLOW_MSG.stale });
    expect(refusal({ status: 'RESUBMITTED', role: 'State_Admin' }, 'mark-as-state-review')).toEqual({ status: 409, message: WORKFLOW_MSG.stale });
    expect(can('TECHNICAL_REVIEW', 'CTC_Admin', 'mark-as-technical-awaiting-consensus')).toBe(true);
    expect(can('TECHNICAL_IN_STATE_CONSENSUS', 'State_Admin', 'mark-as-passed-technical')).toBe(true);
    expect(can('PASSED_TECHNICAL', 'State_Admin', 'mark-as-state-review')).toBe(true);
    expect(can('PASSED_TECHNICAL', 'CTC_Admin', 'mark-as-state-review')).toBe(false);
    expect(can('STATE_IN_STATE_CONSENSUS', 'State_Admin', 'mark-as-passed-state')).toBe(true);
  });

  it('sends revision from any review or consensus status (not from submitted or passed), and not-remediated from revision', () => {
    for (const s of ['GATING_REVIEW', 'GATING_AWAITING_STATE_CONSENSUS', 'TECHNICAL_IN_STATE_CONSENSUS', 'STATE_REVIEW'] as const) {
      expect(can(s, 'State_Admin', 'mark-as-revision-needed'), s).toBe(true);
    }
    for (const s of ['SUBMITTED', 'PASSED_GATING', 'PASSED_STATE', 'REVISION_NEEDED'] as const) expect(can(s, 'State_Admin', 'mark-as-revision-needed'), s).toBe(false);
    expect(can('GATING_REVIEW', 'RSM_Admin', 'mark-as-revision-needed')).toBe(false);
    expect(can('REVISION_NEEDED', 'State_Admin', 'mark-as-not-remediated')).toBe(true);
  });

  it('negotiates and awards only from passed state, and only the State_Admin', () => {
    expect(can('PASSED_STATE', 'State_Admin', 'mark-as-in-negotiation')).toBe(true);
    expect(can('PASSED_STATE', 'State_Admin', 'mark-as-awarded')).toBe(true);
    expect(can('IN_NEGOTIATION', 'State_Admin', 'mark-as-awarded')).toBe(true);
    expect(can('PASSED_TECHNICAL', 'State_Admin', 'mark-as-awarded')).toBe(false);
  });

  it('rejects and withdraws from every submitted-or-later non-final status; final statuses leave only through change-status', () => {
    const open = APPLICATION_STATUSES.filter((s) => s !== 'DRAFT' && !FINAL_STATUSES.includes(s));
    expect(open).toContain('NOT_REMEDIATED');
    expect(open).toContain('IN_NEGOTIATION');
    for (const s of open) {
      expect(can(s, 'State_Admin', 'mark-as-rejected'), s).toBe(true);
      expect(can(s, 'State_Admin', 'withdraw'), s).toBe(true);
    }
    for (const s of ['AWARDED', 'REJECTED', 'WITHDRAWN'] as const) {
      expect(allowedActions({ status: s, role: 'State_Admin' }), s).toEqual(['change-status']);
      for (const role of ALL_ROLES.filter((r) => r !== 'State_Admin')) expect(allowedActions({ status: s, role }), `${s} ${role}`).toEqual([]);
    }
    for (const role of ALL_ROLES) expect(allowedActions({ status: 'CANCELLED', role }), role).toEqual([]);
  });

  it('lets change-status (State_Admin only) reach every status the state sees, never a draft or cancelled one', () => {
    expect(CHANGE_STATUS_TARGETS).not.toContain('DRAFT');
    expect(CHANGE_STATUS_TARGETS).not.toContain('CANCELLED');
    expect(CHANGE_STATUS_TARGETS).toContain('AWARDED');
    expect(can('AWARDED', 'RSM_Admin', 'change-status')).toBe(false);
    expect(refusal({ status: 'SUBMITTED', role: 'RSM_Admin' }, 'change-status')).toEqual({ status: 403, message: MSG.actionNotAllowed });
  });

  it('offers assign-reviewers in a stage review to that stage\'s admins, and mark-review-in-progress to its reviewer while PENDING', () => {
    expect(can('GATING_REVIEW', 'RSM_Admin', 'assign-reviewers')).toBe(true);
    expect(can('GATING_REVIEW', 'CTC_Admin', 'assign-reviewers')).toBe(false);
    expect(can('TECHNICAL_REVIEW', 'CTC_Admin', 'assign-reviewers')).toBe(true);
    expect(can('STATE_REVIEW', 'State_Admin', 'assign-reviewers')).toBe(true);
    expect(can('SUBMITTED', 'State_Admin', 'assign-reviewers')).toBe(false);
    expect(can('GATING_REVIEW', 'RSM_Reviewer', 'mark-review-in-progress', 'PENDING')).toBe(true);
    expect(can('GATING_REVIEW', 'RSM_Reviewer', 'mark-review-in-progress', 'IN_PROGRESS')).toBe(false);
    expect(refusal({ status: 'GATING_REVIEW', role: 'RSM_Reviewer', assignment: 'IN_PROGRESS' }, 'mark-review-in-progress')?.status).toBe(409);
    expect(can('GATING_REVIEW', 'CTC_Reviewer', 'mark-review-in-progress', 'PENDING')).toBe(false);
    expect(can('TECHNICAL_REVIEW', 'CTC_Reviewer', 'mark-review-in-progress', 'PENDING')).toBe(true);
    expect(allowedActions({ status: 'GATING_REVIEW', role: 'RSM_Reviewer', assignment: 'PENDING' })).toEqual(['mark-review-in-progress']);
  });

  it('answers a stale state move 409 with the shared message, and a move outside the role 403', () => {
    expect(refusal({ status: 'GATING_REVIEW', role: 'State_Admin' }, 'mark-as-gating-review')).toEqual({ status: 409, message: WORKFLOW_MSG.stale });
    expect(refusal({ status: 'GATING_IN_STATE_CONSENSUS', role: 'RSM_Admin' }, 'mark-as-passed-gating')).toEqual({ status: 403, message: MSG.actionNotAllowed });
    expect(refusal({ status: 'SUBMITTED', role: 'RSM_Reviewer' }, 'mark-as-gating-review')).toEqual({ status: 403, message: MSG.actionNotAllowed });
  });

  it('has one route id per state move (spec 7 slugs), each a mark-as-… or withdraw or change-status', () => {
    expect(STATE_MOVE_IDS).toHaveLength(21);
    for (const id of STATE_MOVE_IDS) expect(id).toMatch(/^(mark-as-[a-z-]+|withdraw|change-status)$/);
    for (const s of APPLICATION_STATUSES) for (const id of actionsFrom(s)) expect(ACTION_IDS).toContain(id);
  });
});

describe('what a move needs', () => {
  it('asks a reject for a reason 1-9 and comments, with the spec reasons verbatim', () => {
    expect(REJECT_REASONS.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(REJECT_REASONS[8]?.text).toBe('Not recommended for funding.');
    expect(moveInputProblems('mark-as-rejected', {}, 'SUBMITTED')).toEqual({ reasonId: WORKFLOW_MSG.reasonRequired, comments: WORKFLOW_MSG.commentsRequired });
    expect(moveInputProblems('mark-as-rejected', { reasonId: 10, comments: 'x' }, 'SUBMITTED')).toEqual({ reasonId: WORKFLOW_MSG.reasonRequired });
    expect(moveInputProblems('mark-as-rejected', { reasonId: 5, comments: ' No ' }, 'SUBMITTED')).toEqual({});
  });

  it('asks a revision for sections and comments; change-status for a different status, comments, and sections when it reopens', () => {
    expect(moveInputProblems('mark-as-revision-needed', { comments: '  ' }, 'GATING_REVIEW')).toEqual({ sectionIds: WORKFLOW_MSG.sectionsRequired, comments: WORKFLOW_MSG.commentsRequired });
    expect(moveInputProblems('mark-as-revision-needed', { sectionIds: ['s1'], comments: 'Fix' }, 'GATING_REVIEW')).toEqual({});
    expect(moveInputProblems('change-status', { status: 'SUBMITTED', comments: 'x' }, 'SUBMITTED')).toEqual({ status: WORKFLOW_MSG.statusSame });
    expect(moveInputProblems('change-status', { status: 'DRAFT', comments: 'x' }, 'SUBMITTED')).toEqual({ status: WORKFLOW_MSG.statusRequired });
    expect(moveInputProblems('change-status', { status: 'REVISION_NEEDED', comments: 'x' }, 'AWARDED')).toEqual({ sectionIds: WORKFLOW_MSG.sectionsRequired });
    expect(targetStatus('change-status', { status: 'GATING_REVIEW' })).toBe('GATING_REVIEW');
  });

  it('takes optional comments on the other moves, at most 2000 characters', () => {
    expect(moveInputProblems('mark-as-gating-review', {}, 'SUBMITTED')).toEqual({});
    expect(moveInputProblems('withdraw', { comments: 'x'.repeat(2001) }, 'SUBMITTED')).toEqual({ comments: WORKFLOW_MSG.commentsTooLong });
  });
});

describe('the bulk bar\'s labels (issue 41 item 13)', () => {
  it('name every action once: the move back to review from consensus says so', () => {
    expect(bulkActionLabel('mark-as-gating-review')).toBe('Gating Review');
    expect(bulkActionLabel('mark-as-gating-review-state')).toBe('Gating Review (back from consensus)');
    expect(bulkActionLabel('mark-as-technical-review')).toBe('Technical Review');
    expect(bulkActionLabel('mark-as-technical-review-state')).toBe('Technical Review (back from consensus)');
    const labels = BULK_ACTION_IDS.map(bulkActionLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
