// The application form's loader and action (the route is app/routes/org.$section.bead-applcn.$id/route.tsx):
// the section shown is ?step=; Save (with the files chosen without JavaScript), table row intents, Remove file
// and Submit are plain posts.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { heldAnswers, releaseHeldAnswers, requirePortalUser } from '../../utils/auth.server';
import { formFailure, readOrFail } from '../../utils/api-errors.server';
import { apiSession } from '../../api/client.server';
import { submitApplication } from '../../api/applications.server';
import { chosenApplication } from '../../utils/chosen-application.server';
import { projectAreaCounts, saveSectionAnswers, sectionStatuses, sectionView } from '../../api/sections.server';
import { redirectWithToast } from '../../utils/session.server';
import { answersFromForm, applyTableIntent, chooseFileIntent, chosenFiles, libraryIntent, removeFileIntent, tableIntent } from '../../utils/question-form';
import { holdAnswerFile, tooLargeForUpload } from '../../utils/file-answers.server';
import { discardPendingUpload, getDocument, listDocuments } from '../../api/documents.server';
import { DOCUMENT_LIBRARY_MSG, LIBRARY_CHOICES } from '../../../domain/documents';
import { readForm } from '../../utils/form-data.server';
import { APPLICATION_MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { validateAnswerFile, VALIDATION_MSG } from '../../../domain/validation';
import { relockSection, requestUnlock, unlockState } from '../../api/unlock-requests.server';
import { UNLOCK_MSG } from '../../../domain/unlock-requests';
import type { AnswerValue } from '../../../domain/questions';
import type { EditConflict } from '../../../domain/edit-conflicts';
import { CHECK_PARAM, isChecking } from './check';
import { applyChoices, conflictOutcome, heldEditState, questionWords, readPostedEdit, viewEditState, type EditState } from '../../utils/edit-conflict';

/** ?check=1 (check.ts): the section shown with the submit's completeness rule applied. */
const checking = (request: Request) => isChecking(new URL(request.url).searchParams);

async function loadForm(request: Request, context: LoaderFunctionArgs['context'], id: string, saving = false) {
  const user = await requirePortalUser(request, context, 'org', { holdAnswers: saving });
  const api = apiSession(context, user);
  const caller = { request, context };
  // The chosen organization's application, or the not-found page (before anything else is read or posted about it).
  const applicationId = await readOrFail(caller, chosenApplication(api, user, id), { notFound: APPLICATION_MSG.notFound });
  const steps = await readOrFail(caller, sectionStatuses(api, applicationId), { notFound: APPLICATION_MSG.notFound });
  const slug = new URL(request.url).searchParams.get('step');
  const step = steps.find((s) => s.slug === slug) ?? steps[0];
  if (!step) throw data(APPLICATION_MSG.notFound, { status: 404 });
  const [view, areaCounts] = await readOrFail(caller, Promise.all([sectionView(api, applicationId, step.sectionId, { required: !saving && checking(request) }), projectAreaCounts(api)]), {
    notFound: APPLICATION_MSG.notFound,
  });
  const areas = areaCounts.map((a) => a.name);
  // The counts go to the page only where a question is filled from the area (22 follows 21 as it changes).
  const filling = view.questions.some((q) => q.additionalMetadata?.filledFrom) ? areaCounts : [];
  return { user, api, applicationId, steps, step, view, areas, filling };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { applicationId, steps, step, view, areas, filling, user, api } = await loadForm(request, context, String(params.id ?? ''));
  const held = await heldAnswers(request, context, user);
  // Past its draft: the window, and per section whether it is open, waiting, or may be asked for (decision 034).
  const status = view.application.status;
  const unlock = status !== 'DRAFT' && status !== 'CANCELLED' ? await readOrFail({ request, context }, unlockState(api, applicationId), { notFound: APPLICATION_MSG.notFound }) : null;
  // 'Choose from Documents Library' (?library=questionId, decision 036): the organization's current documents.
  const libraryFor = new URL(request.url).searchParams.get('library');
  const libraryQuestion = libraryFor && !view.application.readOnly ? view.questions.find((q) => q.id === libraryFor && q.type === 'File' && !q.readOnly) : undefined;
  const library = libraryQuestion
    ? {
        questionId: libraryQuestion.id,
        label: libraryQuestion.text,
        ...(await readOrFail({ request, context }, listDocuments(api, user.organization!.id, { page: 1, limit: LIBRARY_CHOICES }))),
      }
    : null;
  return {
    library,
    unlock,
    canRequestUnlock: can(user.role, 'create', 'unlock-request'),
    applicationId, steps, step, view, areas, areaCounts: filling,
    restored: held && !view.application.readOnly ? answersFromForm(view.questions, held) : null,
    // Held answers go on from the version their form started from (decision 099): a Save of them is checked against it.
    restoredEdit: held && !view.application.readOnly ? heldEditState(held, viewEditState(view.section.version, view.questions)) : null,
    section: params.section ?? 'applications',
    check: checking(request),
    canSubmit: can(user.role, 'update', 'application'),
    maxUploadBytes: context.portal.maxUploadBytes,
  };
}

/** The pending upload a File answer holds (a file chosen in a save that failed), if any. */
const heldFileId = (value: AnswerValue | undefined): string | null =>
  value && typeof value === 'object' && !Array.isArray(value) && 'pendingUploadId' in value && value.pendingUploadId ? value.pendingUploadId : null;

export type ActionResult = {
  values: Record<string, AnswerValue> | null;
  errors: Record<string, string>;
  sectionErrors: Record<string, string>;
  message: string | null;
  /** A refused unlock request (the dialog stays open with the message typed and the reason). */
  unlock?: { message: string; error: string };
  /** A refused choice in the library dialog (it stays open with the reason). */
  library?: { questionId: string; error: string };
  /** The edit state the form goes on with (decision 099): the version and base its answers belong to, a conflict to settle. */
  edit?: EditState;
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, api, applicationId, step, view } = await loadForm(request, context, String(params.id ?? ''), true);
  const caller = { request, context };
  const none = { errors: {}, sectionErrors: {}, message: null } satisfies Omit<ActionResult, 'values'>;
  // Saved meanwhile by someone else (decision 099): the section as this action read it is theirs; nothing typed is lost.
  const theirs = () => viewEditState(view.section.version, view.questions);
  const conflictResult = (conflict: EditConflict, base: Record<string, unknown>, mine: Record<string, AnswerValue>) => {
    const outcome = conflictOutcome({ words: questionWords(view.questions), conflict, current: theirs(), base, mine });
    return data<ActionResult>({ ...none, values: outcome.values, edit: outcome.state }, { status: 409 });
  };
  if (tooLargeForUpload(request, context.portal.maxUploadBytes)) {
    return data<ActionResult>({ ...none, values: null, message: VALIDATION_MSG.fileTooLarge }, { status: 413 });
  }
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? 'save');
  const here = `/org/${params.section ?? 'applications'}/bead-applcn/${applicationId}?step=${step.slug}${checking(request) ? `&${CHECK_PARAM}=1` : ''}`;

  if (intent === 'unlock-request') {
    const message = String(form.get('message') ?? '');
    try {
      await requestUnlock(api, user.organization?.id ?? '', { applicationId, sectionId: step.sectionId, message });
    } catch (error) {
      const failure = await formFailure(error, caller, UNLOCK_MSG.failed);
      const reason = failure.fields.message ?? failure.message;
      return data<ActionResult>({ ...none, values: null, unlock: { message, error: reason } }, { status: failure.status });
    }
    return redirectWithToast(here, context, { type: 'success', title: UNLOCK_MSG.sent, description: UNLOCK_MSG.sentDetail });
  }

  if (intent === 'relock') {
    try {
      await relockSection(api, applicationId, step.sectionId);
    } catch (error) {
      const failure = await formFailure(error, caller);
      return data<ActionResult>({ ...none, values: null, message: failure.message }, { status: failure.status });
    }
    return redirectWithToast(here, context, { type: 'success', title: UNLOCK_MSG.relocked });
  }

  if (intent === 'submit') {
    try {
      await submitApplication(api, applicationId);
    } catch (error) {
      // Incomplete sections come back keyed by section id: each is listed with a link to it; the answers of the
      // section shown that need attention get their messages beside them (issue 9 item 4).
      const failure = await formFailure(error, caller);
      const checked = failure.fields[step.sectionId] ? await sectionView(api, applicationId, step.sectionId, { required: true }).catch(() => null) : null;
      const errors = checked ? Object.fromEntries(checked.questions.filter((q) => q.error).map((q) => [q.id, q.error!])) : {};
      const values = checked ? Object.fromEntries(checked.questions.map((q) => [q.id, q.answer])) : null;
      return data<ActionResult>({ ...none, values, errors, sectionErrors: failure.fields, message: failure.message }, { status: failure.status });
    }
    // REVISION_NEEDED → RESUBMITTED through the same route (the API's move executor locks every section again).
    const title = view.application.status === 'REVISION_NEEDED' ? APPLICATION_MSG.resubmitted : APPLICATION_MSG.submitted;
    return redirectWithToast(`/org/applications?q=${applicationId}`, context, { type: 'success', title });
  }

  // The version and answers the form started from (decision 099).
  const posted = readPostedEdit(form);

  // The library dialog's choice answers its File question by itself (the dialog's form holds no other answers, only
  // the version and base of the page it opened on: a section saved meanwhile is refused and shows the conflict panel).
  const choosing = chooseFileIntent(intent);
  if (choosing) {
    const question = view.questions.find((q) => q.id === choosing && q.type === 'File');
    if (!question) return data<ActionResult>({ ...none, values: null, message: APPLICATION_MSG.questionNotInSection }, { status: 400 });
    const documentId = String(form.get('documentId') ?? '');
    if (!documentId) return data<ActionResult>({ ...none, values: null, library: { questionId: choosing, error: DOCUMENT_LIBRARY_MSG.chooseNothing } }, { status: 400 });
    let fileName = '';
    try {
      const { document } = await getDocument(api, user.organization!.id, documentId);
      fileName = document.fileName;
      await saveSectionAnswers(api, applicationId, step.sectionId, { [choosing]: { documentId: document.id, fileName } }, posted.version);
    } catch (error) {
      const failure = await formFailure(error, caller);
      if (failure.editConflict) {
        // Mine: the answers the page started from with the file chosen; the merge keeps theirs everywhere else.
        const mine = { ...theirs().base, ...posted.base, [choosing]: { documentId, fileName } } as Record<string, AnswerValue>;
        return conflictResult(failure.editConflict, posted.base, mine);
      }
      return data<ActionResult>({ ...none, values: null, library: { questionId: choosing, error: failure.fields[choosing] ?? failure.message } }, { status: failure.status });
    }
    return redirectWithToast(here, context, { type: 'success', title: DOCUMENT_LIBRARY_MSG.attached(fileName) });
  }

  // A conflict's choices applied (decision 099).
  const { values, state: edit, unchosen } = applyChoices(form, answersFromForm(view.questions, form), posted);
  if (unchosen && !tableIntent(intent) && !removeFileIntent(intent)) return data<ActionResult>({ ...none, values, edit: unchosen }, { status: 409 });
  // File questions: Remove clears the answer (a held file goes at once); a file chosen without JavaScript is held
  // as a pending upload (docs/decisions/022) whatever the intent: the save that succeeds makes it a document, a
  // save that fails or a table row added re-renders the form still holding it.
  const removing = removeFileIntent(intent);
  if (removing && view.questions.some((q) => q.id === removing && q.type === 'File')) {
    const held = heldFileId(values[removing]);
    if (held) await discardPendingUpload(api, held).catch(() => undefined);
    values[removing] = null;
  }
  const files = chosenFiles(view.questions, form);
  if (removing) files.delete(removing);
  if (files.size > 0) {
    if (view.application.readOnly) return data<ActionResult>({ ...none, values, message: APPLICATION_MSG.submittedReadOnly }, { status: 409 });
    const fileErrors: Record<string, string> = {};
    for (const [questionId, file] of files) {
      const invalid = validateAnswerFile(file.name, file.size, context.portal.maxUploadBytes);
      if (invalid) {
        fileErrors[questionId] = invalid;
        continue;
      }
      try {
        const place = { applicationId, programId: view.application.programId, sectionId: step.sectionId, questionId };
        values[questionId] = await holdAnswerFile(context, user, place, file);
      } catch (error) {
        const failure = await formFailure(error, caller, VALIDATION_MSG.uploadFailed);
        fileErrors[questionId] = failure.fields.file ?? failure.message;
      }
    }
    if (Object.keys(fileErrors).length > 0) return data<ActionResult>({ ...none, values, errors: fileErrors, edit }, { status: 400 });
  }
  const rows = tableIntent(intent);
  if (rows) return data<ActionResult>({ ...none, values: applyTableIntent(view.questions, values, rows), edit });

  try {
    await saveSectionAnswers(api, applicationId, step.sectionId, values, posted.version);
    await releaseHeldAnswers(request, context, user);
  } catch (error) {
    const failure = await formFailure(error, caller);
    if (failure.editConflict) return conflictResult(failure.editConflict, posted.base, values);
    // Errors tied to their questions when the API named them, else the API's message; what was typed stays.
    const tied = Object.keys(failure.fields).length > 0;
    return data<ActionResult>({ ...none, values, errors: failure.fields, message: tied ? null : failure.message, edit }, { status: failure.status });
  }
  // 'Choose from Documents Library': the section is saved first (nothing typed is lost), then the dialog opens.
  const opening = libraryIntent(intent);
  if (opening && view.questions.some((q) => q.id === opening && q.type === 'File')) {
    return redirect(`${here}&library=${encodeURIComponent(opening)}#choose-document`);
  }
  return redirectWithToast(here, context, { type: 'success', title: removing ? APPLICATION_MSG.fileRemoved : APPLICATION_MSG.sectionSaved });
}

