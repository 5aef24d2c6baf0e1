// The role × route matrix (issue 7 items 14-15, issue 8 items 7-8, issue 40 item 1). The routes come from the API's own
// routers: every route taking an application, organization or document id declares its access check
// (applicationRoute, applicationHistoryRoute, organizationRoute, documentRoute, applicationMoveRoute,
// applicationBulkRoute in api/services/application-access.ts) as an action and entity, and the test reads that
// declaration from the route registry (api/openapi/registry.ts); a route taking an id without one fails the test, named.
// The expected answer of every seed account × route × record is WRITTEN BY HAND in tests/fixtures/access.ts (role ×
// resource × kind of record, from DESIGN 5, the spec and the decision records) and tests/fixtures/status-moves.ts
// (status × move × role, from DESIGN 4-5): never computed by domain/permissions.ts, domain/access.ts or domain/workflow.ts,
// which this test checks. What each seed account is (its roles) and each record is (its organization, status, stage,
// who is assigned to it) is written here by hand too, from DESIGN 3 and the demo seed, and checked against the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { providerRoutes } from '../support/api-routes';
import type { RouteAccess } from '../../api/services/application-access';
import { applications, organizations, reviewAssignments } from '../../api/db/schema';
import { MSG } from '../../domain/messages';
import { startTestApi, type TestApi } from './harness';
import { postUpload } from './fixtures';
import {
  expectedOnApplication, expectedOnDocument, expectedOnList, expectedOnOrganization, moveRouteAnswer, overHttp, STAGE_OF_ROLE,
  type ApplicationResource, type DocumentKind, type DocumentResource, type ListResource, type OrganizationApplicationKind,
  type OrganizationKind, type OrganizationResource, type OrganizationRole, type Role, type Stage, type StateApplicationKind, type StateRole,
} from '../fixtures/access';
import { ASSIGNMENT_ACTIONS, STATE_MOVES, type Action as MoveAction } from '../fixtures/status-moves';

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
type Email = (typeof SEED_ACCOUNTS)[number];
type OrgName = 'lakeview' | 'summit' | 'oldmill';
type AssignmentStatus = 'PENDING' | 'IN_PROGRESS' | 'SUBMITTED';

/**
 * What each seed account is (DESIGN 3, by hand; checked against the profiles verify-otp answers): its role in each
 * organization it is an active member of, or its one state role. Olivia is Lakeview's admin and Summit's staff.
 */
const ACCOUNT_ROLES: Readonly<Record<Email, { organizations: Partial<Record<OrgName, OrganizationRole>> } | { state: StateRole }>> = {
  'org.admin@example.org': { organizations: { lakeview: 'Organization_Admin', summit: 'Organization_Staff' } },
  'org.staff@example.org': { organizations: { lakeview: 'Organization_Staff' } },
  'summit.admin@example.org': { organizations: { summit: 'Organization_Admin' } },
  'state.admin@example.gov': { state: 'State_Admin' },
  'state.reviewer@example.gov': { state: 'State_Reviewer' },
  'ctc.admin@example.gov': { state: 'CTC_Admin' },
  'ctc.reviewer@example.gov': { state: 'CTC_Reviewer' },
  'rsm.admin@example.gov': { state: 'RSM_Admin' },
  'rsm.reviewer@example.gov': { state: 'RSM_Reviewer' },
  'rsm.financial@example.gov': { state: 'RSM_Financial_Reviewer' },
};

interface Account { email: Email; token: string; userId: string }
/** A document the matrix is played against (`uploaderEmail` decides 'uploaded by me'). */
interface DocumentFixture { id: string; org: OrgName; organizationId: string; uploaderEmail: Email }
/**
 * An application the matrix is played against, described by hand: its organization, status (null: a deleted draft, its
 * history kept; or an unknown id), review stage (review rubric 1: GATING_REVIEW … PASSED_GATING is gating) and the seed
 * accounts assigned to review it, with their assignment's status (the demo seed's walk: each stage's reviewer is assigned
 * on entering it and has submitted once the stage is left). Checked against the database before the matrix runs.
 */
interface Fixture {
  label: string; id: string; org: OrgName; organizationId: string; status: string | null; exists: boolean; unknown?: boolean;
  stage: Stage | null; assigned: Partial<Record<Email, AssignmentStatus>>;
}

