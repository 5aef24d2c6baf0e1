// Issue 11 item 10 (docs/decisions/039): the actions of the Users, Organizations and Unlock requests screens are in the
// organization's history (GET logged-actions?organizationId=, what /org/history reads) and the state's
// (GET logged-actions, /state/history), each in words a person reads (domain/history.ts describeAction), and the
// history's action filter offers each of them (HISTORY_ACTIONS, labelled by actionLabel) and finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLabel, describeAction, HISTORY_ACTIONS } from '../../domain/history';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let fresh: { token: string; orgId: string };
let lakeview: { token: string; orgId: string };
let state: string;
const S: Record<string, string> = {};
// Seeded SUBMITTED application of Lakeview.
const APP = 'GA-LKV002';

const ok = async (path: string, init: Parameters<TestApi['call']>[1], status = 200) => {
  const res = await api.call(path, init);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
};
const entries = async (token: string, query: string) => (await ok(`/api/v1/logged-actions?limit=200&${query}`, { token })).loggedActions as any[];

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '2000' });
  await ok('/api/v1/organization/signup', { body: { legalName: 'History Test Cooperative', firstName: 'Hana', lastName: 'Admin', email: 'hana@history-test.example' } }, 201);
  const h = await api.signIn('hana@history-test.example');
  fresh = { token: h.token, orgId: h.user.organizations[0].id };
  const l = await api.signIn('org.admin@example.org');
  lakeview = { token: l.token, orgId: l.user.organizations.find((o: any) => o.name.startsWith('Lakeview')).id };
  state = (await api.signIn('state.admin@example.gov')).token;
  for (const s of (await ok('/api/v1/section/all', { token: state })) as { id: string; slug: string }[]) S[s.slug] = s.id;

  // The Users screen: add, edit, disable, enable.
  const added = await ok(`/api/v1/organization/${fresh.orgId}/add-staff`, {
    token: fresh.token, body: { roleId: 'Organization_Staff', firstName: 'Sam', lastName: 'Staffer', email: 'sam@history-test.example' },
  }, 201);
  const sam = added.user.id;
  await ok(`/api/v1/users/${sam}`, {
    method: 'PATCH', token: fresh.token,
    body: { id: sam, organizationId: fresh.orgId, roleId: 'Organization_Admin', firstName: 'Sam', lastName: 'Staffer', email: 'sam@history-test.example' },
  });
  await ok(`/api/v1/organization/${fresh.orgId}/toggle-status/${sam}`, { method: 'PUT', token: fresh.token, body: { status: 'inactive' } });
  await ok(`/api/v1/organization/${fresh.orgId}/toggle-status/${sam}`, { method: 'PUT', token: fresh.token, body: { status: 'active' } });
  // The Organizations screen: deactivate, activate (its admin signs in again after).
  await ok(`/api/v1/organization/${fresh.orgId}/status`, { method: 'PUT', token: state, body: { status: 'inactive' } });
  await ok(`/api/v1/organization/${fresh.orgId}/status`, { method: 'PUT', token: state, body: { status: 'active' } });
  fresh.token = (await api.signIn('hana@history-test.example')).token;
  // Unlocks: a request, its approval, the section resubmitted; a State Admin unlock.
  const asked = await ok(`/api/v1/unlock-requests?organizationId=${lakeview.orgId}`, {
    token: lakeview.token, body: { applicationId: APP, sectionId: S.budget, message: 'The budget table needs the new route' },
  }, 201);
  await ok(`/api/v1/unlock-requests/${asked.id}/approve`, { method: 'PUT', token: state });
  await ok(`/api/v1/applications/${APP}/sections/${S.budget}/relock`, { token: lakeview.token, body: {} });
  await ok('/api/v1/unlock-requests/admin-unlock', { token: state, body: { applicationId: APP, sectionId: S.technology, message: 'Check the network design' } }, 201);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const USER_AND_ORGANIZATION: Record<string, RegExp> = {
  USER_ADDED: /^Added the user Sam Staffer \(sam@history-test\.example\) as Organization Staff$/,
  USER_UPDATED: /^Updated the user Sam Staffer \(sam@history-test\.example\) \(role\)$/,
  USER_DISABLED: /^Disabled the user Sam Staffer/,
  USER_ENABLED: /^Enabled the user Sam Staffer/,
  ORGANIZATION_DEACTIVATED: /^Deactivated the organization History Test Cooperative$/,
  ORGANIZATION_ACTIVATED: /^Activated the organization History Test Cooperative$/,
};
const UNLOCKS: Record<string, RegExp> = {
  UNLOCK_REQUESTED: /^Asked to unlock the section Budget/,
  SECTION_UNLOCKED: /^Unlocked the section (Technology|Budget).* for changes \((approved the organization's request|State Admin unlock)\)$/,
  SECTION_RELOCKED: /^Resubmitted the unlocked section Budget.* and locked it again \(no answer changed\)$/,
};

describe("issue 11's actions in the histories", () => {
  it("are in the organization's own history, in words, and its action filter finds each", async () => {
    for (const [who, described] of [[fresh, USER_AND_ORGANIZATION], [lakeview, UNLOCKS]] as const) {
      const all = await entries(who.token, `organizationId=${who.orgId}`);
      for (const [action, words] of Object.entries(described)) {
        const found = all.filter((e) => e.action === action);
        expect(found.length, action).toBeGreaterThan(0);
        for (const e of found) expect(describeAction(e), action).toMatch(words);
        const filtered = await entries(who.token, `organizationId=${who.orgId}&action=${action}`);
        expect(filtered.map((e) => e.id).sort(), action).toEqual(found.map((e) => e.id).sort());
      }
    }
    // Both kinds of unlock, each said.
    const unlocked = (await entries(lakeview.token, `organizationId=${lakeview.orgId}&action=SECTION_UNLOCKED`)).map(describeAction);
    expect(unlocked).toEqual(expect.arrayContaining([
      expect.stringMatching(/Budget.*\(approved the organization's request\)$/),
      expect.stringMatching(/Technology.*\(State Admin unlock\)$/),
    ]));
  });

  it("are in the state's whole history, by organization and by action", async () => {
    for (const [who, described] of [[fresh, USER_AND_ORGANIZATION], [lakeview, UNLOCKS]] as const) {
      for (const [action, words] of Object.entries(described)) {
        const found = await entries(state, `organizationId=${who.orgId}&action=${action}`);
        expect(found.length, action).toBeGreaterThan(0);
        for (const e of found) {
          expect(describeAction(e), action).toMatch(words);
          expect(e.organizationId).toBe(who.orgId);
        }
      }
    }
  });

  it("are offered by the history's action filter, each with a readable label", () => {
    const labels = Object.fromEntries(
      [...Object.keys(USER_AND_ORGANIZATION), ...Object.keys(UNLOCKS), 'UNLOCK_WINDOW_CLOSED', 'UNLOCK_WINDOW_REOPENED'].map((a) => [a, actionLabel(a)]),
    );
    expect(HISTORY_ACTIONS).toEqual(expect.arrayContaining(Object.keys(labels)));
    expect(labels).toEqual({
      USER_ADDED: 'User added',
      USER_UPDATED: 'User updated',
      USER_DISABLED: 'User disabled',
      USER_ENABLED: 'User enabled',
      ORGANIZATION_DEACTIVATED: 'Organization deactivated',
      ORGANIZATION_ACTIVATED: 'Organization activated',
      UNLOCK_REQUESTED: 'Unlock requested',
      SECTION_UNLOCKED: 'Section unlocked',
      SECTION_RELOCKED: 'Section resubmitted',
      UNLOCK_WINDOW_CLOSED: 'Unlock window closed',
      UNLOCK_WINDOW_REOPENED: 'Unlock window reopened',
    });
  });

  it("narrows the filter's people to one organization when asked", async () => {
    const { users } = await ok(`/api/v1/logged-actions/filters?organizationId=${fresh.orgId}`, { token: fresh.token });
    // The State Admin who (de)activated it is not offered: an organization reads the state's people as "State office" (decision 092).
    expect(users.map((u: any) => u.email).sort()).toEqual(['hana@history-test.example']);
    expect((await api.call('/api/v1/logged-actions/filters?organizationId=nope', { token: fresh.token })).status).toBe(400);
  });
});
