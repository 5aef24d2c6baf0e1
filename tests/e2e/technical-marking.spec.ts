// A technical score entered through the marking screen (decision 038), JavaScript on and off, axe in every state
// (html-validate on every page through the fixtures with JavaScript off): a fresh application of the test's own is
// submitted and moved past gating by the State_Admin (`change-status`); a CTC reviewer made for this run is assigned,
// signs in, declares no conflict and, in Project Area & Locations (23 out of 10, 25 out of 5), types a score below half
// of the maximum with no comment and one above the maximum: Save refuses both, each message tied to its field, what was
// typed kept and nothing saved; then valid scores with the comment the low one needs are saved (with JavaScript as they
// go too), the section is submitted and its marks show read-only. With JavaScript, a change made while the last save
// is finishing is saved as well and the form comes back to idle (stop 25's CI). review-marking.spec walks the gating
// Pass/Fail marks.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { test, expect, signIn, scan, ready, apiToken, jsEnabled, ACCOUNTS } from './fixtures';
import { movePastGating, submitFreshApplication } from './submitted-application';
import { reviewUrl, scanSettled, toast } from './score-preview';
import { declareNoConflict, expectDescribedError } from './marking-screen';
import { MARK_MSG, MARK_RULES } from '../../domain/review-marks';

const SECTION = 'Project Area & Locations';

/** The reviewer's saved marks of the current stage by question system number, read through the API. */
async function savedMarks(request: APIRequestContext, token: string, id: string): Promise<Record<string, { score: number | null; comment: string | null }>> {
  const res = await request.get(`/api/v1/review/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const detail = await res.json();
  const systemNo = new Map((detail.sections as { questions: { id: string; systemNo: string }[] }[]).flatMap((s) => s.questions).map((q) => [q.id, q.systemNo]));
  return Object.fromEntries((detail.myReview.marks as { questionId: string; score: number | null; comment: string | null }[])
    .map((m) => [systemNo.get(m.questionId)!, { score: m.score, comment: m.comment }]));
}

const max = Object.fromEntries(MARK_RULES.TECHNICAL.map((r) => [r.systemNo, r.max!]));

/**
 * A fresh application past gating, a CTC reviewer of this run assigned (the seed's reviewer lists stay as they are),
 * signed in, no conflict declared, on Project Area & Locations with nothing marked yet.
 */
async function openSectionToMark(page: Page, title: string) {
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
  const score = (no: string) => page.getByTestId(`mark-${no}`).getByLabel(`Score for question ${no} (0 to ${max[no]}, whole or half points)`);
  const comment = (no: string) => page.getByTestId(`mark-${no}`).getByLabel(/^Comment on question/);
  await expect(score('23')).toHaveValue('');
  await ready(page);
  return { app, reviewer, form, score, comment };
}

test('a CTC reviewer types technical scores: an uncommented low score and one above the maximum are refused at their fields, then the section is saved and submitted', async ({ page }) => {
  test.setTimeout(120_000);
  expect([max['23'], max['25']]).toEqual([10, 5]);
  const { app, reviewer, form, score, comment } = await openSectionToMark(page, 'Technical Marking');
  await scanSettled(page);

  // 4 of 10 (below half) with no comment, and 7 of 5.
  await score('23').fill('4');
  await score('25').fill('7');
  if (jsEnabled(page)) {
    // Left, the fields are saved as they go; 23's comment may still come (it waits), 25 is out of range: the live
    // region says so rather than that all is saved.
    await score('25').press('Tab');
    await expect(page.getByTestId('autosave-status')).toHaveText('Your marks are saved, except question 25: Save shows what it needs.');
    await expect(form).toHaveAttribute('data-autosave', 'idle');
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectDescribedError(page, comment('23'), MARK_MSG.commentRequired);
  await expectDescribedError(page, score('25'), MARK_MSG.scoreRange(5));
  await expect(score('23')).toHaveValue('4');
  await expect(score('25')).toHaveValue('7');
  await expect(score('23')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await savedMarks(page.request, reviewer, app.id)).toEqual({});
  await scan(page);

  // The comment 23 needs and 4.5 of 5 for 25: saved (as they go with JavaScript, and by Save).
  await comment('23').fill('Two census blocks of the map are already served.');
  await score('25').fill('4.5');
  if (jsEnabled(page)) {
    await score('25').press('Tab');
    await expect(page.getByTestId('autosave-status')).toHaveText('Your marks are saved.');
    await expect(form).toHaveAttribute('data-autosave', 'idle');
    expect(await savedMarks(page.request, reviewer, app.id)).toEqual({
      23: { score: 4, comment: 'Two census blocks of the map are already served.' }, 25: { score: 4.5, comment: null },
    });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, MARK_MSG.saved)).toBeVisible();
  await expect(score('23')).toHaveValue('4');
  await expect(score('25')).toHaveValue('4.5');
  await expect(page.getByText(MARK_MSG.scoreRange(5))).toHaveCount(0);
  expect(await savedMarks(page.request, reviewer, app.id)).toEqual({
    23: { score: 4, comment: 'Two census blocks of the map are already served.' }, 25: { score: 4.5, comment: null },
  });
  await expect(page.getByTestId('sections-to-mark')).toContainText(`${SECTION}: Not submitted`);
  await scanSettled(page);

  // Submitted: the section's marks show as text under the banner, and the section counts as submitted.
  await ready(page);
  await page.getByRole('button', { name: 'Submit Section' }).click();
  await expect(toast(page, MARK_MSG.sectionDone)).toBeVisible();
  await expect(page.getByTestId('review-banner')).toContainText('Section submitted');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('mark-23')).toHaveText('Your mark: 4 of 10 points. Comment: Two census blocks of the map are already served.');
  await expect(page.getByTestId('mark-25')).toHaveText('Your mark: 4.5 of 5 points');
  await expect(page.getByTestId('sections-to-mark')).toContainText(`${SECTION}: Submitted`);
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  await scanSettled(page);
});

test('with JavaScript, a change made while the last save is finishing is saved too, and the form comes back to idle', async ({ page }) => {
  test.skip(!jsEnabled(page), 'the saves as one goes are JavaScript\'s');
  test.setTimeout(120_000);
  const { app, reviewer, form, score, comment } = await openSectionToMark(page, 'Autosave Race');

  // The first save's reload of the page's data is held until the next change has been made, then let through: the
  // save ends within the pause that change starts (the moment a timer reading a stale state waited for ever).
  const gate: { release: (() => void) | null } = { release: null };
  const reloading = new Promise<void>((reached) => {
    const hold = async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'GET' || gate.release) return route.fallback();
      const response = await route.fetch();
      await new Promise<void>((release) => {
        gate.release = release;
        reached();
      });
      await route.fulfill({ response });
    };
    void page.route((url) => url.pathname.endsWith('.data'), hold);
  });
  await comment('23').fill('Two census blocks of the map are already served.');
  await reloading;
  await expect(form).toHaveAttribute('data-autosave', 'busy');
  await score('23').fill('6');
  gate.release!();
  await expect(form).toHaveAttribute('data-autosave', 'idle');
  await expect(page.getByTestId('autosave-status')).toHaveText('Your marks are saved.');
  expect(await savedMarks(page.request, reviewer, app.id)).toEqual({
    23: { score: 6, comment: 'Two census blocks of the map are already served.' },
  });
});
