// Files: blocked types, the document types and the size limit, for uploads, File answers and attachments.
import { isRecord } from './answers-common';
import { BLOCKED_FILE_EXTENSIONS, DOCUMENT_FILE_EXTENSIONS, MAX_UPLOAD_BYTES } from './limits';
import { VALIDATION_MSG } from './messages';
import { fileExtension } from './display';

// The extension rule lives with the display helpers (the form's first load reads it without these checks).
export { fileExtension };

export const isBlockedFileName = (fileName: string): boolean => BLOCKED_FILE_EXTENSIONS.includes(fileExtension(fileName));

/** Generic uploader: blocked types, then (when given) the allowed list. */
export function validateUploadFileName(fileName: string, allowed?: readonly string[]): string | null {
  if (isBlockedFileName(fileName)) return VALIDATION_MSG.fileTypeBlocked;
  if (allowed && allowed.length > 0 && !allowed.map((e) => e.toLowerCase()).includes(fileExtension(fileName))) {
    return VALIDATION_MSG.fileTypeNotInList(allowed.join(', '));
  }
  return null;
}

/** Documents screen: the fixed document types and the size limit. */
export function validateDocumentFile(fileName: string, sizeBytes: number, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (!DOCUMENT_FILE_EXTENSIONS.includes(fileExtension(fileName))) return VALIDATION_MSG.documentTypeInvalid;
  if (sizeBytes > maxBytes) return VALIDATION_MSG.fileTooLarge;
  return null;
}

/** A file answering a File question of the form: blocked types first, then the document types and the size limit. */
export function validateAnswerFile(fileName: string, sizeBytes: number, maxBytes = MAX_UPLOAD_BYTES): string | null {
  return validateUploadFileName(fileName) ?? validateDocumentFile(fileName, sizeBytes, maxBytes);
}

/** Message attachments: blocked types, then the allowed list. */
export function validateMessageAttachment(fileName: string, allowed: readonly string[]): string | null {
  const ext = fileExtension(fileName);
  if (BLOCKED_FILE_EXTENSIONS.includes(ext)) return VALIDATION_MSG.messageFileBlocked(ext);
  if (!allowed.map((e) => e.toLowerCase()).includes(ext)) return VALIDATION_MSG.messageFileNotAllowed(allowed.join(', '));
  return null;
}

export function fileError(value: unknown): string | null {
  if (!isRecord(value) || typeof value.documentId !== 'string' || typeof value.fileName !== 'string') {
    return VALIDATION_MSG.invalidValue;
  }
  if (isBlockedFileName(value.fileName)) return VALIDATION_MSG.fileTypeBlocked;
  return null;
}
