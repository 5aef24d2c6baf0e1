// Every state move and assignment action from RESUBMITTED and REVISION_NEEDED, and from SUBMITTED, GATING_REVIEW,
// PASSED_GATING, PASSED_STATE, NOT_REMEDIATED and AWARDED (issue 40: a stage entry, a stage's own review with its
// assignment actions, the final decisions, a status that is not final, a final one), over the API
// (POST review/applications/{id}/{action}), answered as the hand-written fixture tests/fixtures/status-moves.ts says
// (DESIGN 4-5): 200 where it allows the move, 409 or 403 where it does not, and a refused move changes nothing.
// (The consensus statuses are left out: Passed Gating / Passed Technical also need a settled consensus there, review
// rubric 4, which tests/api/consensus-guards.test.ts plays; the machine's answer for them is tests/unit/status-moves.test.ts.)
// Played by the State_Admin (every answer is 200 or 409: the State_Admin takes every state move), the two vendor
// admins, an RSM reviewer assigned to the applications (PENDING), the read-only financial reviewer and the
// organization's admin (403 on every review route), each on fresh applications of this file's database.
// Issue 39 item 3: a resubmission goes to Gating Review only, never straight to Technical or State Review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { firstProgram, organizationNamed } from './fixtures';
import { applicationSections, applications, reviewAssignments, sections } from '../../api/db/schema';
import { ACTIONS, ASSIGNMENT_ACTIONS, STATE_MOVES, expectedMove, type Action, type Role } from '../fixtures/status-moves';

const PLAYERS: Record<string, Role> = {
  'state.admin@example.gov': 'State_Admin',
  'rsm.admin@example.gov': 'RSM_Admin',
  'ctc.admin@example.gov': 'CTC_Admin',
  'rsm.reviewer@example.gov': 'RSM_Reviewer',
  'rsm.financial@example.gov': 'RSM_Financial_Reviewer',
  'org.admin@example.org': 'Organization_Admin',
};
const EMAILS = Object.keys(PLAYERS);
const STATUSES = ['RESUBMITTED', 'REVISION_NEEDED', 'SUBMITTED', 'GATING_REVIEW', 'PASSED_GATING', 'PASSED_STATE', 'NOT_REMEDIATED', 'AWARDED'] as const;
type Status = (typeof STATUSES)[number];
/** The review routes: every state move, and the two assignment actions (the organization's own moves have routes of their own). */
const ROUTED: readonly Action[] = [...ASSIGNMENT_ACTIONS, ...STATE_MOVES];

/** Where an allowed move takes the application (DESIGN 4; the assignment actions move nothing: null). */
const TARGET: Partial<Record<Action, string | null>> = {
  'assign-reviewers': null,
  'mark-review-in-progress': null,
  'mark-as-gating-review': 'GATING_REVIEW',
  'mark-as-gating-awaiting-consensus': 'GATING_AWAITING_STATE_CONSENSUS',
  'mark-as-technical-review': 'TECHNICAL_REVIEW',
  'mark-as-in-negotiation': 'IN_NEGOTIATION',
  'mark-as-awarded': 'AWARDED',
  'mark-as-revision-needed': 'REVISION_NEEDED',
  'mark-as-not-remediated': 'NOT_REMEDIATED',
  'mark-as-rejected': 'REJECTED',
  'withdraw': 'WITHDRAWN',
};
/** change-status goes to the status its body names: back to SUBMITTED, or from SUBMITTED to WITHDRAWN (never the current one). */
const changeStatusTarget = (status: Status) => (status === 'SUBMITTED' ? 'WITHDRAWN' : 'SUBMITTED');
const targetOf = (action: Action, status: Status) => (action === 'change-status' ? changeStatusTarget(status) : TARGET[action]);

let api: TestApi;
let tokens: Record<string, string>;
let ids: Record<string, string>;
let budgetSection: string;
/** The application each player plays in each status: GA-SM{status}{player}. */
const appOf = (status: Status, email: string) => `GA-SM${STATUSES.indexOf(status)}${String(EMAILS.indexOf(email)).padStart(3, '0')}`;

const statusOf = async (id: string) =>
  (await api.database.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]?.s;

