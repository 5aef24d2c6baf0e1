// History in words (domain/history.ts): the workflow's entries, the Status column's "from → to", and the action
// filter's choices (every described action, each with its label).
import { describe, expect, it } from 'vitest';
import { actionLabel, describeAction, HISTORY_ACTIONS, statusMove, type HistoryEntry } from '../../domain/history';

const base: HistoryEntry = { action: 'STATUS_CHANGED', applicationId: 'GA-ABC123', fromStatus: null, toStatus: null, comments: null, details: null };

describe('history of the state workflow', () => {
  it('describes assignments and reviews started, with the names the API resolved', () => {
    expect(describeAction({ ...base, action: 'REVIEWERS_ASSIGNED', reviewerNames: ['Rita Reviewer', 'Sam Second'] })).toBe(
      'Assigned the reviewers of GA-ABC123: Rita Reviewer, Sam Second',
    );
    expect(describeAction({ ...base, action: 'REVIEWERS_ASSIGNED', reviewerNames: [] })).toBe('Assigned the reviewers of GA-ABC123: none');
    expect(describeAction({ ...base, action: 'REVIEW_IN_PROGRESS' })).toBe('Started the review of GA-ABC123');
  });

  it("shows a status move as 'from → to', and nothing for an entry that moved no status", () => {
    expect(statusMove({ fromStatus: 'GATING_REVIEW', toStatus: 'REJECTED' })).toBe('Gating Review → Rejected');
    expect(statusMove({ fromStatus: null, toStatus: 'SUBMITTED' })).toBe('— → Submitted');
    expect(statusMove({ fromStatus: null, toStatus: null })).toBe('');
    expect(statusMove({ fromStatus: 'GATING_REVIEW', toStatus: 'GATING_REVIEW' })).toBe('');
  });

  it('offers every described action in the filter, each under its own label', () => {
    expect(HISTORY_ACTIONS[0]).toBe('STATUS_CHANGED');
    expect(HISTORY_ACTIONS).toEqual(expect.arrayContaining(['REVIEWERS_ASSIGNED', 'REVIEW_IN_PROGRESS', 'APPLICATION_SUBMITTED', 'APPLICATION_RESUBMITTED']));
    const labels = HISTORY_ACTIONS.map(actionLabel);
    expect(new Set(labels).size).toBe(HISTORY_ACTIONS.length);
    expect(actionLabel('STATUS_CHANGED')).toBe('Status changed');
    // Each is described by its own words, not by the fallback that spells out the code.
    for (const action of HISTORY_ACTIONS) expect(describeAction({ ...base, action, fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW' })).not.toBe(actionLabel(action));
  });
});
