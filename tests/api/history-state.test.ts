// The state's whole history (issue 10 item 5, decision 031): GET logged-actions with its filters (application id
// prefix, organization, action, user, New York days), paged in SQL; names of people and organizations, a
// rejection's reason in words, reopened sections and assigned reviewers by name; who may read it from the
// permissions table (listScope of read:history); an application's history for the state roles. The test makes
// its own applications and entries (in March 2020, so no seed or other test's rows fall in its date range).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { applications, loggedActions, organizations, programs, reviewAssignments, sections } from '../../api/db/schema';
import { listScope, type Viewer } from '../../domain/access';
import { rejectReasonText } from '../../domain/workflow';
import { PORTAL_MSG } from '../../domain/messages';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'state.reviewer@example.gov',
  'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov', 'rsm.financial@example.gov',
  'org.admin@example.org', 'org.staff@example.org', 'summit.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let profiles: Record<Email, Viewer>;
const org = { lakeview: '', summit: '' };
let sectionIds: string[] = [];
let sectionNames: string[] = [];

/** The entries made here, oldest first: [label, application, organization, action, by, day of March 2020, extra]. */
interface Made { key: string; applicationId: string | null; organization: 'lakeview' | 'summit'; action: string; by: Email; day: number; id?: string }
const MADE: Made[] = [
  { key: 'gating', applicationId: 'GA-H7A001', organization: 'lakeview', action: 'STATUS_CHANGED', by: 'state.admin@example.gov', day: 2 },
  { key: 'assigned', applicationId: 'GA-H7A001', organization: 'lakeview', action: 'REVIEWERS_ASSIGNED', by: 'rsm.admin@example.gov', day: 3 },
  { key: 'rejected', applicationId: 'GA-H7A001', organization: 'lakeview', action: 'STATUS_CHANGED', by: 'state.admin@example.gov', day: 4 },
  { key: 'revision', applicationId: 'GA-H7A002', organization: 'summit', action: 'STATUS_CHANGED', by: 'state.admin@example.gov', day: 5 },
  { key: 'resubmitted', applicationId: 'GA-H7A002', organization: 'summit', action: 'APPLICATION_RESUBMITTED', by: 'summit.admin@example.org', day: 6 },
  { key: 'draft', applicationId: 'GA-H7D001', organization: 'lakeview', action: 'APPLICATION_CREATED', by: 'org.admin@example.org', day: 7 },
  { key: 'profile', applicationId: null, organization: 'lakeview', action: 'PROFILE_SAVED', by: 'org.admin@example.org', day: 8 },
];
const made = (key: string) => MADE.find((m) => m.key === key)!;
const MARCH = 'startDate=2020-03-01&endDate=2020-03-31';

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  ({ tokens, ids, profiles } = await api.signInAll(ACCOUNTS));
  const db = api.database.db;
  for (const o of await db.select().from(organizations)) {
    if (o.legalName.startsWith('Lakeview')) org.lakeview = o.id;
    if (o.legalName.startsWith('Summit')) org.summit = o.id;
  }
  const [program] = await db.select().from(programs).limit(1);
  const two = await db.select().from(sections).where(and(eq(sections.programId, program!.id), eq(sections.isEntityProfile, false))).orderBy(asc(sections.displayOrder)).limit(2);
  sectionIds = two.map((s) => s.id).reverse(); // listed out of order: the names come back in the form's order
  sectionNames = two.map((s) => s.name);
  await db.insert(applications).values([
    { id: 'GA-H7A001', programId: program!.id, organizationId: org.lakeview, status: 'REJECTED', submittedAt: new Date('2020-03-01T15:00:00Z') },
    { id: 'GA-H7A002', programId: program!.id, organizationId: org.summit, status: 'RESUBMITTED', submittedAt: new Date('2020-03-01T15:00:00Z') },
    { id: 'GA-H7D001', programId: program!.id, organizationId: org.lakeview, status: 'DRAFT' },
  ]);
  await db.insert(reviewAssignments).values({ applicationId: 'GA-H7A001', reviewerId: ids['rsm.reviewer@example.gov'], reviewerType: 'RSM_REVIEWER' });
  const extra: Record<string, Partial<typeof loggedActions.$inferInsert>> = {
    gating: { fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW', comments: 'Into gating' },
    // The gating stage's assignment, as the portal writes it (details.stage: decision 092 shows it by the stage's sight).
    assigned: { fromStatus: 'GATING_REVIEW', toStatus: 'GATING_REVIEW', details: { stage: 'GATING', reviewerIds: [ids['rsm.reviewer@example.gov']] } },
    rejected: { fromStatus: 'GATING_REVIEW', toStatus: 'REJECTED', comments: 'Costs are far too high', details: { actionId: 'mark-as-rejected', reasonId: 4 } },
    revision: { fromStatus: 'GATING_REVIEW', toStatus: 'REVISION_NEEDED', comments: 'Please redo two sections', details: { sectionIds } },
    resubmitted: { fromStatus: 'REVISION_NEEDED', toStatus: 'RESUBMITTED' },
  };
  for (const m of MADE) {
    const [row] = await db.insert(loggedActions).values({
      applicationId: m.applicationId, organizationId: org[m.organization], userId: ids[m.by], action: m.action, entity: 'application',
      // Noon in New York on that March day.
      createdAt: new Date(`2020-03-${String(m.day).padStart(2, '0')}T16:00:00Z`), ...extra[m.key],
    }).returning({ id: loggedActions.id });
    m.id = row!.id;
  }
}, 120_000);
afterAll(async () => {
  await api?.close();
});

