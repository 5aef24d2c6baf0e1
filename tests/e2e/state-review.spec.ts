// The state's review screen (issue 10 UI items 2-3, decision 030), JavaScript on and off, axe on every screen: the
// state admin reads an application section by section, moves it into gating review, assigns an RSM reviewer,
// takes it through the gating consensus to Passed Gating and on to Awarded with comments (the technical and state
// stages through the API: the same move routes); rejects another with a reason; asks a third for revision of a
// section; the RSM reviewer marks their review in progress; the RSM financial reviewer sees no actions.
// Each project works on its own demo applications, first put back to SUBMITTED by the State_Admin's Assign Status
// (through the API), so the runs do not meet and a run can be repeated. Passed Gating and Passed Technical hold their
// consensus guards (decision 041) on the demo data's own reviews of those applications (api/seed/demo-reviews.ts): a
// reset without a revision keeps the review pass (decision 047), so they stay through the reset.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, apiToken, logOut, ACCOUNTS } from './fixtures';

/** The demo applications each project plays with: moved to awarded, rejected, asked for revision. */
const APPS = {
  'js-on': { award: 'GA-SMT011', reject: 'GA-SMT010', revise: 'GA-SMT009' },
  'js-off': { award: 'GA-LKV011', reject: 'GA-LKV009', revise: 'GA-SMT008' },
} as const;
const apps = () => APPS[test.info().project.name as keyof typeof APPS];

const reviewUrl = (id: string) => `/state/applications/review-application/${id}`;

