// The documents library (issue 11 items 4-6, decision 036), JavaScript on and off, axe on every screen (html-validate
// runs on every page with JavaScript off, fixtures.ts): a fresh organization's admin uploads into /org/documents
// (spec 5's messages first), previews an image, a PDF (the browser's own viewer in a frame from the portal's origin)
// and a Word file (no preview, Download File), uploads a new version (the earlier one stays downloadable), deletes a
// document after the confirmation, and in an application's File question chooses a document from the library instead
// of uploading again; the library then shows that document as in use (no Delete) and the history lists each action.
import type { Page } from '@playwright/test';
import { test, expect, signIn, signUpAndSignIn, createApplication, scan, ready, jsEnabled, dialog, confirmDialog, ACCOUNTS } from './fixtures';
import { DOCUMENT_MSG } from '../../domain/messages';
import { DOCUMENT_LIBRARY_MSG } from '../../domain/documents';
import { VALIDATION_MSG } from '../../domain/validation';

const row = (page: Page, text: string) => page.getByTestId('document-row').filter({ hasText: text });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('link', { name: 'Upload Document' }).click();
  const form = dialog(page, 'Upload Document');
  await expect(form).toBeVisible();
  await ready(page);
  await form.getByLabel('Program and section').selectOption({ index: 1 });
  await form.getByLabel('File', { exact: true }).setInputFiles(file);
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(DOCUMENT_MSG.uploaded);
  await expect(form).toHaveCount(0);
  await expect(row(page, file.name)).toBeVisible();
}

