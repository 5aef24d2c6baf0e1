// Accounts belong to their owners (issue 39 part 1, docs/decisions/093), JavaScript on and off, axe on every screen:
// an organization's admin adding an existing account sends an invitation, shown as pending; its owner accepts it on
// the organization chooser; the admin then changes the member's role only (the name, email and phone are shown, not
// editable). My account: the owner changes their own names, and their email only with the code sent to the new
// address, the old address told. Fresh organizations only: no seed account's memberships change.
import type { Browser, Page } from '@playwright/test';
import { test, expect, signIn, signUpAndSignIn, scan, ready, jsEnabled, dialog, ACCOUNTS } from './fixtures';
import { ACCOUNT_MSG, MSG, USER_MSG } from '../../domain/messages';

const row = (page: Page, text: string) => page.getByTestId('user-row').filter({ hasText: text });
const outbox = async (page: Page, email: string) =>
  (await (await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];

async function otherBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(page), baseURL: new URL(page.url()).origin });
  return { context, page: await context.newPage() };
}

test('an existing account is invited, accepts on the chooser, and the admin then changes its role only', async ({ page, browser }) => {
  const project = test.info().project.name;
  // The invitee: the admin of another organization, with an account of their own.
  const inviteeEmail = `invitee.${project}.${Date.now()}@example.org`;
  const inviteeOrg = `Invitee Home ${project} ${Date.now()}`;
  expect((await page.request.post('/api/v1/organization/signup', { data: { legalName: inviteeOrg, firstName: 'Ivy', lastName: 'Invitee', email: inviteeEmail } })).status()).toBe(201);
  const { legalName } = await signUpAndSignIn(page, { prefix: 'inviter', legalName: 'Inviting Coop', firstName: 'Ann', lastName: 'Inviter' });

  await page.goto('/org/users?new=1');
  const form = dialog(page, 'Add User');
  await ready(page);
  await form.getByLabel('Role').selectOption('Organization_Staff');
  await form.getByLabel('First Name').fill('Someone');
  await form.getByLabel('Last Name').fill('Else');
  await form.getByLabel('Email').fill(inviteeEmail);
  await form.getByLabel('Phone (optional)').fill('6085550000');
  await form.getByRole('button', { name: 'Add User' }).click();
  // The account's own name is listed (not what the admin typed), with no phone, as an invitation.
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.invited('Ivy Invitee'));
  await expect(row(page, inviteeEmail)).toContainText('Ivy Invitee');
  await expect(row(page, inviteeEmail)).toContainText('Invitation pending');
  await expect(row(page, inviteeEmail)).not.toContainText('555-0000');
  await expect(row(page, inviteeEmail).getByRole('switch')).toHaveCount(0);
  await scan(page);
  const [mail] = await outbox(page, inviteeEmail);
  expect(mail!.subject).toBe(`Ann Inviter invited you to ${legalName} on the Broadband Grants Portal`);

  // The owner signs in: their own organization, and the invitation waiting on the chooser.
  const ivy = await otherBrowser(browser, page);
  await signIn(ivy.page, inviteeEmail, { organization: inviteeOrg });
  await ivy.page.goto('/org/select-organization');
  await ready(ivy.page);
  const invitations = ivy.page.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText(`${legalName} invited you to join as Organization Staff.`);
  const options = await ivy.page.locator('#organizationId option').allTextContents();
  expect(options.some((o) => o.includes(legalName))).toBe(false);
  await scan(ivy.page);
  await invitations.getByRole('button', { name: `Accept the invitation of ${legalName}` }).click();
  await expect(ivy.page.getByTestId('toast').first()).toContainText(`You are now a user of ${legalName}.`);
  await ready(ivy.page);
  await expect(ivy.page.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
  const after = await ivy.page.locator('#organizationId option').allTextContents();
  expect(after.some((o) => o.includes(legalName))).toBe(true);
  await ivy.context.close();

  // Now a member: the admin's Edit changes the role; the account's fields are shown, not editable.
  await page.goto('/org/users');
  await ready(page);
  await expect(row(page, inviteeEmail).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await row(page, inviteeEmail).getByRole('link', { name: 'Edit Ivy Invitee' }).click();
  const edit = dialog(page, 'Edit User');
  await expect(edit).toBeVisible();
  await ready(page);
  await expect(edit.getByRole('textbox')).toHaveCount(0);
  await expect(edit).toContainText(inviteeEmail);
  await expect(edit).toContainText(USER_MSG.accountFieldsOwners);
  await scan(page);
  await edit.getByLabel('Role').selectOption('Organization_Admin');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.updated);
  await expect(row(page, inviteeEmail)).toContainText('Organization Admin');
  await expect(row(page, inviteeEmail)).toContainText('Ivy Invitee');
});

test('My account: the owner changes their own names, and their email with the code sent to the new address', async ({ page }) => {
  const project = test.info().project.name;
  const { email } = await signUpAndSignIn(page, { prefix: 'owner', legalName: 'Owner Coop', firstName: 'Olga', lastName: 'Owner' });
  await page.getByTestId('my-account').click();
  await expect(page).toHaveURL(/\/org\/account$/);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await scan(page);

  // A refused name: the message beside the field, tied to it; what was typed is kept.
  await page.getByLabel('Last Name').fill('Own3r');
  await page.getByRole('button', { name: 'Save' }).click();
  const lastName = page.getByLabel('Last Name');
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveValue('Own3r');
  const describedBy = (await lastName.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${describedBy.split(' ').pop()}"]`)).toHaveText(MSG.lastNameChars);
  await scan(page);
  await ready(page);
  await page.getByLabel('Last Name').fill("O'Wner-Smith");
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(ACCOUNT_MSG.saved);
  await expect(page.getByTestId('my-account')).toContainText("Olga O'Wner-Smith");

  // The email: a code to the new address; nothing changes until it is entered.
  const newEmail = `owner.new.${project}.${Date.now()}@example.org`;
  await ready(page);
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(ACCOUNT_MSG.codeSent(newEmail));
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await scan(page);
  let code = '';
  await expect.poll(async () => (code = /is (\d{6})\./.exec((await outbox(page, newEmail))[0]?.text ?? '')?.[1] ?? '')).not.toBe('');
  await ready(page);
  await page.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByLabel('Code from the email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await ready(page);
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(ACCOUNT_MSG.emailChanged(newEmail));
  await expect(page.getByTestId('account-email')).toHaveText(newEmail);
  const notice = (await outbox(page, email)).find((m) => m.subject === 'The email of your Broadband Grants Portal account was changed');
  expect(notice!.text).toContain(`to ${newEmail}`);
});

test("My account for the read-only financial reviewer: their details, no forms", async ({ page }) => {
  await signIn(page, ACCOUNTS.rsmFinancial);
  await page.getByTestId('my-account').click();
  await expect(page).toHaveURL(/\/state\/account$/);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(ACCOUNTS.rsmFinancial);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await scan(page);
});
