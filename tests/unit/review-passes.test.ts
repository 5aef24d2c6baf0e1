// Which moves start a stage's review again (decision 047): a move into a stage's review once the application has been
// through a revision since that stage's pass began, whatever the path; that stage and every later one; nothing else.
import { describe, expect, it } from 'vitest';
import { currentPass, stageReviewEntered, stagesRestarted, staleStages, type StatusMove } from '../../domain/review-passes';

/** A history of moves from a walk of statuses: ['SUBMITTED', 'GATING_REVIEW', ...] → SUBMITTED→GATING_REVIEW, .... */
const walk = (...statuses: string[]): StatusMove[] => statuses.slice(1).map((to, i) => ({ from: statuses[i]!, to }));
const ALL = ['GATING', 'TECHNICAL', 'STATE'];

describe('stagesRestarted', () => {
  it('restarts the entered stage and every later one when a revised application enters a review', () => {
    // The machine's way back (DESIGN 4: RESUBMITTED → GATING_REVIEW only): gating, technical and state all start again.
    expect(stagesRestarted(walk('REVISION_NEEDED', 'RESUBMITTED', 'GATING_REVIEW'))).toEqual(ALL);
    // Assign Status (the State_Admin's any → any) from Resubmitted straight into a later review: that stage and the later ones.
    expect(stagesRestarted(walk('REVISION_NEEDED', 'RESUBMITTED', 'TECHNICAL_REVIEW'))).toEqual(['TECHNICAL', 'STATE']);
    expect(stagesRestarted(walk('REVISION_NEEDED', 'RESUBMITTED', 'STATE_REVIEW'))).toEqual(['STATE']);
    // Assign Status straight from Revision Needed: the answers may have changed too.
    expect(stagesRestarted(walk('GATING_IN_STATE_CONSENSUS', 'REVISION_NEEDED', 'GATING_REVIEW'))).toEqual(ALL);
  });

  it('restarts after a revision whatever the path back into the review (Assign Status to Submitted, Rejected...)', () => {
    const reviewed = ['SUBMITTED', 'GATING_REVIEW', 'GATING_AWAITING_STATE_CONSENSUS', 'GATING_IN_STATE_CONSENSUS', 'REVISION_NEEDED'];
    expect(stagesRestarted(walk(...reviewed, 'SUBMITTED', 'GATING_REVIEW'))).toEqual(ALL);
    expect(stagesRestarted(walk(...reviewed, 'REJECTED', 'SUBMITTED', 'GATING_REVIEW'))).toEqual(ALL);
    // A stage not entered since the revision stays stale: a revision asked in technical, taken back into technical (by
    // Assign Status: the machine's moves go through gating), then gating entered again restarts gating (and the later stages).
    const technical = [...reviewed.slice(0, 4), 'PASSED_GATING', 'TECHNICAL_REVIEW', 'TECHNICAL_IN_STATE_CONSENSUS', 'REVISION_NEEDED', 'RESUBMITTED', 'TECHNICAL_REVIEW'];
    expect(stagesRestarted(walk(...technical))).toEqual(['TECHNICAL', 'STATE']);
    expect(stagesRestarted(walk(...technical, 'SUBMITTED', 'GATING_REVIEW'))).toEqual(ALL);
  });

  it('restarts a pass once: the new pass began after the revision', () => {
    const again = walk('GATING_REVIEW', 'REVISION_NEEDED', 'RESUBMITTED', 'GATING_REVIEW', 'GATING_IN_STATE_CONSENSUS');
    expect(stagesRestarted([...again, { from: 'GATING_IN_STATE_CONSENSUS', to: 'GATING_REVIEW' }])).toEqual([]);
    expect(stagesRestarted([...again, ...walk('GATING_IN_STATE_CONSENSUS', 'SUBMITTED', 'GATING_REVIEW')])).toEqual([]);
    // A revision asked before any review: the first pass began after it.
    expect(stagesRestarted(walk('SUBMITTED', 'REVISION_NEEDED', 'RESUBMITTED', 'GATING_REVIEW', 'SUBMITTED', 'GATING_REVIEW'))).toEqual([]);
  });

  it('keeps the pass for every other move', () => {
    expect(stagesRestarted(walk('SUBMITTED', 'GATING_REVIEW'))).toEqual([]);
    expect(stagesRestarted(walk('SUBMITTED', 'GATING_REVIEW', 'GATING_IN_STATE_CONSENSUS', 'GATING_REVIEW'))).toEqual([]);
    expect(stagesRestarted(walk('GATING_AWAITING_STATE_CONSENSUS', 'GATING_REVIEW'))).toEqual([]);
    expect(stagesRestarted(walk('PASSED_GATING', 'TECHNICAL_REVIEW'))).toEqual([]);
    // An Assign Status reset with no revision (the state-review journey's reset of demo applications).
    expect(stagesRestarted(walk('SUBMITTED', 'GATING_REVIEW', 'GATING_IN_STATE_CONSENSUS', 'SUBMITTED', 'GATING_REVIEW'))).toEqual([]);
    expect(stagesRestarted(walk('RESUBMITTED', 'REJECTED'))).toEqual([]);
    expect(stagesRestarted(walk('REVISION_NEEDED', 'RESUBMITTED'))).toEqual([]);
    expect(stagesRestarted(walk('RESUBMITTED', 'GATING_IN_STATE_CONSENSUS'))).toEqual([]);
    expect(stagesRestarted(walk('RESUBMITTED'))).toEqual([]);
    expect(stagesRestarted([{ from: 'RESUBMITTED', to: null }])).toEqual([]);
  });

  it('tells which stages are stale: revised since their pass began, their review not entered since', () => {
    const reviewed = ['SUBMITTED', 'GATING_REVIEW', 'GATING_IN_STATE_CONSENSUS', 'PASSED_GATING', 'TECHNICAL_REVIEW'];
    expect([...staleStages(walk(...reviewed))]).toEqual([]);
    expect([...staleStages(walk(...reviewed, 'REVISION_NEEDED', 'GATING_IN_STATE_CONSENSUS'))]).toEqual(ALL);
    // Entering technical's review again (Assign Status) restarts technical (and state), not gating.
    expect([...staleStages(walk(...reviewed, 'REVISION_NEEDED', 'RESUBMITTED', 'TECHNICAL_REVIEW'))]).toEqual(['GATING']);
    expect([...staleStages(walk(...reviewed, 'REVISION_NEEDED', 'RESUBMITTED', 'GATING_REVIEW'))]).toEqual([]);
    // A reset with no revision leaves nothing stale.
    expect([...staleStages(walk(...reviewed, 'SUBMITTED', 'PASSED_GATING'))]).toEqual([]);
  });

  it('knows a stage review status', () => {
    expect(stageReviewEntered('TECHNICAL_REVIEW')).toBe('TECHNICAL');
    expect(stageReviewEntered('TECHNICAL_IN_STATE_CONSENSUS')).toBeNull();
    expect(stageReviewEntered(null)).toBeNull();
  });

  it('numbers the current pass one after the passes closed', () => {
    expect(currentPass(0)).toBe(1);
    expect(currentPass(2)).toBe(3);
  });
});
