// The application form, issue 41 items 5, 7 and 8, JS on and off, axe on each screen:
// - a refused save keeps showing the read-only answers as stored (179 the application number, 24 the technology);
// - a refused Submit's summary links each section with the check on (?check=1): every unanswered required question
//   has its message beside it, tied by aria-describedby, also after a reload;
// - returned for revision, a section the revision did not reopen has its lock as an unlock request link (as on a
//   submitted application); the request is approved, the section changed, and the resubmit locks it again.
// Each on an application of its own (a fresh organization), not a seeded one other specs use.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, jsEnabled, apiToken, ACCOUNTS, signUpAndSignIn, createApplication } from './fixtures';
import { exclusive } from './exclusive';
import { submitFreshApplication } from './submitted-application';

const q = (page: Page, no: string) => page.locator(`[data-question="${no}"]`);

/** The answer's control carries aria-invalid and is described by its message (`text`), shown beside it. */
async function expectRequired(page: Page, no: string, control: string, text: string) {
  const field = q(page, no);
  const message = field.getByTestId('question-error');
  await expect(message).toHaveText(text);
  const id = await message.getAttribute('id');
  expect(id).toBeTruthy();
  const input = field.locator(control).first();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect((await input.getAttribute('aria-describedby'))?.split(/\s+/)).toContain(id);
}

