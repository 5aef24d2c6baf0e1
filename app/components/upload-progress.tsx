// A file sent with JavaScript, shared by a File question (file-question.tsx) and the documents library's Upload and New
// version dialogs (decision 036): useUpload holds the upload's state (spec 4: idle → uploading with progress and speed →
// done, failed or cancelled) and its request, aborted by Cancel or when the screen goes; UploadProgress shows it in a
// live region: the bar (motion.tsx's ProgressFill), "name: n% (x of y, z/s)", Cancel upload, then the outcome.
// The sender itself (utils/send-upload.ts) is imported by the caller when a file is first sent (first-load budget).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ProgressFill } from './motion';
import type { UploadState } from '../utils/send-upload';
import { truncateFileName } from '../../domain/validation/display';
import { formatBytes } from '../../domain/documents';

export function useUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);
  /** Begins an upload: `send` gets the state setter and answers the request (null when refused before sending). */
  const start = useCallback((send: (onState: (next: UploadState) => void) => XMLHttpRequest | null, onEnd?: (next: UploadState) => void) => {
    request.current = send((next) => {
      if (next.phase !== 'uploading') {
        request.current = null;
        onEnd?.(next);
      }
      setState(next);
    });
  }, []);
  const cancel = useCallback(() => request.current?.abort(), []);
  return { state, uploading: state.phase === 'uploading', start, cancel };
}

export function UploadProgress({ id, state, onCancel }: { id: string; state: UploadState; onCancel: () => void }) {
  const percent = state.phase === 'uploading' && state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;
  return (
    <div id={id} aria-live="polite" className="q-upload">
      {state.phase === 'uploading' ? (
        <div data-testid="upload-progress">
          <div
            className="q-progress"
            role="progressbar"
            aria-label={`Uploading ${state.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <ProgressFill percent={percent} className="q-progress-fill" />
          </div>
          <div className="q-file-row">
            <span>
              {truncateFileName(state.fileName)}: {percent}% ({formatBytes(state.loaded)} of {formatBytes(state.total)}
              {state.bytesPerSecond > 0 ? `, ${formatBytes(state.bytesPerSecond)}/s` : ''})
            </span>
            <button type="button" className="q-btn-outline-xs" onClick={onCancel}>
              Cancel upload
            </button>
          </div>
        </div>
      ) : state.phase === 'done' ? (
        <p data-tone="done" data-testid="upload-status">
          {state.message}
        </p>
      ) : state.phase === 'failed' || state.phase === 'cancelled' ? (
        <p data-tone="failed" data-testid="upload-status">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
