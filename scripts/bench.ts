// `npm run bench` (DESIGN section 7, issue 8 item 6): performance figures of the portal on both engines.
// A script that prints figures, not a test: nothing is asserted beyond "the request worked".
//
// For each engine (PGlite in memory, then a throwaway PostgreSQL server from tests/support/postgres.ts):
// migrate, demo seed, then the bench data (scripts/seed-large.ts, 200 organizations, Bench Organization 001
// holding 10%) grown 1,000 -> 10,000 -> 100,000 applications. The portal runs in this process as in
// production (NODE_ENV=production, the UI's production build, the API embedded), signed in as
// bench.admin.1@example.org through the API (token) and through the UI's forms (cookie). Measured:
//   at 10k  the page /org/applications and its bare API call (the same filters, page and size) side by
//           side: autocannon at 32 connections (req/s, p50, p95) and at 4 (p95), the two in turns (two slices
//           each, A B then B A: loadInTurns), with the CPU a request of the portal's main thread, PGlite's thread and
//           the render threads; one at a time (p50, in turns too); the ratio page / API; SQL statements per page and
//           per API call (the query logger, api/db/client.ts); the EXPLAIN ANALYZE of the list statement;
//           the page's p50 alone minus its API call's against 1.6 × issue 8's plain-React floor, the calibrated copy in
//           ../shared/ssr-floor measured in the same run before and after the engines (scripts/bench-floor.ts), whose
//           page also takes its turns at 32 connections with each list's page and API call: its latency beyond
//           queueing is the machine's own in the same seconds (decision 090);
//   at 1k, 10k, 100k  p50 one at a time of the page and the API; the 100k / 1k ratio measured in turns with a 1k
//           portal open beside the 100k one (decision 085); EXPLAIN at 100k;
//   at 10k  also the state's list (decision 028): /state/applications filtered by status and project location,
//           page 2, and its API call GET review/applications, side by side like the org list, with the EXPLAIN
//           ANALYZE of its statement; and a status move (a state admin's mark-as-gating-review on fresh
//           SUBMITTED applications) one at a time and 32 at once;
//   at 10k  also the candidate dashboard over 200 project areas (scripts/bench-candidates.ts): its API call, its
//           page and its XLSX export, one at a time, with the statements of one call;
//   then    saving one 50-answer section, and the PDF of a fully answered SUBMITTED application; then that application
//           reviewed (scripts/bench-state-review-pdf.ts, decision 046) and its state review PDF: first byte, total, size.
//   and     the exports (scripts/bench-exports.ts, decision 045): at 10k the state list's XLSX of every application the
//           state sees, and the attachments ZIP of a 50-file application; time, size, peak memory.
// Everything runs on 127.0.0.1, is bounded in count and time, and is closed at the end. Needs a
// production build (flock /tmp/portal-build.lock npm run build). BENCH_ENGINES=pglite,postgres picks engines;
// BENCH_LOAD_SLICES (2) the slices of the side-by-side load (1: the page, then its API call).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import pg from 'pg';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fromPglite, openDatabase, vacuumAllTables, type Database } from '../api/db/client';
import { seedDatabase } from '../api/seed';
import { PgliteRemote } from '../api/db/pglite-remote';
import {
  answers, applicationSections, applications, memberships, profileAnswers, projectAreas, questions, sections, users,
} from '../api/db/schema';
import { loadApplicationContent, toQuestion, type ProgramQuestion } from '../api/services/application-content';
import { createPortalServer } from '../server/edge';
import { createPortalApp } from '../server/portal';
import { THREAD_NAMES } from '../api/worker-thread';
import { readEnv } from '../server/env';
import { startPostgres, type RunningPostgres } from '../tests/support/postgres';
import { DEFAULT_PAGE_SIZE } from '../domain/constants';
import { TECHNOLOGY_TYPES, isEligibleTechnology } from '../domain/technology';
import { columnKey, type AnswerValue, type TableColumn, type TableRow } from '../domain/questions';
import { isEmptyAnswer, isQuestionVisible } from '../domain/validation';
import { benchApplicationCounts, benchFilteredList, benchOrganizations, seedLarge } from './seed-large';
import { CANDIDATE_AREAS, removeCandidateAreas, seedCandidateAreas } from './bench-candidates';
import { Browser, client, expectStatus, loadInTurns, outboxCode, percentile, signIn, signInBrowser, table, type Client, type LoadFigures } from './bench-support';
import { measureAttachmentsZip, measureXlsxExport, reportExports, type ExportFigures } from './bench-exports';
import { measureStateReviewPdf, reportStateReviewPdf, type StateReviewPdfFigures } from './bench-state-review-pdf';
import { ALONE_WARM_UP, p50Alone, startFloor } from './bench-floor';

// The UI's build and React run as in production (React reads NODE_ENV when first loaded, below).
process.env.NODE_ENV = 'production';
// In production the dev outbox echoes each sign-in code to the console: not part of the figures.
const print = console.log;
console.log = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('[dev outbox]')) return;
  print(...args);
};

const HEAVY_CONNECTIONS = 32;
const LIGHT_CONNECTIONS = 4;
const HEAVY_SECONDS = 10;
const LIGHT_SECONDS = 5;
/** Slices of the under-load time a side, a page and its API call taking turns (loadInTurns). */
const LOAD_SLICES = Number(process.env.BENCH_LOAD_SLICES ?? 2);
/** Each side under load, unmeasured, before the measured slices (0 for none): the portal's first seconds under load are slower. */
const LOAD_WARM_UP_SECONDS = Number(process.env.BENCH_LOAD_WARM_UP ?? 5);
const SEQUENTIAL_RUNS = 40;
/** Requests of a list's page and of its API call, one at a time, in turns (inTurns). */
const ALONE_RUNS = 200;
// The org list's rows a page: the portal's default page (what a person sees first) and the floor's 10 rows, since
// issue 8 compares the page with "a plain-React render of the same rows". BENCH_PAGE_SIZE=25 for a longer page.
const ORG_PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? DEFAULT_PAGE_SIZE);
/** Applications in the database at each step (BENCH_SCALES=1000,10000,100000); the load runs at the second. */
const SCALES = (process.env.BENCH_SCALES ?? '1000,10000,100000').split(',').map(Number);
const LOAD_SCALE = SCALES[1] ?? SCALES[0]!;
const SAVE_ANSWERS = 50;
const SAVE_RUNS = 10;
const PDF_RUNS = 5;
/** The whole run is stopped past this (two engines take a few minutes on a quiet machine). */
const WATCHDOG_MS = 20 * 60_000;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());

type Engine = 'PGlite' | 'PostgreSQL';


interface Timing {
  runs: number;
  mean: number;
  median: number;
  min: number;
  max: number;
}

/** One of the two sides (the page, the API call): under load, one at a time, and its statements. */
interface Side {
  url: string;
  heavy: LoadFigures;
  light: LoadFigures;
  sequential: Timing;
  /** Statements of one request (the median of five), all five counts, and the statements of one such request. */
  statements: number;
  statementCounts: number[];
  statementText: string[];
}

/** The state's list at the load scale (page and API as for the org list) and a status move. */
interface StateFigures {
  matching: number;
  rowsOnPage: number;
  page: Side;
  api: Side;
  plan: string;
  /** The floor page under the same load, in turns with this list's page and API call (measureSideBySide). */
  floor?: LoadFigures;
  /** mark-as-gating-review on fresh SUBMITTED applications: one at a time, then MOVE_BURST of them 32 at once. */
  move: Timing & { statements: number; statementText: string[]; burst: { moves: number; connections: number; wallMs: number; p50: number; p95: number; failed: number } };
}

