// `npm run bench` (DESIGN section 7): performance figures of the API on both database engines.
// A script that prints figures, not a test: nothing is asserted beyond "the request worked".
//
// For each engine (PGlite in memory, then a throwaway PostgreSQL server from tests/support/postgres.ts):
// migrate, demo seed, seedLarge (10,000 applications over 200 organizations), start the API-only app
// on 127.0.0.1 with the sign-in limits lifted, sign in as bench.admin.1@example.org, then measure
//   1. the organization's filtered applications list under load (autocannon, 32 connections, 10 s);
//   2. saving one 50-answer section of a fresh draft (sequential, averaged);
//   3. generating the PDF of a fully answered SUBMITTED application (sequential, averaged).
// Everything runs on 127.0.0.1, is bounded in count and time, and is closed at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fromPglite, openDatabase, type Database } from '../api/db/client';
import { seedDatabase } from '../api/seed';
import {
  answers, applicationSections, applications, memberships, profileAnswers, projectAreas, questions, sections, users,
} from '../api/db/schema';
import { loadApplicationContent, toQuestion, type ProgramQuestion } from '../api/services/application-content';
import { createPortalApp } from '../server/portal';
import { readEnv } from '../server/env';
import { startPostgres, type RunningPostgres } from '../tests/support/postgres';
import { addDays, zonedToday } from '../domain/dates';
import { TECHNOLOGY_TYPES, isEligibleTechnology } from '../domain/technology';
import { columnKey, type AnswerValue, type TableColumn, type TableRow } from '../domain/questions';
import { isEmptyAnswer, isQuestionVisible } from '../domain/validation';
import { benchApplicationCounts, seedLarge } from './seed-large';
import { client, expectStatus, signIn, table, type Client } from './bench-support';

const LIST_CONNECTIONS = 32;
const LIST_SECONDS = 10;
const SAVE_ANSWERS = 50;
const SAVE_RUNS = 10;
const PDF_RUNS = 5;
const LIST_SEQUENTIAL_RUNS = 20;
/** The whole run is stopped past this (two engines take a few minutes on a quiet machine). */
const WATCHDOG_MS = 20 * 60_000;

type Engine = 'PGlite' | 'PostgreSQL';

interface ListFigures {
  label: string;
  url: string;
  totalRecords: number;
  rowsOnPage: number;
  requests: number;
  requestsPerSec: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface Timing {
  runs: number;
  mean: number;
  median: number;
  min: number;
  max: number;
}

interface EngineFigures {
  engine: Engine;
  setup: { openMs: number; migrateMs: number; demoSeedMs: number; seedLargeMs: number };
  lists: ListFigures[];
  save: Timing & { answers: number; sectionName: string; questionsInSection: number };
  pdf: Timing & { bytes: number; pages: number; written: number; questions: number; visible: number; unanswered: number };
  listSequential: Timing;
}

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
// 1. The applications list under load
// ---------------------------------------------------------------------------------------------

async function measureList(api: Client, label: string, listPath: string): Promise<ListFigures> {
  // One plain request first: the figures are only worth something if the answer is right.
  const probe = await api.call<{ totalRecords: number; applications: unknown[] }>(listPath);
  expectStatus(`list ${label}`, probe);
  const result = await loadTest(api.baseUrl + listPath, { authorization: `Bearer ${api.token}` });
  return {
    label,
    url: listPath,
    totalRecords: probe.body.totalRecords,
    rowsOnPage: probe.body.applications.length,
    ...result,
  };
}

/** autocannon in a worker thread (scripts/load-worker.mjs), with exact latency percentiles. */
function loadTest(url: string, headers: Record<string, string>): Promise<Omit<ListFigures, 'label' | 'url' | 'totalRecords' | 'rowsOnPage'>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url, connections: LIST_CONNECTIONS, duration: LIST_SECONDS, headers },
    });
    worker.once('message', (m: { error?: string } & Omit<ListFigures, 'label' | 'url' | 'totalRecords' | 'rowsOnPage'>) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

/** The same list request one at a time: its cost without queueing behind 31 others. */
async function measureListSequential(api: Client, listPath: string): Promise<Timing> {
  const samples: number[] = [];
  for (let run = 0; run <= LIST_SEQUENTIAL_RUNS; run++) {
    const start = process.hrtime.bigint();
    const res = await api.call(listPath);
    const ms = elapsed(start);
    expectStatus('list (sequential)', res);
    if (run > 0) samples.push(ms);
  }
  return timing(samples);
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
  return { ...timing(samples), bytes: pdf.length, pages, ...filled };
}

// ---------------------------------------------------------------------------------------------
// One engine, start to finish
// ---------------------------------------------------------------------------------------------

async function runEngine(engine: Engine): Promise<EngineFigures> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    log(`${engine}: opening a fresh database`);
    let start = process.hrtime.bigint();
    let database: Database;
    if (engine === 'PGlite') {
      database = fromPglite(await PGlite.create());
    } else {
      const pg: RunningPostgres = await startPostgres();
      cleanups.push(() => pg.stop());
      database = await openDatabase({ dataDir, databaseUrl: pg.url });
    }
    cleanups.push(() => database.close());
    const openMs = elapsed(start);

    start = process.hrtime.bigint();
    await database.migrate();
    const migrateMs = elapsed(start);
    start = process.hrtime.bigint();
    await seedDatabase(database.db);
    const demoSeedMs = elapsed(start);
    log(`${engine}: seeding 10,000 applications over 200 organizations`);
    start = process.hrtime.bigint();
    const large = await seedLarge(database.db, { organizations: 200, applications: 10_000 });
    const seedLargeMs = elapsed(start);
    const counts = await benchApplicationCounts(database.db, large.orgIds);

    const env = readEnv({
      NODE_ENV: 'test', // only keeps the dev outbox from echoing codes to the console
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
      OTP_EMAIL_LIMIT: '100000',
      OTP_IP_LIMIT: '100000',
    });
    const app = createPortalApp({ env, database });
    const server: Server = await new Promise((resolve, reject) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
      s.on('error', reject);
    });
    cleanups.push(() => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    }));
    const api = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    api.token = await signIn(api, large.adminEmails[0]!);
    // A typical organization needs its own admin: bench.admin.2 belongs to organization 002 only.
    const typical = client(api.baseUrl);
    typical.token = await signIn(typical, large.adminEmails[1]!);

    const areas = (await database.db.select({ name: projectAreas.name }).from(projectAreas).orderBy(asc(projectAreas.name)).limit(6)).map((a) => a.name);
    const end = zonedToday();
    const filters = new URLSearchParams({
      status: 'SUBMITTED_ANY',
      startDate: addDays(end, -90),
      endDate: end,
      projectLocation: areas.join(','),
    }).toString();
    const bigOrg = large.orgIds[0]!;
    const typicalOrg = large.orgIds[1]!;
    const lists: ListFigures[] = [];
    log(`${engine}: list under load, ${LIST_CONNECTIONS} connections for ${LIST_SECONDS} s (big organization, ${counts.get(bigOrg)} applications)`);
    lists.push(await measureList(api, `org 001 (${counts.get(bigOrg)} apps), page 2`, `/api/v1/organization/${bigOrg}/applications?page=2&limit=25&${filters}`));
    log(`${engine}: list under load (typical organization, ${counts.get(typicalOrg)} applications)`);
    lists.push(await measureList(typical, `org 002 (${counts.get(typicalOrg)} apps), page 1`, `/api/v1/organization/${typicalOrg}/applications?page=1&limit=25&${filters}`));

    const listSequential = await measureListSequential(api, lists[0]!.url);

    log(`${engine}: saving a ${SAVE_ANSWERS}-answer section ${SAVE_RUNS} times`);
    const save = await measureSave(api, database, bigOrg);
    log(`${engine}: generating the PDF of a fully answered application ${PDF_RUNS} times`);
    const pdf = await measurePdf(api, database, bigOrg);

    return { engine, setup: { openMs, migrateMs, demoSeedMs, seedLargeMs }, lists, listSequential, save, pdf };
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

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;

