// The reviewers screen (spec 7 GET review/applications/reviewers/all; decision 044): review assignments with their
// reviewer, application, status, times and the stalled flag, and the per-reviewer counts.
import { get, type ApiSession } from './client.server';
// The answers' shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
import type { ReviewerAssignmentRow, ReviewerAssignmentsPage, ReviewerSummaryRow, ReviewerSummaryPage } from '../../domain/api-schemas';

export type { ReviewerAssignmentRow, ReviewerAssignmentsPage, ReviewerSummaryRow, ReviewerSummaryPage };

export interface ReviewerAssignmentsQuery {
  page: number;
  limit: number;
  reviewerId?: string;
  reviewerType?: string;
  reviewStatus?: string;
  applicationStatus?: string;
  stalled?: boolean;
  search?: string;
}

const defined = (query: Record<string, string | number | boolean | undefined>) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== false).map(([k, v]) => [k, String(v)]));

export const listReviewerAssignments = (api: ApiSession, query: ReviewerAssignmentsQuery) =>
  get<ReviewerAssignmentsPage>(api, '/review/applications/reviewers/all', defined({ ...query }));

export const listReviewerSummary = (api: ApiSession, query: { page: number; limit: number; reviewerType?: string; search?: string }) =>
  get<ReviewerSummaryPage>(api, '/review/applications/reviewers/summary', defined({ ...query }));
