// Issue 41 item 13, names a person reads are whole, JavaScript on and off, axe and html validity on each screen: the
// documents library shows a long file name whole (no cut at 30 characters, no name kept only in a `title`), a
// message's subject is its whole subject line on both sides (the stored subject is cut at 30, mid-word), in lynx a
// thread's subject, its unread count and its organization stay apart, and the state list's bulk bar names each
// action once. Expected texts are written by hand from the issue.
import { test, expect, signIn, signUpAndSignIn, createApplication, scan, ready, jsEnabled, dialog, apiToken, ACCOUNTS } from './fixtures';
import { dumpPage } from './text-browser-proxy';
import { DOCUMENT_MSG } from '../../domain/messages';
import { MESSAGE_MSG } from '../../domain/conversations';

// Its part before the first dot is 47 characters: the old display cut it to 'Broadband_engineering_cost_bre.pdf'.
const FILE_NAME = 'Broadband_engineering_cost_breakdown_by_phase_2026.v2.pdf';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// Stored as 'Conduit placement along the Ri' (spec 5: 30 characters before the first dot).
const SUBJECT = 'Conduit placement along the Riverside extension';

test('the documents library shows a long file name whole, in the table and the preview', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { prefix: 'whole.docs', legalName: 'Whole Names Fiber', firstName: 'Wanda', lastName: 'Whole' });
  await page.goto('/org/documents');
  await ready(page);
  await page.getByRole('link', { name: 'Upload Document' }).click();
  const form = dialog(page, 'Upload Document');
  await expect(form).toBeVisible();
  await ready(page);
  await form.getByLabel('Program and section').selectOption({ index: 1 });
  await form.getByLabel('File', { exact: true }).setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(DOCUMENT_MSG.uploaded);
  await expect(form).toHaveCount(0);

  // The organization's one document: its File Name cell reads the whole name, kept in no `title` only.
  const row = page.getByTestId('document-row');
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').first()).toHaveText(FILE_NAME, { useInnerText: true });
  await expect(row.locator('[title]')).toHaveCount(0);
  // Whole, and it wraps inside its cell: the table does not grow past its frame for it.
  expect(await row.getByText(FILE_NAME, { exact: true }).evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('anywhere');
  await scan(page);

  await row.getByRole('link', { name: `Preview ${FILE_NAME}` }).click();
  const preview = dialog(page, 'Preview File');
  await expect(preview).toBeVisible();
  await expect(preview.locator('strong').first()).toHaveText(FILE_NAME);
  await scan(page);
});