/** A body that gives the action what it needs, so that only the machine can refuse it. */
function bodyFor(action: Action, status: Status): Record<string, unknown> {
  switch (action) {
    case 'assign-reviewers': return { reviewerIds: [ids['rsm.reviewer@example.gov']] };
    case 'mark-review-in-progress': return {};
    case 'mark-as-rejected': return { reasonId: 9, comments: 'Fixture: not recommended for funding.' };
    case 'mark-as-revision-needed': return { sectionIds: [budgetSection], comments: 'Fixture: please revise the budget.' };
    case 'change-status': return { status: changeStatusTarget(status), comments: 'Fixture: assigned a status.' };
    default: return { comments: `Fixture: ${action}.` };
  }
}

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  ({ tokens, ids } = await api.signInAll(EMAILS));
  const db = api.database.db;
  const program = await firstProgram(db);
  const lakeview = await organizationNamed(db, 'Lakeview');
  const programSections = await db.select().from(sections).where(eq(sections.programId, program.id)).orderBy(asc(sections.displayOrder));
  budgetSection = programSections.find((s) => s.slug === 'budget')!.id;
  const rows = STATUSES.flatMap((status) => EMAILS.map((email) => ({ id: appOf(status, email), status })));
  await db.insert(applications).values(rows.map((r) => ({ id: r.id, programId: program.id, organizationId: lakeview.id, status: r.status, submittedAt: new Date() })));
  await db.insert(applicationSections).values(rows.flatMap((r) => programSections.map((s) => ({ applicationId: r.id, sectionId: s.id }))));
  // The RSM reviewer holds a PENDING assignment on each, so the machine (not visibility: 404) answers them.
  await db.insert(reviewAssignments).values(rows.map((r) => ({ applicationId: r.id, reviewerId: ids['rsm.reviewer@example.gov']!, reviewerType: 'RSM_REVIEWER', status: 'PENDING' })));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('every move from these statuses, as the hand-written fixture says', () => {
  for (const status of STATUSES) {
    for (const email of EMAILS) {
      const role = PLAYERS[email]!;
      it(`${role} from ${status}`, async () => {
        const id = appOf(status, email);
        const post = (action: Action) => api.call(`/api/v1/review/applications/${id}/${action}`, { token: tokens[email], body: bodyFor(action, status) });
        const want = (action: Action) => expectedMove(status, action, role, role === 'RSM_Reviewer' ? 'PENDING' : null);
        const mismatches: string[] = [];

        // Each refusal alone, and the status checked after it: a refused move changes nothing.
        for (const action of ROUTED.filter((a) => want(a) !== 'allowed')) {
          const res = await post(action);
          if (res.status !== want(action)) mismatches.push(`${action}: expected ${want(action)}, got ${res.status} ${res.body?.message}`);
          else if (!res.body?.message) mismatches.push(`${action}: ${res.status} without a message`);
          const after = await statusOf(id);
          if (after !== status) {
            mismatches.push(`${action}: changed the status ${status} → ${after}`);
            await api.database.db.update(applications).set({ status }).where(eq(applications.id, id));
          }
        }

        // Each allowed move alone, to where DESIGN 4 takes it (an assignment action: nowhere); the row is put back after it.
        for (const action of ROUTED.filter((a) => want(a) === 'allowed')) {
          const res = await post(action);
          const target = targetOf(action, status) ?? status;
          if (res.status !== 200) mismatches.push(`${action}: expected 200, got ${res.status} ${res.body?.message}`);
          else if (res.body.status !== undefined && res.body.status !== target) mismatches.push(`${action}: answered ${res.body.status}, expected ${target}`);
          else if ((await statusOf(id)) !== target) mismatches.push(`${action}: moved to ${await statusOf(id)}, expected ${target}`);
          await api.database.db.update(applications).set({ status }).where(eq(applications.id, id));
          await api.database.db.update(applicationSections).set({ unlocked: false }).where(eq(applicationSections.applicationId, id));
          // The RSM reviewer's own review back to PENDING (mark-review-in-progress started it).
          await api.database.db.update(reviewAssignments).set({ status: 'PENDING' }).where(eq(reviewAssignments.applicationId, id));
        }
        // The review screen's menu (the payload's allowedActions) offers exactly the fixture's allowed actions.
        if (role !== 'Organization_Admin') {
          const screen = await api.call(`/api/v1/review/applications/${id}`, { token: tokens[email] });
          const offered = screen.status === 200 ? [...screen.body.allowedActions].sort() : `${screen.status}`;
          const wanted = ACTIONS.filter((a) => want(a) === 'allowed').sort();
          if (JSON.stringify(offered) !== JSON.stringify(wanted)) mismatches.push(`the review screen offers ${JSON.stringify(offered)}, the fixture ${JSON.stringify(wanted)}`);
        }
        expect(mismatches).toEqual([]);
        expect(await statusOf(id)).toBe(status);
      });
    }
  }

  it('takes a resubmission into gating review only: technical and state review answer 409 and it stays Resubmitted', async () => {
    // The reproduction of issue 39 item 3, spelled out.
    const id = appOf('RESUBMITTED', 'state.admin@example.gov');
    const admin = tokens['state.admin@example.gov'];
    for (const action of ['mark-as-technical-review', 'mark-as-state-review']) {
      const res = await api.call(`/api/v1/review/applications/${id}/${action}`, { token: admin, body: { comments: 'Skip ahead.' } });
      expect([action, res.status]).toEqual([action, 409]);
      expect(await statusOf(id)).toBe('RESUBMITTED');
    }
    const ctc = await api.call(`/api/v1/review/applications/${appOf('RESUBMITTED', 'ctc.admin@example.gov')}/mark-as-technical-review`, { token: tokens['ctc.admin@example.gov'], body: {} });
    expect(ctc.status).toBe(409);
    const gating = await api.call(`/api/v1/review/applications/${id}/mark-as-gating-review`, { token: admin, body: { comments: 'Revised: gating again.' } });
    expect([gating.status, gating.body.status]).toEqual([200, 'GATING_REVIEW']);
  });
});
