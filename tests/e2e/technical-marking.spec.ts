// A technical score entered through the marking screen (decision 038), JavaScript on and off, axe in every state
// (html-validate on every page through the fixtures with JavaScript off): a fresh application of the test's own is
// submitted and moved past gating by the State_Admin (`change-status`); a CTC reviewer made for this run is assigned,
// signs in, declares no conflict and, in Project Area & Locations (23 out of 10, 25 out of 5), types a score below half
// of the maximum with no comment and one above the maximum: Save refuses both, each message tied to its field, what was
// typed kept and nothing saved; then valid scores with the comment the low one needs are saved (with JavaScript as they
// go too), the section is submitted and its marks show read-only. With JavaScript, a change made while the last save
// is finishing is saved as well and the form comes back to idle (stop 25's CI). review-marking.spec walks the gating
// Pass/Fail marks.
import type { Page, Route } from '@playwright/test';
import { test, expect, scan, ready, jsEnabled } from './fixtures';
import { scanSettled, toast } from './score-preview';
import { expectDescribedError, max, openSectionToMark, savedMarks, SECTION } from './marking-screen';
import { MARK_MSG } from '../../domain/review-marks';


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
