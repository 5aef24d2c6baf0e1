// The Users screens' API (issue 11 items 1-2, spec 2, 4, 5, 7; docs/decisions/033): an organization's users and the
// state's users, paged; add (spec 5's messages; an email that already has an account becomes a membership), edit,
// the status toggle (sessions end at once; not oneself; not the last active admin; a stale toggle is 409), the
// welcome email, the history, and who may call what. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { MSG, USER_MSG } from '../../domain/messages';

const PORTAL_URL = 'https://grants.example.gov/portal';
let api: TestApi;
let admin: { token: string; id: string };
let orgId: string;
let lakeviewId: string;
let stateAdmin: { token: string; id: string };

const outbox = async (email: string) => (await api.call(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`, { http: true })).body as { subject: string; text: string }[];
const add = (body: Record<string, unknown>, token = admin.token, org = orgId) => api.call(`/api/v1/organization/${org}/add-staff`, { token, body });
const toggle = (userId: string, status: string, token = admin.token, org = orgId) =>
  api.call(`/api/v1/organization/${org}/toggle-status/${userId}`, { method: 'PUT', token, body: { status } });
const person = (email: string, extra: Record<string, unknown> = {}) => ({ roleId: 'Organization_Staff', firstName: 'Pat', lastName: "O'Neil-Smith", email, phoneNumber: '6085550142', ...extra });

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '2000', PORTAL_URL });
  const signup = await api.call('/api/v1/organization/signup', {
    body: { legalName: 'Users Test Cooperative', firstName: 'Ada', lastName: 'Admin', email: 'ada.admin@users-test.example' },
  });
  expect(signup.status).toBe(201);
  const signedIn = await api.signIn('ada.admin@users-test.example');
  admin = { token: signedIn.token, id: signedIn.user.id };
  orgId = signedIn.user.organizations[0].id;
  const lakeview = await api.signIn('org.admin@example.org');
  lakeviewId = lakeview.user.organizations.find((o: any) => o.name.startsWith('Lakeview')).id;
  const state = await api.signIn('state.admin@example.gov');
  stateAdmin = { token: state.token, id: state.user.id };
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe("an organization's users", () => {
  it('lists the role choices of each side', async () => {
    const org = await api.call('/api/v1/roles/organization?type=organization', { token: admin.token });
    expect(org.status).toBe(200);
    expect(org.body.map((r: any) => r.name)).toEqual(['Organization_Admin', 'Organization_Staff']);
    const state = await api.call('/api/v1/roles/state?type=state', { token: stateAdmin.token });
    expect(state.body.map((r: any) => r.name)).toEqual(['State_Admin', 'State_Reviewer', 'CTC_Admin', 'CTC_Reviewer', 'RSM_Admin', 'RSM_Reviewer', 'RSM_Financial_Reviewer']);
  });

  it("refuses bad input with spec 5's messages, each on its field", async () => {
    const empty = await add({ roleId: '', firstName: '', lastName: '', email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      roleId: ['Role is required'], firstName: ['First Name is required'], lastName: ['Last Name is required'], email: ['Email is required'],
    });
    const missing = await add({});
    expect(missing.body.errors.roleId).toEqual([USER_MSG.roleRequired]);
    const bad = await add({ roleId: 'Organization_Staff', firstName: 'P4t', lastName: 'Sm1th', email: 'pat smith@example.org', phoneNumber: '60855501' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      firstName: ['First Name should only contain letters, spaces, hyphens, or apostrophes'],
      lastName: ['Last Name should only contain letters, spaces, hyphens, or apostrophes'],
      email: ['Invalid email format'],
      phoneNumber: ['Phone number must be 10 digits'],
    });
    expect((await add(person('role@users-test.example', { roleId: 'State_Admin' }))).body.errors.roleId).toEqual([USER_MSG.roleUnknown]);
  });

  it('adds a user (phone optional), emails them the sign-in link and writes the history; lists them paged by name', async () => {
    const res = await add(person('pat@users-test.example'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({ firstName: 'Pat', email: 'pat@users-test.example', phoneNumber: '6085550142', roles: [{ name: 'Organization_Staff' }], status: 'active' });
    const [welcome] = await outbox('pat@users-test.example');
    expect(welcome!.subject).toBe('You have been added to Users Test Cooperative on the Broadband Grants Portal');
    expect(welcome!.text).toContain('Ada Admin added you to Users Test Cooperative on the Broadband Grants Portal as Organization Staff.');
    expect(welcome!.text).toContain(`${PORTAL_URL}/org/login`);
    expect((await add({ roleId: 'Organization_Staff', firstName: 'Bo', lastName: 'Brown', email: 'bo@users-test.example', phoneNumber: '' })).status).toBe(201);
    expect((await add({ roleId: 'Organization_Admin', firstName: 'Cy', lastName: 'Zeta', email: 'cy@users-test.example' })).status).toBe(201);

    const page1 = await api.call(`/api/v1/users/organization/${orgId}/all?page=1&limit=2`, { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, totalRecords: 4, totalPages: 2 });
    expect(page1.body.users.map((u: any) => u.lastName)).toEqual(['Admin', 'Brown']);
    const page2 = await api.call(`/api/v1/users/organization/${orgId}/all?page=2&limit=2`, { token: admin.token });
    expect(page2.body.users.map((u: any) => u.lastName)).toEqual(["O'Neil-Smith", 'Zeta']);
    expect(page2.body.users[0]).toMatchObject({ phoneNumber: '6085550142', roles: [{ name: 'Organization_Staff' }], status: 'active' });

    const history = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50`, { token: admin.token });
    const added = history.body.loggedActions.filter((e: any) => e.action === 'USER_ADDED');
    expect(added.map((e: any) => e.details.email)).toEqual(expect.arrayContaining(['pat@users-test.example', 'bo@users-test.example', 'cy@users-test.example']));
  });

  it('invites an email that already has an account (of another organization): nothing changes for them until they accept (decision 093)', async () => {
    const res = await add(person('ORG.STAFF@example.org', { firstName: 'Someone', lastName: 'Else', roleId: 'Organization_Staff' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Their own name stays theirs; their phone is not shown to an organization they have not joined.
    expect(res.body.user).toMatchObject({ email: 'org.staff@example.org', firstName: 'Oscar', lastName: 'Staff', phoneNumber: null, roles: [{ name: 'Organization_Staff' }], status: 'invited' });
    const [invitation] = await outbox('org.staff@example.org');
    expect(invitation!.subject).toBe('Ada Admin invited you to Users Test Cooperative on the Broadband Grants Portal');
    expect(invitation!.text).toContain(`${PORTAL_URL}/org/select-organization`);
    // Not a member yet: no organization, no role, the invitation only.
    const before = await api.signIn('org.staff@example.org');
    expect(before.user.organizations.map((o: any) => o.name)).toEqual(['Lakeview Fiber Cooperative']);
    expect(before.user.invitations).toEqual([{ organizationId: orgId, name: 'Users Test Cooperative', role: { name: 'Organization_Staff' } }]);
    expect((await api.call(`/api/v1/organization/${orgId}/profile`, { token: before.token })).status).toBe(404);
    // Twice: already invited. A state account: not an organization's.
    expect(await add(person('org.staff@example.org'))).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyInvited } });
    expect(await add(person('state.reviewer@example.gov'))).toMatchObject({ status: 409, body: { message: USER_MSG.stateEmail } });
    // Invited: listed as such, with nothing to switch.
    const listed = (await api.call(`/api/v1/users/organization/${orgId}/all?limit=50`, { token: admin.token })).body.users.find((u: any) => u.email === 'org.staff@example.org');
    expect(listed).toMatchObject({ status: 'invited', phoneNumber: null });
    expect(await toggle(before.user.id, 'active')).toMatchObject({ status: 409, body: { message: USER_MSG.invitationPending } });
    // Accepted by its owner, signed in: a member with the role the invitation named.
    const accepted = await api.call(`/api/v1/invitations/${orgId}/accept`, { method: 'POST', token: before.token, body: {} });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message).toBe('You are now a user of Users Test Cooperative.');
    const { user } = await api.signIn('org.staff@example.org');
    const orgs = Object.fromEntries(user.organizations.map((o: any) => [o.name, o.role.name]));
    expect(orgs).toMatchObject({ 'Users Test Cooperative': 'Organization_Staff', 'Lakeview Fiber Cooperative': 'Organization_Staff' });
    expect(user.invitations).toEqual([]);
    expect(await add(person('org.staff@example.org'))).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyMember } });
    const history = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50`, { token: admin.token });
    expect(history.body.loggedActions.map((e: any) => e.action)).toEqual(expect.arrayContaining(['USER_INVITED', 'USER_INVITATION_ACCEPTED']));
  });

  it("changes a member's role only: their name, email and phone are their account's (403, nothing changes); the history names the role change", async () => {
    const list = await api.call(`/api/v1/users/organization/${orgId}/all?limit=50`, { token: admin.token });
    const bo = list.body.users.find((u: any) => u.email === 'bo@users-test.example');
    const patchBo = (body: Record<string, unknown>) => api.call(`/api/v1/users/${bo.id}`, { method: 'PATCH', token: admin.token, body: { id: bo.id, organizationId: orgId, ...body } });
    for (const change of [{ email: 'bo.browne@users-test.example' }, { lastName: 'Browne' }, { firstName: 'Robert' }, { phoneNumber: '6085550199' }]) {
      const refused = await patchBo({ roleId: 'Organization_Admin', firstName: 'Bo', lastName: 'Brown', email: 'bo@users-test.example', ...change });
      expect(refused, JSON.stringify(change)).toMatchObject({ status: 403, body: { message: USER_MSG.accountFieldsOwners } });
    }
    const unchanged = (await api.call(`/api/v1/users/organization/${orgId}/all?limit=50`, { token: admin.token })).body.users.find((u: any) => u.id === bo.id);
    expect(unchanged).toMatchObject({ firstName: 'Bo', lastName: 'Brown', email: 'bo@users-test.example', phoneNumber: null, roles: [{ name: 'Organization_Staff' }] });
    // The whole form with the account's own values, or the role alone: the role changes.
    const res = await patchBo({ roleId: 'Organization_Admin', firstName: 'Bo', lastName: 'Brown', email: 'BO@users-test.example', phoneNumber: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ lastName: 'Brown', email: 'bo@users-test.example', roles: [{ name: 'Organization_Admin' }] });
    const bad = await patchBo({ roleId: 'State_Admin' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { roleId: [USER_MSG.roleUnknown] } } });
    const history = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50`, { token: admin.token });
    const updated = history.body.loggedActions.filter((e: any) => e.action === 'USER_UPDATED');
    expect(updated.map((e: any) => e.details.changed)).toEqual([['role']]);
    // Saving the same role again writes no history.
    expect((await patchBo({ roleId: 'Organization_Admin' })).status).toBe(200);
    expect((await patchBo({ roleId: 'Organization_Staff' })).status).toBe(200);
    const after = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50`, { token: admin.token });
    expect(after.body.loggedActions.filter((e: any) => e.action === 'USER_UPDATED')).toHaveLength(2);
  });

  it("turns a user off (their only organization: their sessions end, signing in is refused), on again (the ended token stays ended), and answers a stale toggle 409", async () => {
    const pat = await api.signIn('pat@users-test.example');
    expect((await api.call('/api/v1/users/me', { token: pat.token })).status).toBe(200);
    const off = await toggle(pat.user.id, 'inactive');
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.user.status).toBe('inactive');
    // Their only organization: the session ends, saying why (spec 4's message).
    expect(await api.call('/api/v1/users/me', { token: pat.token })).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    const [live] = (await api.database.db.execute(sql`select count(*)::int as n from api_tokens where user_id = ${pat.user.id} and revoked_at is null`)).rows as { n: number }[];
    expect(live!.n).toBe(0);
    // Signing in is refused while off: nothing is left to open.
    await api.call('/api/v1/send-login-otp', { body: { email: 'pat@users-test.example' } });
    const otp = await api.latestCode('pat@users-test.example');
    expect(await api.call('/api/v1/verify-otp', { body: { email: 'pat@users-test.example', otp } })).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    // The same toggle again (another admin's stale screen): 409, nothing changes.
    expect(await toggle(pat.user.id, 'inactive')).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyDisabled } });
    const list = await api.call(`/api/v1/users/organization/${orgId}/all?limit=50`, { token: admin.token });
    expect(list.body.users.find((u: any) => u.id === pat.user.id).status).toBe('inactive');

    const on = await toggle(pat.user.id, 'active');
    expect(on.status).toBe(200);
    expect(await toggle(pat.user.id, 'active')).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyEnabled } });
    expect((await api.call('/api/v1/users/me', { token: pat.token })).status).toBe(401);
    const again = await api.signIn('pat@users-test.example');
    expect((await api.call('/api/v1/users/me', { token: again.token })).status).toBe(200);

    const history = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50`, { token: admin.token });
    expect(history.body.loggedActions.filter((e: any) => e.details?.userId === pat.user.id).map((e: any) => e.action).slice(0, 2)).toEqual(['USER_ENABLED', 'USER_DISABLED']);
  });

  it('lets one of two admins toggling the same user at once win; the other gets 409', async () => {
    const cy = await api.signIn('cy@users-test.example');
    const list = await api.call(`/api/v1/users/organization/${orgId}/all?limit=50`, { token: admin.token });
    const bo = list.body.users.find((u: any) => u.email === 'bo@users-test.example');
    const both = await Promise.all([toggle(bo.id, 'inactive', admin.token), toggle(bo.id, 'inactive', cy.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(USER_MSG.alreadyDisabled);
    expect((await toggle(bo.id, 'active')).status).toBe(200);
  });

  it("ends only the disabled organization's membership of a person who belongs to another one: their session goes on, with the other", async () => {
    const staff = await api.signIn('org.staff@example.org');
    expect((await toggle(staff.user.id, 'inactive')).status).toBe(200);
    // Another organization never ends their sessions (decision 093): the same token still works.
    const me = await api.call('/api/v1/users/me', { token: staff.token });
    expect(me.status).toBe(200);
    const statuses = Object.fromEntries(me.body.organizations.map((o: any) => [o.name, o.status]));
    expect(statuses).toMatchObject({ 'Users Test Cooperative': 'inactive', 'Lakeview Fiber Cooperative': 'active' });
    expect(me.body.status).toBe('active');
    expect((await api.call(`/api/v1/organization/${orgId}/profile`, { token: staff.token })).status).toBe(404);
    expect((await toggle(staff.user.id, 'active')).status).toBe(200);
  });

  it('refuses to disable oneself and to remove the last active admin (disable or demote)', async () => {
    expect(await toggle(admin.id, 'inactive')).toMatchObject({ status: 400, body: { message: USER_MSG.cannotDisableSelf } });
    // Cy (the other admin) off: Ada is the last active admin.
    const list = await api.call(`/api/v1/users/organization/${orgId}/all?limit=50`, { token: admin.token });
    const cy = list.body.users.find((u: any) => u.email === 'cy@users-test.example');
    const ada = list.body.users.find((u: any) => u.id === admin.id);
    expect((await toggle(cy.id, 'inactive')).status).toBe(200);
    const demote = await api.call(`/api/v1/users/${admin.id}`, {
      method: 'PATCH', token: admin.token, body: { organizationId: orgId, roleId: 'Organization_Staff', firstName: ada.firstName, lastName: ada.lastName, email: ada.email },
    });
    expect(demote).toMatchObject({ status: 409, body: { message: USER_MSG.lastOrganizationAdmin } });
    // The state admin (who may manage every organization's users) cannot disable the last one either.
    expect(await toggle(admin.id, 'inactive', stateAdmin.token)).toMatchObject({ status: 409, body: { message: USER_MSG.lastOrganizationAdmin } });
    expect((await toggle(cy.id, 'active')).status).toBe(200);
  });

  it("refuses staff (403), another organization's users (404) and other organizations (404)", async () => {
    const pat = await api.signIn('pat@users-test.example');
    expect((await api.call(`/api/v1/users/organization/${orgId}/all`, { token: pat.token })).status).toBe(403);
    expect((await add(person('x@users-test.example'), pat.token)).status).toBe(403);
    expect((await toggle(admin.id, 'inactive', pat.token)).status).toBe(403);
    expect((await api.call(`/api/v1/users/${admin.id}`, { method: 'PATCH', token: pat.token, body: { organizationId: orgId, ...person('ada.admin@users-test.example') } })).status).toBe(403);

    const lakeviewAdmin = (await api.signIn('org.admin@example.org')).user.id;
    expect(await toggle(lakeviewAdmin, 'inactive')).toMatchObject({ status: 404, body: { message: USER_MSG.notFound } });
    expect((await api.call(`/api/v1/users/${lakeviewAdmin}`, { method: 'PATCH', token: admin.token, body: { organizationId: orgId, ...person('org.admin@example.org') } })).status).toBe(404);
    expect((await api.call(`/api/v1/users/organization/${lakeviewId}/all`, { token: admin.token })).status).toBe(404);
    expect((await toggle(lakeviewAdmin, 'inactive', admin.token, lakeviewId)).status).toBe(404);
    expect((await api.call(`/api/v1/users/${lakeviewAdmin}`, { method: 'PATCH', token: admin.token, body: { organizationId: lakeviewId, ...person('org.admin@example.org') } })).status).toBe(404);
    expect((await toggle('not-a-user', 'inactive')).status).toBe(404);
    // A body the toggle does not take: 400, nothing changes.
    expect((await api.call(`/api/v1/organization/${orgId}/toggle-status/${admin.id}`, { method: 'PUT', token: admin.token, body: { answers: 'x' } })).status).toBe(400);
  });

  it("refuses organization users on the state's routes (403)", async () => {
    expect((await api.call('/api/v1/users/all-state-user', { token: admin.token })).status).toBe(403);
    expect((await api.call('/api/v1/users/add-staff', { token: admin.token, body: person('s@users-test.example', { roleId: 'State_Reviewer' }) })).status).toBe(403);
    expect((await api.call(`/api/v1/users/${stateAdmin.id}/toggle-status`, { method: 'PUT', token: admin.token, body: { status: 'inactive' } })).status).toBe(403);
    expect((await api.call(`/api/v1/users/${stateAdmin.id}`, { method: 'PATCH', token: admin.token, body: person('state.admin@example.gov', { roleId: 'State_Reviewer' }) })).status).toBe(403);
  });
});

describe("the state's users", () => {
  const stateToggle = (id: string, status: string, token = stateAdmin.token) => api.call(`/api/v1/users/${id}/toggle-status`, { method: 'PUT', token, body: { id, status } });

  it('lists the state users with their roles, paged; refuses other state roles (403)', async () => {
    const res = await api.call('/api/v1/users/all-state-user?page=1&limit=100', { token: stateAdmin.token });
    expect(res.status).toBe(200);
    const byEmail = Object.fromEntries(res.body.users.map((u: any) => [u.email, u]));
    expect(byEmail['state.admin@example.gov']).toMatchObject({ roles: [{ name: 'State_Admin' }], status: 'active' });
    expect(byEmail['rsm.financial@example.gov'].roles).toEqual([{ name: 'RSM_Financial_Reviewer' }]);
    expect(res.body.users.every((u: any) => !u.email.endsWith('.org'))).toBe(true);
    const paged = await api.call('/api/v1/users/all-state-user?page=2&limit=3', { token: stateAdmin.token });
    expect(paged.body).toMatchObject({ page: 2, pageSize: 3, totalRecords: res.body.totalRecords });
    expect(paged.body.users).toHaveLength(3);
    for (const email of ['state.reviewer@example.gov', 'rsm.admin@example.gov']) {
      const { token } = await api.signIn(email);
      expect((await api.call('/api/v1/users/all-state-user', { token })).status, email).toBe(403);
    }
    const financial = await api.signIn('rsm.financial@example.gov');
    expect((await api.call('/api/v1/users/add-staff', { token: financial.token, body: person('f@users-test.example', { roleId: 'State_Reviewer' }) })).status).toBe(403);
  });

  it('adds a state user with a state role (welcome email to the state sign-in), edits, turns off (sessions end) and on', async () => {
    const bad = await api.call('/api/v1/users/add-staff', { token: stateAdmin.token, body: person('sam@state-test.example', { roleId: 'Organization_Staff' }) });
    expect(bad.body.errors.roleId).toEqual([USER_MSG.roleUnknown]);
    expect((await api.call('/api/v1/users/add-staff', { token: stateAdmin.token, body: { roleId: '', firstName: '', lastName: '', email: '' } })).body.errors).toMatchObject({
      roleId: ['Role is required'], firstName: ['First Name is required'], lastName: ['Last Name is required'], email: ['Email is required'],
    });
    expect(await api.call('/api/v1/users/add-staff', { token: stateAdmin.token, body: person('org.admin@example.org', { roleId: 'State_Reviewer' }) }))
      .toMatchObject({ status: 409, body: { message: USER_MSG.emailTaken } });

    const res = await api.call('/api/v1/users/add-staff', { token: stateAdmin.token, body: person('sam@state-test.example', { roleId: 'State_Reviewer', firstName: 'Sam' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sam = res.body.user;
    expect(sam).toMatchObject({ roles: [{ name: 'State_Reviewer' }], status: 'active' });
    const [welcome] = await outbox('sam@state-test.example');
    expect(welcome!.text).toContain('as State Reviewer');
    expect(welcome!.text).toContain(`${PORTAL_URL}/state/login`);

    const edited = await api.call(`/api/v1/users/${sam.id}`, { method: 'PATCH', token: stateAdmin.token, body: { id: sam.id, ...person('sam@state-test.example', { roleId: 'CTC_Reviewer', firstName: 'Samuel' }) } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.user).toMatchObject({ firstName: 'Samuel', roles: [{ name: 'CTC_Reviewer' }] });
    const samSession = await api.signIn('sam@state-test.example');
    expect(samSession.user.roles).toEqual([{ name: 'CTC_Reviewer' }]);
    // A changed email is told to the old address (decision 093); the new one signs in from now on.
    const moved = await api.call(`/api/v1/users/${sam.id}`, { method: 'PATCH', token: stateAdmin.token, body: { id: sam.id, ...person('samuel@state-test.example', { roleId: 'CTC_Reviewer', firstName: 'Samuel' }) } });
    expect(moved.status).toBe(200);
    const notice = (await outbox('sam@state-test.example')).find((m) => m.subject === 'The email of your Broadband Grants Portal account was changed');
    expect(notice!.text).toContain('changed by Stella Admin from this address to samuel@state-test.example.');
    expect((await api.call(`/api/v1/users/${sam.id}`, { method: 'PATCH', token: stateAdmin.token, body: { id: sam.id, ...person('sam@state-test.example', { roleId: 'CTC_Reviewer', firstName: 'Samuel' }) } })).status).toBe(200);

    expect((await stateToggle(sam.id, 'inactive')).status).toBe(200);
    expect(await api.call('/api/v1/users/me', { token: samSession.token })).toMatchObject({ status: 403, body: { message: MSG.inactiveAccount } });
    expect(await stateToggle(sam.id, 'inactive')).toMatchObject({ status: 409, body: { message: USER_MSG.alreadyDisabled } });
    expect((await stateToggle(sam.id, 'active')).status).toBe(200);
    expect((await api.call('/api/v1/users/me', { token: samSession.token })).status).toBe(401);

    const history = await api.call(`/api/v1/logged-actions?action=USER_DISABLED`, { token: stateAdmin.token });
    expect(history.body.loggedActions.some((e: any) => e.details?.userId === sam.id)).toBe(true);
    // An organization's user is not a state user.
    const lakeviewAdmin = (await api.signIn('org.admin@example.org')).user.id;
    expect((await stateToggle(lakeviewAdmin, 'inactive')).status).toBe(404);
  });

  it('refuses to disable oneself and to demote the last active State_Admin; a second admin may be turned off', async () => {
    expect(await stateToggle(stateAdmin.id, 'inactive')).toMatchObject({ status: 400, body: { message: USER_MSG.cannotDisableSelf } });
    const demote = await api.call(`/api/v1/users/${stateAdmin.id}`, {
      method: 'PATCH', token: stateAdmin.token, body: { roleId: 'State_Reviewer', firstName: 'Grace', lastName: 'Admin', email: 'state.admin@example.gov' },
    });
    expect(demote).toMatchObject({ status: 409, body: { message: USER_MSG.lastStateAdmin } });
    const second = await api.call('/api/v1/users/add-staff', { token: stateAdmin.token, body: person('second.admin@state-test.example', { roleId: 'State_Admin' }) });
    expect(second.status).toBe(201);
    const both = await Promise.all([stateToggle(second.body.user.id, 'inactive'), stateToggle(second.body.user.id, 'inactive')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
