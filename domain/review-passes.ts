// Passes through a stage's review (docs/decisions/047), pure: when does a move close the passes a stage has had, so
// that its review starts again from nothing? The live review tables (assignments' states, marks, section submissions,
// decisions, unlocks, consensus) only ever hold the current pass; api/services/review-passes.ts copies a closed pass
// to review_passes and clears it, inside the move's transaction (api/services/application-moves.ts).
import type { Stage } from './permissions';
import type { ApplicationStatus } from './statuses';
import { STAGES } from './workflow';

/** The statuses of a revision: the organization changed (or may have changed) its answers since the last review. */
export const REVISION_STATUSES: readonly ApplicationStatus[] = ['REVISION_NEEDED', 'RESUBMITTED'];

/**
 * The stages whose current pass a move closes: a move from a revision status into a stage's REVIEW status closes that
 * stage's pass and every later stage's (the answers changed, so whatever was reviewed from that stage on is stale;
 * earlier stages, already passed, keep theirs). Every other move keeps the passes: a return to review from consensus
 * (mark-as-{stage}-review-state) is the same pass, and so is an Assign Status reset that is not a revision.
 */
export function stagesRestarted(from: ApplicationStatus, to: ApplicationStatus | null): Stage[] {
  if (!to || !REVISION_STATUSES.includes(from)) return [];
  const entered = STAGES.findIndex((stage) => to === `${stage}_REVIEW`);
  return entered < 0 ? [] : STAGES.slice(entered);
}

/** The current pass of a stage, given how many passes were closed (review_passes rows of that stage). */
export const currentPass = (closedPasses: number): number => closedPasses + 1;
