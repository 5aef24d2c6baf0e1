// Lists in SQL (issue 8 item 3, decision 012): the organization's applications list and the histories
// count and page in one statement; totals, the last page, a page past the end, every filter and a stable
// order are checked against the database itself, and the list endpoint runs at most 2 statements with
// authentication (counted by the query logger, api/db/client.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { joinsAfterLimit, planOfList, splitListPlan } from './plans';
import { applications, loggedActions } from '../../api/db/schema';
import { seedLarge } from '../../scripts/seed-large';
import { addDays, zonedDayStart, zonedToday } from '../../domain/dates';

let api: TestApi;
let token: string;
let orgId: string;
const ORG_APPS = 90;

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  // Three bench organizations; the first holds 90 of 180 applications, over 120 days and many statuses.
  const large = await seedLarge(api.database.db, { organizations: 3, applications: 180, bigOrgShare: 0.5 });
  orgId = large.orgIds[0]!;
  token = (await api.signIn(large.adminEmails[0]!)).token;
});
afterAll(async () => {
  await api?.close();
});

interface ListBody {
  page: number;
  pageSize: number;
  totalRecords: number;
  totalPages: number;
  applications: { applicationId: string; status: string; projectLocation: string; createdAt: string; program: { name: string } }[];
}

const list = (query: string) => api.call<ListBody>(`/api/v1/organization/${orgId}/applications?${query}`, { token });

/** The organization's application ids matching `where`, in the list's order, straight from the database. */
async function expected(where?: SQL): Promise<string[]> {
  const rows = await api.database.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, orgId), where))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map((r) => r.id);
}

