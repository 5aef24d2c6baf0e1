// The upload endpoint of a File question when JavaScript runs (the form sends the file with progress
// through XMLHttpRequest): stores the file through the provider; the form's autosave then saves it as the answer
// (decision 100). Without JavaScript the file rides in the form's own Save (org.$section.bead-applcn.$id).
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { isApiFailure } from '../utils/api.server';
import { describeApiError } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { sectionView } from '../api/sections.server';
import { tooLargeForUpload, uploadAnswerFile } from '../utils/file-answers.server';
import { chosenApplication } from '../utils/chosen-application.server';
import { readForm } from '../utils/form-data.server';
import { APPLICATION_MSG, DOCUMENT_MSG, MSG } from '../../domain/messages';
import { validateAnswerFile, VALIDATION_MSG } from '../../domain/validation';
import type { FileValue } from '../../domain/questions';

/** `scanMessage`: the file is stored but held for a virus scan, "Not scanned yet" (decision 097). */
export type UploadResult = { ok: true; file: FileValue; message: string; scanMessage?: string } | { ok: false; message: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const reply = (body: UploadResult, status = 200) => Response.json(body, { status, headers: { 'Set-Cookie': user.cookie, 'Cache-Control': 'no-store' } });
  if (tooLargeForUpload(request, context.portal.maxUploadBytes)) return reply({ ok: false, message: VALIDATION_MSG.fileTooLarge }, 413);

  let form: FormData;
  try {
    form = await readForm(request);
  } catch (refused) {
    if (refused instanceof Response) return reply({ ok: false, message: await refused.text() }, refused.status);
    throw refused;
  }
  const named = String(form.get('applicationId') ?? '');
  const sectionId = String(form.get('sectionId') ?? '');
  const questionId = String(form.get('questionId') ?? '');
  const file = form.get('file');
  if (!named || !sectionId || !questionId) return reply({ ok: false, message: VALIDATION_MSG.selectProgramSection }, 400);
  if (!file || typeof file === 'string' || file.size === 0) return reply({ ok: false, message: DOCUMENT_MSG.fileRequired }, 400);
  const invalid = validateAnswerFile(file.name, file.size, context.portal.maxUploadBytes);
  if (invalid) return reply({ ok: false, message: invalid }, 400);

  try {
    const api = apiSession(context, user);
    // The chosen organization's application only: another's answers 404 'Application not found', as an unknown one.
    const applicationId = await chosenApplication(api, user, named);
    const view = await sectionView(api, applicationId, sectionId);
    const question = view.questions.find((q) => q.id === questionId && q.type === 'File');
    if (!question) return reply({ ok: false, message: APPLICATION_MSG.questionNotInSection }, 400);
    if (view.application.readOnly || question.readOnly) return reply({ ok: false, message: APPLICATION_MSG.submittedReadOnly }, 409);
    // Stored only: the form's own save (its autosave, one save at a time with the version it holds; decision 100) makes
    // it the answer, so an upload never races the form's other saves into a conflict with itself.
    const { value, scanMessage } = await uploadAnswerFile(context, user, { applicationId, programId: view.application.programId, sectionId, questionId }, file);
    return reply({ ok: true, file: value, message: DOCUMENT_MSG.uploaded, ...(scanMessage ? { scanMessage } : {}) });
  } catch (error) {
    // A JSON answer to the page's script (never a redirect): the API's words, tied to this question when it named it.
    if (!isApiFailure(error)) return reply({ ok: false, message: MSG.somethingWentWrong }, 500);
    const failure = describeApiError(error, VALIDATION_MSG.uploadFailed);
    const message = failure.fieldErrors[questionId]?.[0] ?? failure.fieldErrors.file?.[0] ?? failure.message;
    return reply({ ok: false, message }, failure.status);
  }
}

export const loader = () => redirect('/org/applications');