async function api(request: APIRequestContext, token: string, path: string, body?: unknown) {
  const res = body === undefined
    ? await request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })
    : await request.post(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The State_Admin puts the application back to SUBMITTED (Assign Status), unless it is there already. */
async function resetToSubmitted(page: Page, token: string, id: string) {
  const { application } = await api(page.request, token, `/review/applications/${id}`);
  if (application.status !== 'SUBMITTED') {
    await api(page.request, token, `/review/applications/${id}/change-status`, { status: 'SUBMITTED', comments: 'Reset for the review journey.' });
  }
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Actions' });
/** The menu's workflow actions (the rubric's Score Preview, decision 042, sits in the same menu for its readers). */
const actionLinks = (page: Page) => menu(page).getByRole('link').filter({ hasNotText: 'Score Preview' });
const dialog = (page: Page) => page.locator('#review-action');
const statusBadge = (page: Page) => page.locator('.ui-title-row .ui-status-tag');

/** Opens an action of the menu, fills its confirmation and confirms; waits for the new status and the toast. */
async function act(page: Page, label: string, fill: (d: ReturnType<typeof dialog>) => Promise<void>, expectStatus: string, toast: string) {
  await menu(page).getByRole('link', { name: label, exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: label })).toBeVisible();
  await fill(dialog(page));
  await dialog(page).getByRole('button', { name: /Confirm|Save|Start review/ }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(statusBadge(page)).toHaveText(expectStatus);
  await expect(page.getByRole('status').filter({ hasText: toast })).toBeVisible();
}

const comment = (text: string) => async (d: ReturnType<typeof dialog>) => {
  await d.getByLabel(/^Comments/).fill(text);
};

test('the state admin reads an application, assigns an RSM reviewer and takes it from submitted to awarded with comments', async ({ page }) => {
  test.setTimeout(180_000);
  const { award } = apps();
  const token = await apiToken(page, ACCOUNTS.stateAdmin);
  await resetToSubmitted(page, token, award);

  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(reviewUrl(award));
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `Application ${award}` })).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Submitted');
  const summary = page.getByRole('region', { name: 'Application summary' });
  await expect(summary).toContainText(/Summit Rural Telephone|Lakeview Fiber Cooperative/);
  await expect(summary.getByRole('list', { name: 'Locations in the project area' })).toContainText('Unserved:');
  // The menu shows exactly what the State_Admin may do from SUBMITTED (domain/workflow.ts).
  await expect(actionLinks(page)).toHaveText(['Gating Review', 'Reject', 'Withdraw', 'Assign Status']);
  await scan(page);

  // Section by section, read-only: the steps are links in the URL; a file answer opens through its signed link.
  const steps = page.getByTestId('section-step');
  expect(await steps.count()).toBe(9);
  await steps.nth(4).click();
  await expect(page).toHaveURL(/step=/);
  await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('review-answers').locator('input, select, textarea')).toHaveCount(0);
  const fileLink = page.getByTestId('review-answers').locator('.q-file a').first();
  if (await fileLink.count()) {
    const href = (await fileLink.getAttribute('href'))!;
    expect((await page.request.get(href)).status()).toBe(200);
  }
  await scan(page);

  // A refused move keeps the dialog, the message tied to the field, and what was typed.
  await menu(page).getByRole('link', { name: 'Assign Status', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('Status').selectOption('GATING_REVIEW');
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByText('Please enter your comments.')).toBeVisible();
  await expect(dialog(page).getByLabel('Status')).toHaveValue('GATING_REVIEW');
  await expect(dialog(page).getByLabel(/^Comments/)).toHaveAttribute('aria-describedby', 'comments-error');
  await scan(page);
  await dialog(page).getByRole('link', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);

  await act(page, 'Gating Review', comment('Complete: starting the gating review.'), 'Gating Review', 'Application marked as Gating Review');

  // Assign Reviewer: the RSM reviewers as checkboxes with their open reviews; Save assigns.
  await menu(page).getByRole('link', { name: 'Assign Reviewer', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  const ravi = dialog(page).getByRole('checkbox', { name: /Ravi Gatekeeper \(rsm\.reviewer@example\.gov\), \d+ open reviews?/ });
  await expect(ravi).toBeVisible();
  await expect(dialog(page).getByRole('checkbox', { name: /ctc\.reviewer/ })).toHaveCount(0);
  await scan(page);
  await ravi.check();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Reviewers assigned successfully' })).toBeVisible();
  // Ravi is assigned (pending, or still holding a review started in an earlier pass through the stage).
  await expect(page.getByTestId('assigned-reviewers')).toContainText(/Ravi Gatekeeper \(RSM Reviewer\) (Pending|In Review|Review Completed)/);

  await act(page, 'Gating Awaiting Consensus', comment('Gating reviews are in.'), 'Gating Awaiting State Consensus', 'Application marked as Gating Awaiting State Consensus');
  await act(page, 'Gating In Consensus', comment('Consensus meeting held.'), 'Gating In State Consensus', 'Application marked as Gating In State Consensus');
  await act(page, 'Passed Gating', comment('Every gating criterion met.'), 'Passed Gating', 'Application marked as Passed Gating');

  // The technical and state stages through the API: the same move routes the menu posts to.
  for (const step of [
    'mark-as-technical-review', 'mark-as-technical-awaiting-consensus', 'mark-as-technical-in-consensus', 'mark-as-passed-technical',
    'mark-as-state-review', 'mark-as-state-awaiting-consensus', 'mark-as-state-in-consensus', 'mark-as-passed-state',
  ]) {
    await api(page.request, token, `/review/applications/${award}/${step}`, { comments: `Journey: ${step}.` });
  }
  await page.goto(reviewUrl(award));
  await ready(page);
  await expect(statusBadge(page)).toHaveText('Passed State');
  await act(page, 'In Negotiation', comment('Negotiating the award terms.'), 'In Negotiation', 'Application marked as In Negotiation');
  await act(page, 'Awarded', comment('Awarded in round 1.'), 'Awarded', 'Application marked as Awarded');
  // Final: only Assign Status leaves it.
  await expect(actionLinks(page)).toHaveText(['Assign Status']);
  await scan(page);

  // The history has each move with its comments.
  const { loggedActions } = await api(page.request, token, `/logged-actions/${award}/application?limit=50`);
  const moves = loggedActions.filter((e: any) => e.comments).map((e: any) => `${e.fromStatus} → ${e.toStatus}: ${e.comments}`);
  expect(moves).toEqual(expect.arrayContaining([
    'SUBMITTED → GATING_REVIEW: Complete: starting the gating review.',
    'GATING_IN_STATE_CONSENSUS → PASSED_GATING: Every gating criterion met.',
    'IN_NEGOTIATION → AWARDED: Awarded in round 1.',
  ]));
});

test('the state admin rejects an application with a reason and asks another for revision of a section', async ({ page }) => {
  test.setTimeout(120_000);
  const { reject, revise } = apps();
  const token = await apiToken(page, ACCOUNTS.stateAdmin);
  await resetToSubmitted(page, token, reject);
  await resetToSubmitted(page, token, revise);
  await signIn(page, ACCOUNTS.stateAdmin);

  // Reject needs a reason of the nine and comments: without them the dialog says so and keeps the comments typed.
  await page.goto(reviewUrl(reject));
  await ready(page);
  await menu(page).getByRole('link', { name: 'Reject', exact: true }).click();
  // The nine reasons and "Not chosen", checked (issue 41: a text browser sent the first reason of a group with none).
  const reasons = dialog(page).getByRole('group', { name: 'Reason for rejecting' });
  await expect(reasons.getByRole('radio')).toHaveCount(10);
  await expect(reasons.getByRole('radio', { checked: true })).toHaveAccessibleName('Not chosen');
  await dialog(page).getByLabel(/^Comments/).fill('Costs are not supported.');
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page).getByText('Please choose a reason for rejecting.')).toBeVisible();
  await expect(dialog(page).getByLabel(/^Comments/)).toHaveValue('Costs are not supported.');
  await scan(page);
  await dialog(page).getByRole('radio', { name: 'Unrealistic cost estimates.' }).check();
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(statusBadge(page)).toHaveText('Rejected');
  await expect(page.getByRole('status').filter({ hasText: 'Application marked as Rejected' })).toBeVisible();
  const rejected = await api(page.request, token, `/logged-actions/${reject}/application?limit=20`);
  expect(rejected.loggedActions.find((e: any) => e.toStatus === 'REJECTED')).toMatchObject({ comments: 'Costs are not supported.' });

  // Revision Needed: from a review status, one or more sections plus comments.
  await api(page.request, token, `/review/applications/${revise}/mark-as-gating-review`, { comments: 'Into gating.' });
  await page.goto(reviewUrl(revise));
  await ready(page);
  await act(page, 'Revision Needed', async (d) => {
    await d.getByRole('checkbox', { name: 'Financial Capability' }).check();
    await d.getByLabel(/^Comments/).fill('Please add the audited statements.');
  }, 'Revision Needed', 'Application marked as Revision Needed');
  await expect(page.getByTestId('section-step').filter({ hasText: 'Financial Capability' })).toContainText('Reopened for revision');
  await scan(page);
});

