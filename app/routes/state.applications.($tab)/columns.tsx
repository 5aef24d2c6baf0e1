// The state applications table (spec 2 Applications screen, issue 10 UI 1): its columns and row actions, plain
// elements the list kit's table styles (decision 015). The review screen (H5's) and the history (H7's) are
// reached as /state/applications/review-application/{id} and /state/applications/view-history/{id}.
import { Link } from '../../components/link';
import type { Column } from '../../components/list-kit';
import { StatusTag } from '../../components/status-badge';
import { statusLabel } from '../../../domain/statuses';
import type { ListedReviewer } from '../../api/review-list.server';
import { RUBRIC_OPEN, RUBRIC_PARAM } from '../state.$section.review-application.$id/rubric-intents';

/** The section of the state's URLs these rows open in (the list's own, like the org form's 'applications'). */
const SECTION = 'applications';
export const reviewPath = (id: string) => `/state/${SECTION}/review-application/${id}`;
export const historyPath = (id: string) => `/state/${SECTION}/view-history/${id}`;

/** A reviewer as the row shows them: their name and where their review stands. */
export const reviewerText = (r: RowReviewer) => `${r.firstName} ${r.lastName} (${statusLabel(r.status)})`;

type RowReviewer = Pick<ListedReviewer, 'id' | 'firstName' | 'lastName' | 'status'>;

function Reviewers({ reviewers }: { reviewers: RowReviewer[] }) {
  if (reviewers.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="cell-list">
      {reviewers.map((r) => (
        <li key={r.id}>{reviewerText(r)}</li>
      ))}
    </ul>
  );
}

export interface RowMove {
  id: string;
  label: string;
}

/**
 * A row as the page carries it to the browser: what the table shows, the date already as the list writes it, and
 * the caller's moves with their menu labels (worked out on the server, so the status machine stays there). The
 * API's other fields (ids, the organization's id, the action ids) would be written into the page and read again
 * by the browser for nothing (issue 8).
 */
export interface StateListRow {
  applicationId: string;
  status: string;
  submitted: string;
  projectLocation: string | null;
  organizationName: string;
  programName: string;
  reviewers: RowReviewer[];
  moves: RowMove[];
}

function RowActions({ app, scorePreview }: { app: StateListRow; scorePreview: boolean }) {
  const id = app.applicationId;
  // A list: read one by one ("View GA-…", "History of GA-…"), not run together (decision 024).
  return (
    <ul className="row-actions">
      <li>
        <Link to={reviewPath(id)} aria-label={`View ${id}`}>
          View
        </Link>
      </li>
      <li>
        <Link to={historyPath(id)} aria-label={`History of ${id}`}>
          History
        </Link>
      </li>
      {scorePreview ? (
        <li>
          {/* The review screen's Score Preview (decision 042), opened by its URL. */}
          <Link to={`${reviewPath(id)}?${RUBRIC_PARAM}=${RUBRIC_OPEN}`} aria-label={`Score Preview: ${id}`}>
            Score Preview
          </Link>
        </li>
      ) : null}
      {app.moves.map((move) => (
        <li key={move.id}>
          {/* The review screen's action panel, opened by its URL (?action=…): a dialog with JavaScript, a panel without. */}
          <Link to={`${reviewPath(id)}?action=${move.id}`} aria-label={`${move.label}: ${id}`}>
            {move.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A row's box for the bulk bar (the list's GET form to /state/applications/bulk names each chosen id). */
function SelectBox({ id }: { id: string }) {
  return (
    <label className="ui-select-box">
      <input type="checkbox" name="id" value={id} data-testid="select-row" />
      <span className="visually-hidden">Select {id}</span>
    </label>
  );
}

/**
 * The columns; `selectable` puts a box first in each row for the bulk bar; `scorePreview`: the caller reads the
 * rubric (a Score Preview per row).
 */
export function reviewColumns(selectable = false, scorePreview = false): Column<StateListRow>[] {
  return [
    ...(selectable ? [{ header: 'Select', cell: (app: StateListRow) => <SelectBox id={app.applicationId} /> }] : []),
    {
      header: 'Application ID',
      cell: (app) => (
        <Link to={reviewPath(app.applicationId)} className="row-link">
          {app.applicationId}
        </Link>
      ),
      nowrap: true,
    },
    { header: 'Organization', cell: (app) => app.organizationName },
    { header: 'Program Name', cell: (app) => app.programName },
    { header: 'Submitted Date', cell: (app) => app.submitted, nowrap: true },
    { header: 'Status', cell: (app) => <StatusTag status={app.status} /> },
    { header: 'Project Location', cell: (app) => app.projectLocation },
    { header: 'Reviewers', cell: (app) => <Reviewers reviewers={app.reviewers} /> },
    { header: 'Actions', cell: (app) => <RowActions app={app} scorePreview={scorePreview} /> },
  ];
}
