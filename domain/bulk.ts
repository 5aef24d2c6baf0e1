// What a bulk action on the state's list answers (decision 032), one shape for the API (api/services/bulk-moves.ts)
// and the UI's typed client (app/api/review.server.ts): per row, a preview (allowed, or why not) and a result.
import type { ReviewerType } from './review-assignments';
import type { ActionId } from './workflow';

export interface BulkAction {
  id: ActionId;
  label: string;
}

/** A selected application as the action would meet it (GET review/applications/bulk); nothing is written. */
export interface BulkPreviewRow {
  applicationId: string;
  /** null when the caller may not see the application (or it does not exist): `message` says 'Application not found'. */
  organization: { id: string; name: string } | null;
  status: string | null;
  allowed: boolean;
  /** Why the row is refused, null when allowed. */
  message: string | null;
  /** The reviewer type of the application's current stage (who Assign Reviewer chooses from), null outside a stage. */
  reviewerType: ReviewerType | null;
}

/** What happened to one selected application (POST review/applications/bulk). */
export interface BulkResult {
  applicationId: string;
  ok: boolean;
  /** The status before the action (a refused row: its current status); null when not visible. */
  fromStatus: string | null;
  /** The status after it (a refused or assignment row: the same as fromStatus). */
  status: string | null;
  /** The action's success message, or the refusal's. */
  message: string;
}