test('a message subject is whole on both sides, and lynx keeps a thread\'s subject, unread count and organization apart', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const project = test.info().project.name;
  // A State Admin made for this run: the seeded accounts' unread counts stay as other journeys expect them.
  const seeded = await apiToken(page, ACCOUNTS.stateAdmin);
  const stateEmail = `whole.state.${project}.${Date.now()}@example.gov`;
  const added = await page.request.post('/api/v1/users/add-staff', {
    headers: { Authorization: `Bearer ${seeded}` },
    data: { roleId: 'State_Admin', firstName: 'Sam', lastName: 'Subject', email: stateEmail, phoneNumber: '6085550178' },
  });
  expect(added.status(), await added.text()).toBe(201);

  const { legalName } = await signUpAndSignIn(page, { prefix: 'whole.msgs', legalName: 'Whole Subject Fiber', firstName: 'Wes', lastName: 'Whole' });
  const { id } = await createApplication(page);
  await page.goto('/org/messages?new=1');
  await ready(page);
  const compose = page.getByTestId('new-message-form');
  await compose.getByLabel('Application').selectOption(id);
  await compose.getByLabel('Message').fill(`${SUBJECT}. Which draft of the agreement applies?`);
  if (jsEnabled(page)) await compose.getByLabel('Message').press('Enter');
  else await compose.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(MESSAGE_MSG.sent)).toBeVisible();
  await expect(page).toHaveURL(/thread=[0-9a-f-]{36}/);
  const threadId = new URL(page.url()).searchParams.get('thread')!;
  // The seeded State Admin reads it at once: their badge stays as seeded (sign-in.spec asserts it).
  expect((await page.request.post(`/api/v1/messages/${threadId}/read`, { headers: { Authorization: `Bearer ${seeded}` } })).status()).toBe(200);

  // The state, in its list (filtered to the organization) and its conversation: the whole subject line.
  const stateContext = await browser.newContext({ javaScriptEnabled: jsEnabled(page), baseURL });
  try {
    const state = await stateContext.newPage();
    await signIn(state, stateEmail, { portal: 'state' });
    await state.goto('/state/messages');
    await ready(state);
    await state.getByLabel('Organization').selectOption({ label: legalName });
    await state.getByRole('button', { name: 'Apply' }).click();
    await expect(state.getByTestId('thread-link')).toHaveCount(1);
    // A text browser (no styles, no script; once, in the JavaScript-off run): the parts of the thread's link are
    // apart, not 'Conduit placement along the Ri1 unreadWhole Subject Fiber'.
    if (!jsEnabled(page)) {
      const cookies = new Map((await stateContext.cookies()).map((c) => [c.name, c.value] as [string, string]));
      const lynx = dumpPage('lynx', state.url(), cookies).replace(/\[\d+\]/g, '');
      expect(lynx, lynx).toContain('1 unread');
      expect(lynx, lynx).not.toMatch(/\S1 unread|1 unread\S/);
      expect(lynx).toContain(`${SUBJECT} 1 unread ${legalName}`);
    }
    await expect(state.getByTestId('thread-link').locator('.ui-thread-subject')).toHaveText(SUBJECT, { useInnerText: true });
    await scan(state);

    await state.getByTestId('thread-link').first().click();
    await expect(state.getByRole('heading', { level: 2, name: SUBJECT, exact: true })).toBeVisible();
  } finally {
    await stateContext.close();
  }

  // The organization: the list and the open conversation's heading read the whole subject line.
  await page.goto('/org/messages');
  await expect(page.getByTestId('thread-link')).toHaveCount(1);
  await expect(page.getByTestId('thread-link').locator('.ui-thread-subject')).toHaveText(SUBJECT, { useInnerText: true });
  await page.getByTestId('thread-link').click();
  await expect(page.getByRole('heading', { level: 2, name: SUBJECT, exact: true })).toBeVisible();
  await scan(page);
});

test('the state list\'s bulk bar names each action once', async ({ page }) => {
  await signIn(page, ACCOUNTS.stateAdmin, { portal: 'state' });
  // Rows the move into gating review takes (submitted, resubmitted) and rows the move back from consensus takes.
  await page.goto('/state/applications/gating?status=SUBMITTED,RESUBMITTED,GATING_AWAITING_STATE_CONSENSUS,GATING_IN_STATE_CONSENSUS&size=100');
  const options = (await page.locator('#bulk-action option').allTextContents()).map((t) => t.trim());
  expect(options).toContain('Gating Review');
  expect(options).toContain('Gating Review (back from consensus)');
  expect(new Set(options).size).toBe(options.length);
  await scan(page);
});

test('in lynx and w3m, an application\'s section steps read each name apart from its status', async ({ page, context, baseURL }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  const cookies = new Map((await context.cookies()).map((c) => [c.name, c.value] as [string, string]));
  const url = `${baseURL}/org/applications/bead-applcn/GA-LKV001`;
  for (const browserName of ['lynx', 'w3m'] as const) {
    const text = dumpPage(browserName, url, cookies).replace(/\[\d+\]/g, '');
    // Not '1. Entity InformationCompleted'.
    expect(text, `${browserName}:\n${text}`).toMatch(/1\. Entity Information (Not started|In progress|Completed)/);
    expect(text, browserName).not.toMatch(/Information(Not started|In progress|Completed)/);
  }
});