interface Entry {
  id: string; applicationId: string | null; organizationId: string | null; organizationName: string | null; action: string;
  fromStatus: string | null; toStatus: string | null; comments: string | null; reason: string | null;
  sectionNames: string[] | null; reviewerNames: string[] | null; userId: string | null; user: { firstName: string; lastName: string } | null;
}
interface Page { page: number; pageSize: number; totalRecords: number; totalPages: number; loggedActions: Entry[] }

const history = (query: string, email: Email = 'state.admin@example.gov') => api.call<Page>(`/api/v1/logged-actions?${query}`, { token: tokens[email] });
/** The keys of the made entries a page shows, in its order. */
const keys = (page: Page) => page.loggedActions.map((e) => MADE.find((m) => m.id === e.id)?.key ?? `other:${e.action}`);
/** The made entries (newest first) that pass `keep`. */
const newestFirst = (keep: (m: Made) => boolean) => MADE.filter(keep).reverse().map((m) => m.key);
const seenByState = (m: Made) => m.key !== 'draft';

describe('the whole history', () => {
  it("gives the state admin every entry of submitted applications and organizations, newest first, with names, reasons, sections and reviewers", async () => {
    const res = await history(MARCH);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(keys(res.body)).toEqual(newestFirst(seenByState));
    expect(res.body.totalRecords).toBe(6);
    const entry = (key: string) => res.body.loggedActions.find((e) => e.id === made(key).id)!;
    expect(entry('rejected')).toMatchObject({
      applicationId: 'GA-H7A001', organizationName: expect.stringMatching(/^Lakeview/), fromStatus: 'GATING_REVIEW', toStatus: 'REJECTED',
      comments: 'Costs are far too high', reason: rejectReasonText(4), userId: ids['state.admin@example.gov'],
    });
    expect(entry('rejected').reason).toBe('Unrealistic cost estimates.');
    expect(entry('rejected').user?.firstName).toBeTruthy();
    expect(entry('revision').sectionNames).toEqual(sectionNames);
    expect(entry('revision').organizationName).toMatch(/^Summit/);
    expect(entry('assigned').reviewerNames).toHaveLength(1);
    expect(entry('gating')).toMatchObject({ reason: null, sectionNames: null, reviewerNames: null });
    expect(entry('profile')).toMatchObject({ applicationId: null, organizationName: expect.stringMatching(/^Lakeview/) });
  });

  it('filters by an application id prefix (upper-cased), organization, action, user and New York days, each and together', async () => {
    const cases: [string, (m: Made) => boolean][] = [
      ['applicationId=ga-h7a00', (m) => !!m.applicationId?.startsWith('GA-H7A00')],
      ['applicationId=GA-H7A001', (m) => m.applicationId === 'GA-H7A001'],
      ['applicationId=H7A001', () => false], // a prefix, not a contains-search
      [`organizationId=${org.summit}`, (m) => m.organization === 'summit'],
      ['action=STATUS_CHANGED', (m) => m.action === 'STATUS_CHANGED'],
      [`userId=${ids['rsm.admin@example.gov']}`, (m) => m.by === 'rsm.admin@example.gov'],
      [`action=STATUS_CHANGED&organizationId=${org.lakeview}`, (m) => m.action === 'STATUS_CHANGED' && m.organization === 'lakeview'],
    ];
    for (const [query, keep] of cases) {
      const res = await history(`${MARCH}&${query}`);
      expect(res.status, query).toBe(200);
      expect(keys(res.body), query).toEqual(newestFirst((m) => seenByState(m) && keep(m)));
    }
    // Days are New York days, both ends included.
    const days = await history('startDate=2020-03-03&endDate=2020-03-05');
    expect(keys(days.body)).toEqual(['revision', 'rejected', 'assigned']);
  });

  it('pages in the order of the whole list, with the envelope; a page past the end answers its total and no rows', async () => {
    const all = newestFirst(seenByState);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await history(`${MARCH}&limit=2&page=${page}`);
      expect(res.body).toMatchObject({ page, pageSize: 2, totalRecords: all.length, totalPages: 3 });
      seen.push(...keys(res.body));
    }
    expect(seen).toEqual(all);
    const past = await history(`${MARCH}&limit=2&page=9`);
    expect(past.body).toMatchObject({ totalRecords: all.length, loggedActions: [] });
  });

  it("refuses malformed filters with the field's message and changes nothing", async () => {
    const bad = await history('startDate=2020-02-30');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { message: string }).message).toBe(PORTAL_MSG.dayInvalid);
    expect((await history('organizationId=lakeview')).status).toBe(400);
    expect((await history('userId=1')).status).toBe(400);
    expect((await history('limit=201')).status).toBe(400);
  });

  it('answers each role as the permissions table says: the whole history, its own organizations, or 403', async () => {
    const stateAll = newestFirst(seenByState);
    let refused = 0;
    for (const email of ACCOUNTS) {
      const scope = listScope(profiles[email], 'read', 'history');
      const res = await history(MARCH, email);
      if (!scope) {
        expect(res.status, email).toBe(403);
        expect((await api.call(`/api/v1/logged-actions/filters`, { token: tokens[email] })).status, email).toBe(403);
        refused++;
        continue;
      }
      expect(res.status, email).toBe(200);
      // An organization's members never see a reviewer assignment (issue 39 item 2, decision 092).
      const expected = 'all' in scope ? stateAll : newestFirst((m) => scope.organizations.includes(org[m.organization]) && m.key !== 'assigned');
      expect(keys(res.body), email).toEqual(expected);
    }
    // The admins of the state and of RSM read it; CTC_Admin, the reviewers and the financial reviewer do not.
    expect(refused).toBe(5);
    expect((await history(MARCH, 'rsm.admin@example.gov')).status).toBe(200);
    expect((await history(MARCH, 'ctc.admin@example.gov')).status).toBe(403);
  });

  it("offers the organizations and the people of the caller's history as filter choices", async () => {
    const res = await api.call<{ organizations: { id: string; name: string }[]; users: { id: string; email: string }[] }>(
      '/api/v1/logged-actions/filters', { token: tokens['state.admin@example.gov'] },
    );
    expect(res.status).toBe(200);
    expect(res.body.organizations.map((o) => o.id)).toEqual(expect.arrayContaining([org.lakeview, org.summit]));
    expect(res.body.users.map((u) => u.email)).toEqual(expect.arrayContaining(['rsm.admin@example.gov', 'summit.admin@example.org']));
    const member = await api.call<{ organizations: { id: string }[] }>('/api/v1/logged-actions/filters', { token: tokens['summit.admin@example.org'] });
    expect(member.body.organizations.map((o) => o.id)).toEqual([org.summit]);
  });
});

