// Which moves start a stage's review again (decision 047): from a revision status into a stage's review, that stage
// and every later one; nothing else.
import { describe, expect, it } from 'vitest';
import { currentPass, stagesRestarted } from '../../domain/review-passes';

describe('stagesRestarted', () => {
  it('restarts the entered stage and every later one when a revised application enters a review', () => {
    expect(stagesRestarted('RESUBMITTED', 'GATING_REVIEW')).toEqual(['GATING', 'TECHNICAL', 'STATE']);
    expect(stagesRestarted('RESUBMITTED', 'TECHNICAL_REVIEW')).toEqual(['TECHNICAL', 'STATE']);
    expect(stagesRestarted('RESUBMITTED', 'STATE_REVIEW')).toEqual(['STATE']);
    // Assign Status straight from Revision Needed: the answers may have changed too.
    expect(stagesRestarted('REVISION_NEEDED', 'GATING_REVIEW')).toEqual(['GATING', 'TECHNICAL', 'STATE']);
  });

  it('keeps the pass for every other move', () => {
    expect(stagesRestarted('SUBMITTED', 'GATING_REVIEW')).toEqual([]);
    expect(stagesRestarted('GATING_IN_STATE_CONSENSUS', 'GATING_REVIEW')).toEqual([]);
    expect(stagesRestarted('GATING_AWAITING_STATE_CONSENSUS', 'GATING_REVIEW')).toEqual([]);
    expect(stagesRestarted('PASSED_GATING', 'TECHNICAL_REVIEW')).toEqual([]);
    expect(stagesRestarted('RESUBMITTED', 'REJECTED')).toEqual([]);
    expect(stagesRestarted('REVISION_NEEDED', 'RESUBMITTED')).toEqual([]);
    expect(stagesRestarted('RESUBMITTED', 'GATING_IN_STATE_CONSENSUS')).toEqual([]);
    expect(stagesRestarted('RESUBMITTED', null)).toEqual([]);
  });

  it('numbers the current pass one after the passes closed', () => {
    expect(currentPass(0)).toBe(1);
    expect(currentPass(2)).toBe(3);
  });
});
