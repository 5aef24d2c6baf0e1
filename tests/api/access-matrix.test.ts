// The role × route matrix (issue 7 items 14-15, issue 8 items 7-8). The routes come from the API's own
// routers: every route taking an application, organization or document id declares its access check
// (applicationRoute, applicationHistoryRoute, organizationRoute, documentRoute in
// api/services/application-access.ts) as an action and entity of the permissions table, and the test
// reads that declaration from the router stack; a route taking an id without one fails the test, named.
// The expected answer of every seed account × route × record comes from the table
// (domain/permissions.ts, applied by domain/access.ts `decide`), never from a list of outcomes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { providerRoutes } from '../support/api-routes';
import type { RouteAccess } from '../../api/services/application-access';
import { applications, organizations, reviewAssignments } from '../../api/db/schema';
import { decide, listScope, refusesWrites, stateReadScope, type AccessOutcome, type Viewer } from '../../domain/access';
import { BULK_ACTION_IDS, refusal, roleAllowing, workflowAction, type AssignmentStatus } from '../../domain/workflow';
import { MSG } from '../../domain/messages';
import { startTestApi, type TestApi } from './harness';
import { postUpload } from './fixtures';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface MatrixRoute {
  method: Method;
  path: string;
  access: RouteAccess;
}

/** A path naming an application, an organization or a document. */
const TAKES_ID = /:orgId\b|:organizationId\b|:applicationId\b|\/applications\/:id\b|\/documents\/:id\b/;
/** Routes taking an id whose permission is not the caller's (the only exceptions, each with its reason). */
const OUTSIDE_THE_TABLE: Record<string, string> = {
  'GET /documents/download/:id': 'the signed link: no bearer token, its HMAC signature is the permission (documents.test.ts)',
  // Decision 093: an invitation is answered by its invitee only, on their own membership row (account-ownership.test.ts).
  'POST /invitations/:orgId/accept': "the caller's own invitation: no other account's row is reached (account-ownership.test.ts)",
  'POST /invitations/:orgId/decline': "the caller's own invitation: no other account's row is reached (account-ownership.test.ts)",
};

/** Every route of the API with an access declaration, and the routes taking an id that have none. */
function readRouters(): { routes: MatrixRoute[]; unclassified: string[]; stale: string[] } {
  const routes: MatrixRoute[] = [];
  const unclassified: string[] = [];
  const seen = new Set<string>();
  for (const route of providerRoutes()) {
    const key = `${route.method} ${route.path}`;
    seen.add(key);
    const access = route.handlers.map((h) => (h as { access?: RouteAccess }).access).find((a): a is RouteAccess => !!a);
    if (access) routes.push({ method: route.method, path: route.path, access });
    else if (TAKES_ID.test(route.path) && !OUTSIDE_THE_TABLE[key]) unclassified.push(key);
  }
  const stale = Object.keys(OUTSIDE_THE_TABLE).filter((key) => !seen.has(key));
  return { routes, unclassified, stale };
}

const SEED_ACCOUNTS = [
  'org.admin@example.org', 'org.staff@example.org', 'summit.admin@example.org',
  'state.admin@example.gov', 'state.reviewer@example.gov', 'ctc.admin@example.gov', 'ctc.reviewer@example.gov',
  'rsm.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.financial@example.gov',
] as const;

interface Account { email: string; token: string; userId: string; viewer: Viewer }
/** A document the matrix is played against (`uploadedBy` decides the 'own' permissions). */
interface DocumentFixture { id: string; organizationId: string; uploaderEmail: string; uploadedBy: string }
/** An application the matrix is played against; `status: null` is a deleted draft (its history remains). */
interface Fixture { label: string; id: string; organizationId: string; status: string | null; exists: boolean }

let api: TestApi;
const accounts: Account[] = [];
const orgIds: Record<'lakeview' | 'summit' | 'oldmill', string> = { lakeview: '', summit: '', oldmill: '' };
let programId: string;
let areaName: string;
let budgetSectionId: string;
const fixtures: Fixture[] = [];
const documentFixtures: DocumentFixture[] = [];
const UNKNOWN_ORG = '00000000-0000-4000-8000-000000000000';

const account = (email: string) => accounts.find((a) => a.email === email)!;

