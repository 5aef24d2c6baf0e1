// A reviewer's marking of an application and the review summary (decision 038; API: api/routes/review-marking.ts).
// Failures are mapped by app/utils/api-errors.server.ts like every other call.
import { get, post, put, seg, type ApiSession } from './client.server';
import type { ConflictDeclared, Consensus, ConsensusSet, DecisionSubmitted, EarlierPass, EarlierPasses, MarksSaved, ReviewApplication, ReviewSummary, ReviewUnlocked, SectionReviewSubmitted } from '../../domain/api-schemas';
import type { z } from 'zod';
import type { ConflictBody, ConsensusBody, DecisionBody, EmptyBody, MarksBody, ReviewUnlockBody } from '../../domain/api-requests';

// The answers' shapes are the schemas the API documents (domain/api-schemas.ts, decision 098). GET review/applications/{id}
// carries the marking fields (answersHidden, myReview, declarations) in ReviewApplication itself.
export type { Consensus, ConsensusRow, Declaration, MyReview, ReviewSummary } from '../../domain/api-schemas';
export type ReviewWithMarking = ReviewApplication;
/** One stage's figures of the review summary. */
export type StageFigures = Pick<ReviewSummary, 'overallScore' | 'overallPassFail'>;

/** One question's marks in PUT …/marks (domain/api-requests.ts MarksBody). */
export type MarkBody = z.input<typeof MarksBody>['marks'][number];

export const reviewSummary = (api: ApiSession, id: string) => get<ReviewSummary>(api, `/review/applications/${seg(id)}/review-summary`);

export const declareConflict = (api: ApiSession, id: string, body: z.input<typeof ConflictBody>) =>
  post<ConflictDeclared>(api, `/review/applications/${seg(id)}/conflict-of-interest`, body);

/** `version`: the version of the section's marks the form started from (decision 099); a stale one answers 409. */
export const saveMarks = (api: ApiSession, id: string, sectionId: string, marks: MarkBody[], version?: string) =>
  put<MarksSaved>(api, `/review/applications/${seg(id)}/sections/${seg(sectionId)}/marks`, { marks, ...(version ? { version } : {}) } satisfies z.input<typeof MarksBody>);

export const submitSection = (api: ApiSession, id: string, sectionId: string) =>
  post<SectionReviewSubmitted>(api, `/review/applications/${seg(id)}/sections/${seg(sectionId)}/submit`, {} satisfies z.input<typeof EmptyBody>);

export const submitDecision = (api: ApiSession, id: string, body: z.input<typeof DecisionBody>) =>
  post<DecisionSubmitted>(api, `/review/applications/${seg(id)}/submit-review-decision`, body);

export const unlockReview = (api: ApiSession, id: string, reviewerId: string, comment: string) =>
  put<ReviewUnlocked>(api, `/review/applications/applications/${seg(id)}/reviews/${seg(reviewerId)}/unlock`, { comment } satisfies z.input<typeof ReviewUnlockBody>);

/**
 * Review rubric 4: the submitted reviews of the current stage per question, side by side, as far as the caller's sight
 * goes (domain/review-sight.ts): 'all' whole; 'own' (a reviewer) only their own marks, no consensus fields; no sight: 403.
 */
export const consensusOf = (api: ApiSession, id: string) =>
  get<Consensus>(api, `/review/applications/${seg(id)}/consensus`);

export const setConsensus = (api: ApiSession, id: string, questionId: string, body: z.input<typeof ConsensusBody>) =>
  put<ConsensusSet>(api, `/review/applications/${seg(id)}/questions/${seg(questionId)}/average-score`, body);

/** An earlier pass through a stage (decision 051; GET review/applications/{id}/passes), as the caller may see it: the
 * schema the API documents. */
export type { EarlierPass };

/** The earlier passes through the application's stages the caller may see (stage order, newest pass first). */
export const earlierPasses = (api: ApiSession, id: string) =>
  get<EarlierPasses>(api, `/review/applications/${seg(id)}/passes`);
