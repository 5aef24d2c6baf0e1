// Edit conflicts on the application form (issue 43 part 1, docs/decisions/099), JS on and off: two browser contexts
// open the same section; the first saves; the second's Save is refused with the conflict panel (who saved, when, and
// per question both changed both answers with Keep mine / Take theirs); a question only one side changed merges by
// itself; the chosen answers are what is saved.
import type { Page } from '@playwright/test';
import { test, expect, ready, scan, jsEnabled, signUpAndSignIn, createApplication, apiToken } from './fixtures';
import { validValue } from '../support/valid-answers';

const q = (page: Page, no: string) => page.locator(`[data-question="${no}"]`);

test('a second editor sees the conflict panel, chooses per question, and the chosen answers are saved', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page, { prefix: 'conflict', legalName: 'Conflict Fiber', firstName: 'Cora', lastName: 'Conflict' });
  const { id } = await createApplication(page);
  const labor = `/org/applications/bead-applcn/${id}?step=labor`;
  await page.goto(labor);
  await ready(page);

  // The second context: the same person in another browser, on the same section, before the first saves.
  const other = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: jsEnabled(page) });
  const second = await other.newPage();
  try {
    await second.goto(new URL(labor, page.url()).href);
    await ready(second);

    // The first saves: Workforce Contracted, a plan.
    await q(page, '61').getByLabel('Contracted', { exact: true }).check();
    await q(page, '62').locator('textarea').fill('Plan from the first tab');
    await q(page, '63').getByRole('textbox', { name: 'Name, row 1' }).fill('Northern Splicing');
    await q(page, '63').getByRole('textbox', { name: 'Role, row 1' }).fill('Splicing');
    await q(page, '63').getByRole('textbox', { name: 'License number, row 1' }).fill('NS1234');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast')).toContainText('Section saved successfully');

    // The second, from the same version: Workforce Both, another plan, and the certification only it gives.
    await q(second, '61').getByLabel('Both', { exact: true }).check();
    await q(second, '62').locator('textarea').fill('Plan from the second tab');
    await q(second, '60').getByRole('checkbox').first().check();
    await second.getByRole('button', { name: 'Save' }).click();

    const panel = second.getByTestId('edit-conflict');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(/Cora Conflict saved this section at \d{1,2}:\d{2} [AP]M while you were editing\./);
    const workforce = panel.getByRole('group', { name: 'Workforce', exact: true });
    const plan = panel.getByRole('group', { name: 'Plan for a skilled and credentialed workforce' });
    await expect(workforce.getByTestId('mine')).toHaveText('Both');
    await expect(workforce.getByTestId('theirs')).toHaveText('Contracted');
    await expect(plan.getByTestId('mine')).toHaveText('Plan from the second tab');
    await expect(plan.getByTestId('theirs')).toHaveText('Plan from the first tab');
    // Only the two questions both changed are asked about; what was typed is still in the form.
    await expect(panel.getByRole('group')).toHaveCount(2);
    await expect(q(second, '62').locator('textarea')).toHaveValue('Plan from the second tab');
    await expect(q(second, '60').getByRole('checkbox').first()).toBeChecked();
    // The contractor only the first gave merged in by itself.
    await expect(q(second, '63').getByRole('textbox', { name: 'Name, row 1' })).toHaveValue('Northern Splicing');
    await scan(second);

    // Save without choosing is refused, nothing lost; then one choice each.
    await ready(second);
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(panel).toContainText('Choose Keep mine or Take theirs for each answer.');
    await expect(q(second, '62').locator('textarea')).toHaveValue('Plan from the second tab');
    await ready(second);
    await workforce.getByLabel('Keep mine').check();
    await plan.getByLabel('Take theirs').check();
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByTestId('toast')).toContainText('Section saved successfully');
    await expect(second.getByTestId('edit-conflict')).toHaveCount(0);
  } finally {
    await other.close();
  }

  // The saved answers are the chosen ones, and the one only the second changed.
  await page.goto(labor);
  await expect(q(page, '61').getByLabel('Both', { exact: true })).toBeChecked();
  await expect(q(page, '62').locator('textarea')).toHaveValue('Plan from the first tab');
  await expect(q(page, '60').getByRole('checkbox').first()).toBeChecked();
  await expect(q(page, '63').getByRole('textbox', { name: 'Name, row 1' })).toHaveValue('Northern Splicing');
});

