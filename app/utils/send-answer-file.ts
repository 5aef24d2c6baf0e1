// The upload of a File question's answer with JavaScript (spec 4 Upload: idle, then uploading with progress and
// speed, then done, failed or cancelled), loaded when a person first chooses a file (issue 8, first-load budget;
// decision 021). The file is checked here first with the server's rules (domain/validation/files.ts), then sent
// to /resources/upload, which stores it and saves the answer.
import type { FileValue } from '../../domain/questions';
import { DOCUMENT_MSG } from '../../domain/messages';
import { validateAnswerFile } from '../../domain/validation/files';
import { VALIDATION_MSG } from '../../domain/validation/messages';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number; bytesPerSecond: number }
  | { phase: 'done'; message: string }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled'; message: string };

export interface SendAnswerFile {
  file: File;
  applicationId: string;
  sectionId: string;
  questionId: string;
  maxUploadBytes: number;
  /** Each step of the upload. */
  onState: (state: UploadState) => void;
  /** The stored document, now the answer. */
  onStored: (file: FileValue) => void;
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
  const xhr = new XMLHttpRequest();
  const began = performance.now();
  onState({ phase: 'uploading', fileName: chosen.name, loaded: 0, total: chosen.size, bytesPerSecond: 0 });
  xhr.upload.onprogress = (e) => {
    const seconds = Math.max(0.001, (performance.now() - began) / 1000);
    onState({ phase: 'uploading', fileName: chosen.name, loaded: e.loaded, total: e.lengthComputable ? e.total : chosen.size, bytesPerSecond: e.loaded / seconds });
  };
  xhr.onload = () => {
    let result: { ok?: boolean; file?: FileValue; message?: string } = {};
    try {
      result = JSON.parse(xhr.responseText);
    } catch {
      // not JSON: a proxy's error page
    }
    if (xhr.status === 401 || xhr.status === 403 || xhr.responseURL.includes('/login')) {
      window.location.assign('/org/login');
      return;
    }
    if (xhr.status >= 200 && xhr.status < 300 && result.ok && result.file) {
      opts.onStored(result.file);
      onState({ phase: 'done', message: result.message ?? DOCUMENT_MSG.uploaded });
    } else {
      onState({ phase: 'failed', message: result.message ?? VALIDATION_MSG.uploadFailed });
    }
  };
  xhr.onerror = () => onState({ phase: 'failed', message: VALIDATION_MSG.uploadFailed });
  xhr.onabort = () => onState({ phase: 'cancelled', message: VALIDATION_MSG.uploadCanceled });
  xhr.open('POST', '/resources/upload');
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(body);
  return xhr;
}
