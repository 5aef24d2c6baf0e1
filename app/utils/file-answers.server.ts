// File questions of the application form: a chosen file is stored through the provider's documents/upload
// (with JavaScript, at once) or held as a pending upload until the form's save succeeds (without it); the same
// file rules on both sides.
import type { AppLoadContext } from '@remix-run/node';
import { apiSession } from '../api/client.server';
import { holdPendingUpload, uploadDocument } from '../api/documents.server';
import type { PortalUser } from './auth.server';
import type { FileValue } from '../../domain/questions';

export interface FilePlace {
  applicationId: string;
  programId: string;
  sectionId: string;
  questionId: string;
}

/** Uploads one file for a File question; answers the value to store (the provider's id and name) and whether it waits for a virus scan. */
export function uploadAnswerFile(context: AppLoadContext, user: PortalUser, place: FilePlace, file: File): Promise<{ value: FileValue; scanMessage: string | null }> {
  return uploadDocument(apiSession(context, user), { organizationId: user.organization!.id, ...place }, file);
}

/**
 * Holds one file chosen without JavaScript for the form's save (docs/decisions/022): the answer names the held
 * file, which becomes a document only when the save succeeds; a failed save re-renders the form still holding it.
 */
export function holdAnswerFile(context: AppLoadContext, user: PortalUser, place: FilePlace, file: File): Promise<FileValue> {
  return holdPendingUpload(apiSession(context, user), { organizationId: user.organization!.id, ...place }, file);
}

/** The request is bigger than any allowed upload could make it (refused before reading the body). */
export function tooLargeForUpload(request: Request, maxBytes: number): boolean {
  const length = Number(request.headers.get('Content-Length') ?? 0);
  // Room for the other fields of the form besides the file.
  return Number.isFinite(length) && length > maxBytes + 1024 * 1024;
}
