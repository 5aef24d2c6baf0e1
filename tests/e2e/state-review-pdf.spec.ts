// The state review PDF (issue 12 item 9; decision 046), JavaScript on and off, axe and valid HTML on the screen: a fresh
// organization's application is submitted (submitted-application.ts) and reviewed through the API (the State_Admin
// opens gating, Ravi fails question 6 with a comment, tests/support/reviews.ts; the State_Admin settles question 6 at
// Pass with comments in consensus). On the review screen the State_Admin's 'View/Download State Review PDF' downloads
// the PDF (read back with pdftotext): the answers, the gating summary, the consensus and reviewer's comments; the CTC
// admin, who may not read a gating application's reviews, is not offered the link. Demo applications are not touched.
import { test, expect, signIn, scan, ready, apiToken, logOut, ACCOUNTS, downloadedBytes } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { reviewStage, type ReviewCall } from '../support/reviews';
import { pdfToText } from '../support/pdf';

const reviewUrl = (id: string) => `/state/applications/review-application/${id}`;
const CONSENSUS_COMMENT = 'The SAM.gov record matches since March: checked at the consensus meeting.';
const REVIEWER_COMMENT = 'The identifier does not match the SAM.gov record.';

test('the review screen downloads the state review PDF with the answers, the summary and the consensus comments', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await submitFreshApplication(page, 'Review PDF Coop');

  // Gating through the API: Ravi fails 6 with a comment; in consensus the State_Admin settles it at Pass with comments.
  const call: ReviewCall = async (method, path, token, body) => {
    const res = await page.request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
    return { status: res.status(), body: await res.json().catch(() => null) };
  };
  const admin = await apiToken(page, ACCOUNTS.stateAdmin);
  const opened = await call('POST', `/review/applications/${app.id}/mark-as-gating-review`, admin, { comments: 'Opening gating.' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const reviewers = (await call('GET', '/users/all-reviewers-by-roles?reviewerType=RSM_REVIEWER', admin)).body.reviewers as { id: string; email: string }[];
  const ravi = { id: reviewers.find((r) => r.email === ACCOUNTS.rsmReviewer)!.id, token: await apiToken(page, ACCOUNTS.rsmReviewer) };
  const status = await reviewStage(call, {
    applicationId: app.id, stage: 'GATING', adminToken: admin, reviewers: [ravi],
    mark: (systemNo) => (systemNo === '6' ? { passFail: 'FAIL', comment: REVIEWER_COMMENT } : undefined),
  });
  expect(status).toBe('GATING_IN_STATE_CONSENSUS');
  const detail = (await call('GET', `/review/applications/${app.id}`, admin)).body;
  const six = (detail.sections as any[]).flatMap((s) => s.questions).find((q: any) => q.systemNo === '6');
  const settled = await call('PUT', `/review/applications/${app.id}/questions/${six.id}/average-score`, admin, { overridePassFail: 'PASS', adminComments: CONSENSUS_COMMENT });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);

  // The CTC admin reads the application but not a gating application's reviews: no link.
  await signIn(page, ACCOUNTS.ctcAdmin, { portal: 'state' });
  await page.goto(reviewUrl(app.id));
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `Application ${app.id}` })).toBeVisible();
  await expect(page.getByTestId('download-state-review-pdf')).toHaveCount(0);
  await logOut(page);

  await signIn(page, ACCOUNTS.stateAdmin, { portal: 'state' });
  await page.goto(reviewUrl(app.id));
  await ready(page);
  const link = page.getByRole('link', { name: 'View/Download State Review PDF' });
  await expect(link).toHaveAttribute('href', `/state/applications/review-application/${app.id}/state-review-pdf`);
  await scan(page);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`state_review_${app.id}.pdf`);
  const bytes = await downloadedBytes(download);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfToText(bytes).replace(/[ \t]+/g, ' ');
  expect(text).toContain(`Application ID: ${app.id}`);
  expect(text).toContain(`Organization: ${app.legalName}`);
  expect(text).toContain('Status: Gating In State Consensus');
  expect(text).toContain(`${six.systemNo}. ${six.text}`);
  expect(text).toMatch(/Summary: \d+ Pass, 0 Fail of \d+ questions, 1 submitted review/);
  expect(text).toContain("Consensus: Pass (set by the State Admin; reviewers' Majority: Fail)");
  expect(text).toContain(`State Admin's comments: ${CONSENSUS_COMMENT}`);
  expect(text).toContain(`Ravi Gatekeeper: Fail — ${REVIEWER_COMMENT}`);
  expect(text).toContain('Comments: Reviewed in the test.');
  expect(text).toContain('No technical review marks yet.');
  expect(text).toContain('Not scored yet');
  // The screen is unchanged by the download.
  await expect(page).toHaveURL(new RegExp(`${reviewUrl(app.id)}$`));
  await scan(page);
});
