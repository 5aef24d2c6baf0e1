// The state's streamed downloads (issue 12 item 9; decision 045), JavaScript on and off, axe and valid HTML on each
// screen: a fresh organization's application is submitted (submitted-application.ts: one PDF answers every File
// question); the State_Admin narrows the state list to it and downloads "Export to XLSX" (read back with exceljs: the
// list's filtered rows, the header); opens its review screen and downloads 'Download All Attachments' (read back with
// yauzl: a folder per section, every file answered). Demo applications are not touched.
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { test, expect, signIn, scan, ready, ACCOUNTS, downloadedBytes } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { APPLICATION_EXPORT_COLUMNS, attachmentsFileName } from '../../domain/exports';

function zipNames(bytes: Buffer): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: { name: string; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push({ name: entry.fileName, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('the state list exports its filtered rows to XLSX, and the review screen downloads all attachments as a ZIP', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await submitFreshApplication(page, 'Export Coop');
  await signIn(page, ACCOUNTS.stateAdmin, { portal: 'state' });

  // The list narrowed to this run's organization (filters in the URL); the export link carries them.
  await page.goto(`/state/applications?organization=${app.organizationId}&size=10`);
  await ready(page);
  const rows = page.getByTestId('application-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(app.id);
  const link = page.getByRole('link', { name: 'Export to XLSX' });
  await expect(link).toHaveAttribute('href', `/state/applications/export?organization=${app.organizationId}`);
  await scan(page);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(APPLICATION_EXPORT_COLUMNS.map((c) => c.header));
  const ids: unknown[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) ids.push(row.getCell(1).value);
  });
  expect(ids).toEqual([app.id]);
  const organization = sheet.getRow(2).getCell(APPLICATION_EXPORT_COLUMNS.findIndex((c) => c.key === 'organization') + 1).value;
  expect(organization).toBe(app.legalName);

  // A tab and a status filter: the link keeps the tab's path segment and the filters, not the page.
  await page.goto(`/state/applications/gating?organization=${app.organizationId}&status=SUBMITTED&page=1`);
  await ready(page);
  await expect(page.getByRole('link', { name: 'Export to XLSX' })).toHaveAttribute('href', `/state/applications/export/gating?organization=${app.organizationId}&status=SUBMITTED`);

  // The review screen: every File question answered with the one document, a folder per section.
  await page.goto(`/state/applications/review-application/${app.id}`);
  await ready(page);
  const zipLink = page.getByRole('link', { name: 'Download All Attachments' });
  await expect(zipLink).toBeVisible();
  await scan(page);
  const [zip] = await Promise.all([page.waitForEvent('download'), zipLink.click()]);
  expect(zip.suggestedFilename()).toBe(attachmentsFileName(app.id));
  const entries = await zipNames(await downloadedBytes(zip));
  expect(entries.length).toBeGreaterThan(1);
  for (const entry of entries) {
    expect(entry.name).toMatch(/^\d{2} [^/]+\/network-diagram( \(\d+\))?\.pdf$/);
    expect(entry.size).toBeGreaterThan(0);
  }
  expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  const folders = [...new Set(entries.map((e) => e.name.split('/')[0]))];
  expect(folders).toEqual([...folders].sort());
});