describe('moves made through the API', () => {
  it('show in the whole history with their comments, reason in words and reopened sections', async () => {
    const db = api.database.db;
    const [program] = await db.select().from(programs).limit(1);
    await db.insert(applications).values([
      { id: 'GA-H7M001', programId: program!.id, organizationId: org.lakeview, status: 'SUBMITTED', submittedAt: new Date() },
      { id: 'GA-H7M002', programId: program!.id, organizationId: org.summit, status: 'SUBMITTED', submittedAt: new Date() },
    ]);
    const move = async (id: string, actionId: string, body: Record<string, unknown> = {}) => {
      const res = await api.call(`/api/v1/review/applications/${id}/${actionId}`, { token: tokens['state.admin@example.gov'], body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await move('GA-H7M001', 'mark-as-gating-review', { comments: 'Starting gating' });
    await move('GA-H7M001', 'mark-as-rejected', { reasonId: 6, comments: 'The design does not hold' });
    await move('GA-H7M002', 'mark-as-gating-review');
    await move('GA-H7M002', 'mark-as-revision-needed', { sectionIds, comments: 'Two sections again' });

    const res = await history('applicationId=GA-H7M&action=STATUS_CHANGED');
    expect(res.status).toBe(200);
    const entries = res.body.loggedActions.map((e) => ({
      applicationId: e.applicationId, from: e.fromStatus, to: e.toStatus, comments: e.comments, reason: e.reason, sections: e.sectionNames,
    }));
    expect(entries).toEqual([
      { applicationId: 'GA-H7M002', from: 'GATING_REVIEW', to: 'REVISION_NEEDED', comments: 'Two sections again', reason: null, sections: sectionNames },
      { applicationId: 'GA-H7M002', from: 'SUBMITTED', to: 'GATING_REVIEW', comments: null, reason: null, sections: null },
      { applicationId: 'GA-H7M001', from: 'GATING_REVIEW', to: 'REJECTED', comments: 'The design does not hold', reason: 'Did not meet Technical criteria.', sections: null },
      { applicationId: 'GA-H7M001', from: 'SUBMITTED', to: 'GATING_REVIEW', comments: 'Starting gating', reason: null, sections: null },
    ]);
    expect(res.body.loggedActions.every((e) => e.userId === ids['state.admin@example.gov'])).toBe(true);
  });
});

describe("an application's history on the state side", () => {
  const appHistory = (id: string, email: Email) => api.call<Page>(`/api/v1/logged-actions/${id}/application`, { token: tokens[email] });

  it('is read by the admins and the financial reviewer, by an assigned reviewer, and by no other reviewer', async () => {
    // The gating assignment is the gating stage's management: the State_Admin, the RSM admin and the financial reviewer
    // see it; the CTC admin (another vendor's stage) and the reviewer (not their own review) do not (decision 092).
    const seen: Record<string, string[]> = {
      'state.admin@example.gov': ['rejected', 'assigned', 'gating'], 'rsm.admin@example.gov': ['rejected', 'assigned', 'gating'],
      'rsm.financial@example.gov': ['rejected', 'assigned', 'gating'], 'ctc.admin@example.gov': ['rejected', 'gating'], 'rsm.reviewer@example.gov': ['rejected', 'gating'],
    };
    for (const email of ['state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.financial@example.gov', 'rsm.reviewer@example.gov'] as const) {
      const res = await appHistory('GA-H7A001', email);
      expect(res.status, email).toBe(200);
      expect(keys(res.body), email).toEqual(seen[email]);
      expect(res.body.loggedActions[0]!.reason).toBe('Unrealistic cost estimates.');
    }
    for (const email of ['state.reviewer@example.gov', 'ctc.reviewer@example.gov'] as const) {
      expect((await appHistory('GA-H7A001', email)).status, email).toBe(404);
    }
    // A draft's history is the organization's only.
    expect((await appHistory('GA-H7D001', 'state.admin@example.gov')).status).toBe(404);
    expect((await appHistory('GA-H7D001', 'org.admin@example.org')).status).toBe(200);
  });
});
