// The state's review of one application (spec 7 "State and review"): the application as the state sees it, the
// workflow's moves and assignment actions, and the reviewers an admin may assign. Failures are mapped by
// app/utils/api-errors.server.ts like every other call.
import { get, post, seg, type ApiSession } from './client.server';
import type { AnswerValue, QuestionMetadata, QuestionType, TableColumn, TextResponseType } from '../../domain/questions';
import type { ActionId, AssignmentStatus, MoveInput } from '../../domain/workflow';
import type { AreaCounts } from '../../domain/project-areas';
import type { AssignedReviewer, ReviewerType } from '../../domain/review-assignments';
import type { BulkAction, BulkPreviewRow, BulkResult } from '../../domain/bulk';

export type { AssignedReviewer, ReviewerType } from '../../domain/review-assignments';

export interface ReviewQuestion {
  id: string;
  systemNo: string;
  text: string;
  type: QuestionType;
  responseType: TextResponseType | null;
  displayOrder: number;
  tableColumns: TableColumn[] | null;
  additionalMetadata: QuestionMetadata | null;
  /** Shown under the application's conditions (a hidden question's answer is not part of the application). */
  visible: boolean;
  answer: AnswerValue;
  /** A stored file answer: its name and a short-lived signed link (relative to the API's origin when the disk holds it). */
  file: { fileName: string; signedUrl: string } | null;
}

export interface ReviewSection {
  id: string;
  name: string;
  slug: string;
  isEntityProfile: boolean;
  /** Reopened for the organization's revision. */
  unlocked: boolean;
  questions: ReviewQuestion[];
}

export interface ReviewApplication {
  application: {
    applicationId: string;
    programId: string;
    program: { name: string };
    status: string;
    stage: 'GATING' | 'TECHNICAL' | 'STATE' | null;
    /** The reviewer type of the current stage (who may be assigned now), null outside the stages. */
    reviewerType: ReviewerType | null;
    projectLocation: string | null;
    technologyType: string | null;
    createdAt: string;
    submittedAt: string | null;
    organization: { id: string; legalName: string };
  };
  projectArea: AreaCounts | null;
  sections: ReviewSection[];
  assignedReviewers: AssignedReviewer[];
  /** The caller's own assignment on it (reviewers). */
  myAssignment: AssignmentStatus | null;
  /** What the caller may do now (domain/workflow.ts allowedActions), in menu order. */
  allowedActions: ActionId[];
  /** Of those, Passed Gating / Passed Technical: why the consensus guard would refuse it now (null: it would pass; decision 041). */
  moveGuards?: Partial<Record<ActionId, string | null>>;
}

export interface ReviewerChoice {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  reviewerType: ReviewerType;
  openReviews: number;
}

export interface MoveAnswer {
  message: string;
  id: string;
  status: string;
  allowedActions: ActionId[];
}

export const reviewApplication = (api: ApiSession, id: string) => get<ReviewApplication>(api, `/review/applications/${seg(id)}`);

/** A status move of the workflow (POST review/applications/{id}/{actionId}): 400 with field errors, 403 role, 409 status. */
export const move = (api: ApiSession, id: string, actionId: ActionId, body: MoveInput) =>
  post<MoveAnswer>(api, `/review/applications/${seg(id)}/${seg(actionId)}`, body);

export const assignReviewers = (api: ApiSession, id: string, reviewerIds: string[]) =>
  post<{ message: string }>(api, `/review/applications/${seg(id)}/assign-reviewers`, { reviewerIds });

export const markReviewInProgress = (api: ApiSession, id: string) =>
  post<MoveAnswer>(api, `/review/applications/${seg(id)}/mark-review-in-progress`, {});

/** The active reviewers of a type the caller may assign, with their open reviews. */
export const reviewersOfType = (api: ApiSession, reviewerType: ReviewerType) =>
  get<{ reviewers: ReviewerChoice[] }>(api, '/users/all-reviewers-by-roles', { reviewerType }).then((r) => r.reviewers);

export type { BulkPreviewRow, BulkResult } from '../../domain/bulk';

export interface BulkPreview {
  action: BulkAction;
  rows: BulkPreviewRow[];
}

export interface BulkAnswer {
  action: BulkAction;
  results: BulkResult[];
}

/** A bulk action over the selected applications, previewed: each row allowed or refused on its own rules; writes nothing. */
export const bulkPreview = (api: ApiSession, actionId: ActionId, applicationIds: string[]) =>
  get<BulkPreview>(api, '/review/applications/bulk', { action: actionId, applicationIds: applicationIds.join(',') });

/** The bulk action made: each row moved (or assigned) in its own transaction, or refused on its own rules; 400 for the body. */
export const bulkMove = (api: ApiSession, actionId: ActionId, applicationIds: string[], body: MoveInput & { reviewerIds?: string[] }) =>
  post<BulkAnswer>(api, '/review/applications/bulk', { ...body, action: actionId, applicationIds });
