// A reviewer's marking of an application and the review summary (decision 038; API: api/routes/review-marking.ts).
// Failures are mapped by app/utils/api-errors.server.ts like every other call.
import { get, post, put, seg, type ApiSession } from './client.server';
import type { ReviewApplication } from './review.server';
import type { PassFail, ReviewDecision } from '../../domain/review-marks';
import type { Stage } from '../../domain/permissions';
import type { AssignmentStatus } from '../../domain/workflow';
import type { EarlierPass } from '../../api/services/review-pass-history';

/** The caller's own review of the application's current stage (GET review/applications/{id} `myReview`). */
export interface MyReview {
  stage: Stage;
  assignment: AssignmentStatus;
  declaration: { conflict: boolean; note: string | null; declaredAt: string } | null;
  marks: { questionId: string; passFail: PassFail | null; score: number | null; comment: string | null }[];
  submittedSectionIds: string[];
  decision: { decision: ReviewDecision; comments: string; submittedAt: string } | null;
  /** Per section the stage marks, the version of the reviewer's marks of it: a save names the one it started from (decision 099). */
  markVersions: Record<string, string>;
}

export interface Declaration {
  reviewerId: string;
  firstName: string;
  lastName: string;
  stage: Stage;
  conflict: boolean;
  note: string | null;
  declaredAt: string;
}

/** GET review/applications/{id} with the marking fields (decision 038). */
export type ReviewWithMarking = ReviewApplication & {
  /** A reviewer who has not declared "no conflict of interest" yet gets no answers. */
  answersHidden: boolean;
  myReview: MyReview | null;
  /** Conflict-of-interest declarations, for the admins (empty for reviewers). */
  declarations: Declaration[];
};

export interface StageFigures {
  overallScore: { actual: number; possible: number; percentage: number };
  overallPassFail: { passCount: number; failCount: number; total: number };
}

export interface ReviewSummary extends StageFigures {
  applicationId: string;
  programId: string;
  /** Every stage (the State stage with no figures), each with its current pass's decisions the caller sees. */
  stages: (StageFigures & {
    stage: Stage; markedQuestions: number; submittedReviews: number;
    decisions: { reviewerId: string; name: string; decision: ReviewDecision; comments: string; submittedAt: string }[];
  })[];
}

export interface MarkBody {
  questionId: string;
  passFail?: PassFail | null;
  score?: number | null;
  comment?: string | null;
}

export const reviewSummary = (api: ApiSession, id: string) => get<ReviewSummary>(api, `/review/applications/${seg(id)}/review-summary`);

export const declareConflict = (api: ApiSession, id: string, body: { conflict: boolean; note?: string | null }) =>
  post<{ message: string; conflict: boolean }>(api, `/review/applications/${seg(id)}/conflict-of-interest`, body);

/** `version`: the version of the section's marks the form started from (decision 099); a stale one answers 409. */
export const saveMarks = (api: ApiSession, id: string, sectionId: string, marks: MarkBody[], version?: string) =>
  put<{ message: string; version: string }>(api, `/review/applications/${seg(id)}/sections/${seg(sectionId)}/marks`, { marks, ...(version ? { version } : {}) });

export const submitSection = (api: ApiSession, id: string, sectionId: string) =>
  post<{ message: string }>(api, `/review/applications/${seg(id)}/sections/${seg(sectionId)}/submit`, {});

export const submitDecision = (api: ApiSession, id: string, body: { decision: string; comments: string }) =>
  post<{ message: string; movedTo: string | null }>(api, `/review/applications/${seg(id)}/submit-review-decision`, body);

export const unlockReview = (api: ApiSession, id: string, reviewerId: string, comment: string) =>
  put<{ message: string }>(api, `/review/applications/applications/${seg(id)}/reviews/${seg(reviewerId)}/unlock`, { comment });

export interface ConsensusRow {
  questionId: string;
  systemNo: string;
  text: string;
  sectionName: string;
  mode: 'PASS_FAIL' | 'SCORE';
  max: number | null;
  reviews: { reviewerId: string; name: string; passFail: PassFail | null; score: number | null; comment: string | null }[];
  mean: number | null;
  majority: PassFail | null;
  /** Null in a reviewer's own sight, as mean, majority and consensus. */
  disagreement: boolean | null;
  consensus: { overrideScore: number | null; overridePassFail: PassFail | null; adminComments: string | null; updatedAt: string } | null;
}

/**
 * Review rubric 4: the submitted reviews of the current stage per question, side by side, as far as the caller's sight
 * goes (domain/review-sight.ts): 'all' whole; 'own' (a reviewer) only their own marks, no consensus fields; no sight: 403.
 */
export const consensusOf = (api: ApiSession, id: string) =>
  get<{ applicationId: string; stage: Stage | null; sight: 'all' | 'own' | null; questions: ConsensusRow[] }>(api, `/review/applications/${seg(id)}/consensus`);

export const setConsensus = (api: ApiSession, id: string, questionId: string, body: { overrideScore?: number | null; overridePassFail?: PassFail | null; adminComments?: string | null }) =>
  put<{ message: string }>(api, `/review/applications/${seg(id)}/questions/${seg(questionId)}/average-score`, body);

/** An earlier pass through a stage (decision 051; GET review/applications/{id}/passes), as the caller may see it: the
 * service's own type, as the API answers it (every date already an ISO string). */
export type { EarlierPass };

/** The earlier passes through the application's stages the caller may see (stage order, newest pass first). */
export const earlierPasses = (api: ApiSession, id: string) =>
  get<{ applicationId: string; passes: EarlierPass[] }>(api, `/review/applications/${seg(id)}/passes`);
