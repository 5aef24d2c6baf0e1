// The state's review of one application (spec 7 "State and review"): the application as the state sees it, the
// workflow's moves and assignment actions, and the reviewers an admin may assign. Failures are mapped by
// app/utils/api-errors.server.ts like every other call.
import { get, post, seg, type ApiSession } from './client.server';
import type { BulkAnswer, BulkPreview, MoveAnswer, ReviewApplication, ReviewerChoice, ReviewersAssigned } from '../../domain/api-schemas';
import type { ActionId } from '../../domain/workflow';
import type { z } from 'zod';
import type { AssignBody, BulkBody, MoveBody } from '../../domain/api-requests';
import type { ReviewerType } from '../../domain/review-assignments';

export type { AssignedReviewer, ReviewerType } from '../../domain/review-assignments';

// The review screen's shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
export type { ReviewApplication, ReviewQuestion, ReviewSection, MoveAnswer } from '../../domain/api-schemas';

/** A reviewer an admin may assign: the documented schema's type (domain/api-schemas.ts ReviewerChoiceSchema). */
export type { ReviewerChoice };

export const reviewApplication = (api: ApiSession, id: string) => get<ReviewApplication>(api, `/review/applications/${seg(id)}`);

/** A status move of the workflow (POST review/applications/{id}/{actionId}): 400 with field errors, 403 role, 409 status. */
export const move = (api: ApiSession, id: string, actionId: ActionId, body: z.input<typeof MoveBody>) =>
  post<MoveAnswer>(api, `/review/applications/${seg(id)}/${seg(actionId)}`, body);

export const assignReviewers = (api: ApiSession, id: string, reviewerIds: string[]) =>
  post<ReviewersAssigned>(api, `/review/applications/${seg(id)}/assign-reviewers`, { reviewerIds } satisfies z.input<typeof AssignBody>);

export const markReviewInProgress = (api: ApiSession, id: string) =>
  post<MoveAnswer>(api, `/review/applications/${seg(id)}/mark-review-in-progress`, {});

/** The active reviewers of a type the caller may assign, with their open reviews. */
export const reviewersOfType = (api: ApiSession, reviewerType: ReviewerType) =>
  get<{ reviewers: ReviewerChoice[] }>(api, '/users/all-reviewers-by-roles', { reviewerType }).then((r) => r.reviewers);

// A bulk action's answers: the schemas the API documents (domain/api-schemas.ts BulkPreviewSchema, BulkAnswerSchema).
export type { BulkAnswer, BulkPreview, BulkPreviewRow, BulkResult } from '../../domain/api-schemas';

/** A bulk action over the selected applications, previewed: each row allowed or refused on its own rules; writes nothing. */
export const bulkPreview = (api: ApiSession, actionId: ActionId, applicationIds: string[]) =>
  get<BulkPreview>(api, '/review/applications/bulk', { action: actionId, applicationIds: applicationIds.join(',') });

/** The bulk action made: each row moved (or assigned) in its own transaction, or refused on its own rules; 400 for the body. */
export const bulkMove = (api: ApiSession, actionId: ActionId, applicationIds: string[], body: Omit<z.input<typeof BulkBody>, 'action' | 'applicationIds'>) =>
  post<BulkAnswer>(api, '/review/applications/bulk', { ...body, action: actionId, applicationIds } satisfies z.input<typeof BulkBody>);
