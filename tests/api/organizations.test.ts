// The Organizations screen's API (issue 11 item 3, spec 2, 4, 7; docs/decisions/035): every organization with its
// users (GET organization/with-users, paged in SQL, search by name, status filter), toggling one of its users (the
// Users screen's PUT organization/{orgId}/toggle-status/{userId}: last admin 409, stale 409, sessions end), and
// activating / deactivating an organization (PUT organization/{orgId}/status): the accounts whose only active
// organization it was are closed and signed out, sign-in then says spec 4's inactive message; 409 when already so.
// Who may call them. Fresh organizations only (the seed's are left alone). Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { MSG, ORGANIZATION_MSG, USER_MSG } from '../../domain/messages';

let api: TestApi;
let state: { token: string; id: string };
const stamp = `${Date.now()}`;
const name = (n: string) => `Orgs Test ${n} ${stamp}`;
type Org = { id: string; admin: { token: string; id: string; email: string } };
let alpha: Org;
let beta: Org;
let gamma: Org;
let pat: { token: string; id: string };

const signUp = async (label: string): Promise<Org> => {
  const email = `admin.${label.toLowerCase()}.${stamp}@orgs-test.example`;
  const res = await api.call('/api/v1/organization/signup', { body: { legalName: name(label), firstName: label, lastName: 'Admin', email } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const signed = await api.signIn(email);
  return { id: signed.user.organizations[0].id, admin: { token: signed.token, id: signed.user.id, email } };
};
const list = (query: string, token = state.token) => api.call(`/api/v1/organization/with-users?${query}`, { token });
const setStatus = (orgId: string, status: string, token = state.token) =>
  api.call(`/api/v1/organization/${orgId}/status`, { method: 'PUT', token, body: { status } });
const toggle = (orgId: string, userId: string, status: string, token = state.token) =>
  api.call(`/api/v1/organization/${orgId}/toggle-status/${userId}`, { method: 'PUT', token, body: { status } });
/** Asks for a code and tries it: the verify answer (signIn would throw on a refusal). */
const trySignIn = async (email: string) => {
  expect((await api.call('/api/v1/send-login-otp', { body: { email } })).status).toBeLessThan(300);
  return api.call('/api/v1/verify-otp', { body: { email, otp: await api.latestCode(email) } });
};
const history = async (orgId: string) =>
  ((await api.call(`/api/v1/logged-actions/organization/${orgId}?page=1&limit=50`, { token: state.token })).body as any);

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '2000' });
  const s = await api.signIn('state.admin@example.gov');
  state = { token: s.token, id: s.user.id };
  alpha = await signUp('Alpha');
  beta = await signUp('Beta');
  gamma = await signUp('Gamma');
  // Pat: staff of Alpha and of Beta (an existing email added by another organization becomes a membership).
  const patEmail = `pat.${stamp}@orgs-test.example`;
  const person = { roleId: 'Organization_Staff', firstName: 'Pat', lastName: 'Staffer', email: patEmail };
  expect((await api.call(`/api/v1/organization/${alpha.id}/add-staff`, { token: alpha.admin.token, body: person })).status).toBe(201);
  expect((await api.call(`/api/v1/organization/${beta.id}/add-staff`, { token: beta.admin.token, body: person })).status).toBe(201);
  const signed = await api.signIn(patEmail);
  // Pat already had an account (Alpha's): Beta's add is an invitation, accepted here (decision 093).
  expect((await api.call(`/api/v1/invitations/${beta.id}/accept`, { method: 'POST', token: signed.token, body: {} })).status).toBe(200);
  pat = { token: signed.token, id: signed.user.id };
}, 180_000);
afterAll(async () => {
  await api?.close();
});

