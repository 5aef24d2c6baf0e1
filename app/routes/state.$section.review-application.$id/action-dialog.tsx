// The confirmation of one workflow action (decision 004: its open state is ?action= in the URL, so without
// JavaScript it is a panel the page renders and the browser jumps to; with it, a dialog that keeps focus and closes
// on Escape). It asks for what the action needs (domain/workflow.ts): comments (required or optional), a reject
// reason of the nine, the sections to reopen, the status to assign; Assign Reviewer lists the stage's reviewers as
// checkboxes with their open reviews. A refusal comes back here with its message and what was typed.
import { Fragment } from 'react';
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert } from '../../components/forms';
import { TextArea } from '../../components/text-input';
import { withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import type { ActionView, ReviewActionResult } from './types';

export interface ActionChoices {
  reasons: { id: number; text: string }[];
  statuses: { value: string; label: string }[];
  sections: { id: string; name: string }[];
  reviewers: { id: string; name: string; email: string; openReviews: number; assigned: boolean; started: boolean }[];
}

/** The error of one field, with the id its control names in aria-describedby. */
function fieldError(errors: Record<string, string>, name: string) {
  const message = errors[name];
  return message ? { id: `${name}-error`, message } : null;
}

export function ActionDialog({ applicationId, status, stage, action, choices }: {
  applicationId: string;
  /** The current status and stage, as the header shows them. */
  status: string;
  stage: string | null;
  action: ActionView;
  choices: ActionChoices;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const result = useActionData() as ReviewActionResult | undefined;
  const failed = result?.actionId === action.id ? result : null;
  const errors = failed?.errors ?? {};
  const values = failed?.values;
  const closeTo = withParams(location.search, { action: null });
  const busy = hydrated && navigation.state === 'submitting';
  const { needs } = action;
  const reason = fieldError(errors, 'reasonId');
  const sections = fieldError(errors, 'sectionIds');
  const chosenStatus = fieldError(errors, 'status');
  const comments = fieldError(errors, 'comments');
  const reviewers = fieldError(errors, 'reviewerIds');
  // The form-level message, unless a field already says it.
  const message = failed && !Object.values(errors).includes(failed.message) ? failed.message : null;
  const assigning = action.id === 'assign-reviewers';

  return (
    <UrlDialog id="review-action" title={action.label} closeTo={closeTo}>
      <FormAlert id="review-action-error" message={message} />
      <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset noValidate>
        <input type="hidden" name="intent" value={action.id} />
        <p className="ui-lead">
          {assigning
            ? `Choose the reviewers of application ${applicationId} for the ${stage?.toLowerCase() ?? 'current'} stage. Reviews already started stay assigned.`
            : action.id === 'mark-review-in-progress'
              ? `Start your review of application ${applicationId}?`
              : action.target
                ? `Move application ${applicationId} from ${status} to ${action.target}?`
                : `Change the status of application ${applicationId} (now ${status}).`}
        </p>

        {assigning ? (
          <fieldset className="ui-filter-group" aria-describedby={reviewers?.id}>
            <legend>Reviewers</legend>
            {choices.reviewers.length === 0 ? <p>No active reviewers of this type.</p> : null}
            {choices.reviewers.map((r) => (
              <Fragment key={r.id}>
                <label>
                  <input
                    type="checkbox"
                    name="reviewerIds"
                    value={r.id}
                    defaultChecked={values ? values.reviewerIds.includes(r.id) || r.started : r.assigned}
                    disabled={r.started}
                  />
                  <span>
                    {r.name} ({r.email}), {r.openReviews} open {r.openReviews === 1 ? 'review' : 'reviews'}
                    {r.started ? ', review started: stays assigned' : ''}
                  </span>
                </label>
                {/* A started review stays whatever the list says; sent along so the list is never empty for it. */}
                {r.started ? <input type="hidden" name="reviewerIds" value={r.id} /> : null}
              </Fragment>
            ))}
            <ErrorList id={reviewers?.id} errors={reviewers ? [reviewers.message] : null} />
          </fieldset>
        ) : null}

        {needs.status ? (
          <div className="ui-field">
            <label htmlFor="review-status" className="ui-label">
              Status
            </label>
            <select
              id="review-status"
              name="status"
              className="ui-select"
              defaultValue={values?.status ?? ''}
              aria-invalid={chosenStatus ? true : undefined}
              aria-describedby={chosenStatus?.id}
            >
              <option value="">Select a status</option>
              {choices.statuses.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <ErrorList id={chosenStatus?.id} errors={chosenStatus ? [chosenStatus.message] : null} />
          </div>
        ) : null}

        {needs.reasonId ? (
          <fieldset className="ui-filter-group" aria-describedby={reason?.id}>
            <legend>Reason for rejecting</legend>
            {choices.reasons.map((r) => (
              <label key={r.id}>
                <input type="radio" name="reasonId" value={r.id} defaultChecked={values?.reasonId === String(r.id)} />
                <span>{r.text}</span>
              </label>
            ))}
            <ErrorList id={reason?.id} errors={reason ? [reason.message] : null} />
          </fieldset>
        ) : null}

        {needs.sectionIds || needs.status ? (
          <fieldset className="ui-filter-group" aria-describedby={sections?.id}>
            <legend>{needs.status ? 'Sections to reopen (only when the status is Revision Needed)' : 'Sections to reopen'}</legend>
            {choices.sections.map((s) => (
              <label key={s.id}>
                <input type="checkbox" name="sectionIds" value={s.id} defaultChecked={values?.sectionIds.includes(s.id)} />
                <span>{s.name}</span>
              </label>
            ))}
            <ErrorList id={sections?.id} errors={sections ? [sections.message] : null} />
          </fieldset>
        ) : null}

        {assigning || action.id === 'mark-review-in-progress' ? null : (
          <div className="ui-field">
            <label htmlFor="review-comments" className="ui-label">
              Comments{needs.comments ? ' (required)' : ' (optional)'}
            </label>
            <TextArea
              id="review-comments"
              name="comments"
              rows={4}
              defaultValue={values?.comments ?? ''}
              aria-required={needs.comments ? true : undefined}
              aria-invalid={comments ? true : undefined}
              aria-describedby={comments?.id}
              data-autofocus={needs.reasonId || needs.status || needs.sectionIds ? undefined : ''}
            />
            <ErrorList id={comments?.id} errors={comments ? [comments.message] : null} />
          </div>
        )}

        <div className="ui-dialog-actions">
          <Link to={closeTo} preventScrollReset className="ui-btn-outline">
            Cancel
          </Link>
          <button type="submit" className={action.id === 'mark-as-rejected' ? 'ui-btn-danger' : 'ui-btn'} disabled={busy}>
            {assigning ? 'Save' : action.id === 'mark-review-in-progress' ? 'Start review' : 'Confirm'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
