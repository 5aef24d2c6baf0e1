// /org/documents (spec 2 menu Documents, 3 Document, 5 Files, 7 Documents; decision 036): the loader reads the page of
// the library (list kit paging in the URL) and whatever the open dialog needs (?upload=1: the programs and their
// sections; ?version=, ?preview=, ?delete=: the document with its versions); the action uploads, adds a new version or
// deletes, then redirects with a toast. A refused upload re-renders its dialog with the message on the file field and
// the other fields as typed (a browser cannot be given the file back).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../../utils/auth.server';
import { formFailure, readOrFail, toastFailure } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { readForm } from '../../utils/form-data.server';
import { tooLargeForUpload } from '../../utils/file-answers.server';
import { closeDialogs, parseListState, type ListSpec } from '../../utils/url-state';
import { apiSession } from '../../api/client.server';
import { listPrograms } from '../../api/applications.server';
import { programSections } from '../../api/sections.server';
import { deleteDocument, getDocument, listDocuments, uploadLibraryDocument, uploadNewVersion } from '../../api/documents.server';
import { clampPage } from '../../components/list-kit/paging.server';
import { redirectForMenuPath } from '../../../domain/menu';
import { DOCUMENT_MSG } from '../../../domain/messages';
import { DOCUMENT_LIBRARY_MSG } from '../../../domain/documents';
import { can } from '../../../domain/permissions';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { VALIDATION_MSG, validateAnswerFile } from '../../../domain/validation';

export const DOCUMENTS_LIST_SPEC: ListSpec<never> = { pageSizes: PAGE_SIZES, defaultPageSize: DEFAULT_PAGE_SIZE, filters: {} };

/** What a refused upload or new version answers: which dialog, the message per field, the form's message, the values typed. */
export type DocumentFormResult = {
  intent: 'upload' | 'version';
  errors: Partial<Record<'file' | 'place' | 'description', string>>;
  message: string | null;
  values: { place: string; description: string };
};

async function documentsUser(request: Request, context: LoaderFunctionArgs['context']) {
  const user = await requirePortalUser(request, context, 'org');
  const elsewhere = redirectForMenuPath(new URL(request.url).pathname, user.role, 'org');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  return user;
}

/** A program's sections, as the upload's one "Program and section" choice lists them (value programId:sectionId). */
export interface PlaceGroup {
  programId: string;
  programName: string;
  sections: { id: string; name: string }[];
}

export async function documentsLoader({ request, context }: LoaderFunctionArgs) {
  const user = await documentsUser(request, context);
  const url = new URL(request.url);
  const state = parseListState(url.search, DOCUMENTS_LIST_SPEC);
  const api = apiSession(context, user);
  const organizationId = user.organization!.id;
  const opened = url.searchParams.get('version') ?? url.searchParams.get('preview') ?? url.searchParams.get('delete');
  const uploading = url.searchParams.get('upload') === '1';
  const caller = { request, context };
  const [list, places, opening] = await readOrFail(caller, Promise.all([
    listDocuments(api, organizationId, { page: state.page, limit: state.pageSize }),
    uploading ? placeGroups(api) : Promise.resolve([]),
    // A document asked for by the URL that is not (or no longer) the organization's: the dialog is simply not shown.
    opened ? getDocument(api, organizationId, opened).catch(() => null) : Promise.resolve(null),
  ]));
  clampPage(request, state.page, list.totalPages);
  return {
    state,
    list,
    places,
    opened: opening,
    userId: user.profile.id,
    canUpload: can(user.role, 'create', 'document'),
    /** Organization_Admin: any document; Organization_Staff: their own (the permissions table's 'own'). */
    manageAll: user.role === 'Organization_Admin',
    maxUploadBytes: context.portal.maxUploadBytes,
    organizationName: user.organization?.name ?? null,
  };
}

export type DocumentsLoaderData = Awaited<ReturnType<typeof documentsLoader>>;