/** The candidate dashboard over 200 project areas (decision 043): its API call, its page, its XLSX. */
interface CandidateFigures {
  areas: number;
  eligible: number;
  areasPerPage: number;
  api: Timing & { url: string; statements: number; statementText: string[] };
  page: Timing & { url: string };
  export: Timing & { url: string; bytes: number };
}

interface EngineFigures {
  engine: Engine;
  /** seedMs: per scale, growing the bench data to it (or loading PGlite's dump of it). */
  setup: { openMs: number; migrateMs: number; demoSeedMs: number; seedMs: Record<number, number> };
  bigOrgApplications: Record<number, number>;
  matching: number;
  rowsOnPage: number;
  page: Side;
  api: Side;
  /** The floor page under the same load, in turns with the org list's page and API call (measureSideBySide). */
  floor?: LoadFigures;
  /** p50 one at a time, per scale. */
  scale: { applications: number; page: Timing; api: Timing }[];
  /**
   * The largest scale's page and API call measured in turns with a portal on a database of the smallest scale, open
   * beside it (decision 085): the 100k/1k ratio without the minutes between the scales' own runs.
   */
  growth?: { reference: { applications: number; page: Timing; api: Timing } };
  explain: { applications: number; plan: string }[];
  state: StateFigures;
  candidates: CandidateFigures;
  save: Timing & { answers: number; sectionName: string; questionsInSection: number };
  pdf: Timing & { applicationId: string; bytes: number; pages: number; written: number; questions: number; visible: number; unanswered: number };
}

/** The exports' figures per engine (scripts/bench-exports.ts), printed after the engine's other figures. */
const exportFigures = new Map<Engine, ExportFigures>();
/** The state review PDF's figures per engine (scripts/bench-state-review-pdf.ts, decision 046). */
const stateReviewPdfFigures = new Map<Engine, StateReviewPdfFigures>();