test('the RSM reviewer marks their review in progress; the RSM financial reviewer sees no actions', async ({ page }) => {
  test.setTimeout(120_000);
  // js-off: an application the demo data never sent to review; js-on: one whose gating review the demo data started
  // (Ravi's review In Review). Neither is read by another spec for its review (Old Mill's closed applications must
  // keep their seeded statuses: sign-in.spec counts them).
  const id = test.info().project.name === 'js-on' ? 'GA-SMT012' : 'GA-SMT002';
  // The admin puts it in gating review and assigns the RSM reviewer, whose review is then pending, on every run.
  const token = await apiToken(page, ACCOUNTS.stateAdmin);
  const reviewers = (await api(page.request, token, '/users/all-reviewers-by-roles?reviewerType=RSM_REVIEWER')).reviewers;
  const ravi = reviewers.find((r: any) => r.email === ACCOUNTS.rsmReviewer);
  expect(ravi, 'the seed\'s RSM reviewer among the assignable ones').toBeTruthy();
  const before = await api(page.request, token, `/review/applications/${id}`);
  if (before.assignedReviewers.some((r: any) => r.reviewerId === ravi.id && r.status !== 'PENDING')) {
    // A review Ravi started (the demo data's, or an earlier run's) stays through re-assigning. A move through
    // Resubmitted ends the gating pass (decision 047): back in Gating Review his assignment is pending again.
    await api(page.request, token, `/review/applications/${id}/change-status`, { status: 'RESUBMITTED', comments: 'Reset for the review journey.' });
  }
  const now = await api(page.request, token, `/review/applications/${id}`);
  if (now.application.status !== 'GATING_REVIEW') await api(page.request, token, `/review/applications/${id}/change-status`, { status: 'GATING_REVIEW', comments: 'Reset for the review journey.' });
  await api(page.request, token, `/review/applications/${id}/assign-reviewers`, { reviewerIds: [ravi.id] });
  const detail = await api(page.request, token, `/review/applications/${id}`);
  expect(detail.application.status).toBe('GATING_REVIEW');
  expect(detail.assignedReviewers.find((r: any) => r.reviewerId === ravi.id)).toMatchObject({ status: 'PENDING' });

  // Ravi's own screen: his pending review offers one action, Mark Review In Progress; taken, the menu is gone and the
  // assigned reviewers list him In Review.
  await signIn(page, ACCOUNTS.rsmReviewer);
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(page.getByTestId('assigned-reviewers')).toContainText('Ravi Gatekeeper (RSM Reviewer)');
  await expect(actionLinks(page)).toHaveText(['Mark Review In Progress']);
  await scan(page);
  await act(page, 'Mark Review In Progress', async () => {}, 'Gating Review', 'Review marked as in progress');
  await expect(menu(page)).toHaveCount(0);
  await expect(page.getByTestId('assigned-reviewers')).toContainText('Ravi Gatekeeper (RSM Reviewer) In Review');
  const after = await api(page.request, token, `/review/applications/${id}`);
  expect(after.assignedReviewers.find((r: any) => r.reviewerId === ravi.id)).toMatchObject({ status: 'IN_PROGRESS' });
  await scan(page);
  await logOut(page);

  // The financial reviewer reads it, with no workflow action at all, and a forced ?action= opens nothing.
  await signIn(page, ACCOUNTS.rsmFinancial);
  await page.goto(`${reviewUrl(id)}?action=mark-as-rejected`);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `Application ${id}` })).toBeVisible();
  await expect(actionLinks(page)).toHaveCount(0);
  await expect(dialog(page)).toHaveCount(0);
  await scan(page);
});
