// 'Choose from Documents Library' (spec 2 Other dialogs; issue 11 item 5, decision 036): a URL-state dialog
// (?library=questionId) listing the organization's current documents as radios; a plain form whose post answers the
// File question with the chosen document (no upload again). Works without JavaScript.
import { Link, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../../components/form';
import { EditStateFields } from '../../components/edit-conflict-panel';
import type { EditState } from '../../utils/edit-conflict';
import { DialogActions, UrlDialog } from '../../components/url-dialog';
import { ErrorList } from '../../components/forms';
import { withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import { formatListDate } from '../../../domain/dates';
import { DOCUMENT_LIBRARY_MSG, LIBRARY_CHOICES, formatBytes } from '../../../domain/documents';
import type { LibraryDocument } from '../../api/documents.server';

export interface LibraryChoice {
  questionId: string;
  label: string;
  documents: LibraryDocument[];
  totalRecords: number;
}

/** `edit`: the version and answers of the page the dialog opened on, which its save names (decision 099). */
export function LibraryDialog({ library, current, error, action, edit }: { library: LibraryChoice; current: string | null; error: string | null; action: string; edit: EditState }) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const close = withParams(location.search, { library: null });
  const errorId = error ? 'library-choice-error' : undefined;
  return (
    <UrlDialog id="choose-document" title={DOCUMENT_LIBRARY_MSG.chooseTitle} closeTo={close}>
      {library.documents.length === 0 ? (
        <>
          <p>{DOCUMENT_LIBRARY_MSG.libraryEmpty}</p>
          <div className="ui-dialog-actions">
            <Link to={close} preventScrollReset className="ui-btn" data-autofocus>
              Ok
            </Link>
          </div>
        </>
      ) : (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value={`choose-file:${library.questionId}`} />
          <EditStateFields version={edit.version} base={edit.base} panel={null} />
          <fieldset className="ui-choice-list" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
            <legend>Documents for: {library.label}</legend>
            {library.documents.map((d, i) => (
              <label key={d.id} data-testid="library-choice">
                <input type="radio" name="documentId" value={d.id} defaultChecked={d.id === current} data-autofocus={i === 0 ? true : undefined} />
                <span>
                  <span title={d.fileName}>{d.displayName}</span>
                  <br />
                  <small>
                    {[d.programName, formatBytes(d.fileSize), `uploaded ${formatListDate(d.createdAt)}`, d.submittedBy, d.version > 1 ? `version ${d.version}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </small>
                </span>
              </label>
            ))}
          </fieldset>
          <ErrorList id={errorId} errors={error ? [error] : null} />
          {library.totalRecords > LIBRARY_CHOICES ? (
            <p className="ui-hint">
              The newest {LIBRARY_CHOICES} of {library.totalRecords} documents are listed; the <Link to="/org/documents">Documents</Link> screen has them all.
            </p>
          ) : null}
          <DialogActions closeTo={close} submit="Use this document" disabled={hydrated && navigation.state === 'submitting'} />
        </Form>
      )}
    </UrlDialog>
  );
}
