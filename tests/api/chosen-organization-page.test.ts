// One organization at a time, at the loaders (issue 39 item 4; DESIGN 5: "Organization users see only their chosen
// organization's data; any id from another organization answers 404"), through the whole portal (Express, the embedded
// API, the Remix production build) on its own test database, which this file changes freely: drafts are made and
// deleted here, which the shared seed of the browser journeys (tests/e2e/chosen-organization.spec.ts) must not see.
// org.admin@example.org is Lakeview's admin and Summit's staff (README's seed accounts). A deleted draft keeps its
// history for its own organization's members (decision 008): with Lakeview chosen, Lakeview's deleted draft's history
// opens and Summit's does not; with Summit chosen, the other way round. The top bar's unread badge counts the chosen
// organization's conversations only, as the Messages list shows them. Expected answers from DESIGN 5 and decision 008.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInBrowser, startUiPortal, type UiPortal } from './ui-portal';
import type { Browser } from '../../scripts/bench-support';

const LAKEVIEW = 'Lakeview Fiber Cooperative';
const SUMMIT = 'Summit Rural Telephone';

// The pages drive the UI over HTTP whatever the run's transport: an in-process run would repeat the same pages.
describe.skipIf(process.env.TEST_TRANSPORT === 'inprocess')('an organization user sees the chosen organization\'s applications only', () => {
  let ui: UiPortal;
  let browser: Browser;
  const orgIds: Record<string, string> = {};
  const deleted: Record<string, string> = {};

  /** A draft of `organization` made and deleted by its admin through the API: its id (only its history remains). */
  async function deletedDraft(adminEmail: string, organization: string): Promise<string> {
    const { token, user } = await ui.api.signIn(adminEmail);
    const organizationId = (user.organizations as { id: string; name: string }[]).find((o) => o.name === organization)!.id;
    orgIds[organization] = organizationId;
    const [program] = (await ui.api.call('/api/v1/program/all', { token })).body as { id: string }[];
    const [area] = (await ui.api.call('/api/v1/project-area/all', { token })).body as { name: string }[];
    const created = await ui.api.call(`/api/v1/applications/create?organizationId=${organizationId}`, {
      method: 'POST', token, body: { programId: program!.id, projectLocation: area!.name, technologyType: 'Fiber to the premises' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.applicationId as string;
    expect((await ui.api.call(`/api/v1/applications/${id}/delete`, { method: 'DELETE', token })).status).toBe(200);
    return id;
  }

  /** The top bar's switcher, as its form posts. */
  async function choose(organization: string) {
    const switched = await browser.request('/resources/organization', { organizationId: orgIds[organization]!, redirectTo: '/org/dashboard' });
    expect(switched.status).toBe(302);
    expect((await browser.request('/org/dashboard')).body).toContain(organization);
  }

  beforeAll(async () => {
    ui = await startUiPortal({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '1000' });
    deleted[LAKEVIEW] = await deletedDraft('org.admin@example.org', LAKEVIEW);
    deleted[SUMMIT] = await deletedDraft('summit.admin@example.org', SUMMIT);
    browser = await signedInBrowser(ui, 'org.admin@example.org', LAKEVIEW);
  }, 300_000);

  afterAll(async () => {
    await ui?.close();
  });

  const history = (id: string) => browser.request(`/org/applications/view-history/${id}`);
  const form = (id: string) => browser.request(`/org/applications/bead-applcn/${id}`);

  it('with Lakeview chosen: Lakeview\'s applications and deleted draft open, Summit\'s answer 404 as an unknown id', async () => {
    const kept = await history(deleted[LAKEVIEW]!);
    expect(kept.status).toBe(200);
    expect(kept.body).toContain(`Deleted the draft application ${deleted[LAKEVIEW]}`);
    expect((await form('GA-LKV001')).status).toBe(200);
    expect((await history('GA-LKV003')).status).toBe(200);
    for (const id of [deleted[SUMMIT]!, 'GA-SMT001', 'GA-SMT002', 'GA-NOSUCH', 'ga-smt001', `GA-${'X'.repeat(40)}`]) {
      const page = await history(id);
      expect(page.status, `history of ${id}`).toBe(404);
      expect(page.body).toContain('Page not found');
      expect(page.body).not.toContain(`History of ${id.toUpperCase()}`);
    }
    for (const id of ['GA-SMT001', 'GA-SMT002', 'GA-NOSUCH', deleted[LAKEVIEW]!]) {
      const page = await form(id);
      expect(page.status, `form of ${id}`).toBe(404);
      expect(page.body).not.toContain('Submit application');
    }
    // A post to Summit's draft through the form is refused before anything reaches the API: nothing saved, not signed out.
    const submitted = await browser.request('/org/applications/bead-applcn/GA-SMT001?step=technology', { intent: 'submit' });
    expect(submitted.status).toBe(404);
    expect((await form('GA-LKV001')).status).toBe(200);
  }, 120_000);

  it('switched to Summit: Summit\'s applications and deleted draft open, Lakeview\'s answer 404', async () => {
    await choose(SUMMIT);
    const kept = await history(deleted[SUMMIT]!);
    expect(kept.status).toBe(200);
    expect(kept.body).toContain(`Deleted the draft application ${deleted[SUMMIT]}`);
    expect((await form('GA-SMT001')).status).toBe(200);
    for (const id of [deleted[LAKEVIEW]!, 'GA-LKV001', 'GA-LKV003']) {
      expect((await history(id)).status, `history of ${id}`).toBe(404);
    }
    expect((await form('GA-LKV001')).status).toBe(404);
    await choose(LAKEVIEW);
    expect((await history(deleted[LAKEVIEW]!)).status).toBe(200);
    expect((await history(deleted[SUMMIT]!)).status).toBe(404);
  }, 120_000);

  it('the unread badge counts the chosen organization\'s conversations only', async () => {
    // Lakeview's conversations read by org.admin; the state then writes into a new Summit conversation (one unread for them).
    const orgAdmin = (await ui.api.signIn('org.admin@example.org')).token;
    const lakeviewThreads = await ui.api.call(`/api/v1/messages/threads?organizationId=${orgIds[LAKEVIEW]}&page=1&limit=100`, { token: orgAdmin });
    for (const thread of lakeviewThreads.body.threads as { id: string }[]) {
      expect((await ui.api.call(`/api/v1/messages/${thread.id}/read`, { method: 'POST', token: orgAdmin })).status).toBe(200);
    }
    const question = new FormData();
    question.set('organizationId', orgIds[SUMMIT]!);
    question.set('applicationId', 'GA-SMT001');
    question.set('content', 'Summit asks the state about GA-SMT001.');
    const started = await ui.api.postForm('/api/v1/messages', question, (await ui.api.signIn('summit.admin@example.org')).token);
    expect(started.status).toBe(201);
    const opened = await ui.api.call(`/api/v1/messages/threads/${started.body.threadId}`, { token: orgAdmin });
    const answer = new FormData();
    answer.set('replyToMessageId', opened.body.messages[0].id);
    answer.set('content', 'The state answers Summit.');
    expect((await ui.api.postForm('/api/v1/messages', answer, (await ui.api.signIn('state.admin@example.gov')).token)).status).toBe(201);

    // Lakeview chosen (the tests above end so): nothing unread there.
    expect((await browser.request('/org/dashboard')).body).not.toContain('data-testid="unread-badge"');
    expect(JSON.parse((await browser.request('/resources/unread')).body)).toEqual({ total: 0 });
    await choose(SUMMIT);
    expect((await browser.request('/org/dashboard')).body).toContain('aria-label="Messages, 1 unread"');
    expect(JSON.parse((await browser.request('/resources/unread')).body)).toEqual({ total: 1 });
    await choose(LAKEVIEW);
    expect(JSON.parse((await browser.request('/resources/unread')).body)).toEqual({ total: 0 });
  }, 120_000);
});
