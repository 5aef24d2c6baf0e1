// Earlier reviews on the review screen (decision 051), JavaScript on and off, axe and valid HTML: a fresh
// organization's application (submitted-application.ts) is reviewed in gating through the API (Ravi fails question 6
// with a comment, tests/support/reviews.ts; the State_Admin settles it at Pass in consensus), sent to Revision Needed,
// resubmitted by the organization and moved into Gating Review again (pass 2, decision 047). The State_Admin's review
// screen lists 'Gating review, pass 1' under Earlier reviews; its link (?pass=GATING-1, a plain GET) opens pass 1's
// marks, comments, decision, consensus and summary; the URL alone opens it too. Ravi sees only his own review of it.
// Demo applications are not touched.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, apiToken, logOut, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { reviewStage, type ReviewCall } from '../support/reviews';

const reviewUrl = (id: string) => `/state/applications/review-application/${id}`;
const REVIEWER_COMMENT = 'The SAM.gov identifier does not match the registration.';
const CONSENSUS_COMMENT = 'Checked at the consensus meeting: the registration was renewed in March.';

const apiCall = (page: Page): ReviewCall => async (method, path, token, body) => {
  const res = await page.request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
  return { status: res.status(), body: await res.json().catch(() => null) };
};

test('the review screen shows an earlier gating pass, read-only, opened by its link or its URL', async ({ page }) => {
  test.setTimeout(240_000);
  const app = await submitFreshApplication(page, 'Earlier Review Coop');
  const call = apiCall(page);
  const must = async (what: string, res: Promise<{ status: number; body: any }>) => {
    const done = await res;
    expect(done.status, `${what}: ${JSON.stringify(done.body)}`).toBe(200);
    return done.body;
  };

  // Pass 1 through the API: Ravi fails 6 with a comment; the State_Admin settles it at Pass with comments.
  const admin = await apiToken(page, ACCOUNTS.stateAdmin);
  await must('open gating', call('POST', `/review/applications/${app.id}/mark-as-gating-review`, admin, { comments: 'Opening gating.' }));
  const reviewers = (await call('GET', '/users/all-reviewers-by-roles?reviewerType=RSM_REVIEWER', admin)).body.reviewers as { id: string; email: string; firstName: string; lastName: string }[];
  const raviRow = reviewers.find((r) => r.email === ACCOUNTS.rsmReviewer)!;
  const raviName = `${raviRow.firstName} ${raviRow.lastName}`;
  const ravi = { id: raviRow.id, token: await apiToken(page, ACCOUNTS.rsmReviewer) };
  expect(await reviewStage(call, {
    applicationId: app.id, stage: 'GATING', adminToken: admin, reviewers: [ravi],
    mark: (systemNo) => (systemNo === '6' ? { passFail: 'FAIL', comment: REVIEWER_COMMENT } : undefined),
  })).toBe('GATING_IN_STATE_CONSENSUS');
  const detail = await must('read the application', call('GET', `/review/applications/${app.id}`, admin));
  const six = (detail.sections as any[]).flatMap((s) => s.questions).find((q: any) => q.systemNo === '6');
  await must('settle 6', call('PUT', `/review/applications/${app.id}/questions/${six.id}/average-score`, admin, { overridePassFail: 'PASS', adminComments: CONSENSUS_COMMENT }));
  const summary = (await must('the summary', call('GET', `/review/applications/${app.id}/review-summary`, admin))).stages.find((s: any) => s.stage === 'GATING');

  // The revision: asked by the State_Admin, resubmitted by the organization, back into gating (pass 2 begins).
  await must('revision needed', call('POST', `/review/applications/${app.id}/mark-as-revision-needed`, admin, {
    sectionIds: [app.sections.technology!.id], comments: 'Please describe the backhaul.',
  }));
  const org = await apiToken(page, app.adminEmail);
  expect((await must('resubmit', call('POST', `/applications/${app.id}/submit`, org, {}))).status).toBe('RESUBMITTED');
  await must('back to gating', call('POST', `/review/applications/${app.id}/mark-as-gating-review`, admin, { comments: 'The revised answers.' }));

  // The State_Admin's review screen: Earlier reviews lists pass 1, closed.
  await signIn(page, ACCOUNTS.stateAdmin, { portal: 'state' });
  await page.goto(reviewUrl(app.id));
  await ready(page);
  const earlier = page.getByTestId('earlier-reviews');
  await expect(earlier.getByRole('heading', { level: 2, name: 'Earlier reviews' })).toBeVisible();
  const link = earlier.getByRole('link', { name: 'Gating review, pass 1', exact: true });
  await expect(earlier.getByTestId('earlier-pass-link')).toHaveText(/^Gating review, pass 1 \(ended \d\d-\d\d-\d{4} by .+, back from Resubmitted\)$/);
  await expect(page.getByTestId('earlier-pass')).toHaveCount(0);
  await scan(page);

  // Its link opens it (a GET: the pass is in the URL).
  await link.click();
  await expect(page).toHaveURL(/[?&]pass=GATING-1/);
  await checkPassOne(page, { raviName, consensus: true, summary: `${summary.overallPassFail.passCount} Pass, 0 Fail of ${summary.overallPassFail.total} questions, 1 submitted review` });
  await expect(link).toHaveAttribute('aria-current', 'true');
  await scan(page);

  // The URL alone opens it; Close closes it.
  await page.goto(`${reviewUrl(app.id)}?pass=GATING-1`);
  await ready(page);
  await checkPassOne(page, { raviName, consensus: true });
  await page.getByTestId('earlier-pass').getByRole('link', { name: 'Close Gating review, pass 1' }).click();
  await expect(page.getByTestId('earlier-pass')).toHaveCount(0);
  await expect(page).not.toHaveURL(/pass=/);
  await logOut(page);

  // Ravi, assigned again for pass 2, sees his own review of pass 1 only: no consensus column.
  await signIn(page, ACCOUNTS.rsmReviewer, { portal: 'state' });
  await page.goto(`${reviewUrl(app.id)}?pass=GATING-1`);
  await ready(page);
  await checkPassOne(page, { raviName, consensus: false });
  await expect(page.getByTestId('earlier-pass')).toContainText('Only your own review is shown.');
  await scan(page);

  // At a phone's width the page does not scroll sideways: the marks table scrolls in its own region (phone.spec's rule).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await ready(page);
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.document).toBeLessThanOrEqual(390);
  expect(widths.body).toBeLessThanOrEqual(390);
  const close = page.getByTestId('earlier-pass').getByRole('link', { name: 'Close Gating review, pass 1' });
  await close.scrollIntoViewIfNeeded();
  await expect(close).toBeInViewport({ ratio: 0.99 });
});

