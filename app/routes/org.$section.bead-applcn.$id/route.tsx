// The application form (/org/{section}/bead-applcn/{id}): the programme's sections as steps with their
// status (the step is ?step= in the URL), questions rendered from data, Save and Submit as plain posts.
// Loader and action: form.server.ts; the steps and the submit errors: section-steps.tsx.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from '@remix-run/react';
import { Form } from '../../components/form';
import { useUnsavedChanges } from '../../utils/use-unsaved-changes';
import { DefaultSubmit, ErrorSummary, InlineStatus, QuestionList } from '../../components/question-list';
import { FormAlert } from '../../components/forms';
import { StatusBadge } from '../../components/status-badge';
import { StepEnter } from '../../components/motion';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { APPLICATION_MSG, PORTAL_MSG } from '../../../domain/messages';
import type { AnswerValue } from '../../../domain/questions';
import { filledAnswer } from '../../../domain/project-areas';
import type { FormQuestion } from '../../components/question-field';
import type { action, ActionResult, loader } from './form.server';
import { SectionSteps, SubmitErrors } from './section-steps';
import { RevisionNotice } from './revision-notice';
import { LibraryDialog } from './library';
import { asFileValue } from '../../components/file-question';
import { RelockBox, SectionLock, UnlockConfirm, UnlockRequestDialog } from './unlock';
import { lockedNotice } from '../../../domain/unlock-requests';
import { checkedStep } from './check';
import { AutosaveStatus, ChangedElsewhere, useAutosave } from '../../components/autosave';
import { PresenceLine, usePresence } from '../../components/presence';
import { EditConflictPanel, EditStateFields } from '../../components/edit-conflict-panel';
import { viewEditState } from '../../utils/edit-conflict';
import '../../chunks/answers'; // shared modules in one file (decision 102)

export { action, loader } from './form.server';