/** Every page of a query, one after the other: the ids in the order shown, and the envelopes. */
async function allPages(query: string, limit: number) {
  const ids: string[] = [];
  const envelopes: Omit<ListBody, 'applications'>[] = [];
  for (let page = 1; ; page++) {
    const res = await list(`${query}&limit=${limit}&page=${page}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { applications: rows, ...envelope } = res.body;
    envelopes.push(envelope);
    ids.push(...rows.map((r) => r.applicationId));
    if (page >= envelope.totalPages) break;
  }
  return { ids, envelopes };
}

describe('the organization applications list', () => {
  it('pages through every application once, newest first, with the same totals on every page', async () => {
    const all = await expected();
    expect(all).toHaveLength(ORG_APPS);
    const { ids, envelopes } = await allPages('', 25);
    expect(ids).toEqual(all);
    expect(new Set(ids).size).toBe(ORG_APPS);
    expect(envelopes.map((e) => e.totalRecords)).toEqual([90, 90, 90, 90]);
    expect(envelopes.map((e) => e.totalPages)).toEqual([4, 4, 4, 4]);
    expect(envelopes.map((e) => e.pageSize)).toEqual([25, 25, 25, 25]);
  });

  it('answers a short last page, and a page past the end with the total and no rows', async () => {
    const last = await list('limit=25&page=4');
    expect(last.body).toMatchObject({ page: 4, pageSize: 25, totalRecords: 90, totalPages: 4 });
    expect(last.body.applications).toHaveLength(15);
    const past = await list('limit=25&page=9');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ page: 9, pageSize: 25, totalRecords: 90, totalPages: 4, applications: [] });
  });

  it('answers an empty list with one empty page', async () => {
    const none = await list('applicationId=NOSUCH');
    expect(none.body).toEqual({ page: 1, pageSize: 10, totalRecords: 0, totalPages: 1, applications: [] });
  });

  it('filters by status, submitted or later, project areas, dates and application number, alone and together', async () => {
    const [sample] = await api.database.db
      .select({ location: applications.projectLocation })
      .from(applications)
      .where(eq(applications.organizationId, orgId))
      .orderBy(asc(applications.id))
      .limit(1);
    const areas = [sample!.location!, 'No such area'];
    const today = zonedToday();
    const from = addDays(today, -60);
    const cases: [string, SQL][] = [
      ['status=DRAFT', eq(applications.status, 'DRAFT')],
      ['status=SUBMITTED_ANY', notInArray(applications.status, ['DRAFT', 'CANCELLED'])],
      [`projectLocation=${encodeURIComponent(areas.join(','))}`, inArray(applications.projectLocation, areas)],
      [`startDate=${from}&endDate=${today}`, and(gte(applications.createdAt, zonedDayStart(from)), lt(applications.createdAt, zonedDayStart(addDays(today, 1))))!],
      // Bench ids are GA-B + five base-36 characters: 'b00' is a contains-search, case-insensitive.
      ['applicationId=b00', inArray(applications.id, (await expected()).filter((id) => id.includes('B00')))],
      [
        `status=SUBMITTED_ANY&startDate=${from}&endDate=${today}&projectLocation=${encodeURIComponent(areas.join(','))}`,
        and(notInArray(applications.status, ['DRAFT', 'CANCELLED']), gte(applications.createdAt, zonedDayStart(from)),
          lt(applications.createdAt, zonedDayStart(addDays(today, 1))), inArray(applications.projectLocation, areas))!,
      ],
    ];
    for (const [query, where] of cases) {
      const want = await expected(where);
      const { ids, envelopes } = await allPages(query, 7);
      expect(ids, query).toEqual(want);
      expect(envelopes[0]!.totalRecords, query).toBe(want.length);
      expect(envelopes[0]!.totalPages, query).toBe(Math.max(1, Math.ceil(want.length / 7)));
    }
    // Filters that narrow must narrow: the cases above are not all the whole list.
    expect((await expected(eq(applications.status, 'DRAFT'))).length).toBeLessThan(ORG_APPS);
  });

  it('takes a clock-change day as exactly that New York day (decision 067)', async () => {
    // New York's 8 March 2026 runs 05:00Z-04:00Z next day (clocks forward at 2 AM), 1 November 04:00Z-05:00Z next day.
    const days = [
      { day: '2026-03-08', from: '2026-03-08T05:00:00Z', to: '2026-03-09T04:00:00Z' },
      { day: '2026-11-01', from: '2026-11-01T04:00:00Z', to: '2026-11-02T05:00:00Z' },
    ];
    // Eight of the oldest, moved to just before and just after each day's first and last instants.
    const moved = (await expected()).slice(-8);
    const at = ['2026-03-08T04:30:00Z', '2026-03-08T05:30:00Z', '2026-03-09T03:30:00Z', '2026-03-09T04:30:00Z',
      '2026-11-01T03:30:00Z', '2026-11-01T04:30:00Z', '2026-11-02T04:30:00Z', '2026-11-02T05:30:00Z'];
    for (const [i, id] of moved.entries()) await api.database.db.update(applications).set({ createdAt: new Date(at[i]!) }).where(eq(applications.id, id));
    for (const { day, from, to } of days) {
      const want = await expected(and(gte(applications.createdAt, new Date(from)), lt(applications.createdAt, new Date(to))));
      const inDay = moved.filter((_, i) => at[i]! >= from && at[i]! < to);
      expect(inDay, day).toHaveLength(2);
      for (const id of inDay) expect(want, day).toContain(id);
      const { ids } = await allPages(`startDate=${day}&endDate=${day}`, 50);
      expect(ids, day).toEqual(want);
    }
  });

  it('keeps the order stable when applications share a creation time (ties broken by id)', async () => {
    const ids = (await expected()).slice(0, 6);
    const same = new Date('2026-01-15T12:00:00Z');
    await api.database.db.update(applications).set({ createdAt: same }).where(inArray(applications.id, ids));
    const want = await expected();
    const tied = want.filter((id) => ids.includes(id));
    expect(tied).toEqual([...ids].sort().reverse());
    for (let run = 0; run < 3; run++) expect((await allPages('', 4)).ids).toEqual(want);
  });

  it('refuses a page or page size out of bounds, and an unknown status', async () => {
    for (const query of ['page=0', 'page=-1', 'page=x', 'limit=0', 'limit=1001', 'status=NOPE']) {
      expect((await list(query)).status, query).toBe(400);
    }
    expect((await list('limit=1000')).body.applications).toHaveLength(ORG_APPS);
  });

  it('runs at most 2 statements with authentication, one of them the list itself', async () => {
    for (const query of ['limit=10&page=1', 'limit=25&page=9', 'status=SUBMITTED_ANY&applicationId=B0&limit=5']) {
      const recording = api.database.statements.record();
      const res = await list(query);
      const statements = recording.stop();
      expect(res.status).toBe(200);
      expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(2);
      expect(statements.filter((s) => s.includes('"applications"'))).toHaveLength(1);
    }
  });
});

describe('the histories', () => {
  it('page an organization’s history in one statement, with the total on a page past the end', async () => {
    const [total] = await api.database.db.select({ n: count() }).from(loggedActions).where(eq(loggedActions.organizationId, orgId));
    const first = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50&page=1`, { token });
    expect(first.status).toBe(200);
    expect(first.body.totalRecords).toBe(total!.n);
    expect(first.body.loggedActions).toHaveLength(Math.min(50, total!.n));
    const times = first.body.loggedActions.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const recording = api.database.statements.record();
    const past = await api.call(`/api/v1/logged-actions/organization/${orgId}?limit=50&page=999`, { token });
    expect(recording.stop().length).toBeLessThanOrEqual(2);
    expect(past.body).toMatchObject({ page: 999, totalRecords: total!.n, loggedActions: [] });
  });

  it('page an application’s history', async () => {
    const [app] = await api.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.organizationId, orgId), eq(applications.status, 'AWARDED')))
      .limit(1);
    // An awarded bench application has three entries: created, submitted, status changed (newest first).
    const res = await api.call(`/api/v1/logged-actions/${app!.id}/application?limit=2&page=1`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRecords: 3, totalPages: 2, pageSize: 2 });
    expect(res.body.loggedActions.map((e: { action: string }) => e.action)).toEqual(['STATUS_CHANGED', 'APPLICATION_SUBMITTED']);
    const second = await api.call(`/api/v1/logged-actions/${app!.id}/application?limit=2&page=2`, { token });
    expect(second.body.loggedActions.map((e: { action: string }) => e.action)).toEqual(['APPLICATION_CREATED']);
  });
});