async function createDraft(organizationId: string, adminEmail: string): Promise<string> {
  const res = await api.call(`/api/v1/applications/create?organizationId=${organizationId}`, {
    token: account(adminEmail).token,
    body: { programId, projectLocation: areaName, technologyType: 'Fiber to the premises' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.applicationId;
}

/** POST documents/upload as `email`: a small PDF to the budget section of `organizationId`, with `extra` fields. */
const uploadAs = (email: string, organizationId: string, extra: { applicationId?: string } = {}) =>
  postUpload(api, account(email).token, { organizationId, programId, sectionId: budgetSectionId, fileName: 'matrix.pdf', ...extra }, '%PDF-1.4 matrix');

async function uploadDocument(organizationId: string, uploaderEmail: string): Promise<DocumentFixture> {
  const who = account(uploaderEmail);
  const res = await uploadAs(uploaderEmail, organizationId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.document.id, organizationId, uploaderEmail, uploadedBy: who.userId };
}

async function seeded(label: string, id: string): Promise<Fixture> {
  const [row] = await api.database.db.select().from(applications).where(eq(applications.id, id)).limit(1);
  if (!row) throw new Error(`No seeded application ${id}`);
  return { label, id, organizationId: row.organizationId, status: row.status, exists: true };
}

/** Review assignments as `applicationId reviewerId` (the matrix changes none), with their status. */
const assignments = new Map<string, AssignmentStatus>();

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll(SEED_ACCOUNTS);
  accounts.push(...SEED_ACCOUNTS.map((email) => ({ email, token: signed.tokens[email], userId: signed.ids[email], viewer: signed.profiles[email] })));
  for (const org of await api.database.db.select().from(organizations)) {
    if (org.legalName.startsWith('Lakeview')) orgIds.lakeview = org.id;
    if (org.legalName.startsWith('Summit')) orgIds.summit = org.id;
    if (org.legalName.startsWith('Old Mill')) orgIds.oldmill = org.id;
  }
  const admin = account('org.admin@example.org').token;
  programId = (await api.call('/api/v1/program/all', { token: admin })).body[0].id;
  areaName = (await api.call('/api/v1/project-area/all', { token: admin })).body[0].name;
  budgetSectionId = (await api.call('/api/v1/section/all', { token: admin })).body.find((s: any) => s.slug === 'budget').id;

  for (const a of await api.database.db.select().from(reviewAssignments)) assignments.set(`${a.applicationId} ${a.reviewerId}`, a.status as AssignmentStatus);
  const deleted = await createDraft(orgIds.lakeview, 'org.admin@example.org');
  expect((await api.call(`/api/v1/applications/${deleted}/delete`, { method: 'DELETE', token: admin })).status).toBe(200);
  fixtures.push(
    { label: 'Lakeview draft', id: await createDraft(orgIds.lakeview, 'org.admin@example.org'), organizationId: orgIds.lakeview, status: 'DRAFT', exists: true },
    await seeded('Lakeview submitted', 'GA-LKV002'),
    await seeded('Lakeview in gating review (assigned to the RSM reviewer)', 'GA-LKV003'),
    // The demo data seeds no revision (issue 9 item 24): one is made here, as the state side will.
    await api.database.db.update(applications).set({ status: 'REVISION_NEEDED' }).where(eq(applications.id, 'GA-LKV004')).then(() => seeded('Lakeview revision needed', 'GA-LKV004')),
    await seeded('Lakeview cancelled', 'GA-LKV005'),
    await seeded('Summit draft', 'GA-SMT001'),
    await seeded('Summit submitted', 'GA-SMT002'),
    await seeded('Summit in technical review (assigned to the CTC reviewer)', 'GA-SMT003'),
    { label: 'Lakeview deleted draft', id: deleted, organizationId: orgIds.lakeview, status: null, exists: false },
    { label: 'unknown id', id: 'GA-NOPE00', organizationId: orgIds.lakeview, status: null, exists: false },
  );
  documentFixtures.push(
    await uploadDocument(orgIds.lakeview, 'org.admin@example.org'),
    await uploadDocument(orgIds.lakeview, 'org.staff@example.org'),
    await uploadDocument(orgIds.summit, 'summit.admin@example.org'),
  );
}, 180_000);
afterAll(async () => {
  await api?.close();
});

/** 409: the status machine refuses the move from this status (application-move routes). */
type Expected = 'allowed' | 403 | 404 | 409;

const expectation = (outcome: AccessOutcome): Expected => (outcome.allowed ? 'allowed' : outcome.status);

/** What the permissions table answers for this account on this route and record. */
function expectedFor(
  route: MatrixRoute, who: Account,
  target: { fixture?: Fixture; assigned?: boolean; assignment?: AssignmentStatus | null; organizationId?: string; document?: DocumentFixture },
): Expected {
  if (route.method !== 'GET' && refusesWrites(who.viewer)) return 403;
  const { access } = route;
  if (access.scope === 'application-move') {
    // The review routes are the state's; then the application's read rule; then the status machine (domain/workflow.ts).
    const fixture = target.fixture!;
    if (who.viewer.roleType !== 'state') return 403;
    if (!fixture.exists) return 404;
    const seen = decide(who.viewer, 'read', 'application', { application: { organizationId: fixture.organizationId, status: fixture.status, assigned: !!target.assigned } });
    if (!seen.allowed) return seen.status;
    const roles = who.viewer.roles.map((r) => r.name);
    const facts = { status: fixture.status!, assignment: target.assignment ?? null };
    return roleAllowing(roles, facts, access.move) ? 'allowed' : refusal({ ...facts, role: roles[0] }, access.move)!.status;
  }
  if (access.scope === 'organization') return expectation(decide(who.viewer, access.action, access.entity, { organizationId: target.organizationId! }));
  if (access.scope === 'document') {
    const organizationId = target.organizationId!;
    const seen = decide(who.viewer, 'read', 'document', { organizationId });
    if (!seen.allowed || !target.document) return seen.allowed ? 404 : seen.status;
    return expectation(decide(who.viewer, access.action, 'document', { organizationId, ownerId: target.document.uploadedBy }));
  }
  const fixture = target.fixture!;
  const historyKept = access.scope === 'application-history' && fixture.label !== 'unknown id';
  if (!fixture.exists && !historyKept) return 404;
  return expectation(decide(who.viewer, access.action, access.entity, {
    application: { organizationId: fixture.organizationId, status: fixture.status, assigned: !!target.assigned },
  }));
}

function urlFor(route: MatrixRoute, values: Record<string, string>): string {
  const path = `/api/v1${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'))}`;
  const { access } = route;
  return (access.scope === 'organization' || access.scope === 'document') && access.in === 'query' ? `${path}?${access.param}=${encodeURIComponent(values[access.param] ?? '')}` : path;
}

/** A body that passes the access check and is then refused on its content (400/409), so nothing changes. */
const PROBE_BODY = { answers: 'not a list' };

/** 'allowed': past the access check (reads answer 2xx; writes 2xx or a 400/409 on their content). */
function matches(route: MatrixRoute, expected: Expected, status: number): boolean {
  if (expected !== 'allowed') return status === expected;
  if (status >= 200 && status < 300) return true;
  return route.method !== 'GET' && (status === 400 || status === 409);
}

describe('role × route matrix', () => {
  const { routes, unclassified, stale } = readRouters();

  it('finds every route taking an application, organization or document id, each declaring its permission', () => {
    expect(unclassified, 'Guard these routes with applicationRoute/applicationHistoryRoute/organizationRoute/documentRoute (api/services/application-access.ts)').toEqual([]);
    expect(stale, 'OUTSIDE_THE_TABLE names routes that no longer exist').toEqual([]);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(accounts.map((a) => a.email)).toEqual([...SEED_ACCOUNTS]);
    expect(keys).toEqual(expect.arrayContaining([
      'POST /applications/create', 'GET /logged-actions/:applicationId/application', 'GET /logged-actions/organization/:orgId',
      'POST /applications/:id/submit', 'DELETE /applications/:id/delete', 'POST /organization/:orgId/generate-pdf/:applicationId',
      'GET /organization/:orgId/application-counts', 'GET /organization/:orgId/profile', 'POST /organization/:orgId/profile',
      'GET /documents/organizations/:orgId/documents', 'GET /documents/:id', 'DELETE /documents/:id', 'GET /documents/:id/signed-url',
      'GET /users/organization/:orgId/all', 'POST /organization/:orgId/add-staff', 'PUT /organization/:orgId/toggle-status/:userId',
    ]));
    expect(routes.filter((r) => r.access.scope === 'application' || r.access.scope === 'application-history').length).toBeGreaterThanOrEqual(9);
    // The review reads the review screen asks for (decision 051): on 'read review', so the matrix below plays them on
    // every account and fixture (a vendor admin outside its stage 403, an unassigned reviewer 404).
    for (const path of ['/review/applications/:id/consensus', '/review/applications/:id/passes']) {
      expect(routes.find((r) => r.method === 'GET' && r.path === path)?.access, path).toMatchObject({ scope: 'application', action: 'read', entity: 'review' });
    }
  });

  it('answers every seed account on every application route exactly as the permissions table says', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const play = async (route: MatrixRoute, who: Account, fixture: Fixture) => {
      const key = `${fixture.id} ${who.userId}`;
      const expected = expectedFor(route, who, { fixture, assigned: assignments.has(key), assignment: assignments.get(key) ?? null });
      seenOutcomes.add(expected);
      const res = await api.call(urlFor(route, { [route.access.param]: fixture.id, orgId: fixture.organizationId, sectionId: budgetSectionId, systemNo: '26' }), {
        method: route.method, token: who.token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : PROBE_BODY,
      });
      if (!matches(route, expected, res.status)) {
        mismatches.push(`${who.email} ${route.method} ${route.path} on ${fixture.label} (${fixture.id}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
      }
      return res.status;
    };
    for (const route of routes.filter((r) => r.access.scope === 'application' || r.access.scope === 'application-history')) {
      if (route.access.action === 'read') {
        // Reads change nothing: one account's cells run together.
        for (const who of accounts) await Promise.all(fixtures.map((fixture) => play(route, who, fixture)));
        continue;
      }
      for (const who of accounts) {
        for (const fixture of fixtures) {
          const status = await play(route, who, fixture);
          // A draft an admin just deleted is replaced, so the next cells meet the same fixture.
          if (status < 300 && fixture.status === 'DRAFT') {
            const admin = fixture.organizationId === orgIds.summit ? 'summit.admin@example.org' : 'org.admin@example.org';
            fixture.id = await createDraft(fixture.organizationId, admin);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 'allowed']);
  }, 240_000);

  it('answers every seed account on every status move route exactly as the machine and the read rule say', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const moves = routes.filter((r) => r.access.scope === 'application-move');
    expect(moves.length).toBeGreaterThanOrEqual(21);
    // The probe body is refused by the status moves (400: their bodies take no other keys), so their cells change no
    // fixture and run together; an assignment action a reviewer may take acts once per fixture and is met once.
    await Promise.all(accounts.map(async (who) => {
      for (const route of moves) {
        await Promise.all(fixtures.map(async (fixture) => {
          const key = `${fixture.id} ${who.userId}`;
          const expected = expectedFor(route, who, { fixture, assigned: assignments.has(key), assignment: assignments.get(key) ?? null });
          seenOutcomes.add(expected);
          const res = await api.call(urlFor(route, { [route.access.param]: fixture.id }), { method: route.method, token: who.token, body: PROBE_BODY });
          // A status move must refuse the probe (nothing moves); an assignment action may act (each cell is met once).
          const mustRefuse = route.access.scope === 'application-move' && workflowAction(route.access.move).kind === 'move';
          if (!matches(route, expected, res.status) || (expected === 'allowed' && mustRefuse && res.status !== 400)) {
            mismatches.push(`${who.email} ${route.method} ${route.path} on ${fixture.label} (${fixture.id}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
          }
        }));
      }
    }));
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 409, 'allowed']);
  }, 240_000);

  it('answers every seed account on the bulk routes, and each row of the preview as the single move route would', async () => {
    const bulkRoutes = routes.filter((r) => r.access.scope === 'application-bulk');
    expect(bulkRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /review/applications/bulk', 'POST /review/applications/bulk']);
    // The assignments as they are now (a reviewer's mark-review-in-progress cell above may have acted).
    const current = new Map<string, AssignmentStatus>();
    for (const a of await api.database.db.select().from(reviewAssignments)) current.set(`${a.applicationId} ${a.reviewerId}`, a.status as AssignmentStatus);
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const ids = fixtures.map((f) => f.id).join(',');
    await Promise.all(accounts.map(async (who) => {
      for (const route of bulkRoutes) {
        // The gate: state users (every state role reads statuses); the read-only financial reviewer's writes are refused before routing.
        const gate: Expected = who.viewer.roleType !== 'state' || (route.method !== 'GET' && refusesWrites(who.viewer)) ? 403 : 'allowed';
        if (route.method !== 'GET') {
          // Past the gate the probe body is refused (400: a strict body), so nothing moves.
          const res = await api.call(urlFor(route, {}), { method: route.method, token: who.token, body: PROBE_BODY });
          if (!matches(route, gate, res.status)) mismatches.push(`${who.email} ${route.method} ${route.path}: expected ${gate}, got ${res.status} ${res.body?.message ?? ''}`);
          continue;
        }
        for (const move of BULK_ACTION_IDS) {
          const res = await api.call(`${urlFor(route, {})}?action=${move}&applicationIds=${encodeURIComponent(ids)}`, { token: who.token });
          if (gate !== 'allowed' || res.status !== 200) {
            if (res.status !== (gate === 'allowed' ? 200 : gate)) mismatches.push(`${who.email} ${route.method} ${route.path} ${move}: expected ${gate}, got ${res.status}`);
            continue;
          }
          // Each row answers as POST review/applications/{id}/{move} would (a read: no write refusal for the financial reviewer).
          const single: MatrixRoute = { method: 'GET', path: `/review/applications/:id/${move}`, access: { scope: 'application-move', action: 'update', entity: 'status', param: 'id', move } };
          fixtures.forEach((fixture, i) => {
            const key = `${fixture.id} ${who.userId}`;
            const expected = expectedFor(single, who, { fixture, assigned: current.has(key), assignment: current.get(key) ?? null });
            seenOutcomes.add(expected);
            const row = res.body.rows[i];
            const got: Expected = row?.applicationId !== fixture.id ? 404 : row.allowed ? 'allowed' : row.status === null ? 404 : row.message === MSG.actionNotAllowed ? 403 : 409;
            if (row?.applicationId !== fixture.id || got !== expected) {
              mismatches.push(`${who.email} bulk preview ${move} on ${fixture.label} (${fixture.id}): expected ${expected}, got ${JSON.stringify(row)}`);
            }
          });
        }
      }
    }));
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 409, 'allowed']);
  }, 240_000);

  it('answers every seed account on every organization route exactly as the permissions table says', async () => {
    const mismatches: string[] = [];
    const orgs = { ...orgIds, unknown: UNKNOWN_ORG };
    for (const route of routes.filter((r) => r.access.scope === 'organization')) {
      for (const who of accounts) {
        for (const [name, organizationId] of Object.entries(orgs)) {
          const expected = expectedFor(route, who, { organizationId });
          const res = await api.call(urlFor(route, { [route.access.param]: organizationId }), {
            method: route.method, token: who.token, body: route.method === 'GET' ? undefined : PROBE_BODY,
          });
          if (!matches(route, expected, res.status)) mismatches.push(`${who.email} ${route.method} ${route.path} on ${name}: expected ${expected}, got ${res.status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('answers every seed account on every document route exactly as the permissions table says', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const orgs = { ...orgIds, unknown: UNKNOWN_ORG };
    for (const route of routes.filter((r) => r.access.scope === 'document')) {
      for (const who of accounts) {
        for (const [name, organizationId] of Object.entries(orgs)) {
          const docs = documentFixtures.filter((d) => d.organizationId === organizationId);
          for (const document of docs.length ? docs : [undefined]) {
            const expected = expectedFor(route, who, { organizationId, document });
            seenOutcomes.add(expected);
            const res = await api.call(urlFor(route, { organizationId, id: document?.id ?? UNKNOWN_ORG }), { method: route.method, token: who.token });
            if (!matches(route, expected, res.status)) {
              mismatches.push(`${who.email} ${route.method} ${route.path} on ${name} (document by ${document?.uploaderEmail ?? 'none'}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
            }
            // A document just deleted is replaced by the same uploader, so the next cells meet the same fixture.
            if (res.status < 300 && route.method === 'DELETE' && document) {
              Object.assign(document, await uploadDocument(document.organizationId, document.uploaderEmail));
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 'allowed']);
  }, 120_000);

  it('checks an upload naming an application through the same service: the application must be one the caller sees, of that organization', async () => {
    const attach = async (email: string, organizationId: string, applicationId: string) => (await uploadAs(email, organizationId, { applicationId })).status;
    const summitDraft = fixtures.find((f) => f.label === 'Summit draft')!;
    expect(await attach('org.staff@example.org', orgIds.lakeview, 'GA-LKV002')).toBe(201);
    // Another organization's application, named with the caller's own organization or with its own: 404 both.
    expect(await attach('org.staff@example.org', orgIds.lakeview, summitDraft.id)).toBe(404);
    expect(await attach('org.staff@example.org', orgIds.summit, summitDraft.id)).toBe(404);
    // A member of both (Olivia is Summit's staff) attaches to Summit's draft under Summit, not under Lakeview.
    expect(await attach('org.admin@example.org', orgIds.summit, summitDraft.id)).toBe(201);
    expect(await attach('org.admin@example.org', orgIds.lakeview, summitDraft.id)).toBe(404);
    expect(await attach('summit.admin@example.org', orgIds.lakeview, 'GA-LKV002')).toBe(404);
    expect(await attach('org.admin@example.org', orgIds.lakeview, 'GA-NOPE00')).toBe(404);
  });
});

describe('lists not keyed by one record follow the table too', () => {
  it('answers the unread message counts to the roles that read messages, and 403 to the others', async () => {
    for (const who of accounts) {
      const status = (await api.call('/api/v1/messages/unread/count', { token: who.token })).status;
      const expected = listScope(who.viewer, 'read', 'message') ? 200 : 403;
      expect(status, who.email).toBe(expected);
    }
    expect(accounts.filter((who) => listScope(who.viewer, 'read', 'message') === null).length).toBeGreaterThan(0);
  });

  it("answers the state's Users routes to the roles holding 'user' over every record (State_Admin), and 403 to the others", async () => {
    const target = account('state.reviewer@example.gov').userId;
    for (const who of accounts) {
      const holds = (action: 'read' | 'update') => { const scope = listScope(who.viewer, action, 'user'); return !!scope && 'all' in scope; };
      expect((await api.call('/api/v1/users/all-state-user', { token: who.token })).status, who.email).toBe(holds('read') ? 200 : 403);
      // Past the check the probe body is refused (400), so nothing changes.
      for (const [method, path] of [['POST', '/api/v1/users/add-staff'], ['PUT', `/api/v1/users/${target}/toggle-status`], ['PATCH', `/api/v1/users/${target}`]] as const) {
        const status = (await api.call(path, { method, token: who.token, body: PROBE_BODY })).status;
        expect(status, `${who.email} ${method} ${path}`).toBe(refusesWrites(who.viewer) || !holds('update') ? 403 : 400);
      }
    }
    expect(accounts.filter((who) => listScope(who.viewer, 'read', 'user')?.hasOwnProperty('all')).map((a) => a.email)).toEqual(['state.admin@example.gov']);
  });

  it('answers the state dashboard counts to state roles (all submitted, or assigned), and 403 to organization users', async () => {
    for (const who of accounts) {
      const res = await api.call('/api/v1/review/applications/dashboard/count', { token: who.token });
      expect(res.status, who.email).toBe(stateReadScope(who.viewer) ? 200 : 403);
    }
  });

  it("answers the candidate dashboard and its XLSX to the roles holding 'candidate' over every record (decision 043), and 403 to the others", async () => {
    for (const who of accounts) {
      const scope = listScope(who.viewer, 'read', 'candidate');
      const expected = scope && 'all' in scope ? 200 : 403;
      for (const path of ['/api/v1/review/applications/candidate-dashboard', '/api/v1/review/applications/candidate-dashboard/export?applicationId=GA-NONE']) {
        expect((await api.call(path, { token: who.token })).status, `${who.email} ${path}`).toBe(expected);
      }
    }
  });
});

describe('history follows the application', () => {
  const history = (id: string, email: string) => api.call(`/api/v1/logged-actions/${id}/application`, { token: account(email).token });

  it("hides a draft's history from every state role, the admins and the financial reviewer included", async () => {
    const draft = fixtures.find((f) => f.label === 'Lakeview draft')!;
    for (const email of SEED_ACCOUNTS.filter((e) => e.endsWith('.gov'))) {
      expect((await history(draft.id, email)).status, email).toBe(404);
    }
    expect((await history(draft.id, 'org.staff@example.org')).status).toBe(200);
    // Submitted: the admins and the financial reviewer read it; an unassigned reviewer does not.
    for (const email of ['ctc.admin@example.gov', 'rsm.financial@example.gov', 'state.admin@example.gov']) {
      expect((await history('GA-LKV002', email)).status, email).toBe(200);
    }
    expect((await history('GA-LKV002', 'ctc.reviewer@example.gov')).status).toBe(404);
  });

  it("gives the state an organization's history without the entries of applications it may not see", async () => {
    const draft = fixtures.find((f) => f.label === 'Lakeview draft')!;
    const deleted = fixtures.find((f) => f.label === 'Lakeview deleted draft')!;
    const read = async (email: string) =>
      (await api.call(`/api/v1/logged-actions/organization/${orgIds.lakeview}?limit=200`, { token: account(email).token })).body.loggedActions
        .map((e: any) => e.applicationId);
    const asState = await read('state.admin@example.gov');
    const asMember = await read('org.staff@example.org');
    for (const hidden of [draft.id, deleted.id, 'GA-LKV005']) {
      expect(asMember).toContain(hidden);
      expect(asState).not.toContain(hidden);
    }
    expect(asState).toContain('GA-LKV002');
  });
});