/** "Section saved successfully" is shown at the top of the page it lands on (components/question-list.tsx InlineStatus). */
export const handle = { inlineToast: true };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.view.section.name ?? 'Application'} – ${d?.applicationId ?? ''} | Broadband Grants Portal` },
];

export default function ApplicationForm() {
  const { applicationId, steps, step, view, areas, areaCounts, section, canSubmit, maxUploadBytes, restored, restoredEdit, unlock, canRequestUnlock, library, check } = useLoaderData<typeof loader>();
  const location = useLocation();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const base = `/org/${section}/bead-applcn/${applicationId}`;
  const app = view.application;
  const readOnly = app.readOnly;
  // Stable between renders: the form resets its live state only when new data arrives.
  const values = useMemo<Record<string, AnswerValue>>(
    () => actionData?.values ?? restored ?? Object.fromEntries(view.questions.map((q) => [q.id, q.answer])),
    [actionData, restored, view],
  );
  const errors = useMemo<Record<string, string>>(
    () =>
      actionData?.values
        ? actionData.errors
        : restored
          ? {}
          : Object.fromEntries(view.questions.filter((q) => q.error).map((q) => [q.id, q.error!])),
    [actionData, restored, view],
  );
  // 22 follows the project area chosen in 21 as it changes (the server fills it the same way on save).
  const filled = useCallback(
    (q: FormQuestion, answers: Record<string, AnswerValue>) => (areaCounts.length ? filledAnswer(q, answers, (name) => areaCounts.find((a) => a.name === name)) : undefined),
    [areaCounts],
  );
  // The version and answers the form's answers belong to (held answers: those their form started from), and a
  // conflict to settle (decision 099).
  const edit = useMemo(
    () => (actionData?.edit?.version ? actionData.edit : (restoredEdit ?? viewEditState(view.section.version, view.questions))),
    [actionData, restoredEdit, view],
  );
  const warnings = useMemo(() => Object.fromEntries(view.questions.filter((q) => q.warning).map((q) => [q.id, q.warning!])), [view]);
  // A refused save's answers are unsaved; a refused submit's are the stored ones (its summary's links must not ask
  // whether to leave them).
  const refusedSubmit = Object.keys(actionData?.sectionErrors ?? {}).length > 0;
  const guard = useUnsavedChanges({ enabled: !view.application.readOnly, resetKey: actionData?.values && !refusedSubmit ? actionData : (restored ?? undefined) });
  // Autosave (issue 43, with JavaScript): the messages of the answers its last save left out replace the page's own
  // until new page data arrives.
  const formRef = useRef<HTMLFormElement>(null);
  const [autosaveErrors, setAutosaveErrors] = useState<{ key: unknown; errors: Record<string, string> } | null>(null);
  // The version and answers an autosave left the section at: the form's hidden fields carry them for the next Save.
  const [autosaved, setAutosaved] = useState<{ key: unknown; version: string; base: Record<string, unknown> } | null>(null);
  const pageData = actionData ?? view;
  const autosave = useAutosave({
    form: formRef,
    // Not while a conflict waits for the person's choices (decision 099): only their Save settles it.
    enabled: !readOnly && !edit.panel,
    applicationId,
    sectionId: step.sectionId,
    resetKey: pageData,
    onSaved: (refused, unchangedSince, saved) => {
      setAutosaveErrors({ key: pageData, errors: refused });
      setAutosaved({ key: pageData, ...saved });
      // A refused answer is still unsaved: leaving asks first, as before.
      if (unchangedSince && Object.keys(refused).length === 0) guard.setDirty(false);
    },
    // Refused as a whole (the section was locked meanwhile): the page's own Save says why, keeping every answer.
    onConflict: () => formRef.current?.requestSubmit(formRef.current.querySelector<HTMLButtonElement>('button[name="intent"][value="save"]')),
  });
  // What the form's hidden fields carry: after an autosave, the version and answers it saved.
  const formEdit = autosaved && autosaved.key === pageData ? { ...edit, version: autosaved.version, base: autosaved.base } : edit;
  // Who else has this application open (issue 43 part 3); nothing without JavaScript.
  const present = usePresence({ applicationId, sectionId: step.sectionId, editing: !readOnly });
  const autosaveFound = !!autosaveErrors && autosaveErrors.key === pageData;
  const shownErrors = autosaveFound ? autosaveErrors.errors : errors;
  const sectionErrors = actionData?.sectionErrors ?? {};
  const index = steps.findIndex((s) => s.sectionId === step.sectionId);
  const next = steps[index + 1];
  const locked = app.status !== 'DRAFT' && app.status !== 'CANCELLED' && readOnly;
  // Past its draft, each form section shows whether it is open for changes (spec 4); in REVISION_NEEDED only the
  // sections the state reopened are.
  const showLocks = app.status !== 'DRAFT' && app.status !== 'CANCELLED';
  const revising = app.status === 'REVISION_NEEDED';
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  // Unlock requests (decision 034): this section's lock state, and the two URL-state steps of asking.
  const lock = unlock?.sections.find((s) => s.sectionId === step.sectionId) ?? null;
  const askable = !!lock && canRequestUnlock && lock.requestRefusal === null;
  const asking = askable ? new URLSearchParams(location.search).get('unlock') : null;

  // Each section with problems is marked in the steps (in words): those a refused submit named, and the one shown
  // when its save was refused.
  const failing = Object.keys(actionData?.values ? errors : {}).length;
  const marks = failing && !sectionErrors[step.sectionId] ? { ...sectionErrors, [step.sectionId]: APPLICATION_MSG.answersNeedAttention(failing) } : sectionErrors;

  const sectionBody = (
    <>
      {readOnly ? null : <DefaultSubmit />}
      <StepEnter stepKey={step.sectionId}>
        <div className="ui-panel" data-testid="section-content">
        <div className="ui-panel-head">
          <h2 className="ui-panel-title">{view.section.name}</h2>
          {showLocks && !view.section.isEntityProfile ? <SectionLock unlocked={step.unlocked} askable={askable} sectionName={view.section.name} /> : null}
        </div>
        {view.section.isEntityProfile ? (
          <p className="ui-panel-intro">
            These answers come from the <Link to="/org/organization-profile">Entity Profile</Link> and are read-only here.
          </p>
        ) : (
          <p className="ui-panel-intro">Questions marked * are required before you submit. Save as often as you like.</p>
        )}
        <QuestionList
          questions={view.questions}
          values={values}
          errors={shownErrors}
          // An autosave's refusals stand beside their fields; focus stays where the person is typing.
          focusErrors={!autosaveFound}
          warnings={warnings}
          disabled={readOnly}
          onDirty={() => !readOnly && guard.setDirty(true)}
          optionsFor={(q) => (q.additionalMetadata?.optionsFrom === 'projectAreas' ? areas : undefined)}
          filled={filled}
          uploads={{
            applicationId,
            sectionId: step.sectionId,
            maxUploadBytes,
            library: true,
            // One save at a time (decision 100): the stored file becomes the answer through the form's autosave; not
            // saved (a conflict waiting, offline), it stays in the form for Save, and leaving asks first.
            saveAnswer: async () => {
              const outcome = await autosave.flush();
              if (outcome === 'kept') guard.setDirty(true);
              return outcome;
            },
            // A stored file can complete the section: refresh the step statuses, unless that would
            // disturb answers being typed.
            onSaved: () => {
              if (!guard.dirty) revalidator.revalidate();
            },
          }}
        />
      </div>
      </StepEnter>
      <div className="ui-form-actions">
        {readOnly ? null : (
          <button type="submit" name="intent" value="save" className="ui-btn" disabled={saving} aria-busy={saving || undefined}>
            Save
          </button>
        )}
        {readOnly ? null : <AutosaveStatus status={autosave.status} />}
        {next ? (
          <Link to={`${base}?step=${next.slug}`} className="ui-btn-next">
            Next section: {next.name}
          </Link>
        ) : null}
      </div>
    </>
  );

  return (
    <>
      {/* Read first: the saved message of a page loaded without JavaScript, then what needs correcting. */}
      <InlineStatus />
      <SubmitErrors steps={steps} sectionErrors={sectionErrors} message={actionData?.message ?? null} base={base} />
      {/* A refused save's answers, or (?check=1, from a refused submit's summary) what the section lacks to be submitted. */}
      <ErrorSummary questions={view.questions} errors={actionData?.values || (check && !restored) ? errors : {}} />
      <p className="ui-back">
        <Link to={`/org/${section}`} className="ui-link">
          Back to {section === 'applications' ? 'Applications' : section}
        </Link>
      </p>
      <div className="ui-title-row">
        <h1 className="ui-h1-flush">Application {applicationId}</h1>
        <StatusBadge status={app.status} />
      </div>
      <PresenceLine others={present} />
      {asking === 'confirm' ? <UnlockConfirm /> : null}
      {asking === 'message' ? <UnlockRequestDialog sectionName={view.section.name} failed={actionData?.unlock ?? null} /> : null}
      {/* A choice refused as stale gives way to the conflict panel (the chosen file is among the form's answers). */}
      {library && !edit.panel ? (
        <LibraryDialog
          edit={formEdit}
          library={library}
          current={asFileValue(values[library.questionId])?.documentId ?? null}
          error={actionData?.library?.questionId === library.questionId ? actionData.library.error : null}
          action={`${base}?step=${step.slug}&library=${encodeURIComponent(library.questionId)}`}
        />
      ) : null}
      {revising && app.revisionRequest ? <RevisionNotice request={app.revisionRequest} steps={steps} base={base} /> : null}
      {app.status === 'CANCELLED' ? <FormAlert message="Application Cancelled" /> : null}
      {locked && app.status !== 'CANCELLED' && view.section.isEntityProfile === false ? <FormAlert tone="info" message={lockedNotice(unlock?.windowOpen ?? true)} /> : null}
      {lock?.pending ? <FormAlert tone="info" message="Your unlock request for this section is waiting for the State Admin." /> : null}
      {actionData?.unlock && asking !== 'message' ? <FormAlert message={actionData.unlock.error} /> : null}
      <FormAlert message={actionData?.message && !Object.keys(sectionErrors).length ? actionData.message : null} />
      <FormAlert tone="info" message={restored && !actionData ? PORTAL_MSG.answersRestored : null} />
      <div className="ui-form-layout">
        <SectionSteps steps={steps} current={step.sectionId} marks={marks} base={base} locks={showLocks} />
        <div className="ui-form-main">
          {autosave.elsewhere ? <ChangedElsewhere savedAt={autosave.elsewhere} reloadTo={`${base}?step=${step.slug}`} onKeep={autosave.keepEditing} /> : null}
          {/* A section the person may not change is no form (nothing to submit: html-validate's wcag/h32); one they may
              change posts to itself, with the fragment so that without JavaScript a refused save opens at its summary. */}
          {readOnly ? (
            <div>
              {sectionBody}
            </div>
          ) : (
            <Form ref={formRef} method="post" action={`${check ? checkedStep(base, step.slug) : `${base}?step=${step.slug}`}#error-summary`} encType="multipart/form-data" noValidate data-hold-answers="" {...guard.formProps} onSubmit={(event) => {
              if (!autosave.holdSubmit(event)) guard.formProps.onSubmit();
            }}>
              <EditStateFields {...formEdit} />
              <EditConflictPanel panel={edit.panel} />
              {sectionBody}
            </Form>
          )}
          {canSubmit && lock?.unlockedByRequest && !revising ? <RelockBox action={`${base}?step=${step.slug}#submit-errors`} /> : null}
          {canSubmit && (app.status === 'DRAFT' || app.status === 'REVISION_NEEDED') ? (
            <Form method="post" action={`${base}?step=${step.slug}#submit-errors`} className="ui-submit-box">
              {revising ? (
                <>
                  <h2 className="ui-h2-md">Resubmit the application</h2>
                  <p>Save each reopened section first. After resubmitting, every section is locked again for review.</p>
                  <button type="submit" name="intent" value="submit" className="ui-btn">
                    Resubmit application
                  </button>
                </>
              ) : (
                <>
                  <h2 className="ui-h2-md">Submit the application</h2>
                  <p>Save each section first. After submitting, the application is locked for review.</p>
                  <button type="submit" name="intent" value="submit" className="ui-btn">
                    Submit application
                  </button>
                </>
              )}
            </Form>
          ) : null}
        </div>
      </div>
      {guard.dialog}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
