// Documents (spec 9): uploading a file for a question (or holding it for a save that may fail), and a short-lived
// link to open or download one.
import { del, get, post, seg, type ApiSession } from './client.server';
import type { FileValue } from '../../domain/questions';
// The library's shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
import type { DocumentDetails, DocumentUploaded, DocumentVersionAdded, LibraryDocument, LibraryPage, PendingUploadHeld, SignedUrl } from '../../domain/api-schemas';

export type { LibraryDocument, LibraryPage };

export interface DocumentPlace {
  organizationId: string;
  programId: string;
  sectionId: string;
  applicationId: string;
  questionId: string;
}

/** The multipart body of an upload: the provider reads the fields before the file, so the file goes last. */
function uploadForm(place: DocumentPlace, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(place)) form.set(key, value);
  form.set('fileName', file.name);
  form.set('file', file, file.name);
  return form;
}

/** Stores one file; answers the value a File question keeps (the provider's id and name). */
export async function uploadDocument(api: ApiSession, place: DocumentPlace, file: File): Promise<{ value: FileValue; scanMessage: string | null }> {
  const { document } = await post<DocumentUploaded>(api, '/documents/upload', uploadForm(place, file));
  // Held for a virus scan (decision 097): stored, and "Not scanned yet" until clamd has read it.
  return { value: { documentId: document.id, fileName: document.fileName }, scanMessage: document.scanMessage ?? null };
}

/** Where the browser goes to read the document: a signed link, made absolute against the API's public origin. */
export async function documentLink(api: ApiSession, documentId: string, organizationId: string, toDownload: boolean): Promise<string> {
  const { signedUrl } = await get<SignedUrl>(api, `/documents/${seg(documentId)}/signed-url`, {
    organizationId,
    toDownload: toDownload ? 'true' : undefined,
  });
  return publicUrl(api, signedUrl);
}

/** A link the API answered, absolute for the browser. */
export function publicUrl(api: ApiSession, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${api.context.portal.apiPublicOrigin}${url}`;
}

/**
 * Holds a file chosen in a File question for the save that may still fail (docs/decisions/022): not a
 * document until a save of the section succeeds; the answer to send names it until then.
 */
export async function holdPendingUpload(api: ApiSession, place: DocumentPlace, file: File): Promise<FileValue> {
  const { pendingUpload } = await post<PendingUploadHeld>(api, '/documents/pending', uploadForm(place, file));
  return { documentId: '', fileName: pendingUpload.fileName, pendingUploadId: pendingUpload.id };
}

/** The person removed a held file before saving: it goes at once (else it expires). */
export const discardPendingUpload = (api: ApiSession, pendingUploadId: string) => del(api, `/documents/pending/${seg(pendingUploadId)}`);

// ---------------------------------------------------------------------------------------------
// The organization's library (/org/documents, decision 036)
// ---------------------------------------------------------------------------------------------

export type DocumentVersion = DocumentDetails['versions'][number];

export const listDocuments = (api: ApiSession, organizationId: string, paging: { page: number; limit: number }) =>
  get<LibraryPage>(api, `/documents/organizations/${seg(organizationId)}/documents`, paging);

export const getDocument = (api: ApiSession, organizationId: string, id: string) =>
  get<DocumentDetails>(api, `/documents/${seg(id)}`, { organizationId });

/** Uploads a file into the library (no application): the program and section the spec's upload names. */
export async function uploadLibraryDocument(
  api: ApiSession, place: { organizationId: string; programId: string; sectionId: string }, file: File, description: string,
): Promise<LibraryDocument> {
  const form = new FormData();
  for (const [key, value] of Object.entries(place)) form.set(key, value);
  if (description) form.set('description', description);
  form.set('fileName', file.name);
  form.set('file', file, file.name);
  return (await post<DocumentUploaded>(api, '/documents/upload', form)).document;
}

/** A new version of a document (spec 7 POST documents/{id}/new-version). */
export async function uploadNewVersion(api: ApiSession, organizationId: string, id: string, file: File): Promise<LibraryDocument> {
  const form = new FormData();
  form.set('fileName', file.name);
  form.set('file', file, file.name);
  return (await post<DocumentVersionAdded>(api, `/documents/${seg(id)}/new-version`, form, { organizationId })).document;
}

export const deleteDocument = (api: ApiSession, organizationId: string, id: string) =>
  del<{ message: string }>(api, `/documents/${seg(id)}?organizationId=${seg(organizationId)}`);
