// A File question (spec 2b): the attached document (name cut to 30 characters, opened through a signed
// link), Remove, and a file input. Without JavaScript the file rides in the form's own multipart Save;
// with it the file is sent at once with a progress bar (idle → uploading with progress and speed →
// done, failed or cancelled; Cancel aborts) and its answer is saved by itself.
// Plain elements with the build-time classes of question-classes.ts (decision 021); the upload's state and its
// progress bar are upload-progress.tsx's, shared with the documents library (decision 036).
import { useEffect, useRef, useState } from 'react';
import { UploadProgress, useUpload } from './upload-progress';
import type { FileValue } from '../../domain/questions';
import { DOCUMENT_FILE_EXTENSIONS } from '../../domain/validation/limits';
import { truncateFileName } from '../../domain/validation/display';
import { DOCUMENT_MSG } from '../../domain/messages';
import { formatBytes } from '../../domain/documents';
import { fileInputName, partName } from '../utils/question-form';
import { useHydrated } from '../utils/use-hydrated';

/** Where uploads of this form go: the application, the section and the size limit. */
export interface UploadSettings {
  applicationId: string;
  sectionId: string;
  maxUploadBytes: number;
  /**
   * Saves the form's answers now that a stored file is one of them (the form's autosave, after any save in flight);
   * 'saved', or why not. Without it the answer waits for the form's Save.
   */
  saveAnswer?: () => Promise<'saved' | 'kept' | 'submitted'>;
  /** Called once a file is stored and its answer saved (the page may refresh its section statuses). */
  onSaved?: () => void;
  /** Offer 'Choose from Documents Library' (the application form, decision 036): a submit that saves, then opens it. */
  library?: boolean;
}

export function asFileValue(value: unknown): FileValue | null {
  return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as FileValue).documentId === 'string'
    ? (value as FileValue)
    : null;
}


const ACCEPT = DOCUMENT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

