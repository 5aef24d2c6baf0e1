// The review screen's header (status, organization, project area with its counts, technology, stage, assigned
// reviewers and their assignment status), its action menu (exactly the actions the caller may take now, spec 4's
// labels; each a link that opens its confirmation, ?action=, so it works without JavaScript), and the sections as
// steps (?step=).
import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { StatusTag } from '../../components/status-badge';
import { formatListDate } from '../../../domain/dates';
import { withParams } from '../../utils/url-state';
import type { AreaCounts } from '../../../domain/project-areas';
import type { ActionView } from './types';

interface HeaderProps {
  application: { organization: string; programName: string; projectLocation: string | null; technologyType: string | null; stage: string | null; submittedAt: string | null };
  projectArea: AreaCounts | null;
  assigned: { id: string; name: string; type: string; status: string }[];
}

/** An assignment's status as a badge of spec 4's labels (pending, in review, review completed) and their colours. */
const ASSIGNMENT_BADGES: Record<string, string> = { PENDING: 'PENDING', IN_PROGRESS: 'IN_REVIEW', SUBMITTED: 'REVIEW_COMPLETED' };

export function ReviewHeader({ application, projectArea, assigned }: HeaderProps) {
  return (
    <section aria-label="Application summary" className="ui-review-head">
      <dl className="ui-facts">
        <div>
          <dt>Organization</dt>
          <dd>{application.organization}</dd>
        </div>
        <div>
          <dt>Program</dt>
          <dd>{application.programName}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{application.submittedAt ? formatListDate(application.submittedAt) : '—'}</dd>
        </div>
        <div>
          <dt>Project area</dt>
          <dd>
            {application.projectLocation ?? '—'}
            {projectArea ? (
              <ul className="ui-facts-list" aria-label="Locations in the project area">
                <li>Unserved: {projectArea.unservedLocationsCount}</li>
                <li>Underserved: {projectArea.underservedLocationsCount}</li>
                <li>Served: {projectArea.servedLocationsCount}</li>
                <li>Community anchor institutions: {projectArea.caiCount}</li>
              </ul>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Technology</dt>
          <dd>{application.technologyType ?? '—'}</dd>
        </div>
        <div>
          <dt>Stage</dt>
          <dd>{application.stage ?? 'Not in a review stage'}</dd>
        </div>
        <div className="ui-facts-wide">
          <dt>Assigned reviewers</dt>
          <dd>
            {assigned.length === 0 ? (
              'None'
            ) : (
              <ul className="ui-facts-list" data-testid="assigned-reviewers">
                {assigned.map((r) => (
                  <li key={r.id}>
                    {r.name} ({r.type}) <StatusTag status={ASSIGNMENT_BADGES[r.status] ?? r.status} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The action menu: one link per allowed action, then `children` (the Score Preview, decision 042); none at all when empty. */
export function ActionMenu({ actions, search, children }: { actions: ActionView[]; search: string; children?: ReactNode }) {
  if (actions.length === 0 && !children) return null;
  return (
    <nav aria-label="Actions" className="ui-review-actions">
      <h2 className="ui-h2-md">Actions</h2>
      <ul className="ui-action-menu" data-testid="action-menu">
        {actions.map((a) => (
          <li key={a.id}>
            <Link to={`${withParams(search, { action: a.id, unlock: null })}#review-action`} preventScrollReset className="ui-btn-outline-sm" data-action={a.id}>
              {a.label}
            </Link>
          </li>
        ))}
        {children ? <li>{children}</li> : null}
      </ul>
    </nav>
  );
}

/** The application's sections as steps; the current one is marked for assistive technology too (aria-current). */
export function ReviewSteps({ steps, current, search, revision }: {
  steps: { id: string; slug: string; name: string; unlocked: boolean }[];
  current: string;
  search: string;
  /** REVISION_NEEDED: an open section was reopened by the revision; otherwise by an unlock (decision 034). */
  revision: boolean;
}) {
  return (
    <nav aria-label="Application sections" className="ui-steps">
      <ol>
        {steps.map((s, i) => (
          <li key={s.id}>
            <Link to={withParams(search, { step: s.slug, action: null, unlock: null })} aria-current={s.id === current ? 'step' : undefined} data-testid="section-step">
              <span>
                {i + 1}. {s.name}
              </span>
              {s.unlocked ? <span>{revision ? 'Reopened for revision' : 'Unlocked for changes'}</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
