// The state's review of one application (/state/{section}/review-application/{id}; issue 10 UI items 2-3): the
// application read-only, section by section as steps (?step=), a header with its status, organization, project
// area, technology, stage and assigned reviewers, and the action menu showing exactly what the caller may do now;
// each action opens its confirmation (?action=, components/url-dialog.tsx) and posts to this route; a State_Admin
// unlocks the section shown when it is locked (Unlock section, ?unlock=section: the Admin Unlock dialog, decision 039);
// a reviewer or stage admin asks the State Admin to (Request unlock, ?unlock=request: the same dialog, decision 034).
// Loader and action: page.server.ts; parts: header.tsx, answers.tsx, action-dialog.tsx, earlier-reviews.tsx (the
// passes ended by a revision, ?pass=, decision 051). Decision 030.
import type { MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { StatusBadge } from '../../components/status-badge';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { statusLabel } from '../../../domain/statuses';
import { withParams } from '../../utils/url-state';
import { ActionMenu, ReviewHeader, ReviewSteps } from './header';
import { ReadOnlyAnswers } from './answers';
import { ConsensusDialog, ConsensusPanel } from './consensus';
import { ConflictDeclaration, DecisionPanel, MarkedAnswers, MarkingBanner, ReviewsPanel, ReviewUnlockDialog, SummaryPanel } from './marking';
import { ActionDialog } from './action-dialog';
import { FormAlert } from '../../components/forms';
import type { ReviewActionResult } from './types';
import { MoveGuardNotes } from './move-guards';
import { AttachmentsLink } from './attachments-link';
import { StateReviewPdfLink } from './state-review-pdf-link';
import { ScorePreviewDialog, ScorePreviewLink } from './rubric';
import { EarlierReviews } from './earlier-reviews';
import {
  AdminUnlockDialog, ADMIN_UNLOCK_INTENT, ADMIN_UNLOCK_PARAM as UNLOCK_PARAM, REVIEW_REQUEST_INTENT, type AdminUnlockFailure,
} from '../../components/unlocks/admin-unlock';
import { UNLOCK_MSG } from '../../../domain/unlock-requests';
import type { loader } from './page.server';
import '../../chunks/answers'; // shared modules in one file (decision 102)

export { action, loader } from './page.server';

// A move that lost a race (409) reads the page again, so it shows what the application is now (without this, a
// failed action keeps the page's older data with JavaScript on, while a page without it is rendered afresh).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.step.name ?? 'Application'} – ${d?.application.id ?? ''} review | Broadband Grants Portal` },
];

