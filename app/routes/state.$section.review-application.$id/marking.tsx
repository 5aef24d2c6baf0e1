// The review screen's marking parts (decision 038): the conflict-of-interest declaration asked before the answers
// show; under each question the stage marks, its control (Pass/Fail radios or a score 0..max) and a comment box, in
// one plain POST form per section (Save, Submit Section; with JavaScript the marks are also saved as they go, through
// a fetcher that leaves focus where it is); the decision form; the read-only banner; the admins' list of reviews with
// their declarations and Unlock (a URL-state dialog, ?reviewUnlock=); and the review summary per stage, with its decisions.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Form, useFetcher } from '../../components/form';
import { DialogActions, UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert, NoChoice, NOT_CHOSEN, NOT_MARKED } from '../../components/forms';
import { TextArea } from '../../components/text-input';
import { useHydrated } from '../../utils/use-hydrated';
import { EDIT_FIELDS } from '../../utils/edit-conflict';
import { withParams } from '../../utils/url-state';
import { DECISION_LABELS, REVIEW_DECISIONS } from '../../../domain/review-marks';
import { MARKING_INTENTS, REVIEW_UNLOCK_PARAM } from './marking-intents';
import type { AutoSaved, MarkingFailure, MarkingView, MarkView } from './marking.server';
import { ReadOnlyAnswers } from './answers';
import { EditConflictPanel, EditStateFields } from '../../components/edit-conflict-panel';
import type { AnswerView } from './types';

type Mine = NonNullable<MarkingView['mine']>;

/** The failure of this intent, if the last post was it. */
function useFailure(intent: string | string[]): MarkingFailure | null {
  const result = useActionData() as MarkingFailure | undefined;
  const intents = Array.isArray(intent) ? intent : [intent];
  return result && intents.includes(result.intent) && 'errors' in result ? result : null;
}

/** Asked before the answers show: no conflict of interest with the organization, or one with a note. */
export function ConflictDeclaration({ organization }: { organization: string }) {
  const failed = useFailure(MARKING_INTENTS.declare);
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  const message = failed && !Object.values(errors).includes(failed.message) ? failed.message : null;
  return (
    <Form method="post" noValidate preventScrollReset data-testid="conflict-form">
      <input type="hidden" name="intent" value={MARKING_INTENTS.declare} />
      <p className="ui-lead">Before you read this application, declare whether you have a conflict of interest with {organization}.</p>
      <FormAlert id="conflict-error" message={message} />
      <fieldset className="ui-filter-group" aria-describedby={errors.conflict ? 'conflict-choice-error' : undefined}>
        <legend>Conflict of interest</legend>
        <label>
          <input type="radio" name="conflict" value="no" defaultChecked={values.conflict === 'no'} />
          <span>I have no conflict of interest with {organization}</span>
        </label>
        <label>
          <input type="radio" name="conflict" value="yes" defaultChecked={values.conflict === 'yes'} />
          <span>I have a conflict of interest with {organization}</span>
        </label>
        <NoChoice name="conflict" label={NOT_CHOSEN} checked={values.conflict !== 'no' && values.conflict !== 'yes'} />
        <ErrorList id="conflict-choice-error" errors={errors.conflict ? [errors.conflict] : null} />
      </fieldset>
      <div className="ui-field">
        <label htmlFor="conflict-note" className="ui-label">
          Describe the conflict (required when you declare one)
        </label>
        <TextArea
          id="conflict-note" name="note" rows={3} defaultValue={values.note ?? ''}
          aria-invalid={errors.note ? true : undefined} aria-describedby={errors.note ? 'conflict-note-error' : undefined}
        />
        <ErrorList id="conflict-note-error" errors={errors.note ? [errors.note] : null} />
      </div>
      <p className="ui-hint">Declaring a conflict withdraws you from this review; the stage admin is told.</p>
      <div className="ui-form-actions">
        <button type="submit" className="ui-btn">
          Submit declaration
        </button>
      </div>
    </Form>
  );
}

function markText(m: MarkView): string {
  if (m.mode === 'PASS_FAIL') return m.passFail === 'PASS' ? 'Pass' : m.passFail === 'FAIL' ? 'Fail' : 'Not marked';
  return m.score === null ? 'Not marked' : `${m.score} of ${m.max} points`;
}

