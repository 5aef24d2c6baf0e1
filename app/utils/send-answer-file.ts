// The upload of a File question's answer with JavaScript, loaded when a person first chooses a file (issue 8,
// first-load budget; decision 021). The file is checked here first with the server's rules
// (domain/validation/files.ts), then sent with progress (send-upload.ts) to /resources/upload, which stores it; the
// form's autosave saves the answer (decision 100).
import type { FileValue } from '../../domain/questions';
import { DOCUMENT_MSG, MSG } from '../../domain/messages';
import { validateAnswerFile } from '../../domain/validation/files';
import { VALIDATION_MSG } from '../../domain/validation/messages';
import { jsonOf, sendUpload, type UploadState } from './send-upload';
import '../chunks/answers'; // loaded on pages that already have this shared file: keeps it one file (decision 102)

export type { UploadState } from './send-upload';

export interface SendAnswerFile {
  file: File;
  applicationId: string;
  sectionId: string;
  questionId: string;
  maxUploadBytes: number;
  /** Each step of the upload. */
  onState: (state: UploadState) => void;
  /** The stored document, now the answer; `scanMessage` when it waits for a virus scan ("Not scanned yet"). */
  onStored: (file: FileValue, scanMessage: string | null) => void;
}

/** Sends the file; the request (to abort it), or null when the file was refused before sending. */
export function sendAnswerFile(opts: SendAnswerFile): XMLHttpRequest | null {
  const { file: chosen, onState } = opts;
  const invalid = validateAnswerFile(chosen.name, chosen.size, opts.maxUploadBytes);
  if (invalid) {
    onState({ phase: 'failed', message: invalid });
    return null;
  }
  const body = new FormData();
  body.set('applicationId', opts.applicationId);
  body.set('sectionId', opts.sectionId);
  body.set('questionId', opts.questionId);
  body.set('file', chosen, chosen.name);
  return sendUpload({
    url: '/resources/upload',
    body,
    file: chosen,
    onState,
    finish: (xhr) => {
      const result = jsonOf<{ ok: boolean; file: FileValue; message: string; scanMessage?: string }>(xhr);
      // Decision 095: only the switched-off account's 403 ends the session; any other refusal is said by the question.
      if (xhr.status === 403 && result.message === MSG.inactiveAccount) return 'signed-out';
      if (xhr.status >= 200 && xhr.status < 300 && result.ok && result.file) {
        opts.onStored(result.file, result.scanMessage ?? null);
        return { ok: true, message: result.message ?? DOCUMENT_MSG.uploaded };
      }
      return { ok: false, message: result.message ?? VALIDATION_MSG.uploadFailed };
    },
  });
}
