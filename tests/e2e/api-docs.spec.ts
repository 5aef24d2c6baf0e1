// /api/docs (issue 44, decision 098): the API's OpenAPI document rendered for a person by the portal itself, a page
// with no script and nothing from another host, readable with JavaScript on and off, valid HTML, no axe violations.
import { expect, scan, test } from './fixtures';

test('the API reference lists every operation with its statuses, from the portal\'s own origin', async ({ page }) => {
  // About 130 operations and 110 schemas, each schema and each refusal's meaning written once (decision 098): the test
  // takes 7-12 s alone, 15-24 s beside another (it was 30-39 s); room above the 60 s default for a loaded 2-core machine.
  test.setTimeout(90_000);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto('/api/docs');
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('heading', { level: 1, name: 'Broadband Grants Portal API' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/v1/openapi.json' })).toBeVisible();
  // The sign-in flow, as api/routes/auth.ts answers it.
  const verify = page.getByRole('region', { name: 'POST /verify-otp' });
  await expect(verify).toBeVisible();
  await expect(verify.getByText('No token needed.')).toBeVisible();
  await expect(verify.getByText(/^Answers 200 OK/)).toBeVisible();
  // Its refusals are listed, their meanings written once in the Refusals part.
  await expect(verify.getByText(/^Refusals \(see Refusals\): 400, 401, .*\b429\b.*\.$/)).toBeVisible();
  await verify.getByRole('link', { name: 'Refusals' }).click();
  await expect(page).toHaveURL(/#refusals$/);
  await expect(page.getByRole('row', { name: /^429 Too many requests/ })).toBeVisible();
  const me = page.getByRole('region', { name: 'GET /users/me' });
  await expect(me.getByText(/Needs a bearer token/)).toBeVisible();
  await expect(me.getByRole('link', { name: 'UserProfile' })).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);
  expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  await scan(page);
});