/** One question's mark: radios or a score, and the comment; or, read-only, the mark as text. */
function MarkControl({ m, readOnly, errors, values }: { m: MarkView; readOnly: boolean; errors: Record<string, string>; values: Record<string, string> | null }) {
  const markName = `mark.${m.questionId}`;
  const commentName = `comment.${m.questionId}`;
  const markError = errors[markName];
  const commentError = errors[commentName];
  const markErrorId = markError ? `mark-${m.questionId}-error` : undefined;
  const commentErrorId = commentError ? `comment-${m.questionId}-error` : undefined;
  if (readOnly) {
    return (
      <p className="q-answer" data-testid={`mark-${m.systemNo}`}>
        Your mark: {markText(m)}
        {m.comment ? `. Comment: ${m.comment}` : ''}
      </p>
    );
  }
  const typed = values ? values[markName] : undefined;
  const commentTyped = values ? values[commentName] : undefined;
  return (
    <div className="ui-note" data-testid={`mark-${m.systemNo}`}>
      {m.mode === 'PASS_FAIL' ? (
        <fieldset className="ui-filter-group" aria-describedby={markErrorId}>
          <legend>Mark for question {m.systemNo}: does it meet the requirement?</legend>
          {(['PASS', 'FAIL'] as const).map((v) => (
            <label key={v}>
              <input type="radio" name={markName} value={v} defaultChecked={(typed ?? m.passFail) === v} aria-invalid={markError ? true : undefined} />
              <span>{v === 'PASS' ? 'Pass' : 'Fail'}</span>
            </label>
          ))}
          <NoChoice name={markName} label={NOT_MARKED} checked={(typed ?? m.passFail) !== 'PASS' && (typed ?? m.passFail) !== 'FAIL'} invalid={!!markError} />
          <ErrorList id={markErrorId} errors={markError ? [markError] : null} />
        </fieldset>
      ) : (
        <div className="ui-field">
          <label htmlFor={`mark-${m.questionId}`} className="ui-label">
            Score for question {m.systemNo} (0 to {m.max}, whole or half points)
          </label>
          <input
            id={`mark-${m.questionId}`} name={markName} type="number" min={0} max={m.max ?? undefined} step={0.5} inputMode="decimal" className="ui-input"
            defaultValue={typed ?? (m.score === null ? '' : String(m.score))} aria-invalid={markError ? true : undefined} aria-describedby={markErrorId}
          />
          <ErrorList id={markErrorId} errors={markError ? [markError] : null} />
        </div>
      )}
      <div className="ui-field">
        <label htmlFor={`comment-${m.questionId}`} className="ui-label">
          Comment on question {m.systemNo} ({m.mode === 'PASS_FAIL' ? 'required on Fail' : 'required below half of the maximum'})
        </label>
        <TextArea
          id={`comment-${m.questionId}`} name={commentName} rows={2} defaultValue={commentTyped ?? m.comment ?? ''}
          aria-invalid={commentError ? true : undefined} aria-describedby={commentErrorId}
        />
        <ErrorList id={commentErrorId} errors={commentError ? [commentError] : null} />
      </div>
    </div>
  );
}

/**
 * What the live region says after an autosave: a score out of range was not saved, and the reviewer is told which
 * rather than that all is saved (a mark whose comment is still to come waits quietly, decision 038).
 */
export function autosavedText(done: Pick<AutoSaved, 'held'>): string {
  if (done.held.length === 0) return 'Your marks are saved.';
  const which = done.held.length === 1 ? `question ${done.held[0]}: Save shows what it needs` : `questions ${done.held.join(', ')}: Save shows what they need`;
  return `Your marks are saved, except ${which}.`;
}

/**
 * The answers of the step with the mark controls of the questions the reviewer's stage marks, in one form (Save,
 * Submit Section). With JavaScript a change (a radio chosen, a score or comment left) is saved by a fetcher at once.
 */
