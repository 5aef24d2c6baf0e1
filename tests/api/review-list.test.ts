// The state's applications list (issue 10, decision 028): GET review/applications, review/applications/
// applications/assigned and organization/all-organizations. Every expectation is read from the database itself
// (the demo seed plus 150 bench applications): the visibility per role (never a draft or a cancelled
// application; reviewers only what is assigned to them), each filter and their combination, paging, the
// reviewers of each row, the dashboard's counts equal to the list's totals, and the plan of the list. The rows'
// allowed actions come from the hand-written fixture tests/fixtures/status-moves.ts (issue 40), not from the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, like, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { joinsAfterLimit, planOfList, splitListPlan } from './plans';
import { applications, organizations, reviewAssignments, users } from '../../api/db/schema';
import { seedLarge } from '../../scripts/seed-large';
import { addDays, zonedDayStart, zonedToday } from '../../domain/dates';
import { ACTIONS, expectedMove, type Role } from '../fixtures/status-moves';
import type { ReviewListRow } from '../../app/api/review-list.server';

let api: TestApi;
let tokens: Record<string, string>;
let userIds: Record<string, string>;
let benchOrgId: string;

const ACCOUNTS = ['state.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.admin@example.gov', 'rsm.financial@example.gov', 'org.admin@example.org'] as const;

/** A row as the UI's typed client reads it, with the id the API also answers. */
type Row = ReviewListRow & { id: string };
interface ListBody { page: number; pageSize: number; totalRecords: number; totalPages: number; applications: Row[] }

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const large = await seedLarge(api.database.db, { organizations: 3, applications: 150, bigOrgShare: 0.5 });
  benchOrgId = large.orgIds[1]!;
  ({ tokens, ids: userIds } = await api.signInAll(ACCOUNTS));
  // The RSM reviewer also holds four bench applications (two of them in progress), and one draft, which stays
  // invisible to the state side even when assigned.
  const bench = await api.database.db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(like(applications.id, 'GA-B%'))
    .orderBy(asc(applications.id));
  const visible = bench.filter((a) => a.status !== 'DRAFT' && a.status !== 'CANCELLED').slice(0, 4);
  const draft = bench.find((a) => a.status === 'DRAFT')!;
  await api.database.db.insert(reviewAssignments).values([
    ...visible.map((a, i) => ({
      applicationId: a.id, reviewerId: userIds['rsm.reviewer@example.gov']!, reviewerType: 'RSM_REVIEWER', status: i < 2 ? 'IN_PROGRESS' : 'PENDING',
    })),
    { applicationId: draft.id, reviewerId: userIds['rsm.reviewer@example.gov']!, reviewerType: 'RSM_REVIEWER' },
  ]);
});
afterAll(async () => {
  await api?.close();
});

const list = (query: string, as: string = 'state.admin@example.gov', path = '/api/v1/review/applications') =>
  api.call<ListBody>(`${path}?${query}`, { token: tokens[as] });

const VISIBLE = notInArray(applications.status, ['DRAFT', 'CANCELLED']);
const assignedTo = (email: string) =>
  sql`exists (select 1 from ${reviewAssignments} where ${reviewAssignments.applicationId} = ${applications.id} and ${reviewAssignments.reviewerId} = ${userIds[email]})`;

/** The state-visible application ids matching `where`, in the list's order (newest submitted first), from the database. */
async function expected(...where: (SQL | undefined)[]): Promise<string[]> {
  const rows = await api.database.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(VISIBLE, ...where))
    .orderBy(sql`${applications.submittedAt} desc nulls last`, sql`${applications.id} desc nulls last`);
  return rows.map((r) => r.id);
}

const ids = (body: ListBody) => body.applications.map((a) => a.applicationId);

