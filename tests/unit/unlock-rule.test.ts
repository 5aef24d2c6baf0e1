// When a section may be asked to be unlocked (domain/unlock-requests.ts, the one rule the API and the form read), and
// the history's words for an unlock that a status move locked again (issue 41 item 7). Expectations from spec 4 and
// the issue, written by hand.
import { describe, expect, it } from 'vitest';
import { requestRefusal, unlockRefusal, UNLOCK_MSG } from '../../domain/unlock-requests';
import { describeAction } from '../../domain/history';

const section = { isEntityProfile: false, unlocked: false, pending: false, windowOpen: true };

describe('an unlock request', () => {
  it('may be made for a locked section while the window is open: submitted, passed gating, and returned for revision alike', () => {
    for (const status of ['SUBMITTED', 'PASSED_GATING', 'REVISION_NEEDED']) {
      expect(requestRefusal({ ...section, status }), status).toBeNull();
      expect(unlockRefusal({ ...section, status }), status).toBeNull();
    }
  });

  it('is refused for the section a revision reopened (already unlocked), while one waits, and when the window is closed', () => {
    expect(requestRefusal({ ...section, status: 'REVISION_NEEDED', unlocked: true })).toBe('This section is already unlocked for changes.');
    expect(requestRefusal({ ...section, status: 'REVISION_NEEDED', pending: true })).toBe(UNLOCK_MSG.pending);
    expect(requestRefusal({ ...section, status: 'REVISION_NEEDED', windowOpen: false })).toBe(UNLOCK_MSG.windowClosedRefusal);
    expect(requestRefusal({ ...section, status: 'DRAFT' })).toBe(UNLOCK_MSG.draft);
    expect(requestRefusal({ ...section, status: 'CANCELLED' })).toBe(UNLOCK_MSG.cancelled);
  });
});

describe('the history of an unlock locked again', () => {
  const entry = (details: Record<string, unknown>) =>
    ({ action: 'SECTION_RELOCKED', details: { sectionName: 'Budget', changes: [{ systemNo: '35', from: '10', to: '12' }], ...details } }) as never;
  it('says how: by the section\'s own resubmit, with the application\'s resubmit, or by another status move', () => {
    expect(describeAction(entry({}))).toBe("Resubmitted the unlocked section Budget and locked it again (changed 35: '10' → '12')");
    expect(describeAction(entry({ move: 'resubmit' }))).toBe("Resubmitted the unlocked section Budget with the application, which locked it again (changed 35: '10' → '12')");
    expect(describeAction(entry({ move: 'mark-as-revision-needed', changes: [] }))).toBe("Locked the unlocked section Budget again as the application's status moved (no answer changed)");
  });
});