test('the documents library: upload, preview, new version, delete, and choosing a document in a File question', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, { prefix: 'docs', legalName: 'Docs Fiber', firstName: 'Dora', lastName: 'Docs' });

  await page.goto('/org/documents');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const headers = await page.getByTestId('documents-table').locator('thead th').allTextContents();
  expect(headers).toEqual(['File Name', 'Program', 'Size', 'Type', 'Submitted By', 'Uploaded', 'Actions']);
  await expect(page.getByTestId('documents-table')).toContainText('No data');
  await scan(page);

  // Upload: spec 5's messages on their fields, then a refused type.
  await page.getByRole('link', { name: 'Upload Document' }).click();
  await expect(page).toHaveURL(/upload=1/);
  let form = dialog(page, 'Upload Document');
  await expect(form).toBeVisible();
  await ready(page);
  await scan(page);
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByText(VALIDATION_MSG.selectProgramSection)).toBeVisible();
  await expect(form.getByText(DOCUMENT_MSG.fileRequired)).toBeVisible();
  await expect(form.getByLabel('Program and section')).toHaveAttribute('aria-describedby', 'document-place-error');
  await scan(page);
  form = dialog(page, 'Upload Document');
  await form.getByLabel('Program and section').selectOption({ index: 1 });
  await form.getByLabel('Description (optional)').fill('Kept when refused');
  await form.getByLabel('File', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByText('Invalid file type')).toBeVisible();
  await expect(form.getByLabel('Description (optional)')).toHaveValue('Kept when refused');
  await expect(form.getByLabel('File', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await scan(page);
  await form.getByRole('link', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  await upload(page, { name: 'site-plan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload(page, { name: 'tower-photo.png', mimeType: 'image/png', buffer: PNG });
  await upload(page, { name: 'budget-worksheet.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004docx') });
  await expect(row(page, 'site-plan.pdf')).toContainText('BEAD Round 1');
  await expect(row(page, 'site-plan.pdf')).toContainText('PDF');
  await expect(row(page, 'site-plan.pdf')).toContainText('Dora Docs');
  await expect(row(page, 'site-plan.pdf')).toContainText(`${PDF.length} B`);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (3 documents)');
  await scan(page);

  // Preview: an image inline.
  await row(page, 'tower-photo.png').getByRole('link', { name: 'Preview tower-photo.png' }).click();
  let preview = dialog(page, 'Preview File');
  await expect(preview).toBeVisible();
  const image = preview.getByRole('img', { name: 'Preview of tower-photo.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(preview.getByRole('link', { name: 'Download File' })).toBeVisible();
  await scan(page);

  // A PDF: the browser's own viewer in a frame from the portal's origin, which only the portal may frame.
  await page.goto('/org/documents');
  await row(page, 'site-plan.pdf').getByRole('link', { name: 'Preview site-plan.pdf' }).click();
  preview = dialog(page, 'Preview File');
  const frame = preview.locator('iframe[title="Preview of site-plan.pdf"]');
  await expect(frame).toBeAttached();
  const src = (await frame.getAttribute('src'))!;
  expect(src).toMatch(/^\/resources\/documents\/[0-9a-f-]+\?view=1$/);
  const framed = await page.request.get(src);
  expect(framed.status()).toBe(200);
  expect(framed.headers()['content-type']).toBe('application/pdf');
  expect(framed.headers()['content-disposition']).toMatch(/^inline/);
  expect(framed.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(framed.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(new URL(framed.url()).origin).toBe(new URL(page.url()).origin);
  expect(Buffer.from(await framed.body())).toEqual(PDF);
  // The page itself still may not be framed.
  const pageHeaders = (await page.request.get('/org/documents')).headers();
  expect(pageHeaders['x-frame-options']).toBe('DENY');
  await scan(page);

  // A Word file: no online preview, Download File.
  await page.goto('/org/documents');
  await row(page, 'budget-worksheet.docx').getByRole('link', { name: 'Preview budget-worksheet.docx' }).click();
  preview = dialog(page, 'Preview File');
  await expect(preview.getByTestId('no-preview')).toHaveText(DOCUMENT_LIBRARY_MSG.noPreview);
  const download = await page.request.get((await preview.getByRole('link', { name: 'Download File' }).getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);
  await scan(page);
  await preview.getByRole('link', { name: 'Close' }).first().click();
  await expect(preview).toHaveCount(0);

  // New version: a refused type first, then version 2; version 1 stays downloadable.
  await ready(page);
  await row(page, 'site-plan.pdf').getByRole('link', { name: 'Upload a new version of site-plan.pdf' }).click();
  let version = dialog(page, 'Upload New Version');
  await expect(version).toBeVisible();
  await ready(page);
  await scan(page);
  await version.getByLabel('New file').setInputFiles({ name: 'site-plan.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await version.getByRole('button', { name: 'Upload new version' }).click();
  await expect(version.getByText(VALIDATION_MSG.fileTypeBlocked)).toBeVisible();
  await scan(page);
  version = dialog(page, 'Upload New Version');
  await version.getByLabel('New file').setInputFiles({ name: 'site-plan-rev2.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.from('%rev2\n')]) });
  await version.getByRole('button', { name: 'Upload new version' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(DOCUMENT_LIBRARY_MSG.versionAdded);
  await expect(row(page, 'site-plan-rev2.pdf')).toContainText('Version 2');
  await expect(row(page, 'site-plan.pdf')).toHaveCount(0);
  await row(page, 'site-plan-rev2.pdf').getByRole('link', { name: 'Preview site-plan-rev2.pdf' }).click();
  preview = dialog(page, 'Preview File');
  await expect(preview).toContainText('(Version 2 of 2)');
  const versions = preview.getByTestId('document-version');
  await expect(versions).toHaveCount(2);
  const older = (await versions.nth(1).getByRole('link', { name: /Download version 1/ }).getAttribute('href'))!;
  const first = await page.request.get(older);
  expect(first.status()).toBe(200);
  expect(Buffer.from(await first.body())).toEqual(PDF);
  await scan(page);

  // Delete: asks first; the document leaves the list.
  await page.goto('/org/documents');
  await ready(page);
  await row(page, 'budget-worksheet.docx').getByRole('link', { name: 'Delete budget-worksheet.docx' }).click();
  await confirmDialog(page, 'Delete Document', DOCUMENT_LIBRARY_MSG.deleteConfirm, 'Yes, delete');
  await expect(page.getByTestId('toast').first()).toContainText(DOCUMENT_MSG.deleted);
  await expect(row(page, 'budget-worksheet.docx')).toHaveCount(0);

  // Choose from the library in a File question (no upload again): the section is saved first, then the dialog opens.
  const { id } = await createApplication(page);
  await page.goto(`/org/applications/bead-applcn/${id}?step=technology`);
  await ready(page);
  const diagram = page.locator('[data-question="31"]');
  await diagram.getByRole('button', { name: /Choose from Documents Library/ }).click();
  await expect(page).toHaveURL(/library=/);
  let choose = dialog(page, 'Choose from Documents Library');
  await expect(choose).toBeVisible();
  await ready(page);
  await expect(choose.getByTestId('library-choice')).toHaveCount(2);
  await scan(page);
  await choose.getByRole('button', { name: 'Use this document' }).click();
  await expect(dialog(page, 'Choose from Documents Library').getByText(DOCUMENT_LIBRARY_MSG.chooseNothing)).toBeVisible();
  await scan(page);
  choose = dialog(page, 'Choose from Documents Library');
  await choose.getByRole('radio', { name: /site-plan-rev2\.pdf/ }).check();
  await choose.getByRole('button', { name: 'Use this document' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(DOCUMENT_LIBRARY_MSG.attached('site-plan-rev2.pdf'));
  await expect(diagram.getByTestId('file-link')).toContainText('site-plan-rev2.pdf');
  await expect(page).not.toHaveURL(/library=/);

  // The library now shows the document as used by that draft: no Delete, the reason instead.
  await page.goto('/org/documents');
  await expect(row(page, 'site-plan-rev2.pdf').getByTestId('delete-locked')).toContainText(`In ${id}`);
  await expect(row(page, 'site-plan-rev2.pdf').getByRole('link', { name: /^Delete/ })).toHaveCount(0);
  await page.goto(`/org/documents?delete=${(await row(page, 'site-plan-rev2.pdf').getByRole('link', { name: /^Preview/ }).getAttribute('href'))!.match(/preview=([^&#]+)/)![1]}`);
  await expect(dialog(page, 'Delete Document').getByTestId('delete-refusal')).toHaveText(DOCUMENT_LIBRARY_MSG.inDraft(id));
  await scan(page);

  // The organization's history lists the upload, the new version and the delete.
  await page.goto('/org/history?size=50');
  await expect(page.getByText('Uploaded version 2 of the document site-plan.pdf: site-plan-rev2.pdf')).toBeVisible();
  await expect(page.getByText('Deleted the document budget-worksheet.docx')).toBeVisible();
  await expect(page.getByText('Uploaded the document tower-photo.png')).toBeVisible();
  if (jsEnabled(page)) await ready(page);
});

test("Organization_Staff reads the organization's library (the demo files), may upload, and changes none of the admin's documents", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  await page.goto('/org/documents');
  await ready(page);
  await expect(page.getByRole('link', { name: 'Upload Document' })).toBeVisible();
  // The demo data gives Lakeview's library the files of its submitted applications, uploaded by its admin.
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('BEAD Round 1');
  await expect(rows.first().getByRole('link', { name: /^Preview / })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Upload a new version of / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Delete / })).toHaveCount(0);
  await scan(page);
  // Asked for by its address, the admin's document offers no new version to staff.
  const previewHref = (await rows.first().getByRole('link', { name: /^Preview / }).getAttribute('href'))!;
  const id = previewHref.match(/preview=([^&#]+)/)![1]!;
  await page.goto(`/org/documents?version=${id}`);
  await expect(dialog(page, 'Upload New Version')).toHaveCount(0);
  await page.goto(`/org/documents?preview=${id}`);
  await expect(dialog(page, 'Preview File')).toBeVisible();
  await scan(page);
});

test('with JavaScript an upload shows its progress and speed, Cancel stores nothing, and a finished one refreshes the list', async ({ page }) => {
  test.skip(!jsEnabled(page), 'The progress bar and Cancel are JavaScript enhancements; without it the dialog is a plain multipart post (the test above).');
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { prefix: 'docsprogress', legalName: 'Progress Fiber', firstName: 'Pat', lastName: 'Progress' });
  await page.goto('/org/documents?upload=1');
  const form = dialog(page, 'Upload Document');
  await expect(form).toBeVisible();
  await ready(page);
  await form.getByLabel('Program and section').selectOption({ index: 1 });
  // A slow line: about 64 KB/s up, so a 2 MB file takes long enough to watch and cancel.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 1024 * 1024, uploadThroughput: 64 * 1024 });
  await form.getByLabel('File', { exact: true }).setInputFiles({ name: 'route-survey.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(2 * 1024 * 1024, 37) });
  await form.getByRole('button', { name: 'Upload' }).click();
  const progress = form.getByTestId('upload-progress');
  await expect(progress.getByRole('progressbar', { name: 'Uploading route-survey.pdf' })).toBeVisible();
  await expect(progress).toContainText(/\d+% \(.* of 2\.0 MB, .*\/s\)/, { timeout: 15_000 });
  // Upload cannot be pressed twice while the file goes.
  await expect(form.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await scan(page);
  await progress.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(form.getByTestId('upload-status')).toHaveText(VALIDATION_MSG.uploadCanceled);
  await expect(progress).toHaveCount(0);
  await expect(form).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // Nothing was stored: the library is still empty after a reload.
  await page.goto('/org/documents');
  await ready(page);
  await expect(page.getByTestId('documents-table')).toContainText('No data');

  // A finished upload: the progress, then the list (revalidated, dialog closed) with the toast.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push(`${r.resourceType()} ${r.url()}`);
  });
  await upload(page, { name: 'tower-photo.png', mimeType: 'image/png', buffer: PNG });
  expect(sent).toEqual([expect.stringMatching(/^xhr .*\/resources\/documents\/upload\?upload=1$/)]);
  await expect(page).not.toHaveURL(/upload=1/);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (1 document)');
  await scan(page);

  // The script's endpoint answers a refused form with the action's message and status, and stores nothing.
  const refused = await page.request.post('/resources/documents/upload?upload=1', {
    multipart: { intent: 'upload', place: '', description: '', file: { name: 'late.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ ok: false, message: VALIDATION_MSG.selectProgramSection });
  await page.reload();
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (1 document)');
});