test('the Entity Profile: a second editor keeps their answer, and the one only the first changed is merged in', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { email } = await signUpAndSignIn(page, { prefix: 'conflict-profile', legalName: 'Conflict Profile Co', firstName: 'Pia', lastName: 'Profile' });
  // A complete profile first (through the API): the profile saves only valid and complete.
  const token = await apiToken(page, email);
  const headers = { Authorization: `Bearer ${token}` };
  const me = await (await page.request.get('/api/v1/users/me', { headers })).json();
  const orgId = me.organizations[0].id;
  const profile = await (await page.request.get(`/api/v1/organization/${orgId}/profile`, { headers })).json();
  const answers = profile.questions.filter((x: any) => x.type !== 'Header' && !x.readOnly).map((x: any) => ({ questionId: x.id, value: validValue(x) }));
  const filled = await page.request.post(`/api/v1/organization/${orgId}/profile`, { headers, data: { answers } });
  expect(filled.status(), await filled.text()).toBe(200);

  await page.goto('/org/organization-profile');
  await ready(page);
  const other = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: jsEnabled(page) });
  const second = await other.newPage();
  try {
    await second.goto(new URL('/org/organization-profile', page.url()).href);
    await ready(second);
    await q(page, '2').locator('input').fill('Alpha Broadband');
    await q(page, '11').locator('input').fill('Director of Grants');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast')).toContainText('Profile saved successfully');

    await q(second, '2').locator('input').fill('Beta Broadband');
    await second.getByRole('button', { name: 'Save' }).click();
    const panel = second.getByTestId('edit-conflict');
    await expect(panel).toContainText(/Pia Profile saved the Entity Profile at \d{1,2}:\d{2} [AP]M while you were editing\./);
    await expect(panel.getByRole('group')).toHaveCount(1);
    await expect(panel.getByTestId('theirs')).toHaveText('Alpha Broadband');
    await expect(q(second, '11').locator('input')).toHaveValue('Director of Grants');
    await ready(second);
    await panel.getByLabel('Keep mine').check();
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByTestId('toast')).toContainText('Profile saved successfully');
  } finally {
    await other.close();
  }
  const saved = await (await page.request.get(`/api/v1/organization/${orgId}/profile`, { headers })).json();
  const answerOf = (no: string) => saved.questions.find((x: any) => x.systemNo === no).answer;
  expect([answerOf('2'), answerOf('11')]).toEqual(['Beta Broadband', 'Director of Grants']);
});

test('a document chosen from the library after the section was saved elsewhere: the conflict notice, their answer merged in, the document kept', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { email } = await signUpAndSignIn(page, { prefix: 'conflict-library', legalName: 'Conflict Library Co', firstName: 'Lia', lastName: 'Library' });
  const { id } = await createApplication(page);
  // A document in the organization's library (through the API).
  const headers = { Authorization: `Bearer ${await apiToken(page, email)}` };
  const me = await (await page.request.get('/api/v1/users/me', { headers })).json();
  const sections = (await (await page.request.get(`/api/v1/applications/${id}/sections-status`, { headers })).json()) as { sectionId: string; slug: string }[];
  const technology = sections.find((s) => s.slug === 'technology')!.sectionId;
  const { application } = await (await page.request.get(`/api/v1/applications/${id}/sections/${technology}`, { headers })).json();
  const uploaded = await page.request.post('/api/v1/documents/upload', {
    headers,
    multipart: {
      organizationId: me.organizations[0].id, programId: application.programId, sectionId: technology,
      file: { name: 'library-diagram.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%library\n') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  const step = `/org/applications/bead-applcn/${id}?step=technology`;
  await page.goto(step);
  await ready(page);
  // The first opens the library for the diagram (the section is saved, the dialog opens on that version).
  await q(page, '31').getByRole('button', { name: /Choose from Documents Library/ }).click();
  await expect(page).toHaveURL(/library=/);
  const choose = page.getByRole('dialog', { name: 'Choose from Documents Library' });
  await expect(choose).toBeVisible();
  await ready(page);

  // Meanwhile the second saves the narrative.
  const other = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: jsEnabled(page) });
  try {
    const second = await other.newPage();
    await second.goto(new URL(step, page.url()).href);
    await ready(second);
    await q(second, '30').locator('textarea').fill('Narrative from the second tab');
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(second.getByTestId('toast')).toContainText('Section saved successfully');
  } finally {
    await other.close();
  }

  // The choice is refused as stale: the notice, nothing to choose (each side changed its own question), both merged.
  await choose.getByRole('radio', { name: /library-diagram\.pdf/ }).check();
  await choose.getByRole('button', { name: 'Use this document' }).click();
  const panel = page.getByTestId('edit-conflict');
  await expect(panel).toContainText(/Lia Library saved this section at \d{1,2}:\d{2} [AP]M while you were editing\./);
  await expect(panel.getByRole('group')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Choose from Documents Library' })).toHaveCount(0);
  await expect(q(page, '30').locator('textarea')).toHaveValue('Narrative from the second tab');
  await expect(q(page, '31')).toContainText('library-diagram.pdf');
  await scan(page);
  await ready(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');

  // Stored: their narrative and the chosen document.
  await page.goto(step);
  await expect(q(page, '30').locator('textarea')).toHaveValue('Narrative from the second tab');
  await expect(q(page, '31').getByTestId('file-link')).toContainText('library-diagram.pdf');
});