let api: TestApi;
const accounts: Account[] = [];
const orgIds: Record<OrgName, string> = { lakeview: '', summit: '', oldmill: '' };
let programId: string;
let areaName: string;
let budgetSectionId: string;
const fixtures: Fixture[] = [];
const documentFixtures: DocumentFixture[] = [];
const UNKNOWN_ORG = '00000000-0000-4000-8000-000000000000';
/** A question id no application has: the consensus route (PUT …/questions/{qid}/average-score) gets past its body with it. */
const UNKNOWN_QUESTION = '00000000-0000-4000-8000-00000000abcd';

const account = (email: Email) => accounts.find((a) => a.email === email)!;

async function createDraft(organizationId: string, adminEmail: Email): Promise<string> {
  const res = await api.call(`/api/v1/applications/create?organizationId=${organizationId}`, {
    token: account(adminEmail).token,
    body: { programId, projectLocation: areaName, technologyType: 'Fiber to the premises' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.applicationId;
}

/** POST documents/upload as `email`: a small PDF to the budget section of `organizationId`, with `extra` fields. */
const uploadAs = (email: Email, organizationId: string, extra: { applicationId?: string } = {}) =>
  postUpload(api, account(email).token, { organizationId, programId, sectionId: budgetSectionId, fileName: 'matrix.pdf', ...extra }, '%PDF-1.4 matrix');

async function uploadDocument(org: OrgName, uploaderEmail: Email): Promise<DocumentFixture> {
  const res = await uploadAs(uploaderEmail, orgIds[org]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.document.id, org, organizationId: orgIds[org], uploaderEmail };
}

/** A seeded application as described by hand; `status` is what the demo seed's walk left it in. */
const seeded = (label: string, id: string, org: OrgName, status: string, stage: Stage | null, assigned: Fixture['assigned'] = {}): Fixture =>
  ({ label, id, org, organizationId: orgIds[org], status, exists: true, stage, assigned });

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll(SEED_ACCOUNTS);
  accounts.push(...SEED_ACCOUNTS.map((email) => ({ email, token: signed.tokens[email], userId: signed.ids[email] })));
  for (const org of await api.database.db.select().from(organizations)) {
    if (org.legalName.startsWith('Lakeview')) orgIds.lakeview = org.id;
    if (org.legalName.startsWith('Summit')) orgIds.summit = org.id;
    if (org.legalName.startsWith('Old Mill')) orgIds.oldmill = org.id;
  }
  // The accounts are what ACCOUNT_ROLES says (the profile is data here, never an expectation).
  const nameOf = Object.fromEntries(Object.entries(orgIds).map(([name, id]) => [id, name]));
  for (const email of SEED_ACCOUNTS) {
    const profile = signed.profiles[email];
    const described = ACCOUNT_ROLES[email];
    if ('state' in described) expect(profile.roles.map((r: any) => r.name), email).toEqual([described.state]);
    else {
      const held = Object.fromEntries(profile.organizations.filter((o: any) => o.status === 'active').map((o: any) => [nameOf[o.id], o.role.name]));
      expect(held, email).toEqual(described.organizations);
    }
  }
  const admin = account('org.admin@example.org').token;
  programId = (await api.call('/api/v1/program/all', { token: admin })).body[0].id;
  areaName = (await api.call('/api/v1/project-area/all', { token: admin })).body[0].name;
  budgetSectionId = (await api.call('/api/v1/section/all', { token: admin })).body.find((s: any) => s.slug === 'budget').id;

  const deleted = await createDraft(orgIds.lakeview, 'org.admin@example.org');
  expect((await api.call(`/api/v1/applications/${deleted}/delete`, { method: 'DELETE', token: admin })).status).toBe(200);
  // The demo data seeds no revision (issue 9 item 24): one is made here, as the state side will.
  await api.database.db.update(applications).set({ status: 'REVISION_NEEDED' }).where(eq(applications.id, 'GA-LKV004'));
  fixtures.push(
    { label: 'Lakeview draft', id: await createDraft(orgIds.lakeview, 'org.admin@example.org'), org: 'lakeview', organizationId: orgIds.lakeview, status: 'DRAFT', exists: true, stage: null, assigned: {} },
    seeded('Lakeview submitted', 'GA-LKV002', 'lakeview', 'SUBMITTED', null),
    seeded('Lakeview in gating review (RSM reviewer assigned)', 'GA-LKV003', 'lakeview', 'GATING_REVIEW', 'GATING', { 'rsm.reviewer@example.gov': 'PENDING' }),
    seeded('Lakeview revision needed (gating reviewed)', 'GA-LKV004', 'lakeview', 'REVISION_NEEDED', null, { 'rsm.reviewer@example.gov': 'SUBMITTED' }),
    seeded('Lakeview cancelled', 'GA-LKV005', 'lakeview', 'CANCELLED', null),
    seeded('Summit draft', 'GA-SMT001', 'summit', 'DRAFT', null),
    seeded('Summit submitted', 'GA-SMT002', 'summit', 'SUBMITTED', null),
    seeded('Summit in technical review (CTC reviewer assigned)', 'GA-SMT003', 'summit', 'TECHNICAL_REVIEW', 'TECHNICAL',
      { 'rsm.reviewer@example.gov': 'SUBMITTED', 'ctc.reviewer@example.gov': 'PENDING' }),
    seeded('Summit in state review (State reviewer assigned)', 'GA-SMT004', 'summit', 'STATE_REVIEW', 'STATE',
      { 'rsm.reviewer@example.gov': 'SUBMITTED', 'ctc.reviewer@example.gov': 'SUBMITTED', 'state.reviewer@example.gov': 'PENDING' }),
    { label: 'Lakeview deleted draft', id: deleted, org: 'lakeview', organizationId: orgIds.lakeview, status: null, exists: false, stage: null, assigned: {} },
    { label: 'unknown id', id: 'GA-NOPE00', org: 'lakeview', organizationId: orgIds.lakeview, status: null, exists: false, unknown: true, stage: null, assigned: {} },
  );
  // The records are what the fixtures say: statuses and organizations, and every review assignment on them.
  const ids = fixtures.map((f) => f.id);
  const rows = await api.database.db.select().from(applications).where(inArray(applications.id, ids));
  for (const fixture of fixtures) {
    const row = rows.find((r) => r.id === fixture.id);
    expect(row ? [row.organizationId, row.status] : null, fixture.label).toEqual(fixture.exists ? [fixture.organizationId, fixture.status] : null);
  }
  expect(await assignmentsInDatabase(), 'the review assignments described on the fixtures').toEqual(assignmentLabels());
  documentFixtures.push(
    await uploadDocument('lakeview', 'org.admin@example.org'),
    await uploadDocument('lakeview', 'org.staff@example.org'),
    await uploadDocument('summit', 'summit.admin@example.org'),
  );
}, 180_000);
afterAll(async () => {
  await api?.close();
});

/** The review assignments on the fixtures as `id email status`, sorted: from the fixtures' labels… */
function assignmentLabels(): string[] {
  return fixtures.flatMap((f) => Object.entries(f.assigned).map(([email, status]) => `${f.id} ${email} ${status}`)).sort();
}
/** …and from the database. */
async function assignmentsInDatabase(): Promise<string[]> {
  const emailOf = new Map(accounts.map((a) => [a.userId, a.email]));
  const rows = await api.database.db.select().from(reviewAssignments).where(inArray(reviewAssignments.applicationId, fixtures.map((f) => f.id)));
  return rows.map((a) => `${a.applicationId} ${emailOf.get(a.reviewerId) ?? a.reviewerId} ${a.status}`).sort();
}

// --- Who the caller is for a record, and what kind of record it is to them (the fixture's columns) --------------------

/** The role through which the account meets records of `org`: its membership there, else its first role (an organization it is not a member of answers alike for all of them). */
function roleFor(who: Account, org: OrgName | null): Role {
  const described = ACCOUNT_ROLES[who.email];
  if ('state' in described) return described.state;
  return (org && described.organizations[org]) || Object.values(described.organizations)[0]!;
}
const isMember = (who: Account, org: OrgName | null) => {
  const described = ACCOUNT_ROLES[who.email];
  return !!org && 'organizations' in described && !!described.organizations[org];
};

function applicationKind(who: Account, fixture: Fixture): OrganizationApplicationKind | StateApplicationKind {
  const described = ACCOUNT_ROLES[who.email];
  if ('organizations' in described) {
    if (fixture.unknown) return 'unknown id';
    if (!isMember(who, fixture.org)) return "another organization's";
    if (!fixture.exists) return 'own deleted draft';
    return fixture.status === 'DRAFT' ? 'own draft' : fixture.status === 'CANCELLED' ? 'own cancelled' : 'own submitted';
  }
  if (fixture.unknown) return 'unknown id';
  if (!fixture.exists) return 'deleted draft';
  if (fixture.status === 'DRAFT') return 'draft';
  if (fixture.status === 'CANCELLED') return 'cancelled';
  if (fixture.assigned[who.email]) return 'assigned to me';
  if (!fixture.stage) return 'in no stage';
  return fixture.stage === STAGE_OF_ROLE[described.state] ? 'in my stage' : 'in another stage';
}

function organizationKind(who: Account, org: OrgName | 'unknown'): OrganizationKind {
  if (org === 'unknown') return 'unknown id';
  return isMember(who, org) ? 'mine' : 'another';
}

function documentKind(who: Account, org: OrgName | 'unknown', document: DocumentFixture | undefined): DocumentKind {
  if (org === 'unknown') return 'unknown organization';
  if (!isMember(who, org)) return 'another organization';
  if (!document) throw new Error(`No document of ${org} to play for ${who.email}`);
  return document.uploaderEmail === who.email ? 'mine, uploaded by me' : 'mine, uploaded by another member';
}

/** 409: the status machine refuses the move from this status (application-move routes). */
type Expected = 'allowed' | 403 | 404 | 409;

/** The fixture's resource for an application route's declaration. */
const applicationResource = (access: RouteAccess): ApplicationResource =>
  (access.scope === 'application-history' ? 'read application history' : `${access.action} ${access.entity}`) as ApplicationResource;

function urlFor(route: MatrixRoute, values: Record<string, string>): string {
  const path = `/api/v1${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'))}`;
  const { access } = route;
  return (access.scope === 'organization' || access.scope === 'document') && access.in === 'query' ? `${path}?${access.param}=${encodeURIComponent(values[access.param] ?? '')}` : path;
}

/** A body that passes the access check and is then refused on its content (400/409), so nothing changes. */
const PROBE_BODY = { answers: 'not a list' };
/**
 * Routes whose service refines the access check after the body is read: they get a body that passes validation and an
 * unknown target, so the refinement answers (the consensus value: the State_Admin's only, decision 038; the State_Admin
 * then gets 409, no fixture being in consensus), and nothing changes.
 */
const BODY_PAST_VALIDATION: Record<string, unknown> = {
  'PUT /review/applications/:id/questions/:qid/average-score': {},
};
const bodyFor = (route: MatrixRoute) => {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  const key = `${route.method} ${route.path}`;
  return key in BODY_PAST_VALIDATION ? BODY_PAST_VALIDATION[key] : PROBE_BODY;
};

/**
 * The GETs the UI reads as streamed downloads (streamApi: app/api/state-review-pdf.server.ts, review-exports.server.ts;
 * decisions 045, 046) are played the same way, through the transport's `stream`, on either transport.
 */
const STREAMED_DOWNLOADS = new Set(['GET /review/applications/:id/state-review-pdf', 'GET /review/applications/:id/documents/download']);

/** A cell that has not answered (its whole body) by then is a mismatch of its own, named, rather than the whole test's time-out. */
const CELL_LIMIT_MS = 30_000;

/** One cell's call: as the UI makes it (a streamed download read to its end), else `api.call`; status 0 when it never answers. */
async function play(route: MatrixRoute, url: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const call = async () => {
    if (!STREAMED_DOWNLOADS.has(`${route.method} ${route.path}`)) return api.call(url, { method: route.method, token, body });
    const answer = await api.transport.stream({ method: 'GET', path: url.slice('/api/v1'.length), headers: { Authorization: `Bearer ${token}` } });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(Buffer.from(chunk));
    const text = Buffer.concat(chunks).toString();
    let parsed: any = text;
    try { parsed = JSON.parse(text); } catch { /* a PDF or a ZIP */ }
    return { status: answer.status, body: parsed };
  };
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<{ status: number; body: any }>((resolve) => {
    timer = setTimeout(() => resolve({ status: 0, body: { message: `no (whole) answer within ${CELL_LIMIT_MS / 1000} s` } }), CELL_LIMIT_MS);
  });
  try {
    return await Promise.race([call(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

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
    expect(fixtures.map((f) => f.id)).toContain('GA-SMT004');
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

  it('answers every seed account on every application route as tests/fixtures/access.ts says', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const playCell = async (route: MatrixRoute, who: Account, fixture: Fixture) => {
      const role = roleFor(who, fixture.org);
      const kind = applicationKind(who, fixture);
      const expected = overHttp(route.method, role, expectedOnApplication(applicationResource(route.access), role, kind));
      seenOutcomes.add(expected);
      const values = { [route.access.param]: fixture.id, orgId: fixture.organizationId, sectionId: budgetSectionId, systemNo: '26', qid: UNKNOWN_QUESTION };
      const res = await play(route, urlFor(route, values), who.token, bodyFor(route));
      if (!matches(route, expected, res.status)) {
        mismatches.push(`${who.email} (${role}) ${route.method} ${route.path} on ${fixture.label} (${fixture.id}, ${kind}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
      }
      return res.status;
    };
    for (const route of routes.filter((r) => r.access.scope === 'application' || r.access.scope === 'application-history')) {
      if (route.access.action === 'read') {
        // Reads change nothing: one account's cells run together.
        for (const who of accounts) await Promise.all(fixtures.map((fixture) => playCell(route, who, fixture)));
        continue;
      }
      for (const who of accounts) {
        for (const fixture of fixtures) {
          const status = await playCell(route, who, fixture);
          // A draft an admin just deleted is replaced, so the next cells meet the same fixture.
          if (status < 300 && fixture.status === 'DRAFT') {
            fixture.id = await createDraft(fixture.organizationId, fixture.org === 'summit' ? 'summit.admin@example.org' : 'org.admin@example.org');
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 'allowed']);
  }, 240_000);

  it('answers every seed account on every status move route as the two fixtures say (access, then the machine)', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const moves = routes.filter((r) => r.access.scope === 'application-move');
    // Every workflow action of the state side has its route (spec 7), and no other route is a move.
    expect(moves.map((r) => (r.access as { move: string }).move).sort()).toEqual([...ASSIGNMENT_ACTIONS, ...STATE_MOVES].sort());
    // The probe body is refused by the status moves (400: their bodies take no other keys), so their cells change no
    // fixture and run together; an assignment action a reviewer may take can act once per fixture, and is met once.
    await Promise.all(accounts.map(async (who) => {
      for (const route of moves) {
        const move = (route.access as { move: MoveAction }).move;
        await Promise.all(fixtures.map(async (fixture) => {
          const role = roleFor(who, fixture.org);
          const kind = applicationKind(who, fixture);
          const assignment = fixture.assigned[who.email] ?? null;
          const expected = moveRouteAnswer('POST', role, kind, fixture.status, move, assignment);
          seenOutcomes.add(expected);
          const res = await api.call(urlFor(route, { [route.access.param]: fixture.id }), { method: route.method, token: who.token, body: PROBE_BODY });
          // A status move must refuse the probe (nothing moves); only mark-review-in-progress takes no body and acts.
          const mustRefuse = (STATE_MOVES as readonly string[]).includes(move) || move === 'assign-reviewers';
          if (!matches(route, expected, res.status) || (expected === 'allowed' && mustRefuse && res.status !== 400)) {
            mismatches.push(`${who.email} (${role}) ${route.method} ${route.path} on ${fixture.label} (${fixture.id}, ${fixture.status}, ${kind}, assignment ${assignment}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
          }
          // The reviewer's review has started (review rubric 1: PENDING → IN_PROGRESS).
          if (move === 'mark-review-in-progress' && res.status === 200) fixture.assigned[who.email] = 'IN_PROGRESS';
        }));
      }
    }));
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 409, 'allowed']);
  }, 240_000);

  it('answers every seed account on the bulk routes, and each row of the preview as the single move route would', async () => {
    const bulkRoutes = routes.filter((r) => r.access.scope === 'application-bulk');
    expect(bulkRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /review/applications/bulk', 'POST /review/applications/bulk']);
    // The assignments are what the fixtures now say (the reviewers' mark-review-in-progress cells above started their reviews).
    expect(await assignmentsInDatabase()).toEqual(assignmentLabels());
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const ids = fixtures.map((f) => f.id).join(',');
    await Promise.all(accounts.map(async (who) => {
      for (const route of bulkRoutes) {
        const gate: Expected = expectedOnList(route.method === 'GET' ? 'read bulk preview' : 'write bulk moves', roleFor(who, null));
        if (route.method !== 'GET') {
          // Past the gate the probe body is refused (400: a strict body), so nothing moves.
          const res = await api.call(urlFor(route, {}), { method: route.method, token: who.token, body: PROBE_BODY });
          if (!matches(route, gate, res.status)) mismatches.push(`${who.email} ${route.method} ${route.path}: expected ${gate}, got ${res.status} ${res.body?.message ?? ''}`);
          continue;
        }
        for (const move of [...ASSIGNMENT_ACTIONS, ...STATE_MOVES]) {
          const res = await api.call(`${urlFor(route, {})}?action=${move}&applicationIds=${encodeURIComponent(ids)}`, { token: who.token });
          if (gate !== 'allowed' || res.status !== 200) {
            if (res.status !== (gate === 'allowed' ? 200 : gate)) mismatches.push(`${who.email} ${route.method} ${route.path} ${move}: expected ${gate}, got ${res.status}`);
            continue;
          }
          // Each row answers as POST review/applications/{id}/{move} would (a read: no write refusal for the financial reviewer).
          fixtures.forEach((fixture, i) => {
            const role = roleFor(who, fixture.org);
            const expected = moveRouteAnswer('GET', role, applicationKind(who, fixture), fixture.status, move, fixture.assigned[who.email] ?? null);
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

  it('answers every seed account on every organization route as tests/fixtures/access.ts says', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const orgs: [OrgName | 'unknown', string][] = [...(Object.entries(orgIds) as [OrgName, string][]), ['unknown', UNKNOWN_ORG]];
    for (const route of routes.filter((r) => r.access.scope === 'organization')) {
      for (const who of accounts) {
        for (const [name, organizationId] of orgs) {
          const role = roleFor(who, name === 'unknown' ? null : name);
          const kind = organizationKind(who, name);
          const expected = overHttp(route.method, role, expectedOnOrganization(`${route.access.action} ${route.access.entity}` as OrganizationResource, role, kind));
          seenOutcomes.add(expected);
          const res = await api.call(urlFor(route, { [route.access.param]: organizationId }), { method: route.method, token: who.token, body: bodyFor(route) });
          if (!matches(route, expected, res.status)) mismatches.push(`${who.email} (${role}) ${route.method} ${route.path} on ${name} (${kind}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 'allowed']);
  }, 120_000);

  it('answers every seed account on every document route as tests/fixtures/access.ts says', async () => {
    const mismatches: string[] = [];
    const seenOutcomes = new Set<Expected>();
    const orgs: [OrgName | 'unknown', string][] = [...(Object.entries(orgIds) as [OrgName, string][]), ['unknown', UNKNOWN_ORG]];
    for (const route of routes.filter((r) => r.access.scope === 'document')) {
      for (const who of accounts) {
        for (const [name, organizationId] of orgs) {
          const docs = documentFixtures.filter((d) => d.organizationId === organizationId);
          for (const document of docs.length ? docs : [undefined]) {
            const role = roleFor(who, name === 'unknown' ? null : name);
            const kind = documentKind(who, name, document);
            const expected = overHttp(route.method, role, expectedOnDocument(`${route.access.action} document` as DocumentResource, role, kind));
            seenOutcomes.add(expected);
            const res = await api.call(urlFor(route, { organizationId, id: document?.id ?? UNKNOWN_ORG }), { method: route.method, token: who.token });
            if (!matches(route, expected, res.status)) {
              mismatches.push(`${who.email} (${role}) ${route.method} ${route.path} on ${name} (document by ${document?.uploaderEmail ?? 'none'}, ${kind}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`);
            }
            // A document just deleted is replaced by the same uploader, so the next cells meet the same fixture.
            if (res.status < 300 && route.method === 'DELETE' && document) {
              Object.assign(document, await uploadDocument(document.org, document.uploaderEmail));
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect([...seenOutcomes].sort()).toEqual([403, 404, 'allowed']);
  }, 120_000);

  it('checks an upload naming an application through the same service: the application must be one the caller sees, of that organization', async () => {
    const attach = async (email: Email, organizationId: string, applicationId: string) => (await uploadAs(email, organizationId, { applicationId })).status;
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

describe('lists not keyed by one record, as tests/fixtures/access.ts says', () => {
  const status = (expected: 'allowed' | 403, ok: number) => (expected === 'allowed' ? ok : 403);

  it('answers the unread message counts to the roles that read messages, and 403 to the others', async () => {
    for (const who of accounts) {
      const res = await api.call('/api/v1/messages/unread/count', { token: who.token });
      expect(res.status, who.email).toBe(status(expectedOnList('read unread message counts', roleFor(who, null)) as 'allowed' | 403, 200));
    }
  });

  it("answers the state's Users routes to the State_Admin, and 403 to the others", async () => {
    const target = account('state.reviewer@example.gov').userId;
    for (const who of accounts) {
      const role = roleFor(who, null);
      const read = expectedOnList('read state users', role) as 'allowed' | 403;
      const write = expectedOnList('write state users', role) as 'allowed' | 403;
      expect((await api.call('/api/v1/users/all-state-user', { token: who.token })).status, who.email).toBe(status(read, 200));
      // Past the check the probe body is refused (400), so nothing changes.
      for (const [method, path] of [['POST', '/api/v1/users/add-staff'], ['PUT', `/api/v1/users/${target}/toggle-status`], ['PATCH', `/api/v1/users/${target}`]] as const) {
        expect((await api.call(path, { method, token: who.token, body: PROBE_BODY })).status, `${who.email} ${method} ${path}`).toBe(status(write, 400));
      }
    }
  });

  it('answers the state dashboard counts to state roles, and 403 to organization users', async () => {
    for (const who of accounts) {
      const res = await api.call('/api/v1/review/applications/dashboard/count', { token: who.token });
      expect(res.status, who.email).toBe(status(expectedOnList('read state dashboard counts', roleFor(who, null)) as 'allowed' | 403, 200));
    }
  });

  it('answers the candidate dashboard and its XLSX to the State_Admin (decision 043), and 403 to the others', async () => {
    for (const who of accounts) {
      const expected = status(expectedOnList('read candidate dashboard', roleFor(who, null)) as 'allowed' | 403, 200);
      for (const path of ['/api/v1/review/applications/candidate-dashboard', '/api/v1/review/applications/candidate-dashboard/export?applicationId=GA-NONE']) {
        expect((await api.call(path, { token: who.token })).status, `${who.email} ${path}`).toBe(expected);
      }
    }
  });

  it('has a line for every list it plays', () => {
    const played: ListResource[] = ['read unread message counts', 'read state users', 'write state users', 'read state dashboard counts', 'read candidate dashboard', 'read bulk preview', 'write bulk moves'];
    for (const resource of played) for (const who of accounts) expect(['allowed', 403]).toContain(expectedOnList(resource, roleFor(who, null)));
  });
});

describe('history follows the application', () => {
  const history = (id: string, email: Email) => api.call(`/api/v1/logged-actions/${id}/application`, { token: account(email).token });

  it("hides a draft's history from every state role, the admins and the financial reviewer included", async () => {
    const draft = fixtures.find((f) => f.label === 'Lakeview draft')!;
    for (const email of SEED_ACCOUNTS.filter((e) => e.endsWith('.gov'))) {
      expect((await history(draft.id, email)).status, email).toBe(404);
    }
    expect((await history(draft.id, 'org.staff@example.org')).status).toBe(200);
    // Submitted: the admins and the financial reviewer read it; an unassigned reviewer does not.
    for (const email of ['ctc.admin@example.gov', 'rsm.financial@example.gov', 'state.admin@example.gov'] as const) {
      expect((await history('GA-LKV002', email)).status, email).toBe(200);
    }
    expect((await history('GA-LKV002', 'ctc.reviewer@example.gov')).status).toBe(404);
  });

  it("gives the state an organization's history without the entries of applications it may not see", async () => {
    const draft = fixtures.find((f) => f.label === 'Lakeview draft')!;
    const deleted = fixtures.find((f) => f.label === 'Lakeview deleted draft')!;
    const read = async (email: Email) =>
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