export function MarkedAnswers({ questions, mine, stepId }: { questions: AnswerView[]; mine: Mine; stepId: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const fetcher = useFetcher<AutoSaved | MarkingFailure>();
  const failed = useFailure([MARKING_INTENTS.save, MARKING_INTENTS.submitSection]);
  const errors = failed?.errors ?? {};
  const values = failed ? failed.values : null;
  // The version and marks the form's marks belong to, and a conflict to settle (decision 099), as the page was loaded
  // or last posted: the data an autosave revalidates does not change them, as it does not change what the form holds
  // (a stale autosave's revalidation would otherwise hand the next Save the other tab's version with this tab's marks).
  // After an autosave, the version and marks it saved.
  const loaded = failed?.edit?.version ? failed.edit : mine.edit;
  const page = useRef<{ key: string; failed: unknown; edit: typeof loaded } | null>(null);
  if (!page.current || page.current.key !== location.key || page.current.failed !== failed) page.current = { key: location.key, failed, edit: loaded };
  const edit = page.current.edit;
  const pageData = page.current;
  const [autosaved, setAutosaved] = useState<{ key: unknown; version: string; base: Record<string, unknown> } | null>(null);
  const formEdit = autosaved && autosaved.key === pageData ? { ...edit, version: autosaved.version, base: autosaved.base } : edit;
  // The person's own Save (or Submit Section), pressed while an autosave was under way: sent once it is answered, from
  // the version it saved (no conflict with oneself).
  const heldSubmit = useRef<HTMLElement | null>(null);
  const readOnly = mine.readOnly || mine.stepSubmitted;
  const byQuestion = new Map(mine.marks.map((m) => [m.questionId, m]));
  const formRef = useRef<HTMLFormElement>(null);
  const [saveState, setSaveState] = useState('');
  // One autosave at a time: a change while one is under way (or within the pause after a change) waits for it, so no
  // save is aborted by the next; `waiting` is shown on the form (data-autosave) for the tests and the busy state.
  const timer = useRef<number | null>(null);
  const again = useRef(false);
  // The fetcher's state now, for the timer: the timer's closure holds the render it was set in, whose fetcher may
  // since have finished. Read from that render, a save that ended before the pause did would leave the next save
  // waiting for an end that had already come, and the form busy for good.
  const fetcherState = useRef(fetcher.state);
  fetcherState.current = fetcher.state;
  const [waiting, setWaiting] = useState(false);
  const save = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    data.set('intent', MARKING_INTENTS.save);
    data.set('auto', '1');
    fetcher.submit(data, { method: 'post', action: `${location.pathname}${location.search}` });
  };
  const schedule = () => {
    // Not while a conflict waits for the reviewer's choices: only their Save settles it.
    if (edit.panel) return;
    setWaiting(true);
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      if (fetcherState.current === 'idle') save();
      else again.current = true;
    }, 300);
  };
  useEffect(() => {
    if (fetcher.state === 'submitting') setSaveState('Saving your marks…');
    if (fetcher.state !== 'idle') return;
    const done = fetcher.data;
    if (done && !('errors' in done)) {
      // The form's version fields at once (a Save pressed now starts from this version), and for the renders to come.
      setAutosaved({ key: pageData, version: done.version, base: done.base });
      const version = formRef.current?.elements.namedItem(EDIT_FIELDS.version);
      const base = formRef.current?.elements.namedItem(EDIT_FIELDS.base);
      if (version instanceof HTMLInputElement) version.value = done.version;
      if (base instanceof HTMLInputElement) base.value = JSON.stringify(done.base);
    }
    const submitter = heldSubmit.current;
    // Refused as stale: the page's own Save says so, with the conflict panel and everything typed.
    const stale = done && 'errors' in done && done.stale ? formRef.current?.querySelector<HTMLElement>(`button[value="${MARKING_INTENTS.save}"]`) : null;
    if (submitter || stale) {
      heldSubmit.current = null;
      again.current = false;
      setWaiting(false);
      formRef.current?.requestSubmit((submitter ?? stale) as HTMLButtonElement);
      return;
    }
    if (again.current) {
      again.current = false;
      save();
      return;
    }
    if (!timer.current) setWaiting(false);
    if (done) setSaveState('errors' in done ? done.message : autosavedText(done));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  useEffect(() => () => {
    if (timer.current) window.clearTimeout(timer.current);
  }, []);
  // A change made while the page navigates (the refused Submit Section's reload, whose errors show before it ends) is
  // saved once the navigation is over: the autosave does not race the navigation, and the change is not dropped. Only
  // on the step it was made on: a navigation to another step brings another form, with nothing of this one's to save.
  const changedDuringNavigation = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state !== 'idle' || changedDuringNavigation.current === null) return;
    const changedOn = changedDuringNavigation.current;
    changedDuringNavigation.current = null;
    if (changedOn === stepId) schedule();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigation.state]);
  // The panel says it all for a stale save.
  const message = failed && !edit.panel && !Object.values(errors).includes(failed.message) ? failed.message : null;
  const after = (q: AnswerView): ReactNode => {
    const m = byQuestion.get(q.id);
    return m ? <MarkControl m={m} readOnly={readOnly} errors={errors} values={values} /> : null;
  };
  if (mine.marks.length === 0) return <ReadOnlyAnswers questions={questions} />;
  if (readOnly) return <ReadOnlyAnswers questions={questions} after={after} />;
  const busy = hydrated && navigation.state === 'submitting';
  return (
    <Form
      // A stale save's answer is a new form: its marks are the merged ones (decision 099).
      key={edit.panel ? `conflict-${edit.version}` : 'marks'}
      method="post" noValidate preventScrollReset ref={formRef} data-testid="marking-form"
      data-autosave={waiting || fetcher.state !== 'idle' ? 'busy' : 'idle'}
      onChange={() => {
        if (!hydrated) return;
        if (navigation.state === 'idle') schedule();
        else changedDuringNavigation.current = stepId;
      }}
      onSubmit={(event) => {
        // An autosave under way or about to go: the Save waits for it, then goes from the version it saved.
        if (!hydrated) return;
        if (timer.current) {
          window.clearTimeout(timer.current);
          timer.current = null;
          setWaiting(false);
        }
        if (fetcherState.current !== 'idle') {
          event.preventDefault();
          heldSubmit.current = (event.nativeEvent as SubmitEvent).submitter ?? null;
          if (!heldSubmit.current) heldSubmit.current = formRef.current?.querySelector<HTMLElement>(`button[value="${MARKING_INTENTS.save}"]`) ?? null;
        }
      }}
    >
      <input type="hidden" name="sectionId" value={stepId} />
      <EditStateFields {...formEdit} />
      <FormAlert id="marking-error" message={message} />
      <EditConflictPanel panel={edit.panel} />
      <ReadOnlyAnswers questions={questions} after={after} />
      <div className="ui-form-actions">
        <button type="submit" name="intent" value={MARKING_INTENTS.save} className="ui-btn-outline" disabled={busy}>
          Save
        </button>
        <button type="submit" name="intent" value={MARKING_INTENTS.submitSection} className="ui-btn" disabled={busy}>
          Submit Section
        </button>
      </div>
      <p role="status" className="ui-hint" data-testid="autosave-status">
        {saveState}
      </p>
    </Form>
  );
}

