// The organization's document library (spec 3 Document, 5 Files, 7 Documents and Preview; decision 036): how a size
// reads, what a preview can show, and why a document cannot be deleted. Pure: the API, the screens and the tests read it.
import { fileExtension } from './validation/display';

/**
 * The name an upload is stored and shown under: the file's own name, without the folders some browsers send with it
 * (lynx sends the whole path, `/home/olivia/Desktop/tower-lease.pdf`; old Windows browsers `C:\Users\…\x.pdf`), with
 * either separator (issue 41). Every upload path (documents, versions, pending answers, message attachments) keeps
 * only this.
 */
export function baseFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').trim();
}

/** 1234 → '1 KB', 2.5 MB → '2.5 MB': sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * What the 'Preview File' dialog shows (spec 7 Preview, without an outside viewer service: decision 036): images
 * inline, a PDF in the browser's own viewer (an iframe from the portal's origin), anything else (Word, Excel) only a
 * download.
 */
export type PreviewKind = 'image' | 'pdf' | 'none';
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];

export function previewKind(fileName: string): PreviewKind {
  const ext = fileExtension(fileName);
  if (IMAGE_EXTENSIONS.includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  return 'none';
}

/** A short type for the list's Type column: 'PDF', 'DOCX', … from the file name. */
export function fileTypeLabel(fileName: string): string {
  return fileExtension(fileName).toUpperCase() || 'FILE';
}

/** How many of the library's documents the 'Choose from Documents Library' dialog lists (newest first). */
export const LIBRARY_CHOICES = 100;

/** What holds a document (any of its versions): an application's answer, else the entity profile (status 'PROFILE', no application). */
export interface DocumentUse {
  applicationId: string | null;
  status: string;
}

/** Submitted or later (any status but a draft or a cancelled application): what the state has received. */
export const isSubmittedUse = (use: DocumentUse) => !!use.applicationId && use.status !== 'DRAFT' && use.status !== 'CANCELLED';

/** Why a document cannot be deleted now (null: it can): an application's answer or the entity profile still holds it. */
export function deleteRefusal(use: DocumentUse | null | undefined): string | null {
  if (!use) return null;
  if (!use.applicationId) return DOCUMENT_LIBRARY_MSG.inProfile;
  return isSubmittedUse(use) ? DOCUMENT_LIBRARY_MSG.inSubmitted(use.applicationId) : DOCUMENT_LIBRARY_MSG.inDraft(use.applicationId);
}

/** Where the library says a document is used, in a few words: 'GA-…' or 'Entity Profile'. */
export const useLabel = (use: DocumentUse) => use.applicationId ?? 'Entity Profile';

/** The library's words (spec 8 where it has them: 'Document uploaded successfully', …, in DOCUMENT_MSG). */
export const DOCUMENT_LIBRARY_MSG = {
  inSubmitted: (applicationId: string) =>
    `This document is part of submitted application ${applicationId} and cannot be deleted. You can upload a new version instead.`,
  inDraft: (applicationId: string) =>
    `This document is attached to draft application ${applicationId}. Remove it from that application's answer first, then delete it.`,
  inProfile: 'This document is attached to the Entity Profile. Replace it there first, then delete it.',
  versionAdded: 'New version uploaded successfully',
  versionConflict: 'A newer version of this document was just uploaded by someone else. Reload the list and try again.',
  notCurrent: 'This is an earlier version of the document. Upload the new version on the current one.',
  deleteConfirm: 'Are you sure you want to delete this document?',
  noPreview: 'No online preview available for this file type.',
  previewTimeout: 'Preview is taking too long to load. Please try downloading the file instead.',
  previewFailed: 'Failed to load the file. Please try again.',
  previewCancelled: 'Loading cancelled by user.',
  chooseTitle: 'Choose from Documents Library',
  attached: (fileName: string) => `${fileName} is attached from the Documents library.`,
  chooseNothing: 'Please choose a document from the library.',
  libraryEmpty: 'No documents in the library yet. Upload one on the Documents screen, or choose a file here.',
} as const;
