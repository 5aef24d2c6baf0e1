// The whole applicant journey, JS on and off: a new organization completes its entity profile, creates an
// application, answers every section (files uploaded for real: a refused type first, then PDFs; one
// removed and uploaded again), submits, prints the PDF (its text holds the answers and file names), and
// reads the history. The uploaded file opens through its signed link.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect, scan, ready, jsEnabled, signUpAndSignIn, createApplication, saveSectionForm } from './fixtures';
import { fillVisibleQuestions, pdfFile, type Override } from './form-filler';

const q = (page: Page, no: string) => page.locator(`[data-question="${no}"]`);

const PROFILE_OVERRIDES: Record<string, Override> = {
  '6': (box) => box.locator('input').fill('JRNY12345678'),
  '7': (box) => box.locator('input').fill('0012345678'),
  '8': (box) => box.locator('input').fill('123456789'),
  '10': (box) => box.locator('input').fill('Jo Journey'),
  '14': (box) => box.locator('input').fill('Sam Board'),
  '18': (box) => box.locator('input').fill('9'),
  '19': async (box) => {
    await box.getByRole('textbox').nth(0).fill('Journey Holdings');
    await box.getByRole('textbox').nth(1).fill('100');
    await box.getByRole('textbox').nth(2).fill('1 Main St, Madison');
  },
};

const SECTION_OVERRIDES: Record<string, Override> = {
  // Project area: 23 = No asks 23.1, answered by the filler on the next pass.
  '23': (box) => box.getByLabel('No', { exact: true }).check(),
  '32': (box) => box.locator('input').fill('1000'),
  '33': (box) => box.locator('input').fill('1000'),
  '34': (box) => box.locator('input').fill('20'),
  '26': (box) => box.locator('input').fill('1000000'),
  '27': (box) => box.locator('input').fill('300000'),
  '28': (box) => box.locator('input').fill('700000'),
  '45': (box) => box.locator('input').fill('300000'),
  '74': (box) => box.locator('input').fill('24'),
};


test('a new organization completes its profile, answers every section with files, submits, prints and reads the history', async ({ page }) => {
  // About a minute alone; several times that on a loaded 2-core CI machine beside other journeys.
  test.setTimeout(600_000);
  const jsOn = jsEnabled(page);
  const { legalName } = await signUpAndSignIn(page, { prefix: 'journey', legalName: `Journey Broadband ${Date.now() % 100000}`, firstName: 'Jo', lastName: 'Journey' });

  // The entity profile first: it is the first section of every application.
  await page.goto('/org/organization-profile');
  await ready(page);
  await fillVisibleQuestions(page, { jsOn, overrides: PROFILE_OVERRIDES });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile saved successfully');

  const { id } = await createApplication(page);
  const steps = page.getByRole('navigation', { name: 'Application sections' }).getByTestId('section-step');
  await expect(steps.nth(0)).toContainText('Completed');

  // Technology: a refused file type first, with the spec's message; nothing is attached.
  await page.goto(`/org/applications/bead-applcn/${id}?step=technology`);
  await ready(page);
  const diagram = q(page, '31');
  await expect(diagram.getByRole('link', { name: /Download template/ })).toHaveAttribute('href', '/resources/template/31');
  await diagram.locator('input[type="file"]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  if (jsOn) {
    await expect(diagram.getByTestId('upload-status')).toHaveText('This file type is not allowed.');
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(diagram.getByTestId('question-error')).toHaveText('This file type is not allowed.');
    await expect(page.getByTestId('error-summary')).toBeVisible();
  }
  await expect(diagram.getByTestId('file-link')).toHaveCount(0);
  await scan(page);

  // Every section in turn; conditional questions that appear are answered on the next pass.
  const count = await steps.count();
  for (let s = 1; s < count; s++) {
    await steps.nth(s).click();
    await expect(steps.nth(s)).toHaveAttribute('aria-current', 'step');
    await ready(page);
    for (let pass = 0; pass < 3; pass++) {
      await fillVisibleQuestions(page, { jsOn, overrides: SECTION_OVERRIDES });
      await saveSectionForm(page);
      if (/Completed/.test(await steps.nth(s).innerText())) break;
    }
    await expect(steps.nth(s), `section ${s + 1} is complete`).toContainText('Completed');
  }

  // The uploaded diagram shows its name, opens through its signed link, and can be removed and replaced.
  await page.goto(`/org/applications/bead-applcn/${id}?step=technology`);
  await ready(page);
  await expect(diagram.getByTestId('file-link')).toContainText('evidence-31.pdf');
  const href = await diagram.getByTestId('file-link').getAttribute('href');
  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('application/pdf');
  expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await diagram.getByRole('button', { name: /Remove file/ }).click();
  await expect(page.getByTestId('toast')).toContainText('File removed');
  await expect(diagram.getByTestId('file-link')).toHaveCount(0);
  await expect(steps.nth(2)).toContainText('In progress');
  await ready(page);
  const longName = 'network-diagram-with-a-very-long-descriptive-name.final.pdf';
  await diagram.locator('input[type="file"]').setInputFiles(pdfFile(longName));
  if (jsOn) {
    await expect(diagram.getByTestId('upload-status')).toHaveText('Document uploaded successfully');
    // Saved at once: the step's status follows without a reload.
    await expect(steps.nth(2)).toContainText('Completed');
  } else {
    await saveSectionForm(page);
  }
  // Spec 5: a displayed file name is cut to 30 characters before the first dot.
  await expect(diagram.getByTestId('file-link')).toContainText('network-diagram-with-a-very-lo.pdf');
  await page.reload();
  await expect(diagram.getByTestId('file-link')).toContainText('network-diagram-with-a-very-lo.pdf');
  await expect(steps.nth(2)).toContainText('Completed');
  await scan(page);

  // Submit.
  await ready(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application submitted successfully');
  await expect(page).toHaveURL(new RegExp(`/org/applications\\?q=${id}`));
  const row = page.getByTestId('application-row').first();
  await expect(row).toContainText('Submitted');

  // Print: the PDF holds the answers and the file names.
  await ready(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Print ${id}` }).click()]);
  expect(download.suggestedFilename()).toBe(`application_${id}.pdf`);
  const file = test.info().outputPath('journey.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  for (const expected of [id, legalName, 'JRNY12345678', 'Journey Holdings', 'evidence-40.pdf', longName, 'Fiber to the premises', 'Submitted']) {
    expect(text, `the PDF contains ${expected}`).toContain(expected);
  }

  // The form is read-only now, and the history tells the story.
  await page.goto(`/org/applications/bead-applcn/${id}?step=technology`);
  await expect(page.getByText('The Application is Locked')).toBeVisible();
  await expect(diagram.locator('input[type="file"]')).toHaveCount(0);
  await page.goto(`/org/applications/view-history/${id}`);
  const history = page.getByTestId('history-row');
  await expect(history.first()).toContainText(`Submitted application ${id}`);
  const all = (await history.allInnerTexts()).join('\n');
  expect(all).toContain('Saved the section Technology & Network Design');
  expect(all).toContain(`Uploaded the document ${longName} for ${id}`);
  await scan(page);
});
