// What a workflow action asks for before it is made (domain/workflow.ts ActionNeeds): the status to assign, a
// reject reason of the nine, the sections to reopen, the comments (required or optional), and for Assign Reviewer
// the reviewers as checkboxes with their open reviews. One home for these fields: the review screen's confirmation
// of one application (state.$section.review-application.$id/action-dialog.tsx) and the list's bulk confirmation
// (state.applications.bulk.tsx). A refusal comes back with what was typed and the messages by field.
import { workflowAction, type ActionId, type ActionNeeds, type MoveInput } from '../../domain/workflow';
import type { z } from 'zod';
import type { MoveBody } from '../../domain/api-requests';
import { ErrorList, NoChoice, NOT_CHOSEN } from './forms';
import { TextArea } from './text-input';

export interface ReviewerOption {
  id: string;
  name: string;
  email: string;
  openReviews: number;
  /** The reviewer type as people read it, when the list mixes types (bulk). */
  type?: string;
  /** Already assigned to the application (checked at first). */
  assigned: boolean;
  /** Their review has started: they stay assigned whatever the list says. */
  started: boolean;
}

export interface MoveChoices {
  reasons: { id: number; text: string }[];
  statuses: { value: string; label: string }[];
  sections: { id: string; name: string }[];
  reviewers: ReviewerOption[];
}

/** What was typed, kept when the server refuses it. */
export interface MoveValues {
  comments: string;
  reasonId: string;
  status: string;
  sectionIds: string[];
  reviewerIds: string[];
}

/** The values of a posted confirmation (the names MoveFields gives its controls). */
export function moveValues(form: FormData): MoveValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');
  // The reviewers whose reviews have started come as one startedReviewerIds, comma-separated (their boxes are disabled,
  // so not sent): they stay assigned. One control, not one each: a form's names are unique but for its choices.
  const started = list('startedReviewerIds').flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  const reviewerIds = [...new Set([...list('reviewerIds'), ...started])];
  return { comments: text('comments'), reasonId: text('reasonId'), status: text('status'), sectionIds: list('sectionIds'), reviewerIds };
}

/** A move's body: the API's (domain/api-requests.ts MoveBody), which the workflow's rules also read (MoveInput). */
export type MoveBodyInput = z.input<typeof MoveBody> & MoveInput;

/** The API's body for a status move from what was posted: only what the action takes. */
export function moveInput(actionId: ActionId, values: MoveValues): MoveBodyInput {
  const { needs } = workflowAction(actionId);
  const body: MoveBodyInput = { comments: values.comments.trim() || null };
  if (needs.reasonId) body.reasonId = values.reasonId ? Number(values.reasonId) : null;
  if (needs.status) body.status = values.status || null;
  if (needs.sectionIds || (needs.status && values.status === 'REVISION_NEEDED')) body.sectionIds = values.sectionIds;
  return body;
}

/** The error of one field, with the id its control names in aria-describedby. */
function fieldError(errors: Record<string, string>, name: string) {
  const message = errors[name];
  return message ? { id: `${name}-error`, message } : null;
}

export function MoveFields({ actionId, needs, choices, values, errors, noReviewers = 'No active reviewers of this type.' }: {
  actionId: ActionId;
  needs: ActionNeeds;
  choices: MoveChoices;
  values: MoveValues | null | undefined;
  errors: Record<string, string>;
  /** Said when there is no reviewer to choose. */
  noReviewers?: string;
}) {
  const reason = fieldError(errors, 'reasonId');
  const sections = fieldError(errors, 'sectionIds');
  const chosenStatus = fieldError(errors, 'status');
  const comments = fieldError(errors, 'comments');
  const reviewers = fieldError(errors, 'reviewerIds');
  const assigning = actionId === 'assign-reviewers';
  const startedIds = choices.reviewers.filter((r) => r.started).map((r) => r.id);

  return (
    <>
      {assigning ? (
        <fieldset className="ui-filter-group" aria-describedby={reviewers?.id}>
          <legend>Reviewers</legend>
          {choices.reviewers.length === 0 ? <p>{noReviewers}</p> : null}
          {choices.reviewers.map((r) => (
            <label key={r.id}>
              <input
                type="checkbox"
                name="reviewerIds"
                value={r.id}
                defaultChecked={values ? values.reviewerIds.includes(r.id) || r.started : r.assigned}
                disabled={r.started}
              />
              <span>
                {r.name} ({r.type ? `${r.type}, ` : ''}{r.email}), {r.openReviews} open {r.openReviews === 1 ? 'review' : 'reviews'}
                {r.started ? ', review started: stays assigned' : ''}
              </span>
            </label>
          ))}
          {/* A started review stays whatever the list says; sent along so the list is never empty for it. */}
          {startedIds.length > 0 ? <input type="hidden" name="startedReviewerIds" value={startedIds.join(',')} /> : null}
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
          <NoChoice name="reasonId" label={NOT_CHOSEN} checked={!choices.reasons.some((r) => values?.reasonId === String(r.id))} />
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

      {assigning || actionId === 'mark-review-in-progress' ? null : (
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
    </>
  );
}

/** The confirm button's words for an action. */
export const confirmLabel = (actionId: ActionId) => (actionId === 'assign-reviewers' ? 'Save' : actionId === 'mark-review-in-progress' ? 'Start review' : 'Confirm');
