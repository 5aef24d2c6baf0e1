// One organization at a time (issue 39 item 4; DESIGN 5: "Organization users see only their chosen organization's
// data; any id from another organization answers 404"). org.admin@example.org is Lakeview Fiber Cooperative's admin
// and Summit Rural Telephone's staff (README's seed accounts), so the API lets them read Summit's applications: with
// Lakeview chosen, every organization route taking an application id still answers a Summit application exactly as
// an unknown id (404, the not-found page), Lakeview's as usual (200); posts naming a Summit application are refused
// the same way and change nothing. Switched to Summit, the other way round. JavaScript on and off.
// The expected answers are written from DESIGN 5 and the seed (README, decision 029), never read from the portal.
import type { Page } from '@playwright/test';
import { test, expect, signIn, ready, jsEnabled, scan, apiToken, ACCOUNTS } from './fixtures';

// Seed: GA-LKV001 and GA-SMT001 are drafts, GA-LKV002 and GA-SMT002 submitted (Lakeview's and Summit's).
const LAKEVIEW = { draft: 'GA-LKV001', submitted: 'GA-LKV002' };
const SUMMIT = { draft: 'GA-SMT001', submitted: 'GA-SMT002' };
/** No application has this id: what "unknown" looks like on each route. */
const UNKNOWN = 'GA-NOSUCH';

/** Every organization page that takes an application id (GET). */
const pages = (id: string) => [
  `/org/applications/bead-applcn/${id}`,
  `/org/applications/bead-applcn/${id}?step=technology`,
  `/org/applications/bead-applcn/${id}?step=financial&library=x`,
  `/org/dashboard/bead-applcn/${id}`,
  `/org/applications/view-history/${id}`,
];

// The refusals are soft assertions: a run names every route that answers wrongly, not only the first.
async function expectNotFound(page: Page, path: string) {
  const res = await page.goto(path);
  expect.soft(res?.status(), path).toBe(404);
  // The page has loaded (goto waits for it): read at once rather than waited for, so each wrong route costs no timeout.
  expect.soft(await page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible(), `${path}: the not-found page`).toBe(true);
  expect.soft(await page.getByRole('button', { name: /Submit application|Save/ }).count(), `${path}: Save or Submit offered`).toBe(0);
}

async function expectOpens(page: Page, path: string, id: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(path.includes('view-history') ? `History of ${id}` : `Application ${id}`);
}

/** The top bar's switcher (with JavaScript a choice switches at once; without it, Switch). */
async function switchTo(page: Page, name: string, role: string) {
  await page.goto('/org/dashboard');
  await ready(page);
  const value = await page.locator('#organization-switcher option', { hasText: name }).getAttribute('value');
  await page.getByLabel('Organization').selectOption(value!);
  if (!jsEnabled(page)) await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('current-role')).toHaveText(role);
}

/** A post as the page's form would make it, in the signed-in browser's session (its cookies). */
const post = (page: Page, path: string, form: Record<string, string>, follow = false) =>
  page.request.post(path, { form, maxRedirects: follow ? 20 : 0 });

