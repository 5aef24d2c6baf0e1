// What the history shows to whom (issue 39 item 2, decision 092), through the API on both engines, against the
// hand-written fixture tests/fixtures/history-sight.ts (role × entry → shown / left out). Every expected answer comes
// from that file or from the seed's own rows counted in SQL, never from domain/permissions.ts, domain/review-sight.ts
// or domain/history-sight.ts.
// - Each fixture entry is written into GA-LKV011's history (Lakeview's; the three seed reviewers are assigned to it)
//   and read back by each seed account: the application's history, the organization's and the whole history (for the
//   roles that read those), page by page, the totals equal to the rows shown.
// - What a shown entry carries: a status move's comments, the state user's name ("State office" for the organization).
// - The filter choices: the actions and people the caller may see.
// - The findings of issue 39: Lakeview's staff read a reviewer's FAIL mark and its private comment in GA-LKV003's
//   history; the seed's organization users saw hundreds of review entries; rsm.reviewer read ctc.reviewer's technical
//   scores in GA-SMT009's history, and ctc.reviewer RSM's gating marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApi } from './harness';
import { organizationNamed, stageMarks, startReviewApi, type QuestionMap } from './fixtures';
import { loggedActions } from '../../api/db/schema';
import { HISTORY_ACTIONS } from '../../domain/history';
import { ACCOUNT, FILTER_ACTIONS_LEFT_OUT, HISTORY, HISTORY_DETAILS, OTHER_RSM_REVIEWER, ROLES, STATE_OFFICE, type Role } from '../fixtures/history-sight';

const APP = 'GA-LKV011';
const EMAILS = [...Object.values(ACCOUNT), OTHER_RSM_REVIEWER];
/** DESIGN 5 and decision 031: the whole history (and the organization's) is read by the State_Admin, the RSM_Admin and the organization's members. */
const HISTORY_READERS: readonly Role[] = ['Organization_Admin', 'Organization_Staff', 'State_Admin', 'RSM_Admin'];
const ORGANIZATION_ROLES: readonly Role[] = ['Organization_Admin', 'Organization_Staff'];
/** The state side's people, as the seed and this file name them: an organization user reads none of them. */
const STATE_NAMES = ['Stella', 'Rita', 'Gating', 'Ravi', 'Gatekeeper', 'Carla', 'Chris', 'Engineer', 'Steve', 'Fiona', 'Ledger', 'Otto', '@example.gov'];
const REVIEW_ENTRY = /^(REVIEW_|REVIEWERS_|RUBRIC_)/;

let api: TestApi;
let tokens: Record<string, string>;
let ids: Record<string, string>;
let q: QuestionMap;
let lakeviewId: string;

const note = (name: string) => `Fixture note: ${name}.`;
const token = (role: Role) => tokens[ACCOUNT[role]]!;

/** Every page of a history (200 a page), checking that the totals are the rows shown. */
async function readAll(who: string, path: string): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const res = await api.call(`/api/v1${path}${path.includes('?') ? '&' : '?'}limit=200&page=${page}`, { token: who });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    rows.push(...res.body.loggedActions);
    if (page >= res.body.totalPages) {
      expect(res.body.totalRecords, `${path}: the total is the rows shown`).toBe(rows.length);
      return rows;
    }
  }
}

const fixtureNames = (rows: any[]) => rows.filter((r) => r.applicationId === APP && r.details?.fixture).map((r) => r.details.fixture as string).sort();
const expectedNames = (role: Role) => HISTORY.filter((h) => h.seen[role] === 'shown').map((h) => h.name).sort();

/** Whether the fixture shows `role` the entries of `action` (an organization user's cells never hang on a stage or an author). */
function fixtureShows(role: Role, action: string): boolean {
  const cells = new Set(HISTORY.filter((h) => h.entry.action === action).map((h) => h.seen[role]));
  if (cells.size !== 1) throw new Error(`tests/fixtures/history-sight.ts does not say once what ${role} sees of ${action}`);
  return cells.has('shown');
}

