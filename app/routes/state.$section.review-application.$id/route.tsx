// The state's review of one application (/state/{section}/review-application/{id}; issue 10 UI items 2-3): the
// application read-only, section by section as steps (?step=), a header with its status, organization, project
// area, technology, stage and assigned reviewers, and the action menu showing exactly what the caller may do now;
// each action opens its confirmation (?action=, components/url-dialog.tsx) and posts to this route. Loader and
// action: page.server.ts; parts: header.tsx, answers.tsx, action-dialog.tsx. Decision 030.
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { StatusBadge } from '../../components/status-badge';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { statusLabel } from '../../../domain/statuses';
import { withParams } from '../../utils/url-state';
import { ActionMenu, ReviewHeader, ReviewSteps } from './header';
import { ReadOnlyAnswers } from './answers';
import { ActionDialog } from './action-dialog';
import type { loader } from './page.server';

export { action, loader } from './page.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.step.name ?? 'Application'} – ${d?.application.id ?? ''} review | Broadband Grants Portal` },
];

export default function ReviewApplication() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const app = d.application;
  const index = d.steps.findIndex((s) => s.id === d.step.id);
  const next = d.steps[index + 1];

  return (
    <>
      <p className="ui-back">
        <Link to={`/state/${d.section}`} className="ui-link">
          Back to Applications
        </Link>
      </p>
      <div className="ui-title-row">
        <h1 className="ui-h1-flush">Application {app.id}</h1>
        <StatusBadge status={app.status} />
      </div>
      {/* The open confirmation first: without JavaScript a screen reader or a text browser reads it before the page. */}
      {d.open ? <ActionDialog applicationId={app.id} status={statusLabel(app.status)} stage={app.stage} action={d.open} choices={d.choices} /> : null}
      <ReviewHeader application={app} projectArea={d.projectArea} assigned={d.assigned} />
      <ActionMenu actions={d.actions} search={location.search} />
      <div className="ui-form-layout">
        <ReviewSteps steps={d.steps} current={d.step.id} search={location.search} />
        <div className="ui-form-main">
          <section className="ui-panel" aria-labelledby="review-section-title" data-testid="section-content">
            <h2 id="review-section-title" className="ui-panel-title">
              {d.step.name}
            </h2>
            <p className="ui-panel-intro">
              {d.step.isEntityProfile ? 'The entity profile as submitted with the application. ' : ''}Read-only: the answers as the organization submitted them.
            </p>
            <ReadOnlyAnswers questions={d.questions} />
          </section>
          {next ? (
            <div className="ui-form-actions">
              <Link to={withParams(location.search, { step: next.slug, action: null })} className="ui-btn-next">
                Next section: {next.name}
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
