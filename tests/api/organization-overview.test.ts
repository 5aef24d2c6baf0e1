// The admin dashboard's counts (spec 2 /org/admin-dashboard, issue 41 item 4; api/services/organization-overview.ts):
// GET organization/{orgId}/application-counts/by-status and GET users/organization/{orgId}/counts, each for the one
// organization named, with who may read them. Expected numbers are the demo seed's, written by hand (README, DESIGN 3,
// api/seed: Lakeview's eleven applications each in its own status; Summit's twelve), and then data made here.
// Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let orgAdmin: string;
let orgStaff: string;
let summitAdmin: string;
let stateAdmin: string;
let lakeview: string;
let summit: string;

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '2000' });
  const admin = await api.signIn('org.admin@example.org');
  orgAdmin = admin.token;
  lakeview = admin.user.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative').id;
  summit = admin.user.organizations.find((o: any) => o.name === 'Summit Rural Telephone').id;
  orgStaff = (await api.signIn('org.staff@example.org')).token;
  summitAdmin = (await api.signIn('summit.admin@example.org')).token;
  stateAdmin = (await api.signIn('state.admin@example.gov')).token;
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const byStatus = (org: string, token: string) => api.call(`/api/v1/organization/${org}/application-counts/by-status`, { token });
const members = (org: string, token: string) => api.call(`/api/v1/users/organization/${org}/counts`, { token });

/** Every status at 0, then the given ones. */
const zeros = {
  DRAFT: 0, SUBMITTED: 0, RESUBMITTED: 0, GATING_REVIEW: 0, GATING_AWAITING_STATE_CONSENSUS: 0, GATING_IN_STATE_CONSENSUS: 0, PASSED_GATING: 0,
  TECHNICAL_REVIEW: 0, TECHNICAL_AWAITING_STATE_CONSENSUS: 0, TECHNICAL_IN_STATE_CONSENSUS: 0, PASSED_TECHNICAL: 0,
  STATE_REVIEW: 0, STATE_AWAITING_STATE_CONSENSUS: 0, STATE_IN_STATE_CONSENSUS: 0, PASSED_STATE: 0,
  REVISION_NEEDED: 0, NOT_REMEDIATED: 0, REJECTED: 0, IN_NEGOTIATION: 0, AWARDED: 0, WITHDRAWN: 0, CANCELLED: 0,
};

describe('applications by status', () => {
  it("counts the chosen organization's applications, every status named", async () => {
    // Seed: GA-LKV001 … GA-LKV011, one in each of these eleven statuses.
    const res = await byStatus(lakeview, orgAdmin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...zeros, ALL: 11, DRAFT: 1, SUBMITTED: 1, GATING_REVIEW: 1, PASSED_GATING: 1, CANCELLED: 1, RESUBMITTED: 1, REVISION_NEEDED: 1,
      GATING_AWAITING_STATE_CONSENSUS: 1, PASSED_TECHNICAL: 1, STATE_IN_STATE_CONSENSUS: 1, IN_NEGOTIATION: 1,
    });
  });

  it("counts another organization's own for its admin (org.admin belongs to both: each organization apart)", async () => {
    // Seed: GA-SMT001 … GA-SMT012.
    const res = await byStatus(summit, summitAdmin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...zeros, ALL: 12, DRAFT: 1, SUBMITTED: 1, TECHNICAL_REVIEW: 1, STATE_REVIEW: 1, AWARDED: 1, REJECTED: 1, GATING_IN_STATE_CONSENSUS: 1,
      TECHNICAL_AWAITING_STATE_CONSENSUS: 1, TECHNICAL_IN_STATE_CONSENSUS: 1, STATE_AWAITING_STATE_CONSENSUS: 1, PASSED_STATE: 1, GATING_REVIEW: 1,
    });
    // org.admin is Summit's staff: staff read the organization's applications too, the same numbers.
    expect((await byStatus(summit, orgAdmin)).body).toEqual(res.body);
  });

  it('answers 404 outside the organization (the state never sees drafts), 401 without a token', async () => {
    expect((await byStatus(lakeview, summitAdmin)).status).toBe(404);
    expect((await byStatus(lakeview, stateAdmin)).status).toBe(404);
    expect((await byStatus('00000000-0000-0000-0000-000000000000', orgAdmin)).status).toBe(404);
    expect((await api.call(`/api/v1/organization/${lakeview}/application-counts/by-status`)).status).toBe(401);
  });
});

describe('members by status', () => {
  it("counts the Users list's statuses of the organization named", async () => {
    // Seed: Lakeview has org.admin and org.staff (active) and inactive.user (inactive account); Summit summit.admin and
    // org.admin (as staff), both active.
    expect((await members(lakeview, orgAdmin)).body).toEqual({ active: 2, inactive: 1, invited: 0 });
    expect((await members(summit, summitAdmin)).body).toEqual({ active: 2, inactive: 0, invited: 0 });
  });

  it('counts a new member and a pending invitation in their organization only', async () => {
    const add = (email: string) =>
      api.call(`/api/v1/organization/${summit}/add-staff`, {
        token: summitAdmin, body: { roleId: 'Organization_Staff', firstName: 'Nia', lastName: 'Newcomb', email },
      });
    // A new email: an account and an active membership. An existing account (org.staff): an invitation until accepted.
    expect((await add('nia.newcomb@overview-test.example')).status).toBe(201);
    const invited = await add('org.staff@example.org');
    expect(invited.status).toBe(201);
    expect(invited.body.user.status).toBe('invited');
    expect((await members(summit, summitAdmin)).body).toEqual({ active: 3, inactive: 0, invited: 1 });
    expect((await members(lakeview, orgAdmin)).body).toEqual({ active: 2, inactive: 1, invited: 0 });
    // The applications' counts did not move.
    expect((await byStatus(summit, summitAdmin)).body.ALL).toBe(12);
  });

  it("is the Users list's permission: staff 403, another organization 404, the State Admin reads it", async () => {
    expect((await members(lakeview, orgStaff)).status).toBe(403);
    expect((await members(summit, orgAdmin)).status).toBe(403);
    expect((await members(lakeview, summitAdmin)).status).toBe(404);
    const state = await members(lakeview, stateAdmin);
    expect(state.status).toBe(200);
    expect(state.body).toEqual({ active: 2, inactive: 1, invited: 0 });
    expect((await api.call(`/api/v1/users/organization/${lakeview}/counts`)).status).toBe(401);
  });
});