export default function ReviewApplication() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const app = d.application;
  const index = d.steps.findIndex((s) => s.id === d.step.id);
  const next = d.steps[index + 1];
  const result = useActionData() as AdminUnlockFailure | { intent?: undefined } | undefined;
  const requesting = d.unlock?.mode === 'request';
  const unlockTo = withParams(location.search, { [UNLOCK_PARAM]: requesting ? 'request' : 'section', action: null });
  const unlockIntent = requesting ? REVIEW_REQUEST_INTENT : ADMIN_UNLOCK_INTENT;
  // A refused move whose confirmation is not shown (it is no longer offered, or never was the caller's): said here.
  const move = result && 'actionId' in result ? (result as ReviewActionResult) : null;
  const refusedMove = move && move.actionId !== d.open?.id ? move : null;

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
      <FormAlert
        id="review-move-refused"
        message={refusedMove ? (refusedMove.conflict ? `${refusedMove.message} It is now ${statusLabel(app.status)}.` : refusedMove.message) : null}
      />
      {d.marking.unlocking ? <ReviewUnlockDialog unlocking={d.marking.unlocking} /> : null}
      {d.marking.consensus?.open ? <ConsensusDialog open={d.marking.consensus.open} /> : null}
      {d.rubric?.open ? <ScorePreviewDialog sheet={d.rubric.open} editable={d.rubric.editable} /> : null}
      {/* The open confirmation first: without JavaScript a screen reader or a text browser reads it before the page. */}
      {d.open ? <ActionDialog applicationId={app.id} status={statusLabel(app.status)} stage={app.stage} action={d.open} choices={d.choices} note={d.guards[d.open.id]} /> : null}
      {d.unlock?.open ? (
        <AdminUnlockDialog
          closeTo={withParams(location.search, { [UNLOCK_PARAM]: null })}
          action={unlockTo}
          sections={[]}
          fixed={{ applicationId: app.id, sectionId: d.step.id, sectionName: d.step.name }}
          failed={result?.intent === unlockIntent ? result : null}
          request={requesting}
        />
      ) : null}
      <ReviewHeader application={app} projectArea={d.projectArea} assigned={d.assigned} />
      {/* Whoever reads the application reads its history (the same read rule, issue 41 item 13). */}
      <p className="ui-review-actions">
        <Link to={`/state/${encodeURIComponent(d.section)}/view-history/${encodeURIComponent(app.id)}`} className="ui-link" data-testid="application-history">
          History of {app.id}
        </Link>
      </p>
      <AttachmentsLink section={d.section} applicationId={app.id} show={d.attachments} />
      <StateReviewPdfLink section={d.section} applicationId={app.id} show={d.marking.reviewsReadable} />
      <ActionMenu actions={d.actions} search={location.search}>
        {d.rubric ? <ScorePreviewLink search={location.search} /> : null}
      </ActionMenu>
      <MoveGuardNotes guards={d.guards} />
      <ReviewsPanel reviews={d.marking.reviews} />
      <div className="ui-form-layout">
        <ReviewSteps steps={d.steps} current={d.step.id} search={location.search} revision={app.status === 'REVISION_NEEDED'} />
        <div className="ui-form-main">
          <section className="ui-panel" aria-labelledby="review-section-title" data-testid="section-content">
            <div className="ui-panel-head">
              <h2 id="review-section-title" className="ui-panel-title">
                {d.step.name}
              </h2>
              {d.unlock?.allowed ? (
                <Link to={`${unlockTo}#${requesting ? 'review-unlock-request' : 'admin-unlock'}`} preventScrollReset className="ui-btn-outline-sm" data-testid="unlock-section">
                  {requesting ? 'Request unlock' : 'Unlock section'}<span className="visually-hidden"> {d.step.name}</span>
                </Link>
              ) : null}
            </div>
            {d.unlock?.unlocked ? <p className="ui-panel-intro" data-testid="section-lock">{UNLOCK_MSG.unlockedTip}: the organization can change it until it resubmits it.</p> : null}
            {d.unlock?.pending ? (
              <p className="ui-panel-intro" data-testid="section-lock">
                {requesting ? (
                  'An unlock request for this section is waiting for the State Admin.'
                ) : (
                  <>
                    An unlock request for this section is waiting: <Link to={`/state/unlock-requests?q=${encodeURIComponent(app.id)}`}>approve it on Unlock Requests</Link>.
                  </>
                )}
              </p>
            ) : null}
            <p className="ui-panel-intro">
              {d.step.isEntityProfile ? 'The entity profile as submitted with the application. ' : ''}Read-only: the answers as the organization submitted them.
            </p>
            {d.marking.mine ? <MarkingBanner mine={d.marking.mine} /> : null}
            {d.marking.mine?.mustDeclare ? (
              <ConflictDeclaration organization={app.organization} />
            ) : d.marking.mine ? (
              <MarkedAnswers key={d.step.id} questions={d.questions} mine={d.marking.mine} stepId={d.step.id} />
            ) : (
              <ReadOnlyAnswers questions={d.questions} />
            )}
          </section>
          {next ? (
            <div className="ui-form-actions">
              <Link to={withParams(location.search, { step: next.slug, action: null, [UNLOCK_PARAM]: null })} className="ui-btn-next">
                Next section: {next.name}
              </Link>
            </div>
          ) : null}
          {d.marking.mine ? <DecisionPanel mine={d.marking.mine} /> : null}
          <SummaryPanel summary={d.marking.summary} />
          {d.marking.consensus ? <ConsensusPanel consensus={d.marking.consensus} /> : null}
          {d.earlier ? <EarlierReviews view={d.earlier} /> : null}
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
