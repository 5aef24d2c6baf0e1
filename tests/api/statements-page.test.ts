// Statements per list page (issue 8, "a test counts statements per list page and fails above the limit"):
// GET /org/applications, signed in, through the real portal app (Express, the embedded API, the Remix
// production build) in embedded mode, runs at most 4 SQL statements in total, counted by the query logger
// (api/db/client.ts) from the request's start to its end, whatever transport the UI uses to reach the API.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInBrowser, startUiPortal, type UiPortal } from './ui-portal';

/** The limit of issue 8's table: one statement to authenticate, then what the page needs. */
const PAGE_STATEMENTS = 4;

let ui: UiPortal;
beforeAll(async () => {
  ui = await startUiPortal();
}, 300_000);
afterAll(async () => {
  await ui?.close();
});

it(`GET /org/applications runs at most ${PAGE_STATEMENTS} statements`, async () => {
  const browser = await signedInBrowser(ui, 'org.admin@example.org', 'Lakeview Fiber Cooperative');
  const browse = (url: string) => browser.request(url);

  const url = '/org/applications?status=SUBMITTED_ANY&page=1&size=10';
  expect((await browse(url)).status).toBe(200); // warm: the first render loads the route's modules
  const counts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const recording = ui.api.database.statements.record();
    const page = await browse(url);
    const statements = recording.stop();
    expect(page.status).toBe(200);
    expect(page.body).toContain('Lakeview');
    counts.push(statements.length);
    expect(statements.length, `statements for one page:\n\n${statements.join('\n\n')}`).toBeLessThanOrEqual(PAGE_STATEMENTS);
  }
  console.log(`GET ${url}: ${counts.join(', ')} statements`);
}, 120_000);