async function checkPassOne(page: Page, opts: { raviName: string; consensus: boolean; summary?: string }) {
  const pass = page.getByTestId('earlier-pass');
  await expect(pass.getByRole('heading', { level: 3, name: 'Gating review, pass 1' })).toBeVisible();
  const table = pass.getByRole('table', { name: /^Marks and comments of Gating review, pass 1/ });
  await expect(table.getByRole('columnheader', { name: opts.raviName })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Consensus' })).toHaveCount(opts.consensus ? 1 : 0);
  const row = table.getByTestId('earlier-mark-6');
  await expect(row.getByRole('rowheader')).toContainText(/^6\. /);
  await expect(row.getByRole('cell').first()).toHaveText(`Fail${REVIEWER_COMMENT}`);
  if (opts.consensus) await expect(row.getByRole('cell').last()).toHaveText(`Pass${CONSENSUS_COMMENT}`);
  else await expect(row).not.toContainText(CONSENSUS_COMMENT);
  await expect(pass.getByTestId('earlier-pass-decisions')).toContainText(`${opts.raviName} (Review Completed): Recommend Pass on`);
  await expect(pass.getByTestId('earlier-pass-decisions')).toContainText('Reviewed in the test.');
  if (opts.summary) await expect(pass.getByTestId('earlier-pass-summary')).toHaveText(opts.summary);
  else await expect(pass.getByTestId('earlier-pass-summary')).toHaveText(/ Pass, 0 Fail of \d+ questions, 1 submitted review$/);
  // The table scrolls in its own labelled region.
  await expect(pass.getByRole('region', { name: 'Marks of Gating review, pass 1' })).toBeVisible();
}
