// Edit conflicts (issue 43 part 1, docs/decisions/099): every view of the four edited things (an application section's
// answers, the Entity Profile, a reviewer's marks of a section, the rubric sheet) carries its version; a save naming a
// stale version answers 409 with the current values, who saved them and when, and saves nothing; two sessions saving
// from the same version at once: exactly one wins; a save without a version works as before. Played on applications
// made here (GA-EC…).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApi } from './harness';
import { addApplications, gatingMarks, startReviewApi, type QuestionMap } from './fixtures';
import { answers, reviewAssignments, reviewMarks, rubricScores } from '../../api/db/schema';

let api: TestApi;
let tokens: Record<string, string>;
let ids: Record<string, string>;
let q: QuestionMap;
let summitId = '';

const ACCOUNTS = ['state.admin@example.gov', 'rsm.reviewer@example.gov', 'summit.admin@example.org', 'org.admin@example.org'] as const;
const DRAFT = 'GA-EC0001';
const GATING = 'GA-EC0002';
const SCORED = 'GA-EC0003';
const STALE_MESSAGE = 'Someone saved this while you were editing. Nothing was saved: choose which answers to keep.';

/** Two sessions of one person (two tabs, two browsers): `a` and `b`. */
const sessions: Record<string, { a: string; b: string }> = {};

const call = (token: string, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token, body, method: method ?? (body === undefined ? 'GET' : 'POST') });

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS);
  ({ api, tokens, ids, q } = started);
  summitId = started.profiles['summit.admin@example.org'].organizations.find((o: any) => String(o.name).startsWith('Summit')).id;
  await addApplications(api.database.db, started.program.id, { [DRAFT]: 'DRAFT', [GATING]: 'GATING_REVIEW', [SCORED]: 'STATE_REVIEW' });
  await api.database.db.insert(reviewAssignments).values({ applicationId: GATING, reviewerId: ids['rsm.reviewer@example.gov']!, reviewerType: 'RSM_REVIEWER', status: 'PENDING' });
  for (const email of ACCOUNTS) sessions[email] = { a: tokens[email]!, b: (await api.signIn(email)).token };
  const declared = await call(tokens['rsm.reviewer@example.gov']!, `/review/applications/${GATING}/conflict-of-interest`, { conflict: false });
  expect(declared.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

/** Both saves at once from the same version: exactly one 200 and one 409 (in either order). */
async function race(save: (token: string, value: string) => Promise<{ status: number; body: any }>, tokensOf: { a: string; b: string }) {
  const [one, two] = await Promise.all([save(tokensOf.a, 'from tab A'), save(tokensOf.b, 'from tab B')]);
  expect([one.status, two.status].sort()).toEqual([200, 409]);
  return { winner: one.status === 200 ? 'from tab A' : 'from tab B', loser: one.status === 409 ? one : two };
}

describe('an application section', () => {
  const labor = () => q['62']!.sectionId;
  const view = (token: string) => call(token, `/applications/${DRAFT}/sections/${labor()}`);
  const save = (token: string, body: Record<string, unknown>) => call(token, `/applications/${DRAFT}/sections/${labor()}/answers`, body);
  const stored = async () => {
    const rows = await api.database.db.select().from(answers).where(eq(answers.applicationId, DRAFT));
    return Object.fromEntries(rows.map((r) => [r.questionId, r.value]));
  };
  const s = () => sessions['org.admin@example.org']!;

  it('carries a version that changes with a saved change and not without one', async () => {
    const first = await view(s().a);
    expect(first.status).toBe(200);
    expect(first.body.section.version).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    const same = await save(s().a, { answers: [{ questionId: q['62']!.id, value: null }], version: first.body.section.version });
    expect(same.status).toBe(200);
    expect(same.body.section.version).toBe(first.body.section.version);
    const changed = await save(s().a, { answers: [{ questionId: q['62']!.id, value: 'Our plan' }], version: first.body.section.version });
    expect(changed.status).toBe(200);
    expect(changed.body.section.version).not.toBe(first.body.section.version);
    expect((await view(s().b)).body.section.version).toBe(changed.body.section.version);
  });

  it('refuses a stale save with 409, the current answers, who saved and when, and saves nothing', async () => {
    const start = (await view(s().a)).body.section.version;
    const before = Date.now();
    const won = await save(s().a, { answers: [{ questionId: q['62']!.id, value: 'Tab A plan' }, { questionId: q['61']!.id, value: 'Contracted' }], version: start });
    expect(won.status).toBe(200);
    const lost = await save(s().b, { answers: [{ questionId: q['62']!.id, value: 'Tab B plan' }], version: start });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(STALE_MESSAGE);
    expect(lost.body.code).toBe('EDIT_CONFLICT');
    expect(lost.body.version).toBe(won.body.section.version);
    expect(lost.body.answers).toEqual({ [q['62']!.id]: 'Tab A plan', [q['61']!.id]: 'Contracted' });
    expect(lost.body.savedBy).toEqual({ id: ids['org.admin@example.org'], name: 'Olivia Admin' });
    expect(new Date(lost.body.savedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(lost.body.savedAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await stored())[q['62']!.id]).toBe('Tab A plan');
    // The chosen answers saved with the version the 409 gave.
    const again = await save(s().b, { answers: [{ questionId: q['62']!.id, value: 'Tab B plan' }], version: lost.body.version });
    expect(again.status).toBe(200);
    expect((await stored())[q['62']!.id]).toBe('Tab B plan');
  });

  it('lets exactly one of two saves from the same version win', async () => {
    const start = (await view(s().a)).body.section.version;
    const { winner, loser } = await race((token, value) => save(token, { answers: [{ questionId: q['62']!.id, value }], version: start }), s());
    expect(loser.body.answers[q['62']!.id]).toBe(winner);
    expect((await stored())[q['62']!.id]).toBe(winner);
  });

  it('saves without a version as before (last save wins)', async () => {
    const a = await save(s().a, { answers: [{ questionId: q['62']!.id, value: 'old client A' }] });
    const b = await save(s().b, { answers: [{ questionId: q['62']!.id, value: 'old client B' }] });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await stored())[q['62']!.id]).toBe('old client B');
  });
});