describe('organization/with-users', () => {
  it('lists organizations by name, paged in SQL, each with its users and their count', async () => {
    const page1 = await list(`search=${encodeURIComponent(`Orgs Test`)}&page=1&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, totalRecords: 3, totalPages: 2 });
    expect(page1.body.organizations.map((o: any) => o.legalName)).toEqual([name('Alpha'), name('Beta')]);
    const a = page1.body.organizations[0];
    expect(a).toMatchObject({ id: alpha.id, status: 'active', userCount: 2 });
    expect(a.users).toEqual([
      { id: alpha.admin.id, firstName: 'Alpha', lastName: 'Admin', email: alpha.admin.email, roles: [{ name: 'Organization_Admin' }], status: 'active' },
      { id: pat.id, firstName: 'Pat', lastName: 'Staffer', email: `pat.${stamp}@orgs-test.example`, roles: [{ name: 'Organization_Staff' }], status: 'active' },
    ]);
    const page2 = await list(`search=${encodeURIComponent('orgs test')}&page=2&limit=2`);
    expect(page2.body.organizations.map((o: any) => o.legalName)).toEqual([name('Gamma')]);
    // Past the end: the count is still there, no rows.
    expect((await list('search=Orgs%20Test&page=9&limit=2')).body).toMatchObject({ totalRecords: 3, organizations: [] });
  });

  it('filters by status (the seed keeps Old Mill Wireless inactive) and takes the search literally', async () => {
    const inactive = await list('status=inactive&limit=100');
    expect(inactive.body.organizations.map((o: any) => o.legalName)).toContain('Old Mill Wireless');
    expect(inactive.body.organizations.every((o: any) => o.status === 'inactive')).toBe(true);
    const active = await list('status=active&limit=100');
    expect(active.body.organizations.map((o: any) => o.legalName)).not.toContain('Old Mill Wireless');
    expect((await list('search=%25&limit=100')).body.totalRecords).toBe(0);
    expect((await list('status=closed')).status).toBe(400);
    expect((await list('limit=1000')).status).toBe(400);
  });
});

describe("toggling an organization's user (the Users screen's rules)", () => {
  it("disables and enables a user; their sessions end at once; a stale toggle is 409; the last admin stays", async () => {
    const off = await toggle(gamma.id, gamma.admin.id, 'inactive');
    expect(off).toMatchObject({ status: 409, body: { message: USER_MSG.lastOrganizationAdmin } });

    const staffEmail = `sam.${stamp}@orgs-test.example`;
    const added = await api.call(`/api/v1/organization/${gamma.id}/add-staff`, {
      token: state.token, body: { roleId: 'Organization_Staff', firstName: 'Sam', lastName: 'Gamma', email: staffEmail },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const sam = await api.signIn(staffEmail);
    expect((await api.call('/api/v1/users/me', { token: sam.token })).status).toBe(200);

    const disabled = await toggle(gamma.id, sam.user.id, 'inactive');
    expect(disabled).toMatchObject({ status: 200, body: { user: { id: sam.user.id, status: 'inactive' } } });
    // Gamma was Sam's only organization: the session ends, and signing in is refused with spec 4's message (decision 093).
    expect(await api.call('/api/v1/users/me', { token: sam.token })).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    expect(await trySignIn(staffEmail)).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    expect(await toggle(gamma.id, sam.user.id, 'inactive')).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyDisabled } });
    const listed = (await list(`search=${encodeURIComponent(name('Gamma'))}`)).body.organizations[0];
    expect(listed.users.find((u: any) => u.id === sam.user.id).status).toBe('inactive');

    expect((await toggle(gamma.id, sam.user.id, 'active')).status).toBe(200);
    expect(await toggle(gamma.id, sam.user.id, 'active')).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyEnabled } });
    expect((await api.signIn(staffEmail)).token).toBeTruthy();
  });

  it('answers 404 for an unknown user or organization', async () => {
    expect((await toggle(gamma.id, '00000000-0000-4000-8000-000000000000', 'inactive')).status).toBe(404);
    expect((await toggle('00000000-0000-4000-8000-000000000000', gamma.admin.id, 'inactive')).status).toBe(404);
  });
});

describe("an organization's status", () => {
  it('deactivating closes the accounts whose only organization it was, ends their sessions, keeps the others; sign-in is refused', async () => {
    expect((await api.call('/api/v1/users/me', { token: alpha.admin.token })).status).toBe(200);
    const res = await setStatus(alpha.id, 'inactive');
    expect(res).toMatchObject({ status: 200, body: { organization: { id: alpha.id, legalName: name('Alpha'), status: 'inactive' } } });
    // Alpha's admin had no other organization: signed out now, and sign-in says spec 4's message.
    expect(await api.call('/api/v1/users/me', { token: alpha.admin.token })).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    expect(await trySignIn(alpha.admin.email)).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    // Pat is also Beta's: still signed in, Alpha shown inactive to them (the chooser disables it).
    const me = await api.call('/api/v1/users/me', { token: pat.token });
    expect(me.status).toBe(200);
    const orgs = (me.body.user ?? me.body).organizations as { id: string; status: string }[];
    expect(orgs.find((o) => o.id === alpha.id)?.status).toBe('inactive');
    expect(orgs.find((o) => o.id === beta.id)?.status).toBe('active');

    const listed = (await list(`search=${encodeURIComponent(name('Alpha'))}`)).body.organizations[0];
    expect(listed).toMatchObject({ status: 'inactive', userCount: 2 });
    expect(listed.users.find((u: any) => u.id === alpha.admin.id).status).toBe('inactive');
    expect((await list(`status=inactive&search=${encodeURIComponent(`Orgs Test`)}`)).body.organizations.map((o: any) => o.id)).toEqual([alpha.id]);

    expect(await setStatus(alpha.id, 'inactive')).toMatchObject({ status: 409, body: { message: ORGANIZATION_MSG.alreadyInactive } });
    // Its users cannot be enabled while it is inactive (that would reopen their account).
    expect(await toggle(alpha.id, alpha.admin.id, 'active')).toMatchObject({ status: 409, body: { message: ORGANIZATION_MSG.inactiveOrganization } });
    const addToInactive = await api.call(`/api/v1/organization/${alpha.id}/add-staff`, {
      token: state.token, body: { roleId: 'Organization_Staff', firstName: 'Nia', lastName: 'Late', email: `nia.${stamp}@orgs-test.example` },
    });
    expect(addToInactive).toMatchObject({ status: 409, body: { message: ORGANIZATION_MSG.inactiveOrganization } });
  });

  it('activating reopens its users; the history records both', async () => {
    const res = await setStatus(alpha.id, 'active');
    expect(res).toMatchObject({ status: 200, body: { organization: { status: 'active' } } });
    expect(await setStatus(alpha.id, 'active')).toMatchObject({ status: 409, body: { message: ORGANIZATION_MSG.alreadyActive } });
    const signed = await api.signIn(alpha.admin.email);
    expect(signed.user.organizations[0]).toMatchObject({ id: alpha.id, status: 'active' });
    const entries = await history(alpha.id);
    const actions = (entries.loggedActions ?? entries.items ?? entries).map((e: any) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['ORGANIZATION_DEACTIVATED', 'ORGANIZATION_ACTIVATED']));
  });

  it('refuses bad input and unknown organizations', async () => {
    expect((await setStatus(beta.id, 'closed')).status).toBe(400);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'inactive')).status).toBe(404);
    expect((await setStatus('not-an-id', 'inactive')).status).toBe(404);
  });
});

describe('who may call them', () => {
  const others = [
    'org.admin@example.org', 'org.staff@example.org', 'state.reviewer@example.gov', 'ctc.admin@example.gov',
    'ctc.reviewer@example.gov', 'rsm.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.financial@example.gov',
  ];
  it('every role but State_Admin: 403 on the list and on changes', async () => {
    for (const email of others) {
      const { token } = await api.signIn(email);
      expect((await list('page=1', token)).status, email).toBe(403);
      // An organization's change: the read-only role is refused before routing (403); for the others Beta is not theirs
      // to read (decision 016: 404, never leak existence). Beta's own admin gets 403 below.
      const expected = email === 'rsm.financial@example.gov' ? 403 : 404;
      expect((await setStatus(beta.id, 'inactive', token)).status, email).toBe(expected);
      expect((await toggle(beta.id, pat.id, 'inactive', token)).status, email).toBe(expected);
    }
    expect((await setStatus(beta.id, 'inactive', beta.admin.token)).status).toBe(403);
    expect((await toggle(beta.id, pat.id, 'inactive', beta.admin.token)).status).toBe(200);
    expect((await api.call('/api/v1/organization/with-users', {})).status).toBe(401);
  });
});
