// Passes through a stage's review (docs/decisions/047), pure: when does a move close the passes a stage has had, so
// that its review starts again from nothing? The live review tables (assignments' states, marks, section submissions,
// decisions, unlocks, consensus) only ever hold the current pass; api/services/review-passes.ts copies a closed pass
// to review_passes and clears it, inside the move's transaction (api/services/application-moves.ts).
import type { Stage } from './permissions';
import type { ApplicationStatus } from './statuses';
import { STAGES } from './workflow';

/** The statuses of a revision: the organization changed (or may have changed) its answers since the last review. */
export const REVISION_STATUSES: readonly ApplicationStatus[] = ['REVISION_NEEDED', 'RESUBMITTED'];

/** One status move of an application's history (logged_actions from_status → to_status, from ≠ to), oldest first. */
export interface StatusMove {
  from: string | null;
  to: string | null;
}

const isRevision = (status: string | null) => status !== null && (REVISION_STATUSES as readonly string[]).includes(status);

/** The stage whose REVIEW status `to` is, if it is one: only a move into a stage's review can restart a pass. */
export const stageReviewEntered = (to: string | null): Stage | null => STAGES.find((stage) => to === `${stage}_REVIEW`) ?? null;

/**
 * The stages whose current pass the LAST of `moves` closes (`moves`: the application's status moves in order, the move
 * just made last). A stage's pass is stale once the application has been through a revision (into or out of
 * REVISION_NEEDED or RESUBMITTED) since that pass began, whatever the path since (resubmit, or Assign Status to
 * SUBMITTED, REJECTED...). A move into a stage's REVIEW status whose pass is stale closes it and every later stage's
 * (the answers changed, so whatever was reviewed from that stage on is stale); those stages' new passes begin there.
 * Earlier stages keep theirs until the application enters their review again. Nothing else closes a pass: a return to
 * review from consensus (mark-as-{stage}-review-state), or an Assign Status reset with no revision since the pass began.
 */
export function stagesRestarted(moves: readonly StatusMove[]): Stage[] {
  return foldPasses(moves).restarted;
}

/**
 * The stages whose current pass is stale after `moves`: the application went through a revision since the pass began
 * and has not entered that stage's review since. Their reviews judged answers that may have changed, so the consensus
 * guards (domain/consensus-guards.ts) refuse to pass such a stage on them, whatever the path to PASSED_{stage}.
 */
export function staleStages(moves: readonly StatusMove[]): Set<Stage> {
  return foldPasses(moves).stale;
}

function foldPasses(moves: readonly StatusMove[]): { stale: Set<Stage>; restarted: Stage[] } {
  const stale = new Set<Stage>();
  let restarted: Stage[] = [];
  for (const move of moves) {
    if (isRevision(move.from) || isRevision(move.to)) for (const stage of STAGES) stale.add(stage);
    const entered = stageReviewEntered(move.to);
    restarted = entered && stale.has(entered) ? STAGES.slice(STAGES.indexOf(entered)) : [];
    for (const stage of restarted) stale.delete(stage);
  }
  return { stale, restarted };
}

/** The current pass of a stage, given how many passes were closed (review_passes rows of that stage). */
export const currentPass = (closedPasses: number): number => closedPasses + 1;