describe('the Entity Profile', () => {
  const s = () => sessions['summit.admin@example.org']!;
  const orgId = () => summitId;
  const view = (token: string) => call(token, `/organization/${orgId()}/profile`);
  const save = (token: string, body: Record<string, unknown>) => call(token, `/organization/${orgId()}/profile`, body);
  const dba = () => q['2']!.id;

  it('carries a version; a stale save is 409 with the current answers and Sam Summit as the saver', async () => {
    const start = (await view(s().a)).body.version;
    expect(start).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    const won = await save(s().a, { answers: [{ questionId: dba(), value: 'Summit DBA one' }], version: start });
    expect(won.status).toBe(200);
    expect(won.body.version).not.toBe(start);
    const lost = await save(s().b, { answers: [{ questionId: dba(), value: 'Summit DBA two' }], version: start });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(STALE_MESSAGE);
    expect(lost.body.answers[dba()]).toBe('Summit DBA one');
    expect(lost.body.savedBy.name).toBe('Sam Summit');
    expect(lost.body.version).toBe(won.body.version);
    expect((await view(s().a)).body.questions.find((x: any) => x.id === dba()).answer).toBe('Summit DBA one');
  });

  it('lets exactly one of two saves from the same version win; a version-less save still works', async () => {
    const start = (await view(s().a)).body.version;
    const { winner } = await race((token, value) => save(token, { answers: [{ questionId: dba(), value }], version: start }), s());
    expect((await view(s().a)).body.questions.find((x: any) => x.id === dba()).answer).toBe(winner);
    const old = await save(s().b, { answers: [{ questionId: dba(), value: 'no version' }] });
    expect(old.status).toBe(200);
    expect((await view(s().a)).body.questions.find((x: any) => x.id === dba()).answer).toBe('no version');
  });
});

describe("a reviewer's marks of a section", () => {
  const s = () => sessions['rsm.reviewer@example.gov']!;
  const section = () => q['40']!.sectionId;
  const versionOf = async (token: string) => (await call(token, `/review/applications/${GATING}`)).body.myReview.markVersions[section()];
  const save = (token: string, comment: string, version?: string) =>
    call(token, `/review/applications/${GATING}/sections/${section()}/marks`, { marks: gatingMarks(q, section(), () => ({ passFail: 'PASS', comment })), ...(version ? { version } : {}) }, 'PUT');
  const comments = async () =>
    (await api.database.db.select().from(reviewMarks).where(and(eq(reviewMarks.applicationId, GATING), eq(reviewMarks.questionId, q['40']!.id)))).map((m) => m.comment);

  it('carries a version per section; a stale save is 409 with the current marks', async () => {
    const start = await versionOf(s().a);
    expect(start).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    const won = await save(s().a, 'first look', start);
    expect(won.status).toBe(200);
    expect(won.body.version).not.toBe(start);
    expect(await versionOf(s().b)).toBe(won.body.version);
    const lost = await save(s().b, 'second look', start);
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(STALE_MESSAGE);
    expect(lost.body.answers[q['40']!.id]).toEqual({ passFail: 'PASS', score: null, comment: 'first look' });
    expect(lost.body.savedBy).toEqual({ id: ids['rsm.reviewer@example.gov'], name: expect.any(String) });
    expect(await comments()).toEqual(['first look']);
  });

  it('lets exactly one of two saves from the same version win; a version-less save still works', async () => {
    const start = await versionOf(s().a);
    const { winner } = await race((token, value) => save(token, value, start), s());
    expect(await comments()).toEqual([winner]);
    expect((await save(s().b, 'no version')).status).toBe(200);
    expect(await comments()).toEqual(['no version']);
  });
});

describe('the rubric sheet', () => {
  const s = () => sessions['state.admin@example.gov']!;
  const sheet = (token: string) => call(token, `/rubric-scores/application/${SCORED}/score`);
  const save = (token: string, body: Record<string, unknown>) => call(token, `/rubric-scores/application/${SCORED}/score`, body, 'PUT');
  const saved = async () => (await api.database.db.select().from(rubricScores).where(eq(rubricScores.applicationId, SCORED)))[0];

  it('carries a version; a stale save is 409 with the current scores and Stella Admin as the saver', async () => {
    const start = (await sheet(s().a)).body.version;
    expect(start).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    const won = await save(s().a, { affordabilityScore: 5, scoringContext: 'tab A', version: start });
    expect(won.status).toBe(200);
    expect(won.body.version).not.toBe(start);
    const lost = await save(s().b, { affordabilityScore: 7, version: start });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(STALE_MESSAGE);
    expect(lost.body.answers).toMatchObject({ affordabilityScore: 5, scoringContext: 'tab A' });
    expect(lost.body.savedBy).toEqual({ id: ids['state.admin@example.gov'], name: 'Stella Admin' });
    expect((await saved())?.affordabilityScore).toBe(5);
  });

  it('lets exactly one of two first-and-second saves from the same version win; a version-less save still works', async () => {
    const start = (await sheet(s().a)).body.version;
    const { winner } = await race((token, value) => save(token, { scoringContext: value, version: start }), s());
    expect((await saved())?.scoringContext).toBe(winner);
    expect((await save(s().b, { affordabilityScore: 3 })).status).toBe(200);
    expect((await saved())?.affordabilityScore).toBe(3);
  });
});