describe('GET review/applications for a state admin', () => {
  it('lists every submitted-or-later application, newest submitted first, never a draft or a cancelled one', async () => {
    const res = await list('limit=1000');
    expect(res.status).toBe(200);
    const all = await expected();
    expect(all.length).toBeGreaterThan(100);
    expect(res.body).toMatchObject({ page: 1, pageSize: 1000, totalRecords: all.length, totalPages: 1 });
    expect(ids(res.body)).toEqual(all);
    expect(res.body.applications.filter((a) => a.status === 'DRAFT' || a.status === 'CANCELLED')).toEqual([]);
  });

  it('gives each row its organization, programme and the reviewers assigned, with their assignment status', async () => {
    const res = await list('limit=1000');
    const orgNames = new Map((await api.database.db.select().from(organizations)).map((o) => [o.id, o.legalName]));
    const assignments = await api.database.db
      .select({ applicationId: reviewAssignments.applicationId, reviewerId: reviewAssignments.reviewerId, status: reviewAssignments.status, lastName: users.lastName })
      .from(reviewAssignments)
      .innerJoin(users, eq(users.id, reviewAssignments.reviewerId));
    const apps = await api.database.db.select({ id: applications.id, organizationId: applications.organizationId }).from(applications);
    const orgOf = new Map(apps.map((a) => [a.id, a.organizationId]));
    let withReviewers = 0;
    for (const row of res.body.applications) {
      expect(row.organization).toEqual({ id: orgOf.get(row.id), name: orgNames.get(orgOf.get(row.id)!) });
      expect(row.program.name).toBeTruthy();
      const mine = assignments.filter((a) => a.applicationId === row.id);
      expect(row.reviewers.map((r) => `${r.id} ${r.status} ${r.lastName}`).sort()).toEqual(mine.map((a) => `${a.reviewerId} ${a.status} ${a.lastName}`).sort());
      if (mine.length) withReviewers++;
    }
    expect(withReviewers).toBeGreaterThanOrEqual(4);
  });

  it('gives each row the caller’s allowed actions, as the hand-written status × move fixture says (none for the financial reviewer)', async () => {
    // tests/fixtures/status-moves.ts (DESIGN 4-5, by hand): the actions whose cell is 'allowed', in the menus' order.
    const offered = (status: string, role: Role, assignment: string | null = null) => ACTIONS.filter((a) => expectedMove(status, a, role, assignment) === 'allowed');
    const admin = (await list('limit=1000')).body.applications;
    for (const row of admin) expect(row.allowedActions, `${row.id} ${row.status}`).toEqual(offered(row.status, 'State_Admin'));
    expect(admin.some((row) => row.allowedActions.length > 0)).toBe(true);
    // The seed and the bench rows cover many statuses, so this is more than one row of the fixture.
    expect(new Set(admin.map((row) => row.status)).size).toBeGreaterThanOrEqual(10);
    const financial = (await list('limit=1000', 'rsm.financial@example.gov')).body.applications;
    expect(financial.length).toBeGreaterThan(0);
    expect(financial.flatMap((row) => row.allowedActions)).toEqual([]);
    const reviewer = (await list('limit=100', 'rsm.reviewer@example.gov')).body.applications;
    expect(reviewer.length).toBeGreaterThanOrEqual(4);
    for (const row of reviewer) {
      const mine = row.reviewers.find((r) => r.id === userIds['rsm.reviewer@example.gov'])!;
      expect(row.allowedActions, `${row.id} ${row.status} ${mine.status}`).toEqual(offered(row.status, 'RSM_Reviewer', mine.status));
    }
    // DESIGN 5 read straight: an RSM reviewer whose gating review is still PENDING may mark it in progress, and nothing else.
    const pendingGating = reviewer.filter((row) => row.status === 'GATING_REVIEW' && row.reviewers.some((r) => r.id === userIds['rsm.reviewer@example.gov'] && r.status === 'PENDING'));
    expect(pendingGating.map((row) => row.id)).toContain('GA-LKV003');
    for (const row of pendingGating) expect(row.allowedActions, row.id).toEqual(['mark-review-in-progress']);
  });

  it('filters by one or several statuses (repeated or comma list), location, organization, dates and id prefix, alone and together', async () => {
    const [{ location }] = (await api.database.db
      .select({ location: applications.projectLocation })
      .from(applications)
      .where(and(VISIBLE, eq(applications.organizationId, benchOrgId)))
      .limit(1)) as [{ location: string }];
    const today = zonedToday();
    const weekAgo = addDays(today, -30);
    const from = zonedDayStart(weekAgo);
    const to = zonedDayStart(addDays(today, 1));
    const cases: [string, SQL | undefined][] = [
      ['status=SUBMITTED', eq(applications.status, 'SUBMITTED')],
      ['status=SUBMITTED&status=AWARDED', inArray(applications.status, ['SUBMITTED', 'AWARDED'])],
      ['status=gating_review,passed_gating,REJECTED', inArray(applications.status, ['GATING_REVIEW', 'PASSED_GATING', 'REJECTED'])],
      ['status=ALL', undefined],
      ['status=DRAFT', sql`false`],
      ['status=CANCELLED,SUBMITTED', eq(applications.status, 'SUBMITTED')],
      [`projectLocation=${encodeURIComponent(location)}`, eq(applications.projectLocation, location)],
      [`organizationId=${benchOrgId}`, eq(applications.organizationId, benchOrgId)],
      [`startDate=${weekAgo}&endDate=${today}`, and(gte(applications.submittedAt, from), lt(applications.submittedAt, to))],
      ['applicationId=ga-b0', like(applications.id, 'GA-B0%')],
      ['applicationId=B00', like(applications.id, 'GA-B00%')],
      ['applicationId=lkv', like(applications.id, 'GA-LKV%')],
      ['applicationId=GA', like(applications.id, 'GA%')],
      [
        `status=SUBMITTED,REVISION_NEEDED,AWARDED&projectLocation=${encodeURIComponent(location)}&organizationId=${benchOrgId}&startDate=${addDays(today, -200)}`,
        and(inArray(applications.status, ['SUBMITTED', 'REVISION_NEEDED', 'AWARDED']), eq(applications.projectLocation, location), eq(applications.organizationId, benchOrgId), gte(applications.submittedAt, zonedDayStart(addDays(today, -200)))),
      ],
    ];
    let nonEmpty = 0;
    for (const [query, where] of cases) {
      const res = await list(`${query}&limit=1000`);
      expect(res.status, `${query}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      const want = await expected(where);
      expect(ids(res.body), query).toEqual(want);
      expect(res.body.totalRecords, query).toBe(want.length);
      if (want.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(cases.length - 2);
  });

  it('refuses malformed filters with 400 and a field message', async () => {
    for (const [query, field] of [['status=PENDINGX', 'status'], ['organizationId=nope', 'organizationId'], ['startDate=2024-13-40', 'startDate'], ['limit=0', 'limit'], ['page=-1', 'page']] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect((res.body as any).errors?.[field], query).toBeTruthy();
    }
    expect((await list('status=NOPE')).body).toMatchObject({ message: 'Unknown status filter' });
  });

  it('pages in the database: the pages together are the whole list, a page past the end has the total and no rows', async () => {
    const query = 'status=SUBMITTED,RESUBMITTED,GATING_REVIEW,REJECTED,AWARDED';
    const all = await expected(inArray(applications.status, ['SUBMITTED', 'RESUBMITTED', 'GATING_REVIEW', 'REJECTED', 'AWARDED']));
    const limit = 7;
    const pages = Math.ceil(all.length / limit);
    expect(pages).toBeGreaterThan(2);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await list(`${query}&limit=${limit}&page=${page}`);
      expect(res.body).toMatchObject({ page, pageSize: limit, totalRecords: all.length, totalPages: pages });
      seen.push(...ids(res.body));
    }
    expect(seen).toEqual(all);
    const past = await list(`${query}&limit=${limit}&page=${pages + 5}`);
    expect(past.body).toMatchObject({ totalRecords: all.length, totalPages: pages, applications: [] });
  });

  it('reads the count, the page and its reviewers in one statement', async () => {
    const recording = api.database.statements.record();
    const res = await list('status=SUBMITTED,AWARDED&limit=5&page=2');
    const statements = recording.stop();
    expect(res.status).toBe(200);
    const listing = statements.filter((s) => s.includes('"applications"') || s.includes('"review_assignments"'));
    expect(listing.length, statements.join('\n\n')).toBe(1);
    expect(listing[0]).toContain('"review_assignments"');
    // Every row carries its reviewers as the page read them.
    expect(res.body.applications.length).toBeGreaterThan(0);
    for (const row of res.body.applications) expect(Array.isArray(row.reviewers)).toBe(true);
  });
});

describe('what each state role sees', () => {
  it('a reviewer sees only the applications assigned to them, in both lists, and never an assigned draft', async () => {
    const mine = await expected(assignedTo('rsm.reviewer@example.gov'));
    expect(mine.length).toBeGreaterThanOrEqual(4);
    for (const path of ['/api/v1/review/applications', '/api/v1/review/applications/applications/assigned']) {
      const res = await list('limit=100', 'rsm.reviewer@example.gov', path);
      expect(res.status, path).toBe(200);
      expect(ids(res.body), path).toEqual(mine);
    }
    const gating = await list('status=GATING_REVIEW&limit=100', 'rsm.reviewer@example.gov');
    expect(ids(gating.body)).toEqual(await expected(assignedTo('rsm.reviewer@example.gov'), eq(applications.status, 'GATING_REVIEW')));
  });

  it('an admin (and the financial reviewer) sees every submitted application; their own assignments list holds only theirs', async () => {
    const all = await expected();
    for (const email of ['ctc.admin@example.gov', 'rsm.financial@example.gov']) {
      expect((await list('limit=1000', email)).body.totalRecords, email).toBe(all.length);
    }
    const assigned = await list('limit=1000', 'state.admin@example.gov', '/api/v1/review/applications/applications/assigned');
    expect(assigned.status).toBe(200);
    expect(ids(assigned.body)).toEqual(await expected(assignedTo('state.admin@example.gov')));
  });

  it('organization users are refused every route (403), and no token is 401', async () => {
    for (const path of ['/api/v1/review/applications', '/api/v1/review/applications/applications/assigned', '/api/v1/organization/all-organizations']) {
      expect((await api.call(path, { token: tokens['org.admin@example.org'] })).status, path).toBe(403);
      expect((await api.call(path)).status, path).toBe(401);
    }
  });

  it('the dashboard count of every status equals the list’s total for that status, for an admin and a reviewer', async () => {
    for (const email of ['state.admin@example.gov', 'rsm.reviewer@example.gov']) {
      const counts = (await api.call<Record<string, number>>('/api/v1/review/applications/dashboard/count', { token: tokens[email] })).body;
      expect(counts.DRAFT, email).toBeUndefined();
      expect(counts.CANCELLED, email).toBeUndefined();
      for (const [status, n] of Object.entries(counts)) {
        const res = await list(`status=${status}&limit=1`, email);
        expect(res.body.totalRecords, `${email} ${status}`).toBe(n);
      }
      expect(counts.ALL).toBeGreaterThan(0);
    }
  });
});

describe('GET organization/all-organizations', () => {
  it('lists every organization by name with its status for state users', async () => {
    const rows = await api.database.db.select().from(organizations).orderBy(asc(organizations.legalName), asc(organizations.id));
    for (const email of ['state.admin@example.gov', 'rsm.reviewer@example.gov']) {
      const res = await api.call('/api/v1/organization/all-organizations', { token: tokens[email] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(rows.map((o) => ({ id: o.id, name: o.legalName, status: o.status })));
    }
  });
});

describe('the plan of the state list (decisions 028, 081)', () => {
  const planOf = (query: string) => planOfList(api, () => list(query));

  it('reads the default order and the filters from applications_state_list_idx', async () => {
    const plan = await planOf('status=SUBMITTED,AWARDED&limit=5&page=2');
    // The page is read in the index's order (no sort node), and the count is an index-only scan. The only sort is
    // the one inside the subplan that lists a row's reviewers in assignment order (decision 052), run per page row
    // over review_assignments_app_reviewer_key.
    const [rows, reviewers = ''] = plan.split(/SubPlan \d+/);
    expect(plan, plan).toMatch(/Index Only Scan using applications_state_list_idx/);
    expect(rows, plan).not.toMatch(/\bSort\b/);
    expect(reviewers, plan).toMatch(/review_assignments_app_reviewer_key/);
    // Each row's organization and program are joined to the page's rows only, after its limit (decision 086).
    expect(joinsAfterLimit(plan), plan).toBe(true);
  });

  it('counts a filtered list from applications_state_filter_idx: only the matching entries, not the whole list', async () => {
    const plan = await planOf('status=SUBMITTED,GATING_REVIEW&limit=5&page=2');
    // The count comes first: its Aggregate over an index-only scan on the filter index, with the statuses as its condition.
    expect(splitListPlan(plan).count, plan).toMatch(/Aggregate[\s\S]*Index Only Scan using applications_state_filter_idx[\s\S]*Index Cond: \(status = ANY/);
  });
});

// An id with or without its GA- prefix: both are prefix searches (shared by the UI's search box).
describe('application id search', () => {
  it('is a prefix match, case-insensitive', async () => {
    const res = await list('applicationId=gA-lKv&limit=100');
    expect(ids(res.body)).toEqual(await expected(or(like(applications.id, 'GA-LKV%'))));
    expect(ids(res.body).length).toBeGreaterThan(0);
  });
});
