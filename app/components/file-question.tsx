// A File question (spec 2b): the attached document (name cut to 30 characters, opened through a signed
// link), Remove, and a file input. Without JavaScript the file rides in the form's own multipart Save;
// with it the file is sent at once with a progress bar (idle → uploading with progress and speed →
// done, failed or cancelled; Cancel aborts) and its answer is saved by itself.
import { useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import type { FileValue } from '../../domain/questions';
import { DOCUMENT_MSG } from '../../domain/messages';
import { DOCUMENT_FILE_EXTENSIONS, truncateFileName, validateAnswerFile, VALIDATION_MSG } from '../../domain/validation';
import { fileInputName, partName } from '../utils/question-form';
import { useHydrated } from '../utils/use-hydrated';

/** Where uploads of this form go: the application, the section and the size limit. */
export interface UploadSettings {
  applicationId: string;
  sectionId: string;
  maxUploadBytes: number;
  /** Called once a file is stored and its answer saved (the page may refresh its section statuses). */
  onSaved?: () => void;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number; bytesPerSecond: number }
  | { phase: 'done'; message: string }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled' };

export function asFileValue(value: unknown): FileValue | null {
  return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as FileValue).documentId === 'string'
    ? (value as FileValue)
    : null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const ACCEPT = DOCUMENT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

export function FileQuestion({
  questionId,
  label,
  value,
  disabled,
  describedBy,
  uploads,
}: {
  questionId: string;
  /** The question's text, for the names of its buttons. */
  label: string;
  value: unknown;
  disabled: boolean;
  describedBy?: string;
  uploads?: UploadSettings;
}) {
  const hydrated = useHydrated();
  const [file, setFile] = useState<FileValue | null>(asFileValue(value));
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const request = useRef<XMLHttpRequest | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = `file-${questionId}`;
  // Not `-hint`: the question's instructions have that id (issue 9 item 21, no-dup-id).
  const hintId = `${inputId}-file-hint`;
  const statusId = `${inputId}-status`;

  useEffect(() => setFile(asFileValue(value)), [value]);
  useEffect(() => () => request.current?.abort(), []);

  const start = (chosen: File) => {
    if (!uploads) return;
    const invalid = validateAnswerFile(chosen.name, chosen.size, uploads.maxUploadBytes);
    if (invalid) {
      setState({ phase: 'failed', message: invalid });
      if (input.current) input.current.value = '';
      return;
    }
    const body = new FormData();
    body.set('applicationId', uploads.applicationId);
    body.set('sectionId', uploads.sectionId);
    body.set('questionId', questionId);
    body.set('file', chosen, chosen.name);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const began = performance.now();
    setState({ phase: 'uploading', fileName: chosen.name, loaded: 0, total: chosen.size, bytesPerSecond: 0 });
    xhr.upload.onprogress = (e) => {
      const seconds = Math.max(0.001, (performance.now() - began) / 1000);
      setState({ phase: 'uploading', fileName: chosen.name, loaded: e.loaded, total: e.lengthComputable ? e.total : chosen.size, bytesPerSecond: e.loaded / seconds });
    };
    const finish = (next: UploadState) => {
      request.current = null;
      if (input.current) input.current.value = '';
      setState(next);
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
        setFile(result.file);
        finish({ phase: 'done', message: result.message ?? DOCUMENT_MSG.uploaded });
        uploads.onSaved?.();
      } else {
        finish({ phase: 'failed', message: result.message ?? VALIDATION_MSG.uploadFailed });
      }
    };
    xhr.onerror = () => finish({ phase: 'failed', message: VALIDATION_MSG.uploadFailed });
    xhr.onabort = () => finish({ phase: 'cancelled' });
    xhr.open('POST', '/resources/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.send(body);
  };

  const uploading = state.phase === 'uploading';
  const canUpload = !disabled && !!uploads;
  const percent = uploading && state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;

  return (
    <Stack gap={2} data-testid="file-question">
      {file?.pendingUploadId ? (
        // Held from a save that failed (docs/decisions/022): no document yet, so no link.
        <p data-testid="file-pending">{DOCUMENT_MSG.pendingKept(truncateFileName(file.fileName))}</p>
      ) : file ? (
        <HStack gap={3} wrap="wrap">
          <chakra.a
            href={`/resources/documents/${encodeURIComponent(file.documentId)}`}
            target="_blank"
            rel="noopener"
            title={file.fileName}
            textDecoration="underline"
            color="brand.fg"
            data-testid="file-link"
          >
            {truncateFileName(file.fileName)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </chakra.a>
          {canUpload ? (
            <Button type="submit" name="intent" value={`remove-file:${questionId}`} size="xs" variant="outline" formNoValidate disabled={uploading}>
              Remove file<span className="visually-hidden"> from {label}</span>
            </Button>
          ) : null}
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No file uploaded yet.
        </Text>
      )}
      {/* The current answer, sent back with every save (the server checks the document is the organization's). */}
      <input type="hidden" name={partName(questionId, 'documentId')} value={file?.documentId ?? ''} />
      <input type="hidden" name={partName(questionId, 'fileName')} value={file?.fileName ?? ''} />
      <input type="hidden" name={partName(questionId, 'pendingUploadId')} value={file?.pendingUploadId ?? ''} />
      {canUpload ? (
        <Box>
          <chakra.label htmlFor={inputId} fontSize="sm" display="block" mb={1}>
            {file ? 'Choose a new file to replace it' : 'Choose a file'}
          </chakra.label>
          <HStack gap={3} wrap="wrap" align="center">
            <chakra.input
              ref={input}
              type="file"
              id={inputId}
              name={fileInputName(questionId)}
              accept={ACCEPT}
              aria-describedby={[describedBy, hintId, statusId].filter(Boolean).join(' ')}
              disabled={uploading}
              fontSize="sm"
              onChange={(e) => {
                const chosen = e.currentTarget.files?.[0];
                if (hydrated && chosen) start(chosen);
              }}
            />
            {hydrated ? null : (
              // Without JavaScript the chosen file is uploaded by the section's Save.
              <Button type="submit" name="intent" value="save" size="sm" variant="outline">
                Upload and save
              </Button>
            )}
          </HStack>
          <Text id={hintId} fontSize="xs" color="fg.muted" mt={1}>
            PDF, Word, Excel, JPG or PNG, up to {formatBytes(uploads!.maxUploadBytes)}.
          </Text>
          <Box id={statusId} aria-live="polite" mt={1}>
            {uploading ? (
              <Stack gap={1} data-testid="upload-progress">
                <progress value={percent} max={100} aria-label={`Uploading ${state.fileName}`} style={{ width: '100%', maxWidth: '24rem' }} />
                <HStack gap={3}>
                  <Text fontSize="sm">
                    {truncateFileName(state.fileName)}: {percent}% ({formatBytes(state.loaded)} of {formatBytes(state.total)}
                    {state.bytesPerSecond > 0 ? `, ${formatBytes(state.bytesPerSecond)}/s` : ''})
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => request.current?.abort()}>
                    Cancel upload
                  </Button>
                </HStack>
              </Stack>
            ) : state.phase === 'done' ? (
              <Text fontSize="sm" color="fg.success" data-testid="upload-status">
                {state.message}
              </Text>
            ) : state.phase === 'failed' ? (
              <Text fontSize="sm" color="fg.error" data-testid="upload-status">
                {state.message}
              </Text>
            ) : state.phase === 'cancelled' ? (
              <Text fontSize="sm" color="fg.error" data-testid="upload-status">
                {VALIDATION_MSG.uploadCanceled}
              </Text>
            ) : null}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
