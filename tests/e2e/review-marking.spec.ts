// Reviewers' marking (issue 12 items 1-3 and 5, decision 038), JavaScript on and off, axe and valid HTML on every
// screen: a fresh organization's application is submitted (its answers copied from a demo application through the
// API, its files uploaded), the State_Admin opens gating and assigns two RSM reviewers (Ravi of the seed and one made
// for this run); each declares no conflict of interest, marks every gating question (a Fail needs a comment; an
// unmarked section and an early decision are refused) and submits sections and decision; the stage admin unlocks a
// submitted review with a comment; the last decision moves the application to Gating Awaiting State Consensus by
// itself, and the admin reads the review summary and each reviewer's declaration; in consensus the State_Admin
// reads the marks side by side and settles a split question; the RSM admin (its own stage) reads them too, the CTC
// admin (another vendor's stage) sees no consensus and no reviewer's row (decision 051's sight). Passed Gating is
// refused while the split question is at Fail (the note beside the menu, the confirmation's note, the 409 when
// confirmed anyway) and goes once settled; two
// CTC reviewers score the technical stage below the programme's threshold, Passed Technical is refused with the
// figure, and goes once the consensus lifts the score (decision 041).
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, signUpAndSignIn, createApplication, scan, ready, apiToken, logOut, jsEnabled, ACCOUNTS } from './fixtures';
import { CONSENSUS_MSG, MARK_MSG, MARK_RULES } from '../../domain/review-marks';
import { reviewStage, type ReviewCall } from '../support/reviews';
import { declareNoConflict } from './marking-screen';
import { reviewUrl, scanSettled, toast } from './score-preview';