function report(f: EngineFigures) {
  console.log(`\n=== ${f.engine} ===`);
  console.log(`setup: open ${s(f.setup.openMs)}, migrate ${s(f.setup.migrateMs)}, demo seed ${s(f.setup.demoSeedMs)}, seed:large ${s(f.setup.seedLargeMs)}`);
  console.log(`\nApplications list, GET ${f.lists[0]?.url.replace(/\/organization\/[^/]+\//, '/organization/:orgId/')}`);
  console.log(`(autocannon: ${LIST_CONNECTIONS} connections, ${LIST_SECONDS} s; latency percentiles in ms over every response)`);
  console.log(table(
    ['organization', 'matching', 'rows', 'requests', 'req/s', 'p50', 'p90', 'p95', 'p99', 'max', 'errors', 'timeouts', 'non-2xx'],
    f.lists.map((l) => [l.label, l.totalRecords, l.rowsOnPage, l.requests, l.requestsPerSec.toFixed(1), l.p50, l.p90, l.p95, l.p99, l.max, l.errors, l.timeouts, l.non2xx]),
  ));
  console.log('\nSequential requests (one at a time, round trip from the client, ms; first call of each discarded as warm-up)');
  console.log(table(
    ['operation', 'runs', 'mean', 'median', 'min', 'max', 'detail'],
    [
      ['list, org 001 page 2 (above)', f.listSequential.runs, ms(f.listSequential.mean), ms(f.listSequential.median), ms(f.listSequential.min),
        ms(f.listSequential.max), 'the filtered list request alone, 1 connection'],
      ['save a 50-answer section', f.save.runs, ms(f.save.mean), ms(f.save.median), ms(f.save.min), ms(f.save.max),
        `${f.save.answers} Text answers changed per save, section "${f.save.sectionName}" (${f.save.questionsInSection} questions)`],
      ['generate the PDF', f.pdf.runs, ms(f.pdf.mean), ms(f.pdf.median), ms(f.pdf.min), ms(f.pdf.max),
        `${f.pdf.visible} of ${f.pdf.questions} questions shown, ${f.pdf.unanswered} unanswered (${f.pdf.written} written directly), ${f.pdf.pages} pages, ${(f.pdf.bytes / 1024).toFixed(0)} KiB`],
    ],
  ));
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes, stopping.`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  const started = Date.now();
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const results: EngineFigures[] = [];
  for (const engine of ['PGlite', 'PostgreSQL'] as const) results.push(await runEngine(engine));
  for (const r of results) report(r);
  console.log(`\nDone in ${s(Date.now() - started)}. Figures are rough on a shared machine; compare engines and runs, not absolutes.`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
