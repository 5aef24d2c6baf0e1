// Issue 41, "Text browsers record choices nobody made": every radio group a reviewer or admin answers (the
// conflict-of-interest declaration, the Pass/Fail marks, the Recommend Pass/Fail decision, the Reject reason) has an
// explicit, checked "Not chosen" / "Not marked" choice, which the server never records as a choice. lynx submits the
// first radio of a group that has none checked: it declared "no conflict" for a reviewer who pressed only Submit
// declaration. And saving a consensus value without script returns to that question's row, focused, not to the top.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, apiToken, jsEnabled, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { reviewUrl, toast } from './score-preview';
import { runLynx, startCookieProxy } from './text-browser-proxy';
import { MARK_MSG } from '../../domain/review-marks';
import { WORKFLOW_MSG } from '../../domain/workflow';
import { reviewStage } from '../support/reviews';

async function api(request: APIRequestContext, token: string, path: string, body?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = body === undefined ? await request.get(`/api/v1${path}`, { headers }) : await request.post(`/api/v1${path}`, { headers, data: body });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A fresh application in Gating Review with the seed's RSM reviewer (Ravi) assigned; the State_Admin's token. */
async function inGating(page: Page, prefix: string) {
  const app = await submitFreshApplication(page, prefix);
  const admin = await apiToken(page, ACCOUNTS.stateAdmin);
  const reviewers = await api(page.request, admin, '/users/all-reviewers-by-roles?reviewerType=RSM_REVIEWER');
  const ravi = (reviewers.reviewers as { id: string; email: string }[]).find((r) => r.email === ACCOUNTS.rsmReviewer)!;
  await api(page.request, admin, `/review/applications/${app.id}/mark-as-gating-review`, { comments: 'Opening gating.' });
  await api(page.request, admin, `/review/applications/${app.id}/assign-reviewers`, { reviewerIds: [ravi.id] });
  return { id: app.id, admin, ravi };
}

const myReview = async (page: Page, id: string) => (await api(page.request, await apiToken(page, ACCOUNTS.rsmReviewer), `/review/applications/${id}`)).myReview;

test('a reviewer and an admin record only choices they made: Not chosen / Not marked, checked, refused as a choice (issue 41)', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  const { id } = await inGating(page, 'No Choice');

  // lynx, signed in as the reviewer, presses only Submit declaration: nothing is declared (it used to send the
  // group's first radio, "I have no conflict of interest").
  await signIn(page, ACCOUNTS.rsmReviewer);
  const proxy = await startCookieProxy(baseURL!);
  try {
    const cookies = new Map((await context.cookies()).map((c) => [c.name, c.value] as [string, string]));
    await runLynx(`${proxy.origin}${reviewUrl(id)}`, ['/', ...[...'declaration'], '^J', '^J'], cookies);
    const posted = proxy.pages.filter((p) => p.url.startsWith(reviewUrl(id))).at(-1);
    expect(posted?.status, `pages lynx opened: ${proxy.pages.map((p) => `${p.status} ${p.url}`).join(', ')}`).toBe(400);
    expect(posted!.html).toContain(MARK_MSG.declareFirst);
  } finally {
    await proxy.close();
  }
  expect((await myReview(page, id)).declaration).toBeNull();

  // The browser: the declaration's "Not chosen" is checked; Submit declaration alone is refused.
  await page.goto(reviewUrl(id));
  await ready(page);
  const conflict = page.getByTestId('conflict-form');
  await expect(conflict.getByRole('radio', { name: 'Not chosen' })).toBeChecked();
  await expect(conflict.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Submit declaration' }).click();
  await expect(conflict.getByText(MARK_MSG.declareFirst).first()).toBeVisible();
  await scan(page);
  expect((await myReview(page, id)).declaration).toBeNull();
  await conflict.getByRole('radio', { name: /I have no conflict of interest/ }).check();
  await page.getByRole('button', { name: 'Submit declaration' }).click();
  await expect(toast(page, MARK_MSG.declaredNone)).toBeVisible();

  // The marks: every Pass/Fail group has "Not marked" checked. Save leaves every mark empty (not Pass); Submit
  // Section is refused with the message naming the unmarked questions.
  await page.getByTestId('sections-to-mark').getByRole('link').first().click();
  await ready(page);
  const form = page.getByTestId('marking-form');
  const groups = form.locator('[data-testid^="mark-"] fieldset');
  const count = await groups.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(groups.nth(i).getByRole('radio', { name: 'Not marked' })).toBeChecked();
    await expect(groups.nth(i).getByRole('radio', { checked: true })).toHaveCount(1);
  }
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await ready(page);
  await expect.poll(async () => ((await myReview(page, id)).marks as { passFail: string | null }[]).filter((m) => m.passFail !== null)).toEqual([]);
  await form.getByRole('button', { name: 'Submit Section' }).click();
  await expect(page.getByText(/^Please mark every question of this section before submitting it\. Not marked: \d/).first()).toBeVisible();
  await scan(page);
  expect(((await myReview(page, id)).marks as { passFail: string | null }[]).filter((m) => m.passFail !== null)).toEqual([]);

  // The decision: "Not chosen" is checked, not Recommend Pass; submitting it with comments only is refused.
  const decision = page.getByTestId('decision-panel');
  await expect(decision.getByRole('radio', { name: 'Not chosen' })).toBeChecked();
  await expect(decision.getByRole('radio', { checked: true })).toHaveCount(1);
  await decision.getByLabel('Comments (required)').fill('Not decided yet.');
  await decision.getByRole('button', { name: /Submit/ }).click();
  await expect(page.getByTestId('decision-panel').getByText(MARK_MSG.decisionRequired).first()).toBeVisible();
  await scan(page);
  expect((await myReview(page, id)).decision ?? null).toBeNull();

  // The State_Admin's Reject: the reason's "Not chosen" is checked; Confirm with comments only is refused.
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(`${reviewUrl(id)}?action=mark-as-rejected`);
  await ready(page);
  const dialog = page.locator('#review-action');
  await expect(dialog.getByRole('radio', { name: 'Not chosen' })).toBeChecked();
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
  await dialog.getByLabel(/^Comments/).fill('Rejected without a reason chosen.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(WORKFLOW_MSG.reasonRequired).first()).toBeVisible();
  await scan(page);
  expect((await api(page.request, await apiToken(page, ACCOUNTS.stateAdmin), `/review/applications/${id}`)).application.status).toBe('GATING_REVIEW');
});

test('saving a consensus value returns to its row, focused (issue 41)', async ({ page }) => {
  test.setTimeout(150_000);
  const { id, admin, ravi } = await inGating(page, 'Consensus Row');
  const token = await apiToken(page, ACCOUNTS.rsmReviewer);
  await reviewStage(
    async (method, path, t, body) => {
      const res = await page.request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${t}` }, data: body });
      return { status: res.status(), body: await res.json().catch(() => null) };
    },
    { applicationId: id, stage: 'GATING', adminToken: admin, reviewers: [{ token, id: ravi.id }], assigned: true },
  );
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  const panel = page.getByTestId('consensus-panel');
  const last = panel.locator('tbody tr').last();
  const systemNo = (await last.getAttribute('data-testid'))!.replace('consensus-', '');
  await last.getByRole('link', { name: `Set consensus of question ${systemNo}` }).click();
  const dialog = page.locator('#consensus-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Fail', exact: true }).check();
  await dialog.getByLabel(/^Comments/).fill('The office reads the record differently.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`#consensus-q${systemNo}$`));
  const row = page.locator(`#consensus-q${systemNo}`);
  await expect(row).toBeFocused();
  await expect(page.getByTestId(`consensus-${systemNo}`)).toContainText('Fail (The office reads the record differently.)');
  await expect(row).toBeInViewport();
  if (!jsEnabled(page)) await scan(page);
});