async function api(request: APIRequestContext, token: string, path: string, body?: unknown, method?: 'POST' | 'PUT') {
  const headers = { Authorization: `Bearer ${token}` };
  const res = body === undefined
    ? await request.get(`/api/v1${path}`, { headers })
    : method === 'PUT' ? await request.put(`/api/v1${path}`, { headers, data: body }) : await request.post(`/api/v1${path}`, { headers, data: body });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Submits the fresh organization's application `id`: its entity profile and every section answered as the demo
 * application GA-LKV002 is (read by Lakeview's admin), each File question with a PDF uploaded to its own library.
 */
async function submitLikeDemo(page: Page, orgEmail: string, id: string) {
  const lakeview = await apiToken(page, ACCOUNTS.orgAdmin);
  const mine = await apiToken(page, orgEmail);
  const me = await api(page.request, mine, '/users/me');
  const orgId = (me.user ?? me).organizations[0].id as string;
  const lakeviewMe = await api(page.request, lakeview, '/users/me');
  const lakeviewId = ((lakeviewMe.user ?? lakeviewMe).organizations as { id: string; name: string }[]).find((o) => /Lakeview/.test(o.name))!.id;
  const profile = await api(page.request, lakeview, `/organization/${lakeviewId}/profile`);
  const profileAnswers = (profile.questions as any[]).filter((q) => q.type !== 'Header' && !q.readOnly && q.answer !== null && q.answer !== undefined)
    .map((q) => ({ questionId: q.id, value: q.answer }));
  await api(page.request, mine, `/organization/${orgId}/profile`, { answers: profileAnswers });
  const programId = ((await api(page.request, mine, '/program/all')) as { id: string }[])[0]!.id;
  const list = (await api(page.request, mine, '/section/all')) as { id: string; isEntityProfile: boolean }[];
  let file: { documentId: string; fileName: string } | null = null;
  for (const section of list.filter((s) => !s.isEntityProfile)) {
    const demo = await api(page.request, lakeview, `/applications/GA-LKV002/sections/${section.id}`);
    const answers = [];
    for (const q of demo.questions as any[]) {
      if (q.type === 'Header' || q.readOnly || q.answer === null || q.answer === undefined || q.additionalMetadata?.optionsFrom) continue;
      if (q.type === 'File') {
        if (!file) {
          const upload = await page.request.post('/api/v1/documents/upload', {
            headers: { Authorization: `Bearer ${mine}` },
            multipart: {
              organizationId: orgId, programId, sectionId: section.id, fileName: 'marking-proof.pdf',
              file: { name: 'marking-proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 marking proof') },
            },
          });
          expect(upload.status(), await upload.text()).toBe(201);
          const { document } = await upload.json();
          file = { documentId: document.id, fileName: document.fileName };
        }
        answers.push({ questionId: q.id, value: file });
      } else {
        answers.push({ questionId: q.id, value: q.answer });
      }
    }
    await api(page.request, mine, `/applications/${id}/sections/${section.id}/answers`, { answers });
  }
  await api(page.request, mine, `/applications/${id}/submit`, {});
}

const statusBadge = (page: Page) => page.locator('.ui-title-row .ui-status-tag');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Actions' });
const moveDialog = (page: Page) => page.locator('#review-action');

/** tests/support/reviews.ts over Playwright's request. */
const viaRequest = (request: APIRequestContext): ReviewCall => async (method, path, token, body) => {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
  return { status: res.status(), body: await res.json().catch(() => null) };
};

/**
 * A consensus guard (decision 041) refuses `label` now: the note beside the menu and in the confirmation say why;
 * confirmed anyway, the API's 409 is the confirmation's error and the status stays.
 */
async function refusedByGuard(page: Page, label: string, message: string | RegExp, status: string) {
  await expect(page.getByTestId('move-guards')).toContainText(message);
  await menu(page).getByRole('link', { name: label, exact: true }).click();
  await expect(moveDialog(page)).toBeVisible();
  await expect(moveDialog(page).getByTestId('move-guard')).toContainText(message);
  await scan(page);
  await moveDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(moveDialog(page).getByRole('alert')).toContainText(message);
  await expect(statusBadge(page)).toHaveText(status);
  await scanSettled(page);
  await moveDialog(page).getByRole('link', { name: 'Cancel' }).click();
  await expect(moveDialog(page)).toHaveCount(0);
}

/** The guard lets `label` through now: confirmed from the menu, the application moves. */
async function passes(page: Page, label: string, comments: string) {
  await expect(page.getByTestId('move-guards')).toHaveCount(0);
  await menu(page).getByRole('link', { name: label, exact: true }).click();
  await expect(moveDialog(page).getByTestId('move-guard')).toHaveCount(0);
  await moveDialog(page).getByLabel(/^Comments/).fill(comments);
  await moveDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(moveDialog(page)).toHaveCount(0);
  await expect(statusBadge(page)).toHaveText(label);
  await expect(toast(page, `Application marked as ${label}`)).toBeVisible();
}

/** The gating sections' steps in form order, as the reviewer's list of sections to mark names them. */
async function sectionsToMark(page: Page): Promise<string[]> {
  return (await page.getByTestId('sections-to-mark').getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** Marks every gating question of the step shown Pass (question `failing` Fail with a comment) and submits the section. */
async function markStep(page: Page, failing?: string) {
  const controls = page.getByTestId('marking-form').locator('[data-testid^="mark-"]');
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = controls.nth(i);
    const systemNo = (await box.getAttribute('data-testid'))!.replace('mark-', '');
    if (systemNo === failing) {
      await box.getByLabel('Fail', { exact: true }).check();
      await box.getByLabel(/^Comment on question/).fill('The identifier does not match the SAM.gov record.');
    } else {
      await box.getByLabel('Pass', { exact: true }).check();
    }
  }
  // With JavaScript the marks were saved as they went: the last save ends before the section is submitted.
  await expect(page.getByTestId('marking-form')).toHaveAttribute('data-autosave', 'idle');
  await page.getByRole('button', { name: 'Submit Section' }).click();
  await expect(toast(page, 'Section submitted')).toBeVisible();
  await expect(page.getByTestId('review-banner')).toContainText('Section submitted');
}

/** A reviewer's whole review through the screen; `checks`: the refusals and the autosave on the way (the first reviewer). */
async function review(page: Page, email: string, id: string, opts: { checks: boolean; decision: 'Recommend Pass' | 'Recommend Fail'; failing?: string }) {
  await signIn(page, email);
  await page.goto(reviewUrl(id));
  await ready(page);
  // No answers before the declaration.
  await expect(page.getByTestId('conflict-form')).toBeVisible();
  await expect(page.getByTestId('review-answers')).toHaveCount(0);
  if (opts.checks) {
    await scan(page);
    await page.getByTestId('conflict-form').getByRole('radio', { name: /I have a conflict of interest/ }).check();
    await page.getByRole('button', { name: 'Submit declaration' }).click();
    await expect(page.getByText(MARK_MSG.conflictNoteRequired)).toBeVisible();
    await expect(page.getByLabel(/^Describe the conflict/)).toHaveAttribute('aria-describedby', 'conflict-note-error');
    await scan(page);
  }
  await declareNoConflict(page);

  const sections = await sectionsToMark(page);
  expect(sections).toEqual(['Entity Information', 'Financial Capability', 'Managerial & Operational Capability', 'Labor & Workforce', 'Compliance & Certifications']);
  await page.getByTestId('sections-to-mark').getByRole('link', { name: sections[0] }).click();
  await expect(page.getByTestId('marking-form')).toBeVisible();
  if (opts.checks) {
    await scanSettled(page);
    // Submit Section with nothing marked names the questions. With JavaScript its errors show while the page still
    // reloads its data (held 2 s here): the marks chosen meanwhile are saved once the reload ends, not dropped.
    let held = false;
    if (jsEnabled(page)) {
      await page.route(/\.data\?step=/, async (route) => {
        if (route.request().method() === 'GET' && !held) {
          held = true;
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
        await route.continue().catch(() => {});
      });
    }
    await page.getByRole('button', { name: 'Submit Section' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MARK_MSG.unmarked(['6', '7', '8', '19']) })).toBeVisible();
    // A Fail needs a comment: the message is tied to the comment box; what was chosen stays.
    const six = page.getByTestId('mark-6');
    await six.getByLabel('Fail', { exact: true }).check();
    if (jsEnabled(page)) {
      // Saved as they go: the fetcher leaves focus on the radio and says so in the live region (a Fail without its
      // comment is not acceptable yet and waits).
      await page.getByTestId('mark-7').getByLabel('Pass', { exact: true }).check();
      expect(held).toBe(true);
      await expect(page.getByTestId('autosave-status')).toHaveText('Your marks are saved.');
      await page.unroute(/\.data\?step=/);
      await expect(page.getByTestId('mark-7').getByLabel('Pass', { exact: true })).toBeFocused();
      await expect(page.getByTestId('marking-form')).toHaveAttribute('data-autosave', 'idle');
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(six.getByText(MARK_MSG.commentRequired)).toBeVisible();
    await expect(six.getByLabel(/^Comment on question 6/)).toHaveAttribute('aria-invalid', 'true');
    await expect(six.getByLabel('Fail', { exact: true })).toBeChecked();
    await scan(page);
  }
  await markStep(page, opts.failing);
  if (opts.checks) {
    // A decision while sections are unsubmitted is refused, naming them.
    await page.getByTestId('decision-panel').getByLabel(opts.decision).check();
    await page.getByLabel('Comments (required)').fill('Too early.');
    await page.getByRole('button', { name: 'Submit Decision' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MARK_MSG.sectionsUnsubmitted(sections.slice(1)) })).toBeVisible();
    await scanSettled(page);
  }
  for (const name of sections.slice(1)) {
    await page.getByTestId('sections-to-mark').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await markStep(page);
  }
  await expect(page.getByTestId('sections-to-mark')).not.toContainText('Not submitted');
  await page.getByTestId('decision-panel').getByLabel(opts.decision).check();
  await page.getByLabel('Comments (required)').fill(`${opts.decision}: reviewed every gating criterion.`);
  await page.getByRole('button', { name: 'Submit Decision' }).click();
  await expect(toast(page, MARK_MSG.decisionDone)).toBeVisible();
  await expect(page.getByTestId('review-banner')).toContainText(`Your review is submitted: ${opts.decision}`);
  await expect(page.getByTestId('marking-form')).toHaveCount(0);
  await expect(page.getByTestId('decision-panel')).toHaveCount(0);
  await scanSettled(page);
  await logOut(page);
}

test('two RSM reviewers declare no conflict, mark and submit the gating review; the last decision moves it to consensus', async ({ page }) => {
  test.setTimeout(300_000);
  const project = test.info().project.name;
  // A fresh organization and its application, submitted through the API.
  const org = await signUpAndSignIn(page, { prefix: 'marking', legalName: 'Marking Broadband', firstName: 'Mark', lastName: 'Ing' });
  const { id } = await createApplication(page, { areaOption: 2 });
  await logOut(page);
  await submitLikeDemo(page, org.email, id);
  // The RSM admin reads a submitted application (not yet their stage's: no reviews to read, no summary), no error.
  await signIn(page, ACCOUNTS.rsmAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(statusBadge(page)).toHaveText('Submitted');
  await expect(page.getByTestId('review-summary')).toHaveCount(0);
  await logOut(page);

  // The State_Admin opens gating and assigns Ravi and a second RSM reviewer made for this run.
  const admin = await apiToken(page, ACCOUNTS.stateAdmin);
  const secondEmail = `rsm.marker.${project}.${Date.now()}@example.gov`;
  await api(page.request, admin, '/users/add-staff', { firstName: 'Mara', lastName: 'Marker', email: secondEmail, roleId: 'RSM_Reviewer' });
  const reviewers = (await api(page.request, admin, '/users/all-reviewers-by-roles?reviewerType=RSM_REVIEWER')).reviewers as { id: string; email: string }[];
  const ravi = reviewers.find((r) => r.email === ACCOUNTS.rsmReviewer)!;
  const mara = reviewers.find((r) => r.email === secondEmail)!;
  await api(page.request, admin, `/review/applications/${id}/mark-as-gating-review`, { comments: 'Opening gating.' });
  await api(page.request, admin, `/review/applications/${id}/assign-reviewers`, { reviewerIds: [ravi.id, mara.id] });

  // Ravi: the refusals on the way, one Fail with its comment, Recommend Fail.
  await review(page, ACCOUNTS.rsmReviewer, id, { checks: true, decision: 'Recommend Fail', failing: '6' });

  // Not the last: the application stays in Gating Review. The RSM admin unlocks Ravi's review (a comment is required).
  await signIn(page, ACCOUNTS.rsmAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(statusBadge(page)).toHaveText('Gating Review');
  const rows = page.getByTestId('reviews-panel').getByTestId('review-row');
  await expect(rows.filter({ hasText: 'Ravi Gatekeeper' })).toContainText(/Review Completed\. No conflict of interest declared on \d\d\/\d\d\/\d{4}/);
  await expect(rows.filter({ hasText: 'Mara Marker' })).toContainText('Pending. Conflict of interest not declared yet');
  await expect(page.getByTestId('review-summary')).toContainText(`Gating${MARK_RULES.GATING.length - 1} Pass, 1 Fail of ${MARK_RULES.GATING.length} questions, 1 submitted review`);
  await scan(page);
  await page.getByRole('link', { name: 'Unlock review of Ravi Gatekeeper' }).click();
  const dialog = page.locator('#review-unlock');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog.getByText(MARK_MSG.unlockCommentRequired)).toBeVisible();
  await scan(page);
  await dialog.getByLabel('Comment (required)').fill('Question 6 was a typo in SAM.gov: please look again.');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(toast(page, MARK_MSG.unlocked)).toBeVisible();
  await expect(rows.filter({ hasText: 'Ravi Gatekeeper' })).toContainText('In Review');
  await logOut(page);

  // Ravi submits again (through the API: the screen was walked above): every section, then the decision.
  const raviToken = await apiToken(page, ACCOUNTS.rsmReviewer);
  const detail = await api(page.request, raviToken, `/review/applications/${id}`);
  const gatingSections = (detail.sections as any[]).filter((s) => s.questions.some((q: any) => MARK_RULES.GATING.some((r) => r.systemNo === q.systemNo)));
  for (const s of gatingSections) await api(page.request, raviToken, `/review/applications/${id}/sections/${s.id}/submit`, {});
  await api(page.request, raviToken, `/review/applications/${id}/submit-review-decision`, { decision: 'RECOMMEND_PASS', comments: 'Checked again: passes.' });
  expect((await api(page.request, admin, `/review/applications/${id}`)).application.status).toBe('GATING_REVIEW');

  // Mara, the last assigned reviewer: her decision moves the application to consensus by itself.
  await review(page, secondEmail, id, { checks: false, decision: 'Recommend Pass' });
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(statusBadge(page)).toHaveText('Gating Awaiting State Consensus');
  // Ravi failed 6, Mara passed it: a tie is Fail.
  await expect(page.getByTestId('review-summary')).toContainText(`Gating${MARK_RULES.GATING.length - 1} Pass, 1 Fail of ${MARK_RULES.GATING.length} questions, 2 submitted reviews`);
  await expect(page.getByTestId('reviews-panel').getByTestId('review-row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: /Unlock review/ })).toHaveCount(0);
  await scan(page);

  // Consensus (review rubric 4): in Gating In State Consensus the marks side by side; question 6 is split (Fail by
  // the tie); the State_Admin settles it at Pass, which differs from the majority and needs a comment.
  await api(page.request, admin, `/review/applications/${id}/mark-as-gating-in-consensus`, { comments: 'Consensus meeting.' });
  await page.goto(reviewUrl(id));
  await ready(page);
  const six = page.getByTestId('consensus-6');
  await expect(six).toContainText('Ravi Gatekeeper: Fail (The identifier does not match the SAM.gov record.)');
  await expect(six).toContainText('Mara Marker: Pass');
  await expect(six).toContainText('Majority: Fail');
  await expect(six.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();
  await scan(page);
  // Passed Gating needs every gating question at Pass in consensus (decision 041): 6 is at Fail by the tie.
  await refusedByGuard(page, 'Passed Gating', /Passed Gating needs every gating question at Pass in consensus\. Failing \(6\): 6 Unique Entity Identifier/, 'Gating In State Consensus');
  await six.getByRole('link', { name: 'Set consensus of question 6' }).click();
  const consensus = page.locator('#consensus-dialog');
  await expect(consensus).toBeVisible();
  await consensus.getByLabel('Pass', { exact: true }).check();
  await consensus.getByRole('button', { name: 'Save' }).click();
  await expect(consensus.getByText(CONSENSUS_MSG.commentsRequired)).toBeVisible();
  await expect(consensus.getByLabel('Pass', { exact: true })).toBeChecked();
  await scan(page);
  await consensus.getByLabel(/^Comments/).fill('SAM.gov shows the same identifier since March.');
  await consensus.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, CONSENSUS_MSG.done)).toBeVisible();
  await expect(six).toContainText('Pass (SAM.gov shows the same identifier since March.)');
  await expect(page.getByTestId('review-summary')).toContainText(`Gating${MARK_RULES.GATING.length} Pass, 0 Fail of ${MARK_RULES.GATING.length} questions`);
  await scanSettled(page);
  await logOut(page);

  // What a vendor admin sees of the consensus is the API's sight (domain/review-sight.ts, decision 051): the RSM admin,
  // in its own stage, reads the marks side by side (not to set) and every reviewer's row; the CTC admin, in another
  // vendor's stage, sees neither the consensus table, nor the reviewers' rows, nor the summary.
  await signIn(page, ACCOUNTS.rsmAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(six).toContainText('Ravi Gatekeeper: Fail (The identifier does not match the SAM.gov record.)');
  await expect(six).toContainText('Mara Marker: Pass');
  await expect(six).toContainText('Pass (SAM.gov shows the same identifier since March.)');
  await expect(page.getByRole('link', { name: /Set consensus/ })).toHaveCount(0);
  await expect(page.getByTestId('reviews-panel').getByTestId('review-row')).toHaveCount(2);
  await scan(page);
  await logOut(page);
  await signIn(page, ACCOUNTS.ctcAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(statusBadge(page)).toHaveText('Gating In State Consensus');
  await expect(page.getByTestId('consensus-panel')).toHaveCount(0);
  await expect(page.getByTestId('reviews-panel')).toHaveCount(0);
  await expect(page.getByTestId('review-summary')).toHaveCount(0);
  await expect(page.getByTestId('assigned-reviewers')).toContainText('Mara Marker');
  await scan(page);
  await logOut(page);

  // Settled: Passed Gating goes.
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  await passes(page, 'Passed Gating', 'Every gating question passed in consensus.');

  // The technical stage: Chris of the seed and a second CTC reviewer made for this run score it (through the API:
  // the marking screen was walked above), each score at half of its max but question 30 at 5 of 15: 40 of 85 points.
  await api(page.request, admin, `/review/applications/${id}/mark-as-technical-review`, { comments: 'Into the technical review.' });
  const ctcEmail = `ctc.scorer.${project}.${Date.now()}@example.gov`;
  await api(page.request, admin, '/users/add-staff', { firstName: 'Cora', lastName: 'Scorer', email: ctcEmail, roleId: 'CTC_Reviewer' });
  const engineers = (await api(page.request, admin, '/users/all-reviewers-by-roles?reviewerType=CTC_REVIEWER')).reviewers as { id: string; email: string }[];
  const max = Object.fromEntries(MARK_RULES.TECHNICAL.map((r) => [r.systemNo, r.max!]));
  const status = await reviewStage(viaRequest(page.request), {
    applicationId: id, stage: 'TECHNICAL', adminToken: admin,
    reviewers: [
      { token: await apiToken(page, ACCOUNTS.ctcReviewer), id: engineers.find((r) => r.email === ACCOUNTS.ctcReviewer)!.id },
      { token: await apiToken(page, ctcEmail), id: engineers.find((r) => r.email === ctcEmail)!.id },
    ],
    mark: (no) => (no === '30' ? { score: 5, comment: 'The design does not size the backhaul.' } : { score: max[no]! / 2 }),
  });
  expect(status).toBe('TECHNICAL_IN_STATE_CONSENSUS');
  await page.goto(reviewUrl(id));
  await ready(page);
  await expect(page.getByTestId('review-summary')).toContainText('40 of 85 points (47.1%)');
  await refusedByGuard(page, 'Passed Technical', "Technical score 47.1% is below the programme's pass threshold of 60%.", 'Technical In State Consensus');
  // The consensus lifts 30 to 15 and 35 to 10 (55 of 85, 64.7%): Passed Technical goes.
  const questionId = (no: string) => (detail.sections as any[]).flatMap((x) => x.questions).find((x: any) => x.systemNo === no).id as string;
  for (const [no, overrideScore] of [['30', 15], ['35', 10]] as const) {
    await api(page.request, admin, `/review/applications/${id}/questions/${questionId(no)}/average-score`, { overrideScore, adminComments: 'Settled with the engineers.' }, 'PUT');
  }
  await page.goto(reviewUrl(id));
  await ready(page);
  await passes(page, 'Passed Technical', 'Technical score above the programme threshold.');
  await scanSettled(page);
  await page.goto(`/state/applications/view-history/${id}`);
  await ready(page);
  await expect(page.getByText('The portal').first()).toBeVisible();
  await scan(page);
});