async function placeGroups(api: ReturnType<typeof apiSession>): Promise<PlaceGroup[]> {
  const programs = await listPrograms(api);
  return Promise.all(programs.map(async (p) => ({
    programId: p.id,
    programName: p.name,
    sections: (await programSections(api, p.id)).map((s) => ({ id: s.id, name: s.name })),
  })));
}

/** The file of the form: present, allowed (spec 5: blocked types, the documents screen's list) and under the limit. */
function fileError(file: FormDataEntryValue | null, maxBytes: number): string | null {
  if (!file || typeof file === 'string' || !file.name || file.size === 0) return DOCUMENT_MSG.fileRequired;
  return validateAnswerFile(file.name, file.size, maxBytes);
}

export async function documentsAction({ request, context }: ActionFunctionArgs) {
  const user = await documentsUser(request, context);
  const api = apiSession(context, user);
  const caller = { request, context };
  const organizationId = user.organization!.id;
  const url = new URL(request.url);
  const back = `/org/documents${closeDialogs(url.search)}`;
  const refused = (intent: DocumentFormResult['intent'], fields: Partial<DocumentFormResult>, status: number, values = { place: '', description: '' }) =>
    data<DocumentFormResult>({ intent, errors: {}, message: null, values, ...fields }, { status });

  if (tooLargeForUpload(request, context.portal.maxUploadBytes)) {
    // Refused before reading the body: the dialog open in the URL says which form it was.
    return refused(url.searchParams.get('version') ? 'version' : 'upload', { errors: { file: VALIDATION_MSG.fileTooLarge } }, 413);
  }
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  const documentId = String(form.get('documentId') ?? '');

  if (intent === 'upload') {
    const values = { place: String(form.get('place') ?? ''), description: String(form.get('description') ?? '').trim() };
    const [programId, sectionId] = values.place.split(':');
    const errors: DocumentFormResult['errors'] = {};
    if (!programId || !sectionId) errors.place = VALIDATION_MSG.selectProgramSection;
    const badFile = fileError(form.get('file'), context.portal.maxUploadBytes);
    if (badFile) errors.file = badFile;
    if (Object.keys(errors).length > 0) return refused('upload', { errors }, 400, values);
    try {
      await uploadLibraryDocument(api, { organizationId, programId: programId!, sectionId: sectionId! }, form.get('file') as File, values.description);
    } catch (error) {
      const failure = await formFailure(error, caller, VALIDATION_MSG.uploadFailed);
      const fieldMessage = failure.fields.file ?? failure.fields.sectionId ?? failure.fields.programId;
      const onFile = failure.fields.file ?? (failure.status === 413 ? failure.message : undefined);
      return refused('upload', {
        errors: onFile ? { file: onFile } : fieldMessage ? { place: fieldMessage } : {},
        message: onFile || fieldMessage ? null : failure.message,
      }, failure.status, values);
    }
    return redirectWithToast(back, context, { type: 'success', title: DOCUMENT_MSG.uploaded });
  }

  if (intent === 'version' && documentId) {
    const badFile = fileError(form.get('file'), context.portal.maxUploadBytes);
    if (badFile) return refused('version', { errors: { file: badFile } }, 400);
    try {
      await uploadNewVersion(api, organizationId, documentId, form.get('file') as File);
    } catch (error) {
      const failure = await formFailure(error, caller, VALIDATION_MSG.uploadFailed);
      const onFile = failure.fields.file ?? (failure.status === 413 ? failure.message : undefined);
      return refused('version', { errors: onFile ? { file: onFile } : {}, message: onFile ? null : failure.message }, failure.status);
    }
    return redirectWithToast(back, context, { type: 'success', title: DOCUMENT_LIBRARY_MSG.versionAdded });
  }

  if (intent === 'delete' && documentId) {
    try {
      await deleteDocument(api, organizationId, documentId);
    } catch (error) {
      // Refused (an application holds it, not theirs, gone): the reason as a toast on the list.
      return toastFailure(await formFailure(error, caller, DOCUMENT_MSG.deleteFailed), caller, back);
    }
    return redirectWithToast(back, context, { type: 'success', title: DOCUMENT_MSG.deleted });
  }

  return redirect(back);
}