describe('the plan of the org list (decisions 020, 083)', () => {
  const planOf = (query: string) => planOfList(api, () => list(query));

  it('counts and reads the page from the covering index alone, and PostgreSQL plans each run with its values', async () => {
    const { count, page } = splitListPlan(await planOf('status=SUBMITTED_ANY&startDate=2000-01-01&limit=5&page=2'));
    // Both the count and the page: no visit to the table's rows for what the filters skip. The count reads whichever
    // of the two organization-led indexes is cheaper (here the narrower filter index: the range holds everything).
    expect(count, count).toMatch(/Aggregate[\s\S]*Index Only Scan using applications_org_(list|filter)_idx/);
    expect(page, page).toMatch(/Index Only Scan (Backward )?using applications_org_list_idx/);
    expect(page, page).not.toMatch(/\bSort\b/);
    if (api.database.kind === 'postgres') {
      const client = (api.database.db as unknown as { $client: { query(q: string): Promise<{ rows: { plan_cache_mode: string }[] }> } }).$client;
      expect((await client.query('show plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('force_custom_plan');
    }
  });

  it('counts under a place filter from applications_org_filter_idx: only the chosen places, not the whole date range', async () => {
    const places = ['Alderbrook County - North', 'Cedarvale County - Central'].map(encodeURIComponent).join(',');
    const { count, page } = splitListPlan(await planOf(`status=SUBMITTED_ANY&projectLocation=${places}&startDate=2000-01-01&limit=5&page=2`));
    expect(count, count).toMatch(/Aggregate[\s\S]*Index Only Scan using applications_org_filter_idx[\s\S]*Index Cond: \(\(organization_id = [^)]*\) AND \(project_location = ANY/);
    // The page is still read in the list's order, with no sort.
    expect(page, page).toMatch(/Index Only Scan (Backward )?using applications_org_list_idx/);
    expect(page, page).not.toMatch(/\bSort\b/);
  });

  it('joins each program and submitter to the rows of the page only, after its limit (decision 086)', async () => {
    const plan = await planOf('status=SUBMITTED_ANY&startDate=2000-01-01&limit=5&page=2');
    expect(joinsAfterLimit(plan), plan).toBe(true);
  });
});
