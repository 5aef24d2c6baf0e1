// The review screen's marking intents and URL parameter (decision 038), shared by the page (marking.tsx) and its
// server module (marking.server.ts, which the browser bundle leaves out).
export const MARKING_INTENTS = {
  declare: 'review-declare',
  save: 'review-save',
  submitSection: 'review-submit-section',
  decision: 'review-decision',
  unlock: 'review-unlock',
  consensus: 'review-consensus',
} as const;
const INTENTS: readonly string[] = Object.values(MARKING_INTENTS);
export const isMarkingIntent = (intent: string) => INTENTS.includes(intent);

/** The query parameter of the open Unlock review dialog (the reviewer's id). */
export const REVIEW_UNLOCK_PARAM = 'reviewUnlock';

/** The query parameter of the open Set consensus dialog (the question's id). */
export const CONSENSUS_PARAM = 'consensus';

/**
 * The id of a question's row in the consensus table, the fragment a saved consensus value returns to (issue 41): the
 * table is the page's last part, so the page's top would cost a page-down for each question. The row's header is
 * focusable (tabindex -1), so the browser, even without script, puts focus there when it follows the fragment.
 */
export const consensusRowId = (systemNo: string) => `consensus-q${systemNo}`;
