// The documents library's dialogs (decision 036), each URL state with plain forms: Upload Document (program and
// section, the file, a description), New version, 'Preview File' (an image inline, a PDF in the browser's own viewer in
// a frame from the portal's origin, anything else only a download) with the document's versions, and the delete
// confirmation. A refused upload shows its message on the field (aria-describedby) and keeps what was typed.
import type { FormEvent } from 'react';
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from '@remix-run/react';
import { Form } from '../../components/form';
import { UploadProgress, useUpload } from '../../components/upload-progress';
import { DialogActions, ConfirmActions, UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert } from '../../components/forms';
import { closeDialogs } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import { DOCUMENT_FILE_EXTENSIONS } from '../../../domain/validation/limits';
import { validateAnswerFile } from '../../../domain/validation/files';
import { DOCUMENT_MSG } from '../../../domain/messages';
import { DOCUMENT_LIBRARY_MSG, deleteRefusal, formatBytes, previewKind } from '../../../domain/documents';
import { formatListDate } from '../../../domain/dates';
import type { DocumentVersion, LibraryDocument } from '../../api/documents.server';
import type { DocumentFormResult, DocumentsLoaderData } from './documents.server';

type Opened = { document: LibraryDocument; versions: DocumentVersion[] };

const ACCEPT = DOCUMENT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
const fileLink = (id: string, how: 'download' | 'view') => `/resources/documents/${encodeURIComponent(id)}?${how}=1`;

function useRefused(intent: DocumentFormResult['intent']) {
  const result = useActionData<DocumentFormResult>();
  return result?.intent === intent ? result : null;
}

/**
 * With JavaScript, Upload and Upload new version send their form with progress and Cancel (spec 4, spec 7 "multipart,
 * progress, cancellable"; upload-progress.tsx, as a File question does): to the same action as the plain post, then
 * (resources.documents.upload.tsx, which runs this library's action and answers JSON), then go where the action's
 * redirect went (the list, revalidated, with its toast). A form the server would refuse (no
 * program and section, no file, a refused type or size) goes the plain way, so its messages sit on their fields.
 */
function useProgressUpload(done: string) {
  const upload = useUpload();
  const navigate = useNavigate();
  const { maxUploadBytes } = useLoaderData<DocumentsLoaderData>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const body = new FormData(event.currentTarget);
    const file = body.get('file');
    const place = body.get('place');
    if (!(file instanceof File) || !file.name || file.size === 0 || validateAnswerFile(file.name, file.size, maxUploadBytes)) return;
    if (place !== null && !String(place).includes(':')) return;
    event.preventDefault();
    import('../../utils/send-upload').then(({ sendUpload, jsonOf }) =>
      upload.start((onState) =>
        sendUpload({
          url: `/resources/documents/upload${window.location.search}`,
          body,
          file,
          onState,
          finish: (xhr) => {
            const result = jsonOf<{ ok: boolean; to: string; message: string }>(xhr);
            if (xhr.status === 200 && result.ok && result.to) {
              navigate(result.to, { preventScrollReset: true });
              return { ok: true, message: done };
            }
            return { ok: false, message: result.message ?? '' };
          },
        }),
      ),
    );
  };
  return { ...upload, onSubmit };
}

/** The file input with its hint and error, tied together; the same in both upload forms. */
function FileField({ id, error, maxUploadBytes, label }: { id: string; error?: string; maxUploadBytes: number; label: string }) {
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="ui-field">
      <label htmlFor={id} className="ui-label">
        {label}
      </label>
      <p id={hintId} className="ui-hint">
        PDF, Word, Excel, JPG or PNG, up to {formatBytes(maxUploadBytes)}.
      </p>
      <input
        id={id}
        name="file"
        type="file"
        accept={ACCEPT}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        className="ui-input"
        data-autofocus={error ? true : undefined}
      />
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </div>
  );
}

function SubmitRow({ label, close, busy }: { label: string; close: string; busy: boolean }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  return (
    <DialogActions closeTo={close} submit={label} disabled={hydrated && (busy || navigation.state === 'submitting')} />
  );
}

