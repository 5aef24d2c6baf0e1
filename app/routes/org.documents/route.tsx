// The organization's documents library (spec 2 menu Documents, 3 Document, 7 Documents; decision 036): a table (File
// Name, whole and wrapping (issue 41 item 13), Program, Size, Type, Submitted By, Uploaded, Actions) paged by the list kit, Upload Document, and per
// row Preview, Download, New version and Delete (or why it cannot be deleted). Every dialog is URL state (decision
// 004): ?upload=1, ?version=id, ?preview=id, ?delete=id; all plain GET/POST, so everything works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { PagedTable, type Column } from '../../components/list-kit';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { withParams } from '../../utils/url-state';
import { formatListDate } from '../../../domain/dates';
import { deleteRefusal, fileTypeLabel, formatBytes, useLabel } from '../../../domain/documents';
import { PAGE_SIZES } from '../../../domain/constants';
import type { LibraryDocument } from '../../api/documents.server';
import { documentsAction, documentsLoader, type DocumentsLoaderData } from './documents.server';
import { DeleteDialog, PreviewDialog, UploadDialog, VersionDialog } from './dialogs';
import '../../chunks/answers'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Documents | Broadband Grants Portal' }];
export const loader = (args: LoaderFunctionArgs) => documentsLoader(args);
export const action = (args: ActionFunctionArgs) => documentsAction(args);
export const ErrorBoundary = ShellErrorBoundary;

const DIALOGS_CLOSED = { upload: null, version: null, preview: null, delete: null };

export default function DocumentsPage() {
  const data = useLoaderData<DocumentsLoaderData>();
  const { list, state, opened, canUpload, organizationName } = data;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const may = mayManage(data);
  const open = (param: 'version' | 'preview' | 'delete') => {
    const id = search.get(param);
    return id && opened && opened.versions.some((v) => v.id === id) ? opened : null;
  };
  const versionOf = open('version');
  const previewOf = open('preview');
  const deleteOf = open('delete');

  return (
    <>
      <div className="ui-list-head">
        <h1 className="ui-list-title">Documents</h1>
        {canUpload ? (
          <Link to={`${withParams(location.search, { ...DIALOGS_CLOSED, upload: '1' })}#upload-document`} preventScrollReset className="ui-btn">
            Upload Document
          </Link>
        ) : null}
      </div>
      <p className="ui-lead">
        {organizationName ? `${organizationName}'s` : 'Your organization\u2019s'} documents: upload once, attach them to applications, and keep earlier versions.
      </p>

      {/* The open dialog comes right after the heading (decision 024): read first without JavaScript. */}
      {canUpload && search.get('upload') === '1' ? <UploadDialog /> : null}
      {versionOf && may(versionOf.document) ? <VersionDialog key={versionOf.document.id} opened={versionOf} /> : null}
      {previewOf ? <PreviewDialog key={search.get('preview')} opened={previewOf} shownId={search.get('preview')!} /> : null}
      {deleteOf && may(deleteOf.document) ? <DeleteDialog key={deleteOf.document.id} opened={deleteOf} /> : null}

      <PagedTable
        list={list}
        caption="Documents"
        columns={columns(location.search, may)}
        rows={list.documents}
        rowKey={(d) => d.id}
        testId="documents-table"
        rowTestId="document-row"
        noun={['document', 'documents']}
        pageSize={{ size: state.pageSize, sizes: PAGE_SIZES }}
      />
    </>
  );
}

/** Whether the person may change (new version, delete) a document: an admin any, staff their own (the permissions table). */
function mayManage({ manageAll, userId }: Pick<DocumentsLoaderData, 'manageAll' | 'userId'>) {
  return (doc: Pick<LibraryDocument, 'uploadedBy'>) => manageAll || doc.uploadedBy === userId;
}

function columns(search: string, may: (doc: LibraryDocument) => boolean): Column<LibraryDocument>[] {
  const dialog = (param: 'version' | 'preview' | 'delete', id: string) => withParams(search, { ...DIALOGS_CLOSED, [param]: id });
  return [
    {
      header: 'File Name',
      cell: (d) => (
        <>
          <span className="ui-whole-name">{d.fileName}</span>
          {d.version > 1 ? (
            <>
              {' '}
              <span className="ui-status-tag" data-palette="blue">
                Version {d.version}
              </span>
            </>
          ) : null}
          {d.scanMessage ? (
            <>
              {' '}
              <span className="ui-status-tag" data-testid="scan-status">
                {d.scanMessage}
              </span>
            </>
          ) : null}
        </>
      ),
    },
    { header: 'Program', cell: (d) => d.programName ?? '' },
    { header: 'Size', cell: (d) => formatBytes(d.fileSize), nowrap: true },
    { header: 'Type', cell: (d) => fileTypeLabel(d.fileName) },
    { header: 'Submitted By', cell: (d) => d.submittedBy ?? '' },
    { header: 'Uploaded', cell: (d) => formatListDate(d.createdAt), nowrap: true },
    {
      header: 'Actions',
      cell: (d) => {
        const refusal = deleteRefusal(d.usedBy);
        return (
          <ul className="row-actions">
            <li>
              <Link to={`${dialog('preview', d.id)}#preview-file`} preventScrollReset aria-label={`Preview ${d.fileName}`}>
                Preview
              </Link>
            </li>
            <li>
              <a href={`/resources/documents/${encodeURIComponent(d.id)}?download=1`} aria-label={`Download ${d.fileName}`}>
                Download
              </a>
            </li>
            {may(d) ? (
              <li>
                <Link to={`${dialog('version', d.id)}#new-version`} preventScrollReset aria-label={`Upload a new version of ${d.fileName}`}>
                  New version
                </Link>
              </li>
            ) : null}
            {may(d) && !refusal ? (
              <li>
                <Link to={`${dialog('delete', d.id)}#delete-document`} preventScrollReset aria-label={`Delete ${d.fileName}`}>
                  Delete
                </Link>
              </li>
            ) : null}
            {may(d) && refusal && d.usedBy ? (
              <li data-testid="delete-locked" title={refusal}>
                In {useLabel(d.usedBy)}
                <span className="visually-hidden">: {refusal}</span>
              </li>
            ) : null}
          </ul>
        );
      },
    },
  ];
}
