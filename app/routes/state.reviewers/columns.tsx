// The reviewers screen's tables (decision 044): one row per assignment, and one row per reviewer with their counts,
// each count a link to that reviewer's filtered assignments. Plain elements the list kit's table styles (decision 015).
import { Link } from '../../components/link';
import type { Column } from '../../components/list-kit';
import { StatusTag } from '../../components/status-badge';
import { formatListDate } from '../../../domain/dates';
import { roleLabel } from '../../../domain/roles';
import { DECLARATION_LABELS } from '../../../domain/reviewers';
import type { ReviewerAssignmentRow, ReviewerSummaryRow } from '../../api/reviewers.server';
import { reviewPath } from '../state.applications.($tab)/columns';
import { reviewerAssignmentsPath, reviewStatusLabel } from './list-state';

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();
const stageLabel = (stage: string) => stage.charAt(0) + stage.slice(1).toLowerCase();
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function ReviewStatus({ row }: { row: Pick<ReviewerAssignmentRow, 'status' | 'stalled'> }) {
  return (
    <ul className="cell-list">
      <li>{reviewStatusLabel(row.status)}</li>
      {row.stalled ? (
        <li>
          <span className="ui-status-tag" data-palette="red" data-testid="stalled-tag">
            Stalled
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/** The reviewer's name, opening every assignment of theirs. */
function ReviewerLink({ reviewer }: { reviewer: ReviewerAssignmentRow['reviewer'] }) {
  return (
    <Link to={reviewerAssignmentsPath(reviewer.id)}>
      {fullName(reviewer)}
      <span className="visually-hidden">: every assignment</span>
    </Link>
  );
}

export const assignmentColumns: Column<ReviewerAssignmentRow>[] = [
  {
    header: 'Reviewer',
    cell: (r) => (
      <ul className="cell-list">
        <li>
          <ReviewerLink reviewer={r.reviewer} />
        </li>
        <li className="muted">{roleLabel(r.reviewer.role)}</li>
        <li className="muted">{r.reviewer.email}</li>
      </ul>
    ),
  },
  {
    header: 'Application',
    cell: (r) => (
      <ul className="cell-list">
        <li>
          <Link to={reviewPath(r.application.id)}>{r.application.id}</Link>
        </li>
        <li className="muted">{r.application.organizationName}</li>
      </ul>
    ),
    nowrap: true,
  },
  { header: 'Application Status', cell: (r) => <StatusTag status={r.application.status} /> },
  { header: 'Stage', cell: (r) => stageLabel(r.stage) },
  { header: 'Review Status', cell: (r) => <ReviewStatus row={r} />, nowrap: true },
  { header: 'Assigned', cell: (r) => formatListDate(r.assignedAt), nowrap: true },
  { header: 'Started', cell: (r) => formatListDate(r.startedAt) || <span className="muted">Not started</span>, nowrap: true },
  { header: 'Submitted', cell: (r) => formatListDate(r.submittedAt) || <span className="muted">Not submitted</span>, nowrap: true },
  { header: 'Age', cell: (r) => days(r.ageInDays), nowrap: true },
  { header: 'Declaration', cell: (r) => DECLARATION_LABELS[r.declaration] },
];

/** A count linking to the reviewer's assignments narrowed by it (0: plain text, nothing to open). */
function CountLink({ row, count, label, params }: { row: ReviewerSummaryRow; count: number; label: string; params: Record<string, string> }) {
  if (count === 0) return <>0</>;
  return (
    <Link to={reviewerAssignmentsPath(row.reviewer.id, params)}>
      {count}
      <span className="visually-hidden">
        {' '}
        {label} of {fullName(row.reviewer)}
      </span>
    </Link>
  );
}

export const summaryColumns: Column<ReviewerSummaryRow>[] = [
  {
    header: 'Reviewer',
    cell: (r) => (
      <ul className="cell-list">
        <li>
          <ReviewerLink reviewer={r.reviewer} />
          {r.reviewer.active ? null : <span className="muted"> (inactive)</span>}
        </li>
        <li className="muted">{r.reviewer.email}</li>
      </ul>
    ),
  },
  { header: 'Role', cell: (r) => roleLabel(r.reviewer.role) },
  { header: 'Pending', cell: (r) => <CountLink row={r} count={r.pending} label="pending reviews" params={{ reviewStatus: 'PENDING' }} /> },
  { header: 'In Progress', cell: (r) => <CountLink row={r} count={r.inProgress} label="reviews in progress" params={{ reviewStatus: 'IN_PROGRESS' }} /> },
  { header: 'Submitted', cell: (r) => <CountLink row={r} count={r.submitted} label="submitted reviews" params={{ reviewStatus: 'SUBMITTED' }} /> },
  { header: 'Stalled', cell: (r) => <CountLink row={r} count={r.stalled} label="stalled reviews" params={{ stalled: 'true' }} /> },
  { header: 'Conflicts Declared', cell: (r) => String(r.conflicts) },
];