/** The history's entries of `where` counted in SQL by action, and how many of them the fixture shows `role`. */
async function shownCount(role: Role, where: ReturnType<typeof sql>): Promise<{ shown: number; all: number }> {
  const rows = (await api.database.db.execute(sql`select action, count(*)::int as n from logged_actions where ${where} group by action`)) as unknown as
    { rows: { action: string; n: number }[] };
  let shown = 0;
  let all = 0;
  for (const { action, n } of rows.rows) {
    all += Number(n);
    if (fixtureShows(role, action)) shown += Number(n);
  }
  return { shown, all };
}

beforeAll(async () => {
  const started = await startReviewApi(EMAILS, [{ email: OTHER_RSM_REVIEWER, firstName: 'Otto', lastName: 'Other', role: 'RSM_Reviewer' }]);
  ({ api, tokens, ids, q } = started);
  const lakeview = await organizationNamed(api.database.db, 'Lakeview');
  lakeviewId = lakeview.id;
  // The fixture's entries, one each, as the portal writes them (details.stage on a review entry, details.reviewerId on
  // an unlock of a review), a second apart, before the seed's newest.
  const start = Date.UTC(2021, 0, 4, 15);
  await api.database.db.insert(loggedActions).values(HISTORY.map(({ name, entry }, i) => ({
    action: entry.action,
    entity: 'fixture',
    userId: ids[entry.by]!,
    applicationId: APP,
    organizationId: lakeview.id,
    fromStatus: entry.toStatus ? 'SUBMITTED' : null,
    toStatus: entry.toStatus ?? null,
    comments: note(name),
    details: { fixture: name, ...(entry.stage ? { stage: entry.stage } : {}), ...(entry.reviewOf ? { reviewerId: ids[entry.reviewOf]! } : {}) },
    createdAt: new Date(start + i * 1000),
  })));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('an application\'s history, as each role reads it', () => {
  it('shows each role the entries the fixture shows it, and no other; the totals are the rows shown', async () => {
    for (const role of ROLES) {
      const rows = await readAll(token(role), `/logged-actions/${APP}/application`);
      expect(fixtureNames(rows), role).toEqual(expectedNames(role));
    }
  });

  it('the organization\'s history and the whole history show the same entries to the roles reading them', async () => {
    for (const role of HISTORY_READERS) {
      const whole = await readAll(token(role), `/logged-actions?applicationId=${APP}`);
      expect(fixtureNames(whole), `${role}: whole history`).toEqual(expectedNames(role));
      const organization = await readAll(token(role), `/logged-actions/organization/${lakeviewId}`);
      expect(fixtureNames(organization), `${role}: organization history`).toEqual(expectedNames(role));
    }
  });

  it('a status move carries its internal comments and its author\'s name to the state side only; the applicant\'s comments to all', async () => {
    const seenComment = (rows: any[], name: string) => rows.find((r) => r.details?.fixture === name)?.comments;
    for (const role of ROLES) {
      const rows = await readAll(token(role), `/logged-actions/${APP}/application`);
      const internal = 'status move into gating review';
      const applicant = 'status move into revision needed';
      expect(seenComment(rows, internal), `${role}: ${internal}`).toBe(HISTORY_DETAILS.internalMoveComments[role] === 'shown' ? note(internal) : null);
      expect(seenComment(rows, applicant), `${role}: ${applicant}`).toBe(HISTORY_DETAILS.applicantMoveComments[role] === 'shown' ? note(applicant) : null);
      expect(seenComment(rows, 'section unlocked'), role).toBe(HISTORY_DETAILS.unlockAnswers[role] === 'shown' ? note('section unlocked') : null);
      const move = rows.find((r) => r.details?.fixture === internal);
      const byRsm = rows.find((r) => r.details?.fixture === 'status move by the RSM admin');
      if (HISTORY_DETAILS.stateUserName[role] === 'shown') {
        expect(move.user, role).toMatchObject({ firstName: 'Stella', email: 'state.admin@example.gov' });
        expect(byRsm.user, role).toMatchObject({ firstName: 'Rita', email: 'rsm.admin@example.gov' });
        expect(move.userId, role).toBe(ids['state.admin@example.gov']);
      } else {
        for (const entry of [move, byRsm]) {
          expect(entry.user, role).toEqual({ firstName: STATE_OFFICE, lastName: null, email: null });
          expect(entry.userId, role).toBeNull();
        }
        // Nothing of the state's people anywhere in what the organization reads; its own people stay named.
        const text = JSON.stringify(rows);
        for (const name of STATE_NAMES) expect(text, `${role} reads ${name}`).not.toContain(name);
        expect(rows.find((r) => r.details?.fixture === 'document uploaded').user, role).toMatchObject({ firstName: 'Oscar' });
      }
    }
  });
});

describe('the history\'s filter choices', () => {
  it('offer the actions the caller may see and the people whose entries they may see', async () => {
    for (const role of HISTORY_READERS) {
      const query = ORGANIZATION_ROLES.includes(role) ? `?organizationId=${lakeviewId}` : '';
      const res = await api.call(`/api/v1/logged-actions/filters${query}`, { token: token(role) });
      expect(res.status).toBe(200);
      const leftOut = FILTER_ACTIONS_LEFT_OUT[role]!;
      expect(res.body.actions, role).toEqual(HISTORY_ACTIONS.filter((a) => !leftOut.includes(a)));
      const people = (res.body.users as { email: string }[]).map((u) => u.email);
      if (ORGANIZATION_ROLES.includes(role)) {
        expect(people, role).toContain('org.admin@example.org');
        expect(people.filter((e) => e.endsWith('@example.gov')), role).toEqual([]);
      }
    }
    // ctc.reviewer and state.reviewer wrote only their stages' reviews (seed and fixture): the RSM admin, who sees the
    // gating stage whole and no other, is offered rsm.reviewer and not them; the State_Admin all three.
    const rsm = ((await api.call('/api/v1/logged-actions/filters', { token: token('RSM_Admin') })).body.users as { email: string }[]).map((u) => u.email);
    expect(rsm).toContain('rsm.reviewer@example.gov');
    expect(rsm).not.toContain('ctc.reviewer@example.gov');
    expect(rsm).not.toContain('state.reviewer@example.gov');
    const state = ((await api.call('/api/v1/logged-actions/filters', { token: token('State_Admin') })).body.users as { email: string }[]).map((u) => u.email);
    for (const reviewer of ['rsm.reviewer@example.gov', 'ctc.reviewer@example.gov', 'state.reviewer@example.gov']) expect(state).toContain(reviewer);
  });
});

describe('the findings of issue 39, item 2', () => {
  it('Lakeview\'s staff read no review entry, mark, comment or reviewer name in GA-LKV003\'s history', async () => {
    const PRIVATE = 'Private to the reviewers: the 2023 audit letter is unsigned.';
    const rsm = tokens['rsm.reviewer@example.gov']!;
    const declared = await api.call('/api/v1/review/applications/GA-LKV003/conflict-of-interest', { token: rsm, body: { conflict: false } });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    const sectionId = q['40']!.sectionId;
    const marks = stageMarks(q, 'GATING', sectionId, (n) => (n === '40' ? { passFail: 'FAIL', comment: PRIVATE } : { passFail: 'PASS' }));
    const saved = await api.call(`/api/v1/review/applications/GA-LKV003/sections/${sectionId}/marks`, { token: rsm, body: { marks }, method: 'PUT' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The State_Admin reads the mark and its comment: the entries are there.
    const stateRows = await readAll(token('State_Admin'), '/logged-actions/GA-LKV003/application');
    expect(JSON.stringify(stateRows)).toContain(PRIVATE);
    expect(stateRows.map((r) => r.action)).toEqual(expect.arrayContaining(['REVIEW_MARKS_SAVED', 'REVIEW_CONFLICT_DECLARED', 'REVIEWERS_ASSIGNED']));

    for (const role of ORGANIZATION_ROLES) {
      const rows = await readAll(token(role), '/logged-actions/GA-LKV003/application');
      expect(rows.filter((r) => REVIEW_ENTRY.test(r.action)).map((r) => r.action), role).toEqual([]);
      const text = JSON.stringify(rows);
      expect(text, role).not.toContain(PRIVATE);
      for (const name of STATE_NAMES) expect(text, `${role} reads ${name}`).not.toContain(name);
      // The move into gating review stays, its internal comment and its author's name do not.
      expect(rows.find((r) => r.action === 'STATUS_CHANGED'), role).toMatchObject({
        fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW', comments: null, user: { firstName: STATE_OFFICE },
      });
      const { shown, all } = await shownCount(role, sql`application_id = 'GA-LKV003'`);
      expect(rows.length, role).toBe(shown);
      expect(shown, 'some of GA-LKV003\'s entries are left out').toBeLessThan(all);
    }
  });

  it('the organization\'s history and the whole history hold no review entry for its members, and count what the fixture shows', async () => {
    for (const role of ORGANIZATION_ROLES) {
      const counted = await shownCount(role, sql`organization_id = ${lakeviewId}`);
      for (const path of [`/logged-actions/organization/${lakeviewId}`, `/logged-actions?organizationId=${lakeviewId}`]) {
        const rows = await readAll(token(role), path);
        expect(rows.filter((r) => REVIEW_ENTRY.test(r.action)).length, `${role} ${path}`).toBe(0);
        expect(rows.length, `${role} ${path}`).toBe(counted.shown);
      }
      // The seed's review entries of Lakeview's applications are many; none reach its members.
      expect(counted.all - counted.shown).toBeGreaterThan(100);
    }
  });

  it('rsm.reviewer reads no technical score of GA-SMT009 and ctc.reviewer no gating mark: each their own review only', async () => {
    const whole = await readAll(token('State_Admin'), '/logged-actions/GA-SMT009/application');
    const stagesOf = (rows: any[]) => new Set(rows.filter((r) => REVIEW_ENTRY.test(r.action)).map((r) => r.details?.stage));
    expect(stagesOf(whole)).toEqual(new Set(['GATING', 'TECHNICAL']));
    for (const [email, own, other] of [
      ['rsm.reviewer@example.gov', 'GATING', 'TECHNICAL'],
      ['ctc.reviewer@example.gov', 'TECHNICAL', 'GATING'],
    ] as const) {
      const rows = await readAll(tokens[email]!, '/logged-actions/GA-SMT009/application');
      const reviews = rows.filter((r) => REVIEW_ENTRY.test(r.action));
      // Their own marks, sections and decision of their stage: every one theirs, none of the other stage.
      expect(reviews.map((r) => r.action), email).toEqual(expect.arrayContaining(['REVIEW_MARKS_SAVED', 'REVIEW_DECISION_SUBMITTED']));
      expect(reviews.filter((r) => r.userId !== ids[email]), email).toEqual([]);
      expect(stagesOf(rows), email).toEqual(new Set([own]));
      expect(rows.filter((r) => r.details?.stage === other), email).toEqual([]);
      // No assignment and no consensus (the stage's management).
      expect(rows.filter((r) => ['REVIEWERS_ASSIGNED', 'REVIEW_CONSENSUS_SET'].includes(r.action)), email).toEqual([]);
      // The other reviewer's marks as the State_Admin reads them are nowhere in this reviewer's history.
      const theirs = whole.filter((r) => r.action === 'REVIEW_MARKS_SAVED' && r.details.stage === other).map((r) => r.id);
      expect(theirs.length).toBeGreaterThan(0);
      expect(rows.filter((r) => theirs.includes(r.id)), email).toEqual([]);
    }
  });
});

describe('the seed\'s history entries are all in the fixture', () => {
  it('names every action the seed wrote (so the counts above say something about each)', async () => {
    const actions = (await api.database.db.selectDistinct({ action: loggedActions.action }).from(loggedActions)).map((r) => r.action);
    expect(actions.length).toBeGreaterThan(10);
    for (const action of actions) for (const role of ORGANIZATION_ROLES) expect(() => fixtureShows(role, action), action).not.toThrow();
  });
});
