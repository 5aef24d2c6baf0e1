// Messages, both sides (issue 11 item 9, docs/decisions/037), JavaScript on and off, axe + html validity on every
// screen: a new organization starts a conversation about its application with a file (spec 5's checks first), a State
// Admin made for this run sees the badge rise, filters by organization, opens the thread (the badge falls), downloads
// the file and replies with two files; the organization sees its badge rise and fall and reads the reply. A fresh state
// admin keeps the seeded accounts' counts (sign-in.spec asserts state.admin's badge) as they were; both projects' journeys
// write to the state at once, so the state's badge is checked against the API's count, the thread's own count exactly.
import type { Browser, Page } from '@playwright/test';
import { test, expect, signIn, signUpAndSignIn, createApplication, scan, ready, jsEnabled, apiToken, ACCOUNTS } from './fixtures';
import { MESSAGE_MSG } from '../../domain/conversations';

const badge = async (page: Page) => {
  const shown = page.getByTestId('unread-badge');
  return (await shown.count()) === 0 ? 0 : Number(await shown.textContent());
};

async function newStateAdmin(page: Page, token: string): Promise<string> {
  const email = `messages.state.${test.info().project.name}.${Date.now()}@example.gov`;
  const res = await page.request.post('/api/v1/users/add-staff', {
    headers: { Authorization: `Bearer ${token}` },
    data: { roleId: 'State_Admin', firstName: 'Mira', lastName: 'Messenger', email, phoneNumber: '6085550177' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

async function contextLike(browser: Browser, page: Page, baseURL: string | undefined) {
  return browser.newContext({ javaScriptEnabled: jsEnabled(page), baseURL });
}

/** Sends the compose form: Enter in the text box with JavaScript (spec 5), the Send button without. */
async function send(page: Page, form: ReturnType<Page['getByTestId']>) {
  if (jsEnabled(page)) await form.getByRole('textbox').press('Enter');
  else await form.getByRole('button', { name: 'Send' }).click();
}

test('an organization and the state exchange messages with attachments, and the badges move', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const project = test.info().project.name;
  const seededStateAdmin = await apiToken(page, ACCOUNTS.stateAdmin);
  const stateEmail = await newStateAdmin(page, seededStateAdmin);
  const stateToken = await apiToken(page, stateEmail);
  /** The state admin's unread counts as the API has them (the other project's journey writes to the state too, at the same time). */
  const stateCounts = async () => (await (await page.request.get('/api/v1/messages/unread/count', { headers: { Authorization: `Bearer ${stateToken}` } })).json()) as { total: number; byThread: { threadId: string; count: number }[] };
  const { legalName } = await signUpAndSignIn(page, { prefix: 'messages', legalName: 'Message Fiber', firstName: 'Meg', lastName: 'Sender' });
  const { id } = await createApplication(page);

  const stateContext = await contextLike(browser, page, baseURL);
  const state = await stateContext.newPage();
  await signIn(state, stateEmail, { portal: 'state' });
  await state.goto('/state/messages');
  await expect(state.getByText(MESSAGE_MSG.selectConversation)).toBeVisible();
  await expect(state.getByRole('link', { name: 'New Message' })).toHaveCount(0);
  await scan(state);

  // The organization: an empty pane, then New Message with spec 5's checks.
  await page.goto('/org/messages');
  await expect(page.getByRole('heading', { level: 2, name: 'All Messages' })).toBeVisible();
  await expect(page.getByText(MESSAGE_MSG.selectConversation)).toBeVisible();
  await expect(page.getByText(MESSAGE_MSG.noThreads)).toBeVisible();
  await scan(page);
  await ready(page);
  await page.getByRole('link', { name: 'New Message' }).click();
  await expect(page).toHaveURL(/new=1/);
  const compose = page.getByTestId('new-message-form');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose.getByText(MESSAGE_MSG.applicationRequired)).toBeVisible();
  await expect(compose.getByText(MESSAGE_MSG.contentRequired)).toBeVisible();
  await expect(compose.getByLabel('Application')).toHaveAttribute('aria-invalid', 'true');
  await scan(page);
  const subject = `Pole question (${project})`;
  const text = `${subject}. Which draft does the office prefer?`;
  await compose.getByLabel('Application').selectOption(id);
  await compose.getByLabel('Message').fill(text);
  await compose.getByLabel(/Attachments/).setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose.getByText('File type .exe is not allowed for security reasons')).toBeVisible();
  // What was typed is kept.
  await expect(compose.getByLabel('Message')).toHaveValue(text);
  await expect(compose.getByLabel('Application')).toHaveValue(id);
  await compose.getByLabel(/Attachments/).setInputFiles({ name: 'poles.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 poles') });
  await send(page, compose);
  await expect(page.getByText(MESSAGE_MSG.sent)).toBeVisible();
  // The new thread is selected (spec 4), in the URL.
  await expect(page).toHaveURL(/thread=[0-9a-f-]{36}/);
  const threadId = new URL(page.url()).searchParams.get('thread')!;
  // The seeded State Admin reads it at once: their badge stays as seeded (sign-in.spec asserts it).
  expect((await page.request.post(`/api/v1/messages/${threadId}/read`, { headers: { Authorization: `Bearer ${seededStateAdmin}` } })).status()).toBe(200);
  const conversation = page.getByTestId('conversation');
  await expect(conversation.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(conversation.getByTestId('message')).toHaveCount(1);
  await expect(conversation.getByRole('link', { name: /poles\.pdf/ })).toBeVisible();
  await expect(conversation.getByTestId('thread-application')).toHaveAttribute('href', `/org/messages/bead-applcn/${id}`);
  await scan(page);

  // The state: the badge rose; the organization filter (a GET form) narrows the list; opening the thread reads it.
  await state.goto('/state/messages');
  expect((await stateCounts()).byThread).toContainEqual({ threadId, count: 1 });
  expect(await badge(state)).toBeGreaterThanOrEqual(1);
  await ready(state);
  await state.getByLabel('Organization').selectOption({ label: legalName });
  await expect(state.getByLabel('Organization').locator('option').first()).toHaveText(MESSAGE_MSG.selectOrganization);
  await state.getByRole('button', { name: 'Apply' }).click();
  await expect(state).toHaveURL(/org=[0-9a-f-]{36}/);
  await expect(state.getByTestId('thread-link')).toHaveCount(1);
  await expect(state.getByTestId('thread-unread')).toHaveText(/1/);
  await scan(state);
  await state.getByTestId('thread-link').click();
  await expect(state).toHaveURL(new RegExp(`thread=${threadId}`));
  await expect(state.getByTestId('conversation').getByText(text)).toBeVisible();
  // Read: the thread leaves the counts, and the badge agrees with the API's total.
  expect((await stateCounts()).byThread.map((t) => t.threadId)).not.toContain(threadId);
  await expect.poll(async () => (await badge(state)) === (await stateCounts()).total).toBe(true);
  await expect(state.getByTestId('thread-unread')).toHaveCount(0);
  // The application is a draft, which the state cannot open (decision 008): its id is shown, not linked to a review
  // screen that would answer 404.
  await expect(state.getByTestId('thread-application')).toHaveCount(0);
  await expect(state.locator('.ui-conversation-head')).toContainText(`Application ${id}`);
  const download = await state.getByRole('link', { name: /poles\.pdf/ }).getAttribute('href');
  const file = await state.request.get(download!);
  expect(file.status()).toBe(200);
  expect(await file.text()).toBe('%PDF-1.4 poles');
  await scan(state);
  // The state replies with two files; a reply needs text or a file.
  const reply = state.getByTestId('reply-message-form');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(reply.getByText(MESSAGE_MSG.contentOrAttachment)).toBeVisible();
  const box = reply.getByLabel('Reply');
  if (jsEnabled(state)) {
    // Shift+Enter breaks the line; Enter (below) sends.
    await box.fill('The second draft.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Notes attached.');
    await expect(box).toHaveValue('The second draft.\nNotes attached.');
    await expect(state.getByTestId('conversation').getByTestId('message')).toHaveCount(1);
  } else {
    await box.fill('The second draft.\nNotes attached.');
  }
  await reply.getByLabel(/Attachments/).setInputFiles([
    { name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('notes') },
    { name: 'map.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG map') },
  ]);
  await send(state, reply);
  await expect(state.getByText(MESSAGE_MSG.replySent)).toBeVisible();
  await expect(state.getByTestId('conversation').getByTestId('message')).toHaveCount(2);
  await expect(state.getByRole('link', { name: /map\.png/ })).toBeVisible();
  await expect(state).toHaveURL(new RegExp(`thread=${threadId}`));
  await scan(state);
  await stateContext.close();

  // The organization: its badge rose; opening the thread reads the reply and the badge falls.
  await page.goto('/org/messages');
  await expect.poll(() => badge(page)).toBe(1);
  await expect(page.getByTestId('thread-unread')).toHaveText(/1/);
  await ready(page);
  await page.getByTestId('thread-link').click();
  await expect(page.getByTestId('conversation').getByText('Notes attached.')).toBeVisible();
  await expect.poll(() => badge(page)).toBe(0);
  await expect(page.getByTestId('conversation').getByRole('link', { name: /notes\.docx/ })).toBeVisible();
  await scan(page);
  // The header's application id opens the application (spec 2), the Messages menu item still selected.
  await page.getByTestId('thread-application').click();
  await expect(page).toHaveURL(new RegExp(`/org/messages/bead-applcn/${id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(id);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
  // The organization's history names the message.
  await page.goto('/org/history');
  await expect(page.getByText(`Sent the State a message '${subject}' about ${id} with the file poles.pdf`)).toBeVisible();
});