test('a refused save shows the read-only answers as stored: the application number and the technology type', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { prefix: 'readonly', legalName: 'Read Only Fiber', firstName: 'Rita', lastName: 'Only' });
  const { id } = await createApplication(page, { technology: 'Licensed fixed wireless' });
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`);
  await expect(q(page, '179').locator('input')).toHaveValue(id);
  await expect(q(page, '24').locator('select')).toHaveValue('Licensed fixed wireless');
  await ready(page);
  // 'abc' as sent by the browser (with JavaScript the field would filter letters as they are typed).
  const answer = q(page, '25').locator('input');
  if (jsEnabled(page)) await answer.evaluate((el: HTMLInputElement) => (el.value = 'abc'));
  else await answer.fill('abc');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('error-summary')).toBeVisible();
  await expect(q(page, '25').getByTestId('question-error')).toBeVisible();
  await expect(answer).toHaveValue('abc');
  // The read-only answers are not posted: still the server's.
  await expect(q(page, '179').locator('input')).toHaveValue(id);
  await expect(q(page, '24').locator('select')).toHaveValue('Licensed fixed wireless');
  await expect(q(page, '24').locator('select option:checked')).toHaveText('Licensed fixed wireless');
  await scan(page);
});

test('after a refused Submit, each section its summary links shows every unanswered required question\'s message', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page, { prefix: 'check', legalName: 'Check Fiber', firstName: 'Chad', lastName: 'Check' });
  const { id } = await createApplication(page);
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`);
  // Before a submit, an empty required answer is no error yet.
  await expect(q(page, '25').getByTestId('question-error')).toHaveCount(0);
  // Submitted from the last step: the summary's link leads to another one.
  await page.goto(`/org/applications/bead-applcn/${id}?step=compliance`);
  await ready(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  const summary = page.getByTestId('submit-errors');
  await expect(summary).toBeVisible();

  await summary.getByRole('link', { name: /^Project Area/ }).click();
  await expect(page).toHaveURL(/step=project-area&check=1/);
  await expect(page.getByRole('heading', { level: 2, name: /^Project Area/ })).toBeVisible();
  await expectRequired(page, '25', 'input', 'This field is required');
  // A read-only or answered question has none.
  await expect(q(page, '179').getByTestId('question-error')).toHaveCount(0);
  await expect(q(page, '21').getByTestId('question-error')).toHaveCount(0);
  await scan(page);
  // In the URL: a reload shows the same.
  await page.reload();
  await expectRequired(page, '25', 'input', 'This field is required');

  // Another section the summary named, reached from the summary again.
  await page.goto(`/org/applications/bead-applcn/${id}?step=compliance`);
  await ready(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByTestId('submit-errors').getByRole('link', { name: /^Technology/ }).click();
  await expect(page).toHaveURL(/step=technology&check=1/);
  await expectRequired(page, '30', 'textarea', 'This field is required');
  await expectRequired(page, '32', 'input', 'This field is required');
  await scan(page);

  // A save made there keeps the check: a required answer still missing keeps its message.
  await ready(page);
  await q(page, '32').locator('input').fill('1000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
  await expect(q(page, '32').getByTestId('question-error')).toHaveCount(0);
  await expectRequired(page, '30', 'textarea', 'This field is required');
});

test('returned for revision: a section the revision did not reopen can be asked to be unlocked, and the resubmit locks it again', async ({ page }) => {
  test.setTimeout(300_000);
  const app = await submitFreshApplication(page, 'Revision Unlock');
  const technology = app.sections.technology!;
  const budget = app.sections.budget!;
  const state = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  const move = async (action: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/v1/review/applications/${app.id}/${action}`, { headers: state, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await move('mark-as-gating-review', { comments: 'Gating.' });
  await move('mark-as-revision-needed', { sectionIds: [technology.id], comments: 'Describe the backhaul.' });
  const message = `The budget needs the new cable prices (${test.info().project.name}).`;

  await signIn(page, app.adminEmail);
  // The window must stay open meanwhile (unlock-window.spec closes it for a while, holding the same lock).
  await exclusive('unlock-window', async () => {
    // The reopened section is open; its lock is no link.
    await page.goto(`/org/applications/bead-applcn/${app.id}?step=technology`);
    await expect(page.getByTestId('section-content').getByTestId('lock-state')).toContainText('Unlocked');
    await expect(page.getByTestId('section-content').getByRole('link', { name: /Locked/ })).toHaveCount(0);

    // One the revision did not reopen: locked, and the lock asks for an unlock, as on a submitted application.
    await page.goto(`/org/applications/bead-applcn/${app.id}?step=budget`);
    await expect(page.getByText('The Application is Locked', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    const lock = page.getByTestId('section-content').getByRole('link', { name: /^Locked\s*:\s*send an unlock request for Budget/ });
    await expect(lock).toBeVisible();
    await scan(page);
    await ready(page);
    await lock.click();
    const confirm = page.getByRole('alertdialog', { name: 'Send Unlock Request' });
    await expect(confirm).toContainText('Are you sure you want to Send Unlock Request?');
    await confirm.getByRole('link', { name: 'Yes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Request' });
    await expect(dialog).toBeVisible();
    await scan(page);
    await ready(page);
    await dialog.locator('textarea').fill(message);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Request Sent Successfully' })).toBeVisible();
    await expect(page.getByText('Your unlock request for this section is waiting for the State Admin.')).toBeVisible();
  });

  // The State Admin approves it; the organization changes the section and resubmits the application.
  const list = await (await page.request.get(`/api/v1/unlock-requests?applicationId=${app.id}&status=PENDING`, { headers: state })).json();
  expect(list.requests).toHaveLength(1);
  const approved = await page.request.put(`/api/v1/unlock-requests/${list.requests[0].id}/approve`, { headers: state });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.goto(`/org/applications/bead-applcn/${app.id}?step=budget`);
  await expect(page.getByTestId('section-content').getByTestId('lock-state')).toContainText('Unlocked');
  await expect(page.getByText('The Application is Locked', { exact: true })).toHaveCount(0);
  await ready(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
  await ready(page);
  await page.getByRole('button', { name: 'Resubmit application' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Application resubmitted successfully' })).toBeVisible();

  // Locked again with every section, and no unlock left open on it: it may be asked for again.
  await page.goto(`/org/applications/bead-applcn/${app.id}?step=budget`);
  await expect(page.getByText('The Application is Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  const org = { Authorization: `Bearer ${await apiToken(page, app.adminEmail)}` };
  const lockState = await (await page.request.get(`/api/v1/applications/${app.id}/unlock-state`, { headers: org })).json();
  expect(lockState.sections.find((s: { sectionId: string }) => s.sectionId === budget.id)).toMatchObject({ unlocked: false, unlockedByRequest: false, pending: false });
});