export function FileQuestion({
  id,
  questionId,
  label,
  value,
  disabled,
  describedBy,
  uploads,
  notScanned,
}: {
  /** The id of the file input (the question's first control), or of the whole answer when it cannot be changed. */
  id?: string;
  questionId: string;
  /** The question's text, for the names of its buttons. */
  label: string;
  value: unknown;
  disabled: boolean;
  describedBy?: string;
  uploads?: UploadSettings;
  /** The stored file waits for a virus scan (decision 097): "Not scanned yet", and no link (nobody can open it yet). */
  notScanned?: string | null;
}) {
  const hydrated = useHydrated();
  const [file, setFile] = useState<FileValue | null>(asFileValue(value));
  const { state, uploading, start: begin, cancel } = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const inputId = id ?? `file-${questionId}`;
  // Not `-hint`: the question's instructions have that id (issue 9 item 21, no-dup-id).
  const hintId = `${inputId}-file-hint`;
  const statusId = `${inputId}-status`;

  // What the page says of the stored file, or what the upload just said of the new one.
  const [held, setHeld] = useState<string | null>(notScanned ?? null);
  useEffect(() => setFile(asFileValue(value)), [value]);
  useEffect(() => setHeld(notScanned ?? null), [notScanned, value]);

  // The uploader is fetched when a file is first chosen; if it cannot be, the form's Save uploads the file.
  const [plain, setPlain] = useState(false);
  // A stored file is saved as the answer by the form once React has put it in the form's fields; the upload says it
  // is done when that save has ended.
  const [storedCount, setStoredCount] = useState(0);
  const finishUpload = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!storedCount) return;
    const finish = finishUpload.current;
    finishUpload.current = null;
    void (uploads?.saveAnswer?.() ?? Promise.resolve('kept')).then((outcome) => {
      finish?.();
      if (outcome === 'saved') uploads?.onSaved?.();
    });
    // Only a new stored file starts this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedCount]);
  const start = (chosen: File) => {
    if (!uploads) return;
    import('../utils/send-answer-file').then(
      ({ sendAnswerFile }) =>
        begin(
          (onState) =>
            sendAnswerFile({
              file: chosen,
              applicationId: uploads.applicationId,
              sectionId: uploads.sectionId,
              questionId,
              maxUploadBytes: uploads.maxUploadBytes,
              onState: (next) => {
                // Done once the answer's save has ended (above).
                if (next.phase === 'done') finishUpload.current = () => onState(next);
                else onState(next);
              },
              onStored: (stored, scanMessage) => {
                setFile(stored);
                setHeld(scanMessage);
                setStoredCount((n) => n + 1);
              },
            }),
          () => {
            if (input.current) input.current.value = '';
          },
        ),
      () => setPlain(true),
    );
  };

  const canUpload = !disabled && !!uploads;

  return (
    <div className="q-file" data-testid="file-question" id={canUpload ? undefined : id}>
      {file?.pendingUploadId ? (
        // Held from a save that failed (docs/decisions/022): no document yet, so no link.
        <p data-testid="file-pending">{DOCUMENT_MSG.pendingKept(truncateFileName(file.fileName))}</p>
      ) : file ? (
        <div className="q-file-row">
          {held ? (
            <>
              <span title={file.fileName} data-testid="file-name">{truncateFileName(file.fileName)}</span>
              <span className="ui-status-tag" data-testid="scan-status">{held}</span>
            </>
          ) : (
            <a href={`/resources/documents/${encodeURIComponent(file.documentId)}`} target="_blank" rel="noopener" title={file.fileName} data-testid="file-link">
              {truncateFileName(file.fileName)}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {canUpload ? (
            <button type="submit" name="intent" value={`remove-file:${questionId}`} className="q-btn-outline-xs" formNoValidate disabled={uploading}>
              Remove file<span className="visually-hidden"> from {label}</span>
            </button>
          ) : null}
        </div>
      ) : (
        <p className="q-file-none">No file uploaded yet.</p>
      )}
      {/* The current answer, sent back with every save (the server checks the document is the organization's). */}
      <input type="hidden" name={partName(questionId, 'documentId')} value={file?.documentId ?? ''} />
      <input type="hidden" name={partName(questionId, 'fileName')} value={file?.fileName ?? ''} />
      <input type="hidden" name={partName(questionId, 'pendingUploadId')} value={file?.pendingUploadId ?? ''} />
      {canUpload ? (
        <div>
          <label htmlFor={inputId}>{file ? 'Choose a new file to replace it' : 'Choose a file'}</label>
          <div className="q-file-row">
            <input
              ref={input}
              type="file"
              id={inputId}
              name={fileInputName(questionId)}
              accept={ACCEPT}
              aria-describedby={[describedBy, hintId, statusId].filter(Boolean).join(' ')}
              disabled={uploading}
              onChange={(e) => {
                const chosen = e.currentTarget.files?.[0];
                if (hydrated && chosen) start(chosen);
              }}
            />
            {hydrated && !plain ? null : (
              // Without JavaScript the chosen file is uploaded by the section's Save.
              <button type="submit" name="intent" value="save" className="q-btn-outline-sm">
                Upload and save
              </button>
            )}
          </div>
          {uploads!.library ? (
            // A document already in the library instead of uploading again: saves the section, then opens the dialog.
            <p>
              <button type="submit" name="intent" value={`library:${questionId}`} className="q-btn-outline-xs" formNoValidate disabled={uploading}>
                Choose from Documents Library<span className="visually-hidden"> for {label}</span>
              </button>
            </p>
          ) : null}
          <p id={hintId} className="q-file-hint">
            PDF, Word, Excel, JPG or PNG, up to {formatBytes(uploads!.maxUploadBytes)}.
          </p>
          <UploadProgress id={statusId} state={state} onCancel={cancel} />
        </div>
      ) : null}
    </div>
  );
}
