// The reviewer's side of the review screen's marking (decision 038), shared by the journeys that mark through it
// (review-marking.spec, technical-marking.spec, edit-conflicts-review.spec): the declaration of no conflict of interest
// that opens the answers, the message a control's aria-describedby points to, a CTC reviewer of the run on a fresh
// application's section to mark, and the reviewer's saved marks read through the API.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, signIn, ready, apiToken, ACCOUNTS } from './fixtures';
import { movePastGating, submitFreshApplication } from './submitted-application';
import { reviewUrl, toast } from './score-preview';
import { MARK_MSG, MARK_RULES } from '../../domain/review-marks';

/** Declares no conflict of interest on the screen (the declaration form shown): the answers show. */
export async function declareNoConflict(page: Page) {
  await page.getByTestId('conflict-form').getByRole('radio', { name: /I have no conflict of interest/ }).check();
  await page.getByRole('button', { name: 'Submit declaration' }).click();
  await expect(toast(page, MARK_MSG.declaredNone)).toBeVisible();
  await expect(page.getByTestId('review-answers')).toBeVisible();
}

/** The control is marked invalid and its aria-describedby names the element saying `message`. */
export async function expectDescribedError(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const id = await control.getAttribute('aria-describedby');
  expect(id, 'aria-describedby').toBeTruthy();
  await expect(page.locator(`[id="${id}"]`)).toHaveText(message);
}

/** The reviewer's saved marks of the current stage by question system number, read through the API. */
export async function savedMarks(request: APIRequestContext, token: string, id: string): Promise<Record<string, { score: number | null; comment: string | null }>> {
  const res = await request.get(`/api/v1/review/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const detail = await res.json();
  const systemNo = new Map((detail.sections as { questions: { id: string; systemNo: string }[] }[]).flatMap((s) => s.questions).map((q) => [q.id, q.systemNo]));
  return Object.fromEntries((detail.myReview.marks as { questionId: string; score: number | null; comment: string | null }[])
    .map((m) => [systemNo.get(m.questionId)!, { score: m.score, comment: m.comment }]));
}

export const max = Object.fromEntries(MARK_RULES.TECHNICAL.map((r) => [r.systemNo, r.max!]));

/** The technical section the journeys mark (23 out of 10, 25 out of 5). */
export const SECTION = 'Project Area & Locations';

/** A question's score and comment controls on the marking screen. */
export const markControls = (page: Page) => ({
  score: (no: string) => page.getByTestId(`mark-${no}`).getByLabel(`Score for question ${no} (0 to ${max[no]}, whole or half points)`),
  comment: (no: string) => page.getByTestId(`mark-${no}`).getByLabel(/^Comment on question/),
});

/**
 * A fresh application past gating, a CTC reviewer of this run assigned (the seed's reviewer lists stay as they are),
 * signed in, no conflict declared, on Project Area & Locations with nothing marked yet.
 */
export async function openSectionToMark(page: Page, title: string) {
  const app = await submitFreshApplication(page, title);
  const admin = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  await movePastGating(page, app.id, admin);
  const email = `ctc.typist.${test.info().project.name}.${Date.now()}@example.gov`;
  const added = await page.request.post('/api/v1/users/add-staff', { headers: admin, data: { firstName: 'Tess', lastName: 'Typist', email, roleId: 'CTC_Reviewer' } });
  expect(added.ok(), await added.text()).toBe(true);
  const engineers = (await (await page.request.get('/api/v1/users/all-reviewers-by-roles?reviewerType=CTC_REVIEWER', { headers: admin })).json()).reviewers as { id: string; email: string }[];
  const assigned = await page.request.post(`/api/v1/review/applications/${app.id}/assign-reviewers`, { headers: admin, data: { reviewerIds: [engineers.find((r) => r.email === email)!.id] } });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const reviewer = await apiToken(page, email);

  // Signed in, the reviewer declares no conflict and opens the section to mark.
  await signIn(page, email);
  await page.goto(reviewUrl(app.id));
  await ready(page);
  await declareNoConflict(page);
  await page.getByTestId('sections-to-mark').getByRole('link', { name: SECTION }).click();
  await expect(page.getByRole('heading', { level: 2, name: SECTION })).toBeVisible();
  const form = page.getByTestId('marking-form');
  await expect(form).toBeVisible();
  const { score, comment } = markControls(page);
  await expect(score('23')).toHaveValue('');
  await ready(page);
  return { app, reviewer, form, score, comment };
}
