// Reviews stay with reviewers on the history screens (issue 39 item 2, decision 092), JavaScript on and off, with axe:
// GA-LKV003 (Lakeview's, in gating review, the RSM reviewer assigned) gets a reviewer's conflict declaration and a
// Fail mark with a private comment, and rubric scores, through the API; Lakeview's staff member then reads its history
// (/org/applications/view-history/GA-LKV003) and the organization's whole history (/org/history) with the status
// move, "State office" for the state's people, and nothing of the reviews: no marks, no assignment, no conflict
// declaration, no rubric, no reviewer's name, no internal comment. The drawer's Action filter offers no review action.
// The State_Admin's screen of the same history shows the reviews (the entries are there to be left out).
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, ACCOUNTS, latestCode } from './fixtures';

const APP = 'GA-LKV003';
const PRIVATE = 'Private to the reviewers: the letter of credit is unsigned.';
/** What an organization user must never read of GA-LKV003's history (the seed's and this spec's state side). */
const NEVER = [
  'Saved review marks', 'Submitted the review', 'Recommend', 'conflict of interest', 'Assigned the reviewers', 'rubric', 'Rubric',
  'Ravi', 'Gatekeeper', 'Rita', 'Stella', PRIVATE, 'Complete on intake',
];

/** A bearer token for `email` through the API's own sign-in (asked again if another worker's code retired this one). */
async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const sentAt = Date.now();
    expect((await request.post('/api/v1/send-login-otp', { data: { email } })).ok()).toBe(true);
    const otp = await latestCode({ request }, email, sentAt);
    const res = await request.post('/api/v1/verify-otp', { data: { email, otp } });
    if (res.ok()) return ((await res.json()) as { token: string }).token;
    if (attempt === 3) throw new Error(`${email}: ${await res.text()}`);
  }
}

/** The reviews written into GA-LKV003's history through the API: a declaration, a Fail mark with its comment, rubric scores. */
async function reviewEntries(request: APIRequestContext) {
  const reviewer = { Authorization: `Bearer ${await apiToken(request, ACCOUNTS.rsmReviewer)}` };
  const declared = await request.post(`/api/v1/review/applications/${APP}/conflict-of-interest`, { headers: reviewer, data: { conflict: false } });
  // The other project's run may have declared first.
  expect([200, 409], await declared.text()).toContain(declared.status());
  const detail = (await (await request.get(`/api/v1/review/applications/${APP}`, { headers: reviewer })).json()) as {
    sections: { id: string; questions: { id: string; systemNo: string }[] }[];
  };
  const section = detail.sections.find((s) => s.questions.some((question) => question.systemNo === '40'))!;
  const q40 = section.questions.find((question) => question.systemNo === '40')!;
  const saved = await request.put(`/api/v1/review/applications/${APP}/sections/${section.id}/marks`, {
    headers: reviewer, data: { marks: [{ questionId: q40.id, passFail: 'FAIL', comment: PRIVATE }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const admin = { Authorization: `Bearer ${await apiToken(request, ACCOUNTS.stateAdmin)}` };
  const scored = await request.put(`/api/v1/rubric-scores/application/${APP}/score`, { headers: admin, data: { totalOutlayFundsScore: 30, affordabilityScore: 20 } });
  expect(scored.status(), await scored.text()).toBe(200);
}

async function expectNoReviews(page: Page) {
  const text = await page.locator('main').innerText();
  for (const hidden of NEVER) expect(text, `${page.url()} shows "${hidden}"`).not.toContain(hidden);
}

test('Lakeview staff read GA-LKV003\'s history without the reviewers\' marks, names, conflicts or rubric', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await reviewEntries(page.request);

  // The State_Admin's screen shows the reviews (so the organization's screen leaves out something that is there).
  const stateContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  const state = await stateContext.newPage();
  await signIn(state, ACCOUNTS.stateAdmin);
  await state.goto(`/state/applications/view-history/${APP}`);
  await expect(state.getByRole('heading', { level: 1, name: `History of ${APP}` })).toBeVisible();
  const stateText = await state.locator('main').innerText();
  for (const seen of ['Saved review marks', 'Declared no conflict of interest', 'Updated the rubric scores', 'Ravi Gatekeeper']) expect(stateText).toContain(seen);
  await stateContext.close();

  await signIn(page, ACCOUNTS.orgStaff);
  await page.goto(`/org/applications/view-history/${APP}`);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `History of ${APP}` })).toBeVisible();
  const move = page.getByTestId('history-row').filter({ hasText: `Changed the status of ${APP} from Submitted to Gating Review` });
  await expect(move).toHaveCount(1);
  await expectNoReviews(page);
  await expect(move).toContainText('State office');
  await expect(page.getByTestId('history-row').filter({ hasText: `Submitted application ${APP}` })).toContainText('Olivia Admin');
  await scan(page);

  // The organization's whole history, searched by the application: the same entries.
  await page.goto(`/org/history?q=${APP}`);
  await ready(page);
  await expect(page.getByTestId('history-row').filter({ hasText: `Changed the status of ${APP} from Submitted to Gating Review` })).toHaveCount(1);
  await expectNoReviews(page);

  // The drawer's Action filter offers what the organization may see, and no review action.
  await page.goto('/org/history?filters=open');
  await ready(page);
  const action = page.getByRole('dialog', { name: 'Filters' }).getByLabel('Action');
  await expect(action.locator('option', { hasText: 'Status changed' })).toHaveCount(1);
  const offered = await action.locator('option').allTextContents();
  expect(offered).toContain('Document uploaded');
  for (const review of ['Reviewers assigned', 'Review marks saved', 'Review conflict declared', 'Review consensus set', 'Rubric score updated']) {
    expect(offered).not.toContain(review);
  }
  await scan(page);
});