test('with Lakeview chosen a Summit application is not found on any route; switched to Summit, Lakeview\'s is not', async ({ page }) => {
  test.setTimeout(180_000);
  // What the refused posts carry (never seen afterwards), and Summit's own question (which is).
  const marker = `chosen-org ${test.info().project.name} ${Date.now()}`;
  // A Summit conversation, started by Summit's admin through the API (org.admin, Summit's staff, may read it).
  const question = `Summit asks about ${SUMMIT.draft}, ${test.info().project.name} ${Date.now()}`;
  const summitToken = await apiToken(page, ACCOUNTS.summitAdmin);
  const auth = { Authorization: `Bearer ${summitToken}` };
  const me = await (await page.request.get('/api/v1/users/me', { headers: auth })).json();
  const summitId = (me.organizations as { id: string; name: string }[]).find((o) => o.name.startsWith('Summit'))!.id;
  const started = await page.request.post('/api/v1/messages', {
    headers: auth,
    multipart: { organizationId: summitId, applicationId: SUMMIT.draft, content: question },
  });
  expect(started.status(), await started.text()).toBe(201);
  const summitThread = ((await started.json()) as { threadId: string }).threadId;
  const thread = await (await page.request.get(`/api/v1/messages/threads/${summitThread}`, { headers: auth })).json();
  const summitMessage = (thread.messages as { id: string }[])[0]!.id;
  // A File question of the form (the programme's, the same for both organizations): what an upload names.
  const sections = (await (await page.request.get('/api/v1/section/all', { headers: auth })).json()) as { id: string; slug: string }[];
  const financial = sections.find((s) => s.slug === 'financial')!.id;
  const view = await (await page.request.get(`/api/v1/applications/${SUMMIT.draft}/sections/${financial}`, { headers: auth })).json();
  const fileQuestion = (view.questions as { id: string; type: string }[]).find((q) => q.type === 'File')!.id;

  await signIn(page, ACCOUNTS.orgAdmin, { organization: 'Lakeview' });
  await expect(page.getByTestId('current-role')).toHaveText('Organization Admin');

  // Lakeview's own: the form with its Submit button, the history (the positive control).
  await expectOpens(page, pages(LAKEVIEW.draft)[0]!, LAKEVIEW.draft);
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeVisible();
  for (const path of pages(LAKEVIEW.draft).slice(1)) await expectOpens(page, path, LAKEVIEW.draft);
  await expectOpens(page, pages(LAKEVIEW.submitted)[0]!, LAKEVIEW.submitted);

  // Summit's, and an id nobody has: the same not-found page, every route.
  for (const id of [SUMMIT.draft, SUMMIT.submitted, UNKNOWN]) {
    for (const path of pages(id)) await expectNotFound(page, path);
  }
  await scan(page);

  // Posts about a Summit application through the form: refused as for an unknown id (404), whatever they ask.
  await page.goto(`/org/applications/bead-applcn/${LAKEVIEW.draft}?step=technology`);
  const narrative = await page.locator('[data-question="30"] textarea').getAttribute('name');
  expect(narrative).toBeTruthy();
  for (const id of [SUMMIT.draft, UNKNOWN]) {
    const form = `/org/applications/bead-applcn/${id}?step=technology`;
    for (const body of [{ intent: 'save', [narrative!]: marker }, { intent: 'submit' }] as Record<string, string>[]) {
      const res = await post(page, form, body);
      expect.soft(res.status(), `${body.intent} ${id}`).toBe(404);
      expect.soft(await res.text(), `${body.intent} ${id}`).toContain('Page not found');
    }
  }
  for (const id of [SUMMIT.submitted, UNKNOWN]) {
    const form = `/org/applications/bead-applcn/${id}?step=technology`;
    for (const body of [{ intent: 'unlock-request', message: marker }, { intent: 'relock' }] as Record<string, string>[]) {
      const res = await post(page, form, body);
      expect.soft(res.status(), `${body.intent} ${id}`).toBe(404);
    }
  }

  // The upload resource (a File question's upload with JavaScript): JSON, 404 'Application not found'.
  for (const id of [SUMMIT.draft, UNKNOWN]) {
    const res = await page.request.post('/resources/upload', {
      multipart: {
        applicationId: id, sectionId: financial, questionId: fileQuestion,
        file: { name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 chosen organization') },
      },
    });
    expect.soft(res.status(), `upload ${id}`).toBe(404);
    expect.soft(await res.json(), `upload ${id}`).toEqual({ ok: false, message: 'Application not found' });
  }

  // Cancel and delete from the list: as for an unknown id (the list with 'Application not found'; the delete dialog's 404).
  for (const id of [SUMMIT.draft, UNKNOWN]) {
    const cancelled = await post(page, '/org/applications', { intent: 'cancel', applicationId: id, message: marker }, true);
    expect.soft(cancelled.url(), `cancel ${id}`).toMatch(/\/org\/applications$/);
    expect.soft(await cancelled.text(), `cancel ${id}`).toContain('Application not found');
    const deleted = await post(page, '/org/applications', { intent: 'delete', applicationId: id });
    expect.soft(deleted.status(), `delete ${id}`).toBe(404);
    expect.soft(await deleted.text(), `delete ${id}`).toContain('Application not found');
  }

  // Print: Lakeview's submitted application is a PDF; Summit's is refused as an unknown one (no PDF, the list's toast).
  const printed = await post(page, `/resources/print/${LAKEVIEW.submitted}`, { redirectTo: '/org/applications' });
  expect(printed.status()).toBe(200);
  expect(printed.headers()['content-type']).toBe('application/pdf');
  for (const id of [SUMMIT.submitted, UNKNOWN]) {
    const refused = await post(page, `/resources/print/${id}`, { redirectTo: '/org/applications' }, true);
    expect.soft(refused.headers()['content-type'], `print ${id}`).toContain('text/html');
    expect.soft(await refused.text(), `print ${id}`).toContain('Application not found');
  }

  // Messages: New Message offers Lakeview's applications only and accepts no other; Summit's conversation is not
  // found, and a reply into it is refused as one into an unknown conversation.
  await page.goto('/org/messages?new=1');
  const picker = page.getByLabel('Application', { exact: true });
  await expect(picker.locator('option', { hasText: LAKEVIEW.draft })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: /GA-SMT/ })).toHaveCount(0);
  const sent = await post(page, '/org/messages?new=1', { intent: 'new', applicationId: SUMMIT.draft, content: marker });
  expect.soft(sent.status(), 'new message about a Summit application').toBe(404);
  expect.soft(await sent.text(), 'new message about a Summit application').toContain('Application not found');
  expect.soft((await page.goto(`/org/messages?thread=${summitThread}`))?.status(), 'Summit conversation').toBe(404);
  for (const replyTo of [summitMessage, '00000000-0000-4000-8000-000000000002']) {
    const reply = await post(page, `/org/messages?thread=${summitThread}`, { intent: 'reply', replyToMessageId: replyTo, content: marker });
    expect.soft(reply.status(), `reply to ${replyTo}`).toBe(404);
  }

  // Switched to Summit (where org.admin is staff): Summit's opens, without Submit; Lakeview's is not found.
  await switchTo(page, 'Summit', 'Organization Staff');
  await expectOpens(page, pages(SUMMIT.draft)[0]!, SUMMIT.draft);
  await expect(page.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
  await expectOpens(page, pages(SUMMIT.draft).at(-1)!, SUMMIT.draft);
  await expectOpens(page, pages(SUMMIT.submitted)[0]!, SUMMIT.submitted);
  for (const id of [LAKEVIEW.draft, LAKEVIEW.submitted]) {
    for (const path of pages(id)) await expectNotFound(page, path);
  }
  const print = await post(page, `/resources/print/${SUMMIT.submitted}`, { redirectTo: '/org/applications' });
  expect(print.headers()['content-type']).toBe('application/pdf');

  // Nothing the refused posts named changed: Summit's draft is still a draft, its narrative and its conversation
  // without the marker, and it is in Summit's list.
  await page.goto(`/org/applications/bead-applcn/${SUMMIT.draft}?step=technology`);
  await expect(page.locator('.ui-title-row .ui-status-tag')).toHaveText('Draft');
  await expect(page.locator('[data-question="30"] textarea')).not.toHaveValue(marker);
  await page.goto(`/org/messages?thread=${summitThread}`);
  await expect(page.getByText(question).first()).toBeVisible();
  await expect(page.getByText(marker)).toHaveCount(0);
  await page.goto(`/org/applications?q=${SUMMIT.draft}`);
  await expect(page.getByTestId('application-row')).toHaveCount(1);
  await expect(page.getByTestId('application-row')).toContainText('Draft');
  await page.goto(`/org/applications/view-history/${SUMMIT.draft}`);
  await expect(page.getByText(marker)).toHaveCount(0);
});

test('the lists of the chosen organization show none of the other\'s applications', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, { organization: 'Lakeview' });
  // Seed: Lakeview has 11 applications, Summit 12.
  await page.goto('/org/applications?size=50');
  await expect(page.getByTestId('application-row').filter({ hasText: 'GA-LKV001' })).toHaveCount(1);
  await expect(page.getByTestId('application-row').filter({ hasText: 'GA-SMT' })).toHaveCount(0);
  await page.goto('/org/applications?q=GA-SMT');
  await expect(page.getByTestId('application-row')).toHaveCount(0);
  await page.goto('/org/history?q=GA-SMT');
  await expect(page.getByTestId('history-row')).toHaveCount(0);
  await page.goto('/org/unlock-requests');
  await expect(page.getByRole('link', { name: /^GA-SMT\d/ })).toHaveCount(0);
  await switchTo(page, 'Summit', 'Organization Staff');
  await page.goto('/org/applications?q=GA-LKV');
  await expect(page.getByTestId('application-row')).toHaveCount(0);
  await page.goto('/org/applications?q=GA-SMT001');
  await expect(page.getByTestId('application-row')).toHaveCount(1);
});
