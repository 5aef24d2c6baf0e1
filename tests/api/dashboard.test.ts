// Dashboard counts and unread counts, with the organization boundary (other organizations answer 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { APPLICATION_STATUSES } from '../../domain/statuses';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
});
afterAll(async () => {
  await api?.close();
});

describe('organization application counts', () => {
  it('counts the organization’s own applications', async () => {
    const { token, user } = await api.signIn('org.admin@example.org');
    const lakeview = user.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative');
    const res = await api.call(`/api/v1/organization/${lakeview.id}/application-counts`, { token });
    expect(res.status).toBe(200);
    // Seed: Lakeview has 11 applications: 1 draft, 1 cancelled, 9 submitted or later.
    expect(res.body).toEqual({ totalApplications: 11, draftApplications: 1, submittedApplications: 9 });
  });

  it('answers 404 for an organization the user does not belong to', async () => {
    const summitAdmin = await api.signIn('summit.admin@example.org');
    const orgAdmin = await api.signIn('org.admin@example.org');
    const lakeview = orgAdmin.user.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative');
    const res = await api.call(`/api/v1/organization/${lakeview.id}/application-counts`, { token: summitAdmin.token });
    expect(res.status).toBe(404);
    const unknown = await api.call('/api/v1/organization/00000000-0000-0000-0000-000000000000/application-counts', { token: summitAdmin.token });
    expect(unknown.status).toBe(404);
  });

  it('needs a token', async () => {
    expect((await api.call('/api/v1/organization/x/application-counts')).status).toBe(401);
  });
});

describe('state dashboard counts', () => {
  it('gives one count per status plus ALL to a state admin', async () => {
    const { token } = await api.signIn('state.admin@example.gov');
    const res = await api.call('/api/v1/review/applications/dashboard/count', { token });
    expect(res.status).toBe(200);
    const expectedKeys = ['ALL', ...APPLICATION_STATUSES.filter((s) => s !== 'DRAFT' && s !== 'CANCELLED')].sort();
    expect(Object.keys(res.body).sort()).toEqual(expectedKeys);
    // Seed: 25 applications, 2 drafts and 1 cancelled (the state never sees those, as in its list); every other status at least once.
    expect(res.body.ALL).toBe(22);
    expect(res.body.SUBMITTED).toBe(2);
    expect(res.body.GATING_REVIEW).toBe(2);
    for (const status of expectedKeys) expect(res.body[status], status).toBeGreaterThan(0);
    expect(res.body.CANCELLED).toBeUndefined();
    const sum = Object.entries(res.body).filter(([k]) => k !== 'ALL').reduce((n, [, v]) => n + (v as number), 0);
    expect(sum).toBe(res.body.ALL);
  });

  it('counts only assigned applications for a reviewer', async () => {
    const { token } = await api.signIn('rsm.reviewer@example.gov');
    const res = await api.call('/api/v1/review/applications/dashboard/count', { token });
    // Seed: the RSM reviewer was assigned every application that reached the gating review (20 of the 22 submitted), two still in it.
    expect(res.body.ALL).toBe(20);
    expect(res.body.GATING_REVIEW).toBe(2);
    expect(res.body.SUBMITTED).toBe(0);
  });

  it('is refused to organization users', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    expect((await api.call('/api/v1/review/applications/dashboard/count', { token })).status).toBe(403);
  });
});

describe('unread message counts', () => {
  it('counts messages from the other side', async () => {
    const org = await api.signIn('org.staff@example.org');
    const orgCounts = await api.call('/api/v1/messages/unread/count', { token: org.token });
    expect(orgCounts.status).toBe(200);
    expect(orgCounts.body.total).toBe(1);
    expect(orgCounts.body.byThread).toHaveLength(1);
    expect(orgCounts.body.byThread[0].count).toBe(1);
    const state = await api.signIn('state.admin@example.gov');
    const stateCounts = await api.call('/api/v1/messages/unread/count', { token: state.token });
    expect(stateCounts.body.total).toBe(1);
    expect(stateCounts.body.byOrganization).toHaveLength(1);
    const summit = await api.signIn('summit.admin@example.org');
    expect((await api.call('/api/v1/messages/unread/count', { token: summit.token })).body.total).toBe(0);
  });
});

describe('health and unknown routes', () => {
  it('answers /healthz and 404 JSON for unknown API paths', async () => {
    // No CLAMAV_URL in the test API: scanning is off, and /healthz says so (decision 097).
    expect(await api.call('/healthz')).toEqual({ status: 200, body: { status: 'ok', scanner: 'off' } });
    const res = await api.call('/api/v1/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });
});
