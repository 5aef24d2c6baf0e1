// The reviewers screen (spec 7 GET review/applications/reviewers/all; decision 044): review assignments with their
// reviewer, application, status, times and the stalled flag, and the per-reviewer counts.
import { get, type ApiSession } from './client.server';
import type { RoleName } from '../../domain/roles';
import type { ReviewerType } from '../../domain/review-assignments';
import type { Declaration } from '../../domain/reviewers';
import type { Stage } from '../../domain/permissions';
import type { AssignmentStatus } from '../../domain/workflow';

interface Paged {
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
}

export interface ReviewerAssignmentRow {
  id: string;
  reviewer: { id: string; firstName: string; lastName: string; email: string; role: RoleName };
  application: { id: string; organizationName: string; status: string };
  reviewerType: ReviewerType;
  stage: Stage;
  status: AssignmentStatus;
  assignedAt: string;
  startedAt: string | null;
  submittedAt: string | null;
  statusChangedAt: string;
  ageInDays: number;
  declaration: Declaration;
  stalled: boolean;
}
export interface ReviewerAssignmentsPage extends Paged {
  reviewers: ReviewerAssignmentRow[];
}

export interface ReviewerSummaryRow {
  reviewer: { id: string; firstName: string; lastName: string; email: string; role: RoleName; active: boolean };
  reviewerType: ReviewerType;
  stage: Stage;
  pending: number;
  inProgress: number;
  submitted: number;
  stalled: number;
  conflicts: number;
}
export interface ReviewerSummaryPage extends Paged {
  reviewers: ReviewerSummaryRow[];
}

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