export function UploadDialog() {
  const { places, maxUploadBytes } = useLoaderData<DocumentsLoaderData>();
  const location = useLocation();
  const refused = useRefused('upload');
  const close = closeDialogs(location.search);
  const placeError = refused?.errors.place;
  const descriptionError = refused?.errors.description;
  // One program (the usual case): its first section is a sensible default; the person may pick another.
  const defaultPlace = refused?.values.place ?? '';
  const upload = useProgressUpload(DOCUMENT_MSG.uploaded);
  return (
    <UrlDialog id="upload-document" title="Upload Document" closeTo={close}>
      <Form method="post" encType="multipart/form-data" preventScrollReset noValidate onSubmit={upload.onSubmit}>
        <input type="hidden" name="intent" value="upload" />
        <FormAlert id="upload-document-error" message={refused?.message} />
        <div className="ui-field">
          <label htmlFor="document-place" className="ui-label">
            Program and section
          </label>
          <select
            id="document-place"
            name="place"
            defaultValue={defaultPlace}
            required
            aria-required="true"
            aria-invalid={placeError ? true : undefined}
            aria-describedby={placeError ? 'document-place-error' : undefined}
            className="ui-select"
            data-autofocus={!refused?.errors.file ? true : undefined}
          >
            <option value="">Select a program and section</option>
            {places.map((p) => (
              <optgroup key={p.programId} label={p.programName}>
                {p.sections.map((s) => (
                  <option key={s.id} value={`${p.programId}:${s.id}`}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <ErrorList id="document-place-error" errors={placeError ? [placeError] : null} />
        </div>
        <FileField id="document-file" label="File" error={refused?.errors.file} maxUploadBytes={maxUploadBytes} />
        <div className="ui-field">
          <label htmlFor="document-description" className="ui-label">
            Description (optional)
          </label>
          <textarea
            id="document-description"
            name="description"
            maxLength={1000}
            rows={3}
            defaultValue={refused?.values.description ?? ''}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? 'document-description-error' : undefined}
            className="ui-textarea"
          />
          <ErrorList id="document-description-error" errors={descriptionError ? [descriptionError] : null} />
        </div>
        <UploadProgress id="upload-document-status" state={upload.state} onCancel={upload.cancel} />
        <SubmitRow label="Upload" close={close} busy={upload.uploading} />
      </Form>
    </UrlDialog>
  );
}

/** "Version 2 of 3" and each version with its download (earlier ones included). */
function Versions({ opened, shownId }: { opened: Opened; shownId: string }) {
  if (opened.versions.length < 2) return null;
  return (
    <section className="ui-versions" aria-labelledby="document-versions-title">
      <h3 id="document-versions-title">Versions</h3>
      <ol>
        {opened.versions.map((v) => (
          <li key={v.id} data-testid="document-version">
            Version {v.version}
            {v.current ? ' (current)' : ''}: <span className="ui-whole-name">{v.fileName}</span>, {formatBytes(v.fileSize)}, {formatListDate(v.createdAt)}{' '}
            {v.id === shownId ? (
              '(shown)'
            ) : (
              <a href={fileLink(v.id, 'download')}>
                Download<span className="visually-hidden"> version {v.version}</span>
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function VersionDialog({ opened }: { opened: Opened }) {
  const { maxUploadBytes } = useLoaderData<DocumentsLoaderData>();
  const location = useLocation();
  const refused = useRefused('version');
  const close = closeDialogs(location.search);
  const doc = opened.document;
  const upload = useProgressUpload(DOCUMENT_LIBRARY_MSG.versionAdded);
  return (
    <UrlDialog id="new-version" title="Upload New Version" closeTo={close}>
      <p>
        The new file becomes version {doc.version + 1} of <strong className="ui-whole-name">{doc.fileName}</strong>. Draft applications and the entity
        profile that use it will use the new version; submitted applications keep the version they were submitted with. Earlier versions stay
        downloadable.
      </p>
      <Form method="post" encType="multipart/form-data" preventScrollReset noValidate onSubmit={upload.onSubmit}>
        <input type="hidden" name="intent" value="version" />
        <input type="hidden" name="documentId" value={doc.id} />
        <FormAlert id="new-version-error" message={refused?.message} />
        <FileField id="version-file" label="New file" error={refused?.errors.file} maxUploadBytes={maxUploadBytes} />
        <UploadProgress id="new-version-status" state={upload.state} onCancel={upload.cancel} />
        <SubmitRow label="Upload new version" close={close} busy={upload.uploading} />
      </Form>
      <Versions opened={opened} shownId="" />
    </UrlDialog>
  );
}

export function PreviewDialog({ opened, shownId }: { opened: Opened; shownId: string }) {
  const location = useLocation();
  const close = closeDialogs(location.search);
  const shown = opened.versions.find((v) => v.id === shownId) ?? opened.versions[0]!;
  const kind = previewKind(shown.fileName);
  const total = opened.versions.length;
  return (
    <UrlDialog id="preview-file" title="Preview File" closeTo={close}>
      <p>
        <strong className="ui-whole-name">{shown.fileName}</strong>
        {total > 1 ? ` (Version ${shown.version} of ${total})` : ''}, {formatBytes(shown.fileSize)}
      </p>
      <div className="ui-preview" data-testid="preview-body" data-kind={kind}>
        {kind === 'image' ? <img src={fileLink(shown.id, 'view')} alt={`Preview of ${shown.fileName}`} /> : null}
        {kind === 'pdf' ? <iframe src={fileLink(shown.id, 'view')} title={`Preview of ${shown.fileName}`} /> : null}
        {kind === 'none' ? <p data-testid="no-preview">{DOCUMENT_LIBRARY_MSG.noPreview}</p> : null}
      </div>
      <div className="ui-dialog-actions">
        <Link to={close} preventScrollReset className="ui-btn-outline">
          Close
        </Link>
        <a href={fileLink(shown.id, 'download')} className="ui-btn" data-autofocus>
          Download File
        </a>
      </div>
      <Versions opened={opened} shownId={shown.id} />
    </UrlDialog>
  );
}

export function DeleteDialog({ opened }: { opened: Opened }) {
  const location = useLocation();
  const close = closeDialogs(location.search);
  const doc = opened.document;
  const refusal = deleteRefusal(doc.usedBy);
  return (
    <UrlDialog id="delete-document" title="Delete Document" closeTo={close} role="alertdialog">
      {refusal ? (
        <>
          <p data-testid="delete-refusal">{refusal}</p>
          <div className="ui-dialog-actions">
            <Link to={close} preventScrollReset className="ui-btn" data-autofocus>
              Ok
            </Link>
          </div>
        </>
      ) : (
        <>
          <p>{DOCUMENT_LIBRARY_MSG.deleteConfirm}</p>
          <p>
            <span className="ui-whole-name">{doc.fileName}</span>
            {opened.versions.length > 1 ? ` and its ${opened.versions.length - 1} earlier version${opened.versions.length > 2 ? 's' : ''}` : ''} will be removed from
            the library.
          </p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="documentId" value={doc.id} />
            <ConfirmActions closeTo={close} yes="Yes, delete" />
          </Form>
        </>
      )}
    </UrlDialog>
  );
}