/** Above the answers: the stage marked, and the banner of a submitted (read-only) review or section. */
export function MarkingBanner({ mine }: { mine: Mine }) {
  if (mine.assignment === 'SUBMITTED') {
    return (
      <div className="ui-note" data-testid="review-banner">
        <p>Your review is submitted{mine.decision ? `: ${mine.decision.label}` : ''}</p>
        <p>It is read-only until the stage admin unlocks it.{mine.decision ? ` Your comments: ${mine.decision.comments}` : ''}</p>
      </div>
    );
  }
  if (mine.readOnly) {
    return (
      <div className="ui-note" data-testid="review-banner">
        <p>Review closed</p>
        <p>The application is no longer in {mine.stage.toLowerCase()} review: your marks are read-only.</p>
      </div>
    );
  }
  if (mine.stepSubmitted) {
    return (
      <div className="ui-note" data-testid="review-banner">
        <p>Section submitted</p>
        <p>Your marks of this section are read-only.</p>
      </div>
    );
  }
  return null;
}

/** The sections to submit and the decision (Recommend Pass / Recommend Fail and comments). */
export function DecisionPanel({ mine }: { mine: Mine }) {
  const location = useLocation();
  const failed = useFailure(MARKING_INTENTS.decision);
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  // The form's message unless a field here already says it (an unsubmitted section is no field of this form).
  const message = failed && failed.message !== errors.decision && failed.message !== errors.comments ? failed.message : null;
  if (mine.readOnly || mine.mustDeclare) return null;
  return (
    <section className="ui-panel" aria-labelledby="decision-title" data-testid="decision-panel">
      <h2 id="decision-title" className="ui-panel-title">
        Your {mine.stage.toLowerCase()} review
      </h2>
      {mine.sections.length ? (
        <>
          <p className="ui-panel-intro">Mark and submit each section, then submit your decision.</p>
          <ul className="ui-facts-list" aria-label="Sections to mark" data-testid="sections-to-mark">
            {mine.sections.map((s) => (
              <li key={s.id}>
                <Link to={withParams(location.search, { step: s.slug, action: null })} className="ui-link">
                  {s.name}
                </Link>
                : {s.submitted ? 'Submitted' : 'Not submitted'}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <FormAlert id="decision-error" message={message} />
      <Form method="post" noValidate preventScrollReset>
        <input type="hidden" name="intent" value={MARKING_INTENTS.decision} />
        <fieldset className="ui-filter-group" aria-describedby={errors.decision ? 'decision-choice-error' : undefined}>
          <legend>Decision</legend>
          {REVIEW_DECISIONS.map((d) => (
            <label key={d}>
              <input type="radio" name="decision" value={d} defaultChecked={values.decision === d} />
              <span>{DECISION_LABELS[d]}</span>
            </label>
          ))}
          <NoChoice name="decision" label={NOT_CHOSEN} checked={!(REVIEW_DECISIONS as readonly string[]).includes(values.decision ?? '')} />
          <ErrorList id="decision-choice-error" errors={errors.decision ? [errors.decision] : null} />
        </fieldset>
        <div className="ui-field">
          <label htmlFor="decision-comments" className="ui-label">
            Comments (required)
          </label>
          <TextArea
            id="decision-comments" name="comments" rows={3} defaultValue={values.comments ?? ''} aria-required
            aria-invalid={errors.comments ? true : undefined} aria-describedby={errors.comments ? 'decision-comments-error' : undefined}
          />
          <ErrorList id="decision-comments-error" errors={errors.comments ? [errors.comments] : null} />
        </div>
        <div className="ui-form-actions">
          <button type="submit" className="ui-btn">
            Submit Decision
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The admins' view of the reviews: each reviewer's status and declaration, and Unlock for a submitted review. */
export function ReviewsPanel({ reviews }: { reviews: MarkingView['reviews'] }) {
  const location = useLocation();
  if (reviews.length === 0) return null;
  return (
    <section className="ui-panel" aria-labelledby="reviews-title" data-testid="reviews-panel">
      <h2 id="reviews-title" className="ui-panel-title">
        Reviews
      </h2>
      <ul className="ui-facts-list">
        {reviews.map((r) => (
          <li key={`${r.reviewerId}-${r.status}`} data-testid="review-row">
            {r.name} ({r.type}): {r.status}
            {r.declaration ? `. ${r.declaration}` : ''}
            {r.canUnlock ? (
              <>
                {' '}
                <Link to={`${withParams(location.search, { [REVIEW_UNLOCK_PARAM]: r.reviewerId, action: null })}#review-unlock`} preventScrollReset className="ui-btn-outline-sm">
                  Unlock review<span className="visually-hidden"> of {r.name}</span>
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The stage admin's unlock of a submitted review: a comment is required. */
export function ReviewUnlockDialog({ unlocking }: { unlocking: NonNullable<MarkingView['unlocking']> }) {
  const location = useLocation();
  const failed = useFailure(MARKING_INTENTS.unlock);
  const errors = failed?.errors ?? {};
  const closeTo = withParams(location.search, { [REVIEW_UNLOCK_PARAM]: null });
  const message = failed && !Object.values(errors).includes(failed.message) ? failed.message : null;
  return (
    <UrlDialog id="review-unlock" title="Unlock review" closeTo={closeTo}>
      <FormAlert id="review-unlock-error" message={message} />
      <Form method="post" action={`${location.pathname}${location.search}`} noValidate preventScrollReset>
        <input type="hidden" name="intent" value={MARKING_INTENTS.unlock} />
        <input type="hidden" name="reviewerId" value={unlocking.reviewerId} />
        <p className="ui-lead">Unlock the submitted review of {unlocking.name}? It becomes In Review again and they can change their marks.</p>
        <div className="ui-field">
          <label htmlFor="review-unlock-comment" className="ui-label">
            Comment (required)
          </label>
          <TextArea
            id="review-unlock-comment" name="comment" rows={3} defaultValue={failed?.values.comment ?? ''} aria-required data-autofocus=""
            aria-invalid={errors.comment ? true : undefined} aria-describedby={errors.comment ? 'review-unlock-comment-error' : undefined}
          />
          <ErrorList id="review-unlock-comment-error" errors={errors.comment ? [errors.comment] : null} />
        </div>
        <DialogActions closeTo={closeTo} submit="Unlock" />
      </Form>
    </UrlDialog>
  );
}

/** Review rubric 3 per stage that has reviews, with the reviewers' decisions the caller sees (issue 41 item 6). */
export function SummaryPanel({ summary }: { summary: MarkingView['summary'] }) {
  if (summary.length === 0) return null;
  return (
    <section className="ui-panel" aria-labelledby="summary-title" data-testid="review-summary">
      <h2 id="summary-title" className="ui-panel-title">
        Review summary
      </h2>
      <dl className="ui-facts">
        {summary.map((s) => (
          <div key={s.stage} data-testid={`review-summary-${s.stage.toLowerCase()}`}>
            <dt>{s.stage}</dt>
            <dd>
              {s.text}
              {s.decisions.length > 0 ? (
                <ul className="ui-facts-list" aria-label={`${s.stage} decisions`}>
                  {s.decisions.map((d) => (
                    <li key={d.id}>
                      {d.text} — {d.comments}
                    </li>
                  ))}
                </ul>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