const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return {
    runs: samples.length,
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

// ---------------------------------------------------------------------------------------------
// 1. The list page and its API call
// ---------------------------------------------------------------------------------------------


/**
 * A GET one at a time: its cost without queueing. The first `warmUp` calls are not counted.
 */
async function sequential(get: () => Promise<{ status: number }>, what: string, runs = SEQUENTIAL_RUNS, warmUp = 1): Promise<Timing> {
  return (await inTurns([{ get, what }], runs, warmUp))[0]!;
}

/**
 * GETs one at a time, taking turns in blocks (20 of a page, 20 of its API call, 20 of the page …): the cost of each
 * without queueing, measured over the same minutes, so that whatever else the machine does meanwhile falls on both
 * alike, and each mostly after its own kind, so that one does not pay for the other's garbage. The first `warmUp` of
 * each are not counted. The lists' pages and API calls, compared with each other, with the floor and across scales,
 * are measured this way, ALONE_RUNS each after ALONE_WARM_UP: warm as the floor is (scripts/bench-floor.ts; a freshly
 * started server's first requests run before V8 has optimized its code, and a page, with more code to warm than its
 * API call, was measured up to twice its warm time after one warm-up call: decision 060), and in turns, since 40 of
 * one then 40 of the other moved a scale's p50 by up to half between runs of the same build (decision 061 addendum).
 */
async function inTurns(gets: { get: () => Promise<{ status: number }>; what: string }[], runs: number, warmUp: number, block = 20): Promise<Timing[]> {
  const samples: number[][] = gets.map(() => []);
  for (let done = 0; done < warmUp + runs; done += block) {
    for (const [at, { get, what }] of gets.entries()) {
      for (let run = done; run < Math.min(done + block, warmUp + runs); run++) {
        const start = process.hrtime.bigint();
        const res = await get();
        const ms = elapsed(start);
        expectStatus(what, { status: res.status, body: '' });
        if (run >= warmUp) samples[at]!.push(ms);
      }
    }
  }
  return samples.map(timing);
}

/** The statements one request runs, from the query logger (nothing else runs meanwhile). */
async function statementsOf(database: Database, get: () => Promise<unknown>) {
  const recording = database.statements.record();
  await get();
  recording.stop();
  return recording;
}

/** EXPLAIN ANALYZE of the list statement, with the parameters it ran with. */
async function explainList(database: Database, api: Client, listPath: string): Promise<string> {
  const recording = await statementsOf(database, () => api.call(listPath));
  const at = recording.statements.findIndex((q) => q.includes('left join lateral'));
  if (at < 0) throw new Error('The list statement was not seen by the query logger');
  const raw = (database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
  const result = await raw.query(`explain (analyze, costs off, timing off, summary on) ${recording.statements[at]}`, recording.params[at]!);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * What the org API call ÷ the floor (req/s) says of the 3× target: a page costs at least its API call plus its render,
 * so it is within 3× of the call only if its render costs at most twice the call.
 */
function floorBound(apiOverFloor: number): string {
  if (apiOverFloor > 3) return '(the org call above 3×: not even a page as heavy as the floor alone can be within 3× of it)';
  if (apiOverFloor > 2) return '(the org call above 2×: a page as heavy as the floor plus its API call is over 3× of it; within 3× needs a lighter render)';
  return '(the org call within 2×: a page as heavy as the floor plus its API call is within 3× of it)';
}

interface SideSpec { url: string; headers: Record<string, string>; get: () => Promise<unknown>; sequential: Timing }

/**
 * A page and its API call under load, side by side: at 32 connections, then at 4, the two in turns (loadInTurns:
 * LOAD_SLICES slices each, A B then B A), since their ratio is the figure; and the statements of one request of each.
 * At 32 connections the floor page (issue 8's plain-React floor, no database) takes its turns with them: its latency
 * beyond queueing is what the machine gives a page in the same seconds (decision 090).
 */
async function measureSideBySide(
  database: Database, baseUrl: string, page: SideSpec, api: SideSpec, what: string,
): Promise<{ page: Side; api: Side; floor?: LoadFigures }> {
  log(`${what}: the page and its API call${floorPageUrl ? ' (and the floor page)' : ''} under load in turns, ${HEAVY_CONNECTIONS} connections for ${HEAVY_SECONDS} s each, then ` +
    `${LIGHT_CONNECTIONS} for ${LIGHT_SECONDS} s each (${LOAD_SLICES} slices a side); heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
  const targets = [page, api].map((s) => ({ url: baseUrl + s.url, headers: s.headers }));
  const floor = floorPageUrl ? [{ url: floorPageUrl, headers: {} }] : [];
  const [pageHeavy, apiHeavy, floorHeavy] = await loadInTurns([...targets, ...floor], HEAVY_CONNECTIONS, HEAVY_SECONDS, LOAD_SLICES, LOAD_WARM_UP_SECONDS);
  const [pageLight, apiLight] = await loadInTurns(targets, LIGHT_CONNECTIONS, LIGHT_SECONDS, LOAD_SLICES);
  return {
    page: await sideOf(database, page, pageHeavy!, pageLight!),
    api: await sideOf(database, api, apiHeavy!, apiLight!),
    floor: floorHeavy,
  };
}

async function sideOf(database: Database, spec: SideSpec, heavy: LoadFigures, light: LoadFigures): Promise<Side> {
  // Five requests one after the other: a periodic write (a token's last use) may fall in one.
  const seen: string[][] = [];
  for (let run = 0; run < 5; run++) seen.push((await statementsOf(database, spec.get)).statements);
  const counts = seen.map((x) => x.length).sort((a, b) => a - b);
  return { url: spec.url, heavy, light, statements: counts[2]!, statementCounts: counts, statementText: seen.find((x) => x.length === counts[2])!, sequential: spec.sequential };
}

// ---------------------------------------------------------------------------------------------
// 1b. The state's list and a status move (issue 10, decision 028)
// ---------------------------------------------------------------------------------------------

const STATE_ADMIN = 'state.admin@example.gov';
const MOVE_RUNS = 20;
const MOVE_BURST = 64;

/** Signs a browser in through the state's sign-in form (code from the dev outbox). */
async function signInStateBrowser(browser: Browser, api: Client, email: string) {
  const sent = await browser.request('/state/login', { intent: 'send-code', email });
  if (sent.status !== 302) throw new Error(`UI state send-code: HTTP ${sent.status}`);
  const verified = await browser.request('/state/login?step=code', { intent: 'verify', code: await outboxCode(api, email) });
  if (verified.status !== 302) throw new Error(`UI state verify: HTTP ${verified.status}`);
}

/** SUBMITTED bench applications no earlier run has moved. */
async function submittedBenchApplications(database: Database, n: number): Promise<string[]> {
  const rows = await database.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.status, 'SUBMITTED'), sql`${applications.id} like 'GA-B%'`))
    .orderBy(asc(applications.id))
    .limit(n);
  if (rows.length < n) throw new Error(`Only ${rows.length} SUBMITTED bench applications for ${n} moves`);
  return rows.map((r) => r.id);
}

async function measureState(database: Database, baseUrl: string, engine: Engine): Promise<StateFigures> {
  const api = client(baseUrl);
  api.token = await signIn(api, STATE_ADMIN);
  const browser = new Browser(baseUrl);
  await signInStateBrowser(browser, api, STATE_ADMIN);

  // The gating queue (submitted, in gating review) in the two project areas with the most of it, 25 a page, page 2.
  const statuses = 'SUBMITTED,GATING_REVIEW';
  const areas = (await database.db
    .select({ name: applications.projectLocation, n: sql<number>`count(*)`.mapWith(Number) })
    .from(applications)
    .where(sql`${applications.status} in ('SUBMITTED', 'GATING_REVIEW')`)
    .groupBy(applications.projectLocation)
    .orderBy(sql`count(*) desc`, asc(applications.projectLocation))
    .limit(2)).map((a) => a.name!);
  const { pageUrl, apiPath, getPage, getApi, probe } = await listBothWays(api, browser, 'state list', {
    api: (page) => `/api/v1/review/applications?${new URLSearchParams({ page: String(page), limit: '25', status: statuses, projectLocation: areas.join(',') })}`,
    page: (page) => `/state/applications?${new URLSearchParams({ status: statuses, location: areas.join(','), page: String(page), size: '25' })}`,
  });

  log(`${engine} at ${k(LOAD_SCALE)}: the state list one at a time (${ALONE_RUNS} each after ${ALONE_WARM_UP}, in turns)`);
  const [pageAlone, apiAlone] = (await inTurns([{ get: getPage, what: 'state page' }, { get: getApi, what: 'review/applications' }], ALONE_RUNS, ALONE_WARM_UP)) as [Timing, Timing];
  const { page, api: apiSide, floor } = await measureSideBySide(
    database, baseUrl,
    { url: pageUrl, headers: { cookie: browser.cookieHeader() }, get: getPage, sequential: pageAlone },
    { url: apiPath, headers: { authorization: `Bearer ${api.token}` }, get: getApi, sequential: apiAlone },
    `${engine} at ${k(LOAD_SCALE)}: the state list`,
  );
  const plan = await explainList(database, api, apiPath);

  // A status move, each on an application still SUBMITTED: one at a time, then a burst 32 at once.
  log(`${engine} at ${k(LOAD_SCALE)}: mark-as-gating-review ${MOVE_RUNS} times one at a time, then ${MOVE_BURST} at ${HEAVY_CONNECTIONS} at once`);
  const ids = await submittedBenchApplications(database, MOVE_RUNS + 1 + MOVE_BURST);
  const move = (id: string) => api.call(`/api/v1/review/applications/${id}/mark-as-gating-review`, { body: { comments: 'Bench: gating review' } });
  const one = await statementsOf(database, async () => expectStatus('mark-as-gating-review', await move(ids[0]!)));
  const samples: number[] = [];
  for (const id of ids.slice(1, MOVE_RUNS + 1)) {
    const start = process.hrtime.bigint();
    expectStatus('mark-as-gating-review', await move(id));
    samples.push(elapsed(start));
  }
  const burstIds = ids.slice(MOVE_RUNS + 1);
  const latencies: number[] = [];
  let failed = 0;
  const burstStart = process.hrtime.bigint();
  await Promise.all(Array.from({ length: HEAVY_CONNECTIONS }, async (_v, lane) => {
    for (let i = lane; i < burstIds.length; i += HEAVY_CONNECTIONS) {
      const start = process.hrtime.bigint();
      const res = await move(burstIds[i]!);
      latencies.push(elapsed(start));
      if (res.status !== 200) failed++;
    }
  }));
  const wallMs = elapsed(burstStart);
  latencies.sort((a, b) => a - b);
  return {
    matching: probe.body.totalRecords,
    rowsOnPage: probe.body.applications.length,
    page,
    api: apiSide,
    floor,
    plan,
    move: {
      ...timing(samples),
      statements: one.statements.length,
      statementText: one.statements,
      burst: { moves: burstIds.length, connections: HEAVY_CONNECTIONS, wallMs, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failed },
    },
  };
}

/** The candidate dashboard with 200 project areas (scripts/bench-candidates.ts): the API call, the page, the export. */
async function measureCandidates(database: Database, baseUrl: string, engine: Engine): Promise<CandidateFigures> {
  const seeded = await seedCandidateAreas(database.db);
  const api = client(baseUrl);
  api.token = await signIn(api, STATE_ADMIN);
  const browser = new Browser(baseUrl);
  await signInStateBrowser(browser, api, STATE_ADMIN);
  const apiPath = '/api/v1/review/applications/candidate-dashboard?limit=25';
  const pageUrl = '/state/candidate-dashboard?size=25';
  const exportUrl = '/state/candidate-dashboard/export';
  const probe = await api.call<{ totalRecords: number; areas: unknown[] }>(apiPath);
  expectStatus('candidate-dashboard', probe);
  log(`${engine} at ${k(LOAD_SCALE)}: the candidate dashboard over ${seeded.areas} project areas (${seeded.applications} past gating), one at a time (${SEQUENTIAL_RUNS} each)`);
  const one = await statementsOf(database, () => api.call(apiPath));
  const apiTiming = await sequential(() => api.call(apiPath), 'candidate-dashboard');
  const pageTiming = await sequential(() => browser.request(pageUrl), 'candidate dashboard page');
  let bytes = 0;
  const exportTiming = await sequential(async () => {
    const res = await fetch(baseUrl + exportUrl, { headers: { cookie: browser.cookieHeader() } });
    bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status };
  }, 'candidate dashboard export', 5);
  await removeCandidateAreas(database.db);
  return {
    areas: seeded.areas,
    eligible: seeded.applications,
    areasPerPage: probe.body.areas.length,
    api: { ...apiTiming, url: apiPath, statements: one.statements.length, statementText: one.statements },
    page: { ...pageTiming, url: pageUrl },
    export: { ...exportTiming, url: exportUrl, bytes },
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Saving a 50-answer section
// ---------------------------------------------------------------------------------------------

async function createDraft(api: Client, database: Database, orgId: string): Promise<string> {
  const programs = await api.call<{ id: string }[]>('/api/v1/program/all');
  expectStatus('program/all', programs);
  const [area] = await database.db.select({ name: projectAreas.name }).from(projectAreas).orderBy(asc(projectAreas.name)).limit(1);
  const created = await api.call<{ applicationId: string }>(`/api/v1/applications/create?organizationId=${orgId}`, {
    body: { programId: programs.body[0]!.id, projectLocation: area!.name, technologyType: TECHNOLOGY_TYPES.find(isEligibleTechnology) },
  });
  expectStatus('applications/create', created, 201);
  return created.body.applicationId;
}

/** Adds `n` optional Text questions (system numbers 901…) at the end of the programme's technology section. */
async function addBenchQuestions(database: Database, n: number) {
  const db = database.db;
  const formSections = await db.select().from(sections).where(eq(sections.isEntityProfile, false)).orderBy(asc(sections.displayOrder));
  const section = formSections.find((s) => s.slug === 'technology') ?? formSections[0];
  if (!section) throw new Error('No form section to extend');
  const [last] = await db
    .select({ order: sql<number>`coalesce(max(${questions.displayOrder}), 0)::int` })
    .from(questions)
    .where(eq(questions.sectionId, section.id));
  const inserted = await db
    .insert(questions)
    .values(Array.from({ length: n }, (_v, k) => ({
      sectionId: section.id,
      systemNo: String(901 + k),
      text: `Bench question ${k + 1}: describe this part of the project`,
      type: 'Text',
      displayOrder: (last?.order ?? 0) + k + 1,
      mandatory: false,
    })))
    .returning({ id: questions.id });
  const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(questions).where(eq(questions.sectionId, section.id));
  return { section, questionIds: inserted.map((q) => q.id), questionsInSection: all?.n ?? 0 };
}

async function measureSave(api: Client, database: Database, orgId: string): Promise<EngineFigures['save']> {
  const bench = await addBenchQuestions(database, SAVE_ANSWERS);
  const id = await createDraft(api, database, orgId);
  const samples: number[] = [];
  // One warm-up save, then the measured ones; every save changes all 50 answers, so all 50 are written.
  for (let run = 0; run <= SAVE_RUNS; run++) {
    const body = { answers: bench.questionIds.map((questionId, k) => ({ questionId, value: `Bench answer ${k + 1}, save ${run}: ${'text '.repeat(20)}` })) };
    const start = process.hrtime.bigint();
    const res = await api.call(`/api/v1/applications/${id}/sections/${bench.section.id}/answers`, { body });
    const ms = elapsed(start);
    expectStatus('save section', res);
    if (run > 0) samples.push(ms);
  }
  return { ...timing(samples), answers: SAVE_ANSWERS, sectionName: bench.section.name, questionsInSection: bench.questionsInSection };
}

// ---------------------------------------------------------------------------------------------
// 3. The PDF of a fully answered SUBMITTED application
// ---------------------------------------------------------------------------------------------

const today = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

/** A parent value that shows the questions depending on it ('No', '>100' → '120', '<25' → '20'). */
function revealingValue(required: string): string {
  const op = required[0];
  const bound = Number(required.slice(1).trim());
  if (op === '>' && Number.isFinite(bound)) return String(bound + 20);
  if (op === '<' && Number.isFinite(bound)) return String(Math.max(0, bound - 5));
  return required;
}

function cellValue(column: TableColumn, row: number, appId: string): string {
  switch (column.type) {
    case 'Number': return String(10 * (row + 1));
    case 'Currency': return `${(12_500 * (row + 1)).toFixed(2)}`;
    case 'Dropdown': return column.options?.[row % column.options.length] ?? '';
    case 'Date': return today();
    case 'ApplicationNumber': return appId;
    case 'Alphanumeric': return `REF${row + 1}A`;
    case 'Readonly': return String(row + 5);
    case 'Multiline': return `Row ${row + 1}: a longer description of this line item, written across a full sentence or two for the printout.`;
    default: return `${column.name} ${row + 1}`;
  }
}

/** A plausible value of the question's type, or undefined when the server fills it (read-only, derived). */
function answerFor(q: ProgramQuestion, reveal: Map<string, string>, appId: string, area: string, technology: string): AnswerValue | undefined {
  if (q.type === 'Header' || q.readOnly || q.additionalMetadata?.filledFrom) return undefined;
  const forced = reveal.get(q.systemNo);
  const options = (q.responseOptions ?? []).map((o) => o.name);
  switch (q.type) {
    case 'Text':
      if (forced !== undefined) return forced;
      switch (q.responseType) {
        case 'Multiline': return `Answer to ${q.systemNo}. ${'The applicant describes its plan in plain language, with the facts a reviewer needs. '.repeat(4).trim()}`;
        case 'Currency': return '250000.00';
        case 'PhoneNumber': return '6085550199';
        case 'Email': return 'bench.contact@example.org';
        case 'Url': return 'https://bench.example.org';
        case 'Number': return '42';
        default: return `Bench answer to question ${q.systemNo}`;
      }
    case 'Date': return today();
    case 'Dropdown':
    case 'Radio':
      if (forced !== undefined) return forced;
      if (q.additionalMetadata?.optionsFrom === 'projectAreas') return area;
      if (q.additionalMetadata?.optionsFrom === 'technologyTypes') return technology;
      return options[0] ?? 'Yes';
    case 'Checkbox':
      if (forced !== undefined) return [forced];
      return q.additionalMetadata?.multiple ? options.slice(0, 2) : options.slice(0, 1);
    case 'File': return { documentId: crypto.randomUUID(), fileName: `bench-${q.systemNo}.pdf` };
    case 'Table': {
      const columns = q.tableColumns ?? [];
      const rows: TableRow[] = [];
      for (let r = 0; r < (q.addMoreRows ? 3 : 1); r++) {
        rows.push(Object.fromEntries(columns.map((c) => [columnKey(c.name), cellValue(c, r, appId)])));
      }
      return rows;
    }
    case 'Address':
      return { country: 'United States', state: 'WI', zip: '53703', zip_4: '1234', street_address_1: '101 Main Street', street_address_2: 'Suite 4', city: 'Madison' };
    default: return undefined;
  }
}

/** Answers every question of the application (and its organization's entity profile) in the database, then marks it SUBMITTED. */
async function fillAndSubmit(database: Database, appId: string): Promise<{ written: number; questions: number; visible: number; unanswered: number }> {
  const db = database.db;
  const [app] = await db.select().from(applications).where(eq(applications.id, appId)).limit(1);
  if (!app) throw new Error(`${appId} not found`);
  const [admin] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, app.organizationId), eq(memberships.role, 'Organization_Admin')))
    .limit(1);
  const rows = await db
    .select({ q: questions, profile: sections.isEntityProfile })
    .from(questions)
    .innerJoin(sections, eq(sections.id, questions.sectionId))
    .where(eq(sections.programId, app.programId))
    .orderBy(asc(sections.displayOrder), asc(questions.displayOrder));
  const all = rows.map((r) => ({ q: toQuestion(r.q), profile: r.profile }));
  const reveal = new Map<string, string>();
  for (const { q } of all) if (q.dependentSystemNo && q.dependentResponseValue?.trim()) reveal.set(q.dependentSystemNo, revealingValue(q.dependentResponseValue.trim()));

  const now = new Date();
  const appAnswers: (typeof answers.$inferInsert)[] = [];
  const orgAnswers: (typeof profileAnswers.$inferInsert)[] = [];
  for (const { q, profile } of all) {
    const value = answerFor(q, reveal, app.id, app.projectLocation ?? '', app.technologyType ?? '');
    if (value === undefined) continue;
    if (profile) orgAnswers.push({ organizationId: app.organizationId, questionId: q.id, value, updatedBy: admin?.id ?? null, updatedAt: now });
    else appAnswers.push({ applicationId: app.id, questionId: q.id, value, updatedBy: admin?.id ?? null, updatedAt: now });
  }
  await db.transaction(async (tx) => {
    if (appAnswers.length) {
      await tx.insert(answers).values(appAnswers).onConflictDoUpdate({
        target: [answers.applicationId, answers.questionId],
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      });
    }
    if (orgAnswers.length) {
      await tx.insert(profileAnswers).values(orgAnswers).onConflictDoUpdate({
        target: [profileAnswers.organizationId, profileAnswers.questionId],
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      });
    }
    await tx.update(applications).set({ status: 'SUBMITTED', submittedAt: now, submittedBy: admin?.id ?? null, updatedAt: now }).where(eq(applications.id, app.id));
    await tx.update(applicationSections).set({ status: 'COMPLETED', updatedAt: now }).where(eq(applicationSections.applicationId, app.id));
  });
  // What the print will show: every visible question must have an answer, or the PDF is not "fully answered".
  const [submitted] = await db.select().from(applications).where(eq(applications.id, app.id)).limit(1);
  const content = await loadApplicationContent(db, submitted!);
  const shown = content.sections.flatMap((sec) => sec.questions).filter((q) => q.type !== 'Header' && isQuestionVisible(q, content.answersBySystemNo));
  return {
    written: appAnswers.length + orgAnswers.length,
    questions: all.filter(({ q }) => q.type !== 'Header').length,
    visible: shown.length,
    unanswered: shown.filter((q) => isEmptyAnswer(content.answersByQuestionId[q.id])).length,
  };
}

async function measurePdf(api: Client, database: Database, orgId: string): Promise<EngineFigures['pdf']> {
  const id = await createDraft(api, database, orgId);
  const filled = await fillAndSubmit(database, id);
  const samples: number[] = [];
  let pdf = Buffer.alloc(0);
  for (let run = 0; run <= PDF_RUNS; run++) {
    const start = process.hrtime.bigint();
    const res = await api.call<{ pdfBase64: string }>(`/api/v1/organization/${orgId}/generate-pdf/${id}`, { method: 'POST' });
    const ms = elapsed(start);
    expectStatus('generate-pdf', res);
    pdf = Buffer.from(res.body.pdfBase64, 'base64');
    if (run > 0) samples.push(ms);
  }
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('generate-pdf did not answer a PDF');
  const pages = Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);
  return { ...timing(samples), applicationId: id, bytes: pdf.length, pages, ...filled };
}

// ---------------------------------------------------------------------------------------------
// One engine, start to finish
// ---------------------------------------------------------------------------------------------

async function uiBuild(): Promise<ServerBuild> {
  const entry = path.resolve('build/index.js');
  if (!fs.existsSync(entry)) throw new Error('No production build: run `flock /tmp/portal-build.lock npm run build` first.');
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The portal's HTTP server (its time limits, its requests built as the app's own: decision 061), as `npm start` runs it. */
async function listen(app: ReturnType<typeof createPortalApp>, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createPortalServer(app).listen(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

async function freePort(): Promise<number> {
  const probe = await listen((await import('express')).default() as never, 0);
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * PGlite grows 100,000 applications slowly (minutes): each scale's database is kept as a dump in the
 * system's temporary directory, named by what made it (migrations, seeds, PGlite release, the day, since
 * the data's dates are relative to it), and loaded by the next run. BENCH_FRESH=1 ignores the dumps.
 */
function pgliteCache(applicationsTotal: number): string {
  const hash = crypto.createHash('sha256');
  for (const file of ['api/db/migrations/meta/_journal.json', 'scripts/seed-large.ts', 'node_modules/@electric-sql/pglite/package.json']) hash.update(fs.readFileSync(file));
  for (const file of fs.readdirSync('api/seed').sort()) hash.update(fs.readFileSync(path.join('api/seed', file)));
  hash.update(new Date().toISOString().slice(0, 10));
  return path.join(os.tmpdir(), 'portal-bench-cache', `pglite-${applicationsTotal}-${hash.digest('hex').slice(0, 12)}.tar.gz`);
}

/** Issue 8's plain-React floor measured in this run (scripts/bench-floor.ts): its p50 alone, and how it was had. */
let floorMs = NaN;
let floorNote = '';
/** The floor's page, served in this process, when it could be built: it takes turns with the lists' pages under load. */
let floorPageUrl: string | undefined;

/** Each engine's page admission and render threads, as its portal was set up (printed in its report). */
const pageSettings = new Map<Engine, { pagesInTurn: number }>();

/**
 * A list's page and its API call, on page 2 where the list has one; a smaller list (1k) shows its last page, since
 * the page kit redirects a page past the end to the last one (issue 9 item 10). Each is asked once here and must answer.
 */
async function listBothWays(api: Client, browser: Browser, what: string, urls: { api: (page: number) => string; page: (page: number) => string }) {
  const first = await api.call<{ totalPages: number }>(urls.api(1));
  expectStatus(`${what} (API)`, first);
  const shownPage = Math.min(2, first.body?.totalPages ?? 1);
  const pageUrl = urls.page(shownPage);
  const apiPath = urls.api(shownPage);
  const getPage = () => browser.request(pageUrl);
  const getApi = () => api.call(apiPath);
  const probe = await getApi();
  expectStatus(`${what} (API)`, probe);
  const pageProbe = await getPage();
  expectStatus(`${what} (page)`, { status: pageProbe.status, body: pageProbe.body.slice(0, 300) });
  return { pageUrl, apiPath, getPage, getApi, probe };
}

/** The portal on `db`, as in production, signed in both ways, and the org list's filtered page and API call on it. */
async function openListPortal(engine: Engine, db: Database, build: ServerBuild, dataDir: string, pgUrl: string | undefined, bigOrg: string, adminEmail: string) {
  const port = await freePort();
  const env = readEnv({
    NODE_ENV: 'production', SCANNING: 'off', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'), DEV_OUTBOX: 'true', OTP_EMAIL_LIMIT: '100000', OTP_IP_LIMIT: '100000',
    PAGE_CONCURRENCY: process.env.PAGE_CONCURRENCY,
    // The engine the settings describe, as npm start would be given it.
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  });
  pageSettings.set(engine, { pagesInTurn: env.PAGE_CONCURRENCY });
  const server = await listen(createPortalApp({ env, database: db, build }), port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = client(baseUrl);
  api.token = await signIn(api, adminEmail);
  const browser = new Browser(baseUrl);
  await signInBrowser(browser, api, adminEmail, bigOrg);

  // The same list both ways, ORG_PAGE_SIZE a page.
  const filtered = await benchFilteredList(db.db, bigOrg);
  const { pageUrl, apiPath, getPage, getApi, probe } = await listBothWays(api, browser, 'org list', {
    api: (page) => filtered.api(page, ORG_PAGE_SIZE),
    page: (page) => filtered.page(page, ORG_PAGE_SIZE),
  });
  return { server, baseUrl, api, browser, probe, pageUrl, apiPath, getPage, getApi };
}

/**
 * A database of `applicationsTotal` applications of its own, beside the one being measured (decision 085): a second
 * PGlite thread, or a second database in the same PostgreSQL.
 */
async function openReference(engine: Engine, pgUrl: string | undefined, applicationsTotal: number): Promise<{ database: Database; url?: string }> {
  let url: string | undefined;
  if (engine === 'PostgreSQL') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      await admin.query('drop database if exists bench_reference');
      await admin.query('create database bench_reference');
    } finally {
      await admin.end();
    }
    const u = new URL(pgUrl!);
    u.pathname = '/bench_reference';
    url = u.toString();
  }
  const database = engine === 'PGlite' ? fromPglite((await PgliteRemote.start({})).asPglite()) : await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url });
  await database.migrate();
  await seedDatabase(database.db);
  await seedLarge(database.db, { organizations: 200, applications: applicationsTotal, batchSize: 1000 });
  await vacuumAllTables(database.db);
  if (engine === 'PostgreSQL') await database.db.execute(sql`checkpoint`);
  return { database, url };
}

async function runEngine(engine: Engine, build: ServerBuild): Promise<EngineFigures> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let database: Database | undefined;
  cleanups.push(() => database?.close());
  try {
    const setup: EngineFigures['setup'] = { openMs: 0, migrateMs: 0, demoSeedMs: 0, seedMs: {} };
    const bigOrgApplications: Record<number, number> = {};
    let pgUrl: string | undefined;
    if (engine === 'PostgreSQL') {
      const pg: RunningPostgres = await startPostgres();
      cleanups.splice(1, 0, () => pg.stop()); // stopped after the database is closed
      pgUrl = pg.url;
    }
    /** The database at `applicationsTotal`: PGlite's from its dump when there is one, else grown from the one open. */
    const databaseAt = async (applicationsTotal: number): Promise<Database> => {
      const cached = engine === 'PGlite' ? pgliteCache(applicationsTotal) : undefined;
      if (cached && fs.existsSync(cached) && !process.env.BENCH_FRESH) {
        log(`${engine}: loading ${applicationsTotal.toLocaleString('en-US')} applications from ${cached}`);
        await database?.close();
        const t = process.hrtime.bigint();
        database = fromPglite((await PgliteRemote.start({ loadDump: cached })).asPglite());
        setup.seedMs[applicationsTotal] = elapsed(t);
        return database;
      }
      if (!database) {
        log(`${engine}: opening a fresh database`);
        let t = process.hrtime.bigint();
        // PGlite in memory on its own thread, as the portal runs it on disk (decision 076).
        database = engine === 'PGlite' ? fromPglite((await PgliteRemote.start({})).asPglite()) : await openDatabase({ dataDir, databaseUrl: pgUrl });
        setup.openMs = elapsed(t);
        t = process.hrtime.bigint();
        await database.migrate();
        setup.migrateMs = elapsed(t);
        t = process.hrtime.bigint();
        await seedDatabase(database.db);
        setup.demoSeedMs = elapsed(t);
      }
      log(`${engine}: bench data up to ${applicationsTotal.toLocaleString('en-US')} applications`);
      const t = process.hrtime.bigint();
      await seedLarge(database.db, { organizations: 200, applications: applicationsTotal, batchSize: 1000 });
      setup.seedMs[applicationsTotal] = elapsed(t);
      if (cached && database.pglite) {
        fs.mkdirSync(path.dirname(cached), { recursive: true });
        fs.writeFileSync(cached, Buffer.from(await (await database.pglite.dumpDataDir('gzip')).arrayBuffer()));
      }
      return database;
    };

    const scale: EngineFigures['scale'] = [];
    let growth: EngineFigures['growth'];
    const explain: EngineFigures['explain'] = [];
    let loadFigures: Pick<EngineFigures, 'page' | 'api' | 'matching' | 'rowsOnPage'> | undefined;
    let state: StateFigures | undefined;
    let candidates: CandidateFigures | undefined;
    let xlsx: ExportFigures['xlsx'] | undefined;
    let last: { api: Client; database: Database; bigOrg: string } | undefined;
    for (const applicationsTotal of SCALES) {
      const db = await databaseAt(applicationsTotal!);
      // As the embedded portal's maintenance keeps it (PGlite has no autovacuum; PostgreSQL's would, after a while):
      // a just-loaded table has no statistics, and the list counts read the heap (decision 048).
      await vacuumAllTables(db.db);
      // PostgreSQL writes out what a load changed at its next checkpoint, which could otherwise fall inside the
      // measurements (one run had the 100k page's and API call's p50 alone both up by half): done here, as a database
      // long past its load would have it done (decision 061 addendum).
      if (engine === 'PostgreSQL') await db.db.execute(sql`checkpoint`);
      const bench = await benchOrganizations(db.db);
      const bigOrg = bench.orgIds[0]!;
      bigOrgApplications[applicationsTotal] = (await benchApplicationCounts(db.db, [bigOrg])).get(bigOrg) ?? 0;

      const { server, baseUrl, api, browser, probe, pageUrl, apiPath, getPage, getApi } = await openListPortal(engine, db, build, dataDir, pgUrl, bigOrg, bench.adminEmails[0]!);
      const reference = applicationsTotal === SCALES.at(-1) && SCALES.length > 1 ? SCALES[0]! : undefined;
      if (reference === undefined) {
        log(`${engine} at ${k(applicationsTotal)}: one at a time (${ALONE_RUNS} each after ${ALONE_WARM_UP}, in turns)`);
        const [pageAlone, apiAlone] = (await inTurns([{ get: getPage, what: 'page' }, { get: getApi, what: 'list' }], ALONE_RUNS, ALONE_WARM_UP)) as [Timing, Timing];
        scale.push({ applications: applicationsTotal, page: pageAlone, api: apiAlone });
      } else {
        // The largest scale in turns with a portal on the smallest, open beside it (decision 085).
        log(`${engine}: a ${k(reference)} portal beside the ${k(applicationsTotal)} one`);
        const opened = await openReference(engine, pgUrl, reference);
        cleanups.push(() => opened.database.close());
        const refBench = await benchOrganizations(opened.database.db);
        const ref = await openListPortal(engine, opened.database, build, dataDir, opened.url ?? pgUrl, refBench.orgIds[0]!, refBench.adminEmails[0]!);
        cleanups.push(() => closeServer(ref.server));
        log(`${engine} at ${k(applicationsTotal)} and ${k(reference)}: one at a time (${ALONE_RUNS} each after ${ALONE_WARM_UP}, in turns)`);
        const [pageAlone, apiAlone, refPage, refApi] = (await inTurns([
          { get: getPage, what: 'page' }, { get: getApi, what: 'list' },
          { get: ref.getPage, what: `page at ${k(reference)}` }, { get: ref.getApi, what: `list at ${k(reference)}` },
        ], ALONE_RUNS, ALONE_WARM_UP)) as [Timing, Timing, Timing, Timing];
        scale.push({ applications: applicationsTotal, page: pageAlone, api: apiAlone });
        growth = { reference: { applications: reference, page: refPage, api: refApi } };
      }
      if (applicationsTotal >= LOAD_SCALE) explain.push({ applications: applicationsTotal, plan: await explainList(db, api, apiPath) });
      if (applicationsTotal === LOAD_SCALE) {
        const where = `${engine} at ${k(applicationsTotal)}`;
        loadFigures = {
          matching: probe.body.totalRecords,
          rowsOnPage: probe.body.applications.length,
          ...(await measureSideBySide(
            db, baseUrl,
            { url: pageUrl, headers: { cookie: browser.cookieHeader() }, get: getPage, sequential: scale.at(-1)!.page },
            { url: apiPath, headers: { authorization: `Bearer ${api.token}` }, get: getApi, sequential: scale.at(-1)!.api },
            where,
          )),
        };
        state = await measureState(db, baseUrl, engine);
        candidates = await measureCandidates(db, baseUrl, engine);
      }
      if (applicationsTotal === LOAD_SCALE) {
        log(`${engine} at ${k(applicationsTotal)}: the XLSX export of every application the state sees`);
        xlsx = await measureXlsxExport(baseUrl, STATE_ADMIN);
      }
      if (applicationsTotal === SCALES.at(-1)) {
        last = { api, database: db, bigOrg };
        cleanups.push(() => closeServer(server));
      } else {
        await closeServer(server);
      }
    }

    log(`${engine}: saving a ${SAVE_ANSWERS}-answer section ${SAVE_RUNS} times`);
    const save = await measureSave(last!.api, last!.database, last!.bigOrg);
    log(`${engine}: generating the PDF of a fully answered application ${PDF_RUNS} times`);
    const pdf = await measurePdf(last!.api, last!.database, last!.bigOrg);
    log(`${engine}: the state review PDF of that application, reviewed, ${PDF_RUNS} times`);
    stateReviewPdfFigures.set(engine, await measureStateReviewPdf(last!.api.baseUrl, last!.database, pdf.applicationId, STATE_ADMIN, PDF_RUNS));
    log(`${engine}: the attachments ZIP of a 50-file application`);
    const zipDraft = await createDraft(last!.api, last!.database, last!.bigOrg);
    const zip = await measureAttachmentsZip(last!.api.baseUrl, last!.api, last!.database, last!.bigOrg, zipDraft, STATE_ADMIN);
    exportFigures.set(engine, { xlsx: xlsx!, zip });

    return { engine, setup, bigOrgApplications, ...loadFigures!, state: state!, candidates: candidates!, scale, growth, explain, save, pdf };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error('cleanup failed:', err);
      }
    }
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const k = (n: number) => `${n / 1000}k`;

function report(f: EngineFigures) {
  const { pagesInTurn } = pageSettings.get(f.engine) ?? { pagesInTurn: 0 };
  console.log(`\n=== ${f.engine} ===`);
  console.log(`setup: open ${s(f.setup.openMs)}, migrate ${s(f.setup.migrateMs)}, demo seed ${s(f.setup.demoSeedMs)}, bench data (grown, or loaded from the dump) ${
    Object.entries(f.setup.seedMs).map(([n, t]) => `to ${k(Number(n))} ${s(t)}`).join(', ')}`);
  const big = f.bigOrgApplications[LOAD_SCALE];
  console.log(`\nAt ${k(LOAD_SCALE)} applications, Bench Organization 001 (${big} applications), ${f.matching} matching the filters, ${f.rowsOnPage} rows on page 2 (BENCH_PAGE_SIZE ${ORG_PAGE_SIZE}; the floor renders 10)`);
  console.log(`  page: GET ${f.page.url}`);
  console.log(`  API:  GET ${f.api.url.replace(/\/organization\/[^/]+\//, '/organization/:orgId/')}`);
  const row = (label: string, x: Side) => [label, x.heavy.requestsPerSec.toFixed(1), x.heavy.p50, x.heavy.p95, x.heavy.p99,
    x.heavy.errors + x.heavy.timeouts + x.heavy.non2xx, x.light.requestsPerSec.toFixed(1), x.light.p95, ms(x.sequential.median), x.statements];
  const ratioRow = (page: Side, api: Side) => ['page / API', ratio(api.heavy.requestsPerSec, page.heavy.requestsPerSec), ratio(page.heavy.p50, api.heavy.p50),
    ratio(page.heavy.p95, api.heavy.p95), '', '', ratio(api.light.requestsPerSec, page.light.requestsPerSec),
    ratio(page.light.p95, api.light.p95), ratio(page.sequential.median, api.sequential.median), ''];
  console.log(table(
    ['', `req/s @${HEAVY_CONNECTIONS}`, 'p50', 'p95', 'p99', 'errors', `req/s @${LIGHT_CONNECTIONS}`, 'p95', 'p50 alone', 'statements'],
    [row('page /org/applications', f.page), row('its API call', f.api), ratioRow(f.page, f.api),
      row('page /state/applications', f.state.page), row('its API call', f.state.api), ratioRow(f.state.page, f.state.api)],
  ));
  console.log(`  (latencies in ms; "page / API" on req/s is API req/s ÷ page req/s; targets: ≤ 3×, ≤ 4 statements a page, p95 ≤ 40 ms at ${LIGHT_CONNECTIONS})`);
  console.log(`  state list: ${f.state.matching} matching, ${f.state.rowsOnPage} rows on the page; page GET ${f.state.page.url}; API GET ${f.state.api.url}`);
  for (const [label, x] of [['page', f.page], ['API call', f.api], ['state page', f.state.page], ['state API call', f.state.api]] as const) {
    console.log(`  statements of one ${label} (five requests: ${x.statementCounts.join(', ')}):`);
    for (const q of x.statementText) console.log(`    ${q.replace(/\s+/g, ' ').slice(0, 150)}${q.length > 150 ? '…' : ''}`);
  }
  /** Issue 8's bound at HEAVY_CONNECTIONS: latency from queueing alone (connections ÷ throughput) × 1.3, in ms. */
  const queueingBound = (requestsPerSec: number) => (1.3 * HEAVY_CONNECTIONS * 1000) / requestsPerSec;
  console.log(`  queueing bound at ${HEAVY_CONNECTIONS}: page p95 ≤ 1.3 × ${HEAVY_CONNECTIONS} ÷ throughput = ${ms(queueingBound(f.page.heavy.requestsPerSec))} ms (measured ${f.page.heavy.p95}); state page ${ms(queueingBound(f.state.page.heavy.requestsPerSec))} ms (measured ${f.state.page.heavy.p95}); pages rendered in turn, ${pagesInTurn || 'no queue'} at once (PAGE_CONCURRENCY, decision 057)`);
  // The same bound, each slice against its own throughput (LoadFigures.queueing): the machine's speed drifts between slices.
  const queueing = (x: LoadFigures) => {
    const q = x.queueing!;
    const slices = q.slices.map((s) => `${s.requestsPerSec.toFixed(0)} req/s, p95 ${s.p95} ${s.p95 <= queueingBound(s.requestsPerSec) ? '≤' : '>'} ${ms(queueingBound(s.requestsPerSec))}`);
    return `${q.p95Ratio.toFixed(2)} (slices: ${slices.join('; ')})`;
  };
  console.log(`  latency beyond queueing, each slice against its own throughput: p95 of latency ÷ (${HEAVY_CONNECTIONS} ÷ throughput), target ≤ 1.3: org page ${queueing(f.page.heavy)}; state page ${queueing(f.state.page.heavy)}`);
  // The floor page's own, in turns with each list's page (decision 090): what the machine and the load generator gave a
  // server with no database and one busy thread in the same seconds.
  if (f.floor && f.state.floor) {
    console.log(`  the same for the floor page (no database, no sign-in), in turns with each list: with the org list ${queueing(f.floor)}; with the state list ${queueing(f.state.floor)}`);
  }
  const busy = (x: Side) => x.heavy.mainThread ? `${x.heavy.mainThread.msPerRequest.toFixed(2)} ms a request, busy ${Math.round(100 * x.heavy.mainThread.busy)}%` : 'not measured';
  console.log(`  the portal's main thread at ${HEAVY_CONNECTIONS} connections (its CPU; the load runs in a worker thread, PGlite in its own thread (decision 076), PostgreSQL in its own processes): ` +
    `org page ${busy(f.page)}, its API call ${busy(f.api)}; state page ${busy(f.state.page)}, its API call ${busy(f.state.api)}`);
  // The portal's other busy threads, by the names they give themselves (nameThisThread): where a page's CPU goes besides.
  for (const [name, what] of [[THREAD_NAMES.pglite, 'PGlite\'s thread'], [THREAD_NAMES.render, 'the render threads']] as const) {
    const of = (x: Side) => x.heavy.threads?.[name];
    if (![f.page, f.api, f.state.page, f.state.api].some(of)) continue;
    const line = (x: Side) => (of(x) ? `${of(x)!.msPerRequest.toFixed(2)} ms a request, busy ${Math.round(100 * of(x)!.busy)}%` : 'idle');
    console.log(`  ${what} at ${HEAVY_CONNECTIONS} connections: org page ${line(f.page)}, its API call ${line(f.api)}; state page ${line(f.state.page)}, its API call ${line(f.state.api)}`);
  }
  const uiSide = (x: { page: Side; api: Side }) => ms(x.page.sequential.median - x.api.sequential.median);
  console.log(`  the page's time minus its API call's, one at a time (p50 alone): org page ${uiSide(f)} ms, state page ${uiSide(f.state)} ms; ` +
    (Number.isNaN(floorMs) ? `the floor ${floorNote}` : `target ≤ 1.6 × the plain-React floor = ${ms(1.6 * floorMs)} ms (${floorNote})`));
  if (f.floor && f.state.floor) {
    // Each API call against the floor page measured in turns with it.
    console.log(`  the floor page itself at ${HEAVY_CONNECTIONS} connections: ${f.floor.requestsPerSec.toFixed(1)} and ${f.state.floor.requestsPerSec.toFixed(1)} req/s, p95 ${f.floor.p95} and ${f.state.floor.p95} ms (in turns with the org list, then the state list); ` +
      `the org API call ÷ the floor ${ratio(f.api.heavy.requestsPerSec, f.floor.requestsPerSec)}, the state API call ÷ the floor ${ratio(f.state.api.heavy.requestsPerSec, f.state.floor.requestsPerSec)} ` +
      floorBound(f.api.heavy.requestsPerSec / f.floor.requestsPerSec));
  }
  const mv = f.state.move;
  console.log(`\nA status move (State_Admin, mark-as-gating-review on a SUBMITTED application, POST through the API; ms)`);
  console.log(table(
    ['', 'moves', 'p50', 'mean', 'min', 'max', 'p95', 'moves/s', 'failed', 'statements'],
    [
      ['one at a time', mv.runs, ms(mv.median), ms(mv.mean), ms(mv.min), ms(mv.max), '', (1000 / mv.mean).toFixed(1), 0, mv.statements],
      [`${mv.burst.connections} at once`, mv.burst.moves, ms(mv.burst.p50), '', '', '', ms(mv.burst.p95), ((mv.burst.moves * 1000) / mv.burst.wallMs).toFixed(1), mv.burst.failed, ''],
    ],
  ));
  console.log('  statements of one move:');
  for (const q of mv.statementText) console.log(`    ${q.replace(/\s+/g, ' ').slice(0, 150)}${q.length > 150 ? '…' : ''}`);

  const cd = f.candidates;
  console.log(`\nThe candidate dashboard: ${cd.areas} project areas (${CANDIDATE_AREAS} of them bench areas), ${cd.eligible} applications past gating, ${cd.areasPerPage} areas a page (ms, one at a time)`);
  console.log(table(
    ['', 'runs', 'p50', 'mean', 'min', 'max', 'detail'],
    [
      ['API call', cd.api.runs, ms(cd.api.median), ms(cd.api.mean), ms(cd.api.min), ms(cd.api.max), `GET ${cd.api.url}, ${cd.api.statements} statements`],
      ['page', cd.page.runs, ms(cd.page.median), ms(cd.page.mean), ms(cd.page.min), ms(cd.page.max), `GET ${cd.page.url}`],
      ['XLSX export', cd.export.runs, ms(cd.export.median), ms(cd.export.mean), ms(cd.export.min), ms(cd.export.max), `GET ${cd.export.url}, ${(cd.export.bytes / 1024).toFixed(0)} KiB, every area`],
    ],
  ));
  console.log('  statements of one API call:');
  for (const q of cd.api.statementText) console.log(`    ${q.replace(/\s+/g, ' ').slice(0, 150)}${q.length > 150 ? '…' : ''}`);

  console.log('\nAs the data grows (p50 one at a time, ms; Bench Organization 001 holds 10%)');
  const first = f.scale[0]!;
  const last = f.scale.at(-1)!;
  const reference = f.growth?.reference;
  console.log(table(
    ['applications', 'org 001', 'page p50', 'API p50'],
    [
      ...f.scale.map((x) => [x.applications.toLocaleString('en-US'), f.bigOrgApplications[x.applications] ?? '', ms(x.page.median), ms(x.api.median)]),
      ...(reference
        ? [
          [`${reference.applications.toLocaleString('en-US')}, beside`, f.bigOrgApplications[reference.applications] ?? '', ms(reference.page.median), ms(reference.api.median)],
          [`${k(last.applications)} / ${k(reference.applications)}, in turns`, '', ratio(last.page.median, reference.page.median), ratio(last.api.median, reference.api.median)],
        ]
        : []),
      [`${k(last.applications)} / ${k(first.applications)}, minutes apart`, '', ratio(last.page.median, first.page.median), ratio(last.api.median, first.api.median)],
    ],
  ));
  console.log(reference
    ? `  (target: ≤ 1.5×, on the ratio in turns: the ${k(last.applications)} portal and one on a ${k(reference.applications)} database beside it, measured in turns, so the machine's pace is the same for both (decision 085); the first ${k(first.applications)} row was measured minutes earlier)`
    : '  (target: ≤ 1.5×)');

  console.log(`\nEXPLAIN ANALYZE of the state list statement at ${k(LOAD_SCALE)} applications`);
  console.log(f.state.plan.split('\n').map((l) => `  ${l}`).join('\n'));

  for (const e of f.explain) {
    console.log(`\nEXPLAIN ANALYZE of the list statement at ${k(e.applications)} applications`);
    console.log(e.plan.split('\n').map((l) => `  ${l}`).join('\n'));
  }

  console.log('\nSequential requests (one at a time, round trip from the client, ms; first call of each discarded as warm-up)');
  console.log(table(
    ['operation', 'runs', 'mean', 'median', 'min', 'max', 'detail'],
    [
      ['save a 50-answer section', f.save.runs, ms(f.save.mean), ms(f.save.median), ms(f.save.min), ms(f.save.max),
        `${f.save.answers} Text answers changed per save, section "${f.save.sectionName}" (${f.save.questionsInSection} questions)`],
      ['generate the PDF', f.pdf.runs, ms(f.pdf.mean), ms(f.pdf.median), ms(f.pdf.min), ms(f.pdf.max),
        `${f.pdf.visible} of ${f.pdf.questions} questions shown, ${f.pdf.unanswered} unanswered (${f.pdf.written} written directly), ${f.pdf.pages} pages, ${(f.pdf.bytes / 1024).toFixed(0)} KiB`],
    ],
  ));
  const exported = exportFigures.get(f.engine);
  if (exported) reportExports(exported, k(LOAD_SCALE));
  const reviewPdf = stateReviewPdfFigures.get(f.engine);
  if (reviewPdf) reportStateReviewPdf(reviewPdf);
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes, stopping.`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  const started = Date.now();
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const build = await uiBuild();
  const results: EngineFigures[] = [];
  const engines: Engine[] = [];
  if (ENGINES.includes('pglite')) engines.push('PGlite');
  if (ENGINES.includes('postgres')) engines.push('PostgreSQL');
  // Issue 8's rendering floor (scripts/bench-floor.ts), measured before and after the engines, the same way as the
  // portal's "p50 alone".
  const floor = await startFloor();
  const floorPage = async () => ('missing' in floor ? NaN : p50Alone(floor.pageUrl, ALONE_RUNS));
  const floorBefore = await floorPage();
  if (!('missing' in floor)) floorPageUrl = floor.pageUrl;
  for (const engine of engines) results.push(await runEngine(engine, build));
  floorMs = (floorBefore + (await floorPage())) / 2;
  floorNote = 'missing' in floor ? `not measured: ${floor.missing}` : `ssr-floor's plain variant, ${floor.rows} rows, p50 alone ${ms(floorBefore)} ms before the engines and ${ms(2 * floorMs - floorBefore)} after`;
  for (const r of results) report(r);
  console.log(`\nDone in ${s(Date.now() - started)}, load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}. Figures are rough on a shared machine; compare engines and runs, not absolutes.`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
