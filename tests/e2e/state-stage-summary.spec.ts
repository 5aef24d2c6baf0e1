// The review screen's Review summary lists every stage that has reviews, the State stage too (issue 41 item 6),
// JavaScript on and off, axe and valid HTML: the seed's GA-SMT005 (awarded) went through gating (Ravi Gatekeeper),
// technical (Chris Engineer) and the state review, where Steve Reviewer recommended it ("Recommended for funding.").
// Each stage shows its summary and the decisions the reader may see (decision 092): the State_Admin every reviewer's,
// Steve his own, Ravi his own gating decision and only the state stage's count. Read only: the demo data is not changed.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, logOut, ACCOUNTS } from './fixtures';

const AWARDED = 'GA-SMT005';
const reviewUrl = `/state/applications/review-application/${AWARDED}`;
const STEVE = /Steve Reviewer: Recommend Pass \(\d\d-\d\d-\d{4}\) — Recommended for funding\./;

async function openSummary(page: Page, email: string) {
  await signIn(page, email, { portal: 'state' });
  await page.goto(reviewUrl);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `Application ${AWARDED}` })).toBeVisible();
  const summary = page.getByTestId('review-summary');
  await expect(summary.getByRole('heading', { level: 2, name: 'Review summary' })).toBeVisible();
  return summary;
}

test('the Review summary shows the state stage with Steve Reviewer\'s decision, to those who may see it', async ({ page }) => {
  test.setTimeout(120_000);
  // The State_Admin: the three stages, each with its reviewer's decision.
  let summary = await openSummary(page, ACCOUNTS.stateAdmin);
  const state = summary.getByTestId('review-summary-state');
  await expect(state.locator('dt')).toHaveText('State');
  await expect(state.locator('dd')).toContainText('1 submitted review');
  await expect(state.getByRole('list', { name: 'State decisions' }).getByRole('listitem')).toHaveText([STEVE]);
  await expect(summary.getByTestId('review-summary-gating')).toContainText(/Ravi Gatekeeper: Recommend Pass \(\d\d-\d\d-\d{4}\)/);
  await expect(summary.getByTestId('review-summary-technical')).toContainText(/Chris Engineer: Recommend Pass \(\d\d-\d\d-\d{4}\)/);
  await expect(summary.locator('dt')).toHaveText(['Gating', 'Technical', 'State']);
  await scan(page);
  await logOut(page);

  // Steve Reviewer: his own state decision; no other reviewer's.
  summary = await openSummary(page, ACCOUNTS.stateReviewer);
  await expect(summary.getByTestId('review-summary-state').getByRole('listitem')).toHaveText([STEVE]);
  await expect(summary).not.toContainText('Ravi Gatekeeper');
  await expect(summary).not.toContainText('Chris Engineer');
  await scan(page);
  await logOut(page);

  // Ravi Gatekeeper: the state stage's summary, not Steve's decision.
  summary = await openSummary(page, ACCOUNTS.rsmReviewer);
  await expect(summary.getByTestId('review-summary-state').locator('dd')).toHaveText('1 submitted review');
  await expect(summary).not.toContainText('Steve Reviewer');
  await expect(summary.getByTestId('review-summary-gating')).toContainText(/Ravi Gatekeeper: Recommend Pass/);
  await scan(page);
});
