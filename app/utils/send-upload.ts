// One file sent with XMLHttpRequest so its progress can be shown and it can be cancelled (spec 4 Upload: idle, then
// uploading with progress and speed, then done, failed or cancelled; spec 5's 'File upload failed' and 'File upload
// canceled'). Shared by a File question's answer (send-answer-file.ts) and the documents library's Upload and New
// version (decision 036); loaded only when a person first sends a file (first-load budget, decision 021).
import { VALIDATION_MSG } from '../../domain/validation/messages';
import '../chunks/answers'; // loaded on pages that already have this shared file: keeps it one file (decision 102)

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number; bytesPerSecond: number }
  | { phase: 'done'; message: string }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled'; message: string };

/** How the caller reads the finished request: stored (with the message to show), refused (why), or signed out. */
export type UploadOutcome = { ok: true; message: string } | { ok: false; message: string } | 'signed-out';

export interface SendUpload {
  url: string;
  body: FormData;
  file: File;
  onState: (state: UploadState) => void;
  /** Reads the answer of a request that reached the server (any status). */
  finish: (xhr: XMLHttpRequest) => UploadOutcome;
}

/** Sends the form; answers the request so it can be aborted (Cancel). */
export function sendUpload({ url, body, file, onState, finish }: SendUpload): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  const began = performance.now();
  onState({ phase: 'uploading', fileName: file.name, loaded: 0, total: file.size, bytesPerSecond: 0 });
  xhr.upload.onprogress = (e) => {
    const seconds = Math.max(0.001, (performance.now() - began) / 1000);
    onState({ phase: 'uploading', fileName: file.name, loaded: e.loaded, total: e.lengthComputable ? e.total : file.size, bytesPerSecond: e.loaded / seconds });
  };
  xhr.onload = () => {
    const outcome = xhr.status === 401 || xhr.responseURL.includes('/login') ? 'signed-out' : finish(xhr);
    if (outcome === 'signed-out') {
      window.location.assign('/org/login');
      return;
    }
    onState(outcome.ok ? { phase: 'done', message: outcome.message } : { phase: 'failed', message: outcome.message || VALIDATION_MSG.uploadFailed });
  };
  xhr.onerror = () => onState({ phase: 'failed', message: VALIDATION_MSG.uploadFailed });
  xhr.onabort = () => onState({ phase: 'cancelled', message: VALIDATION_MSG.uploadCanceled });
  xhr.open('POST', url);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(body);
  return xhr;
}

/** The JSON body of a finished request, or {} (a proxy's error page). */
export function jsonOf<T extends object>(xhr: XMLHttpRequest): Partial<T> {
  try {
    return JSON.parse(xhr.responseText) as Partial<T>;
  } catch {
    return {};
  }
}
