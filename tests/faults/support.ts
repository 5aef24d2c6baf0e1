// What the fault tests share: the benchmark's client of a running portal, drafts to save into, and a storm of
// section saves whose every acknowledged write can be checked afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { client, signIn as signInThroughOutbox } from '../../scripts/bench-support';

export interface Portal {
  baseUrl: string;
  /** JSON call; a refused or reset connection is status 0 (the portal did not answer). */
  call(path: string, init?: { method?: string; body?: unknown; token?: string }): Promise<{ status: number; body: any }>;
}

/** The benchmark's API client, with a token per call, and a refused or reset connection as status 0. */
export function portalAt(baseUrl: string): Portal {
  return {
    baseUrl,
    async call(path, init = {}) {
      const api = client(baseUrl);
      api.token = init.token;
      try {
        return await api.call(path, init);
      } catch {
        return { status: 0, body: null };
      }
    },
  };
}

/** Signs in through the API with the code from the dev outbox; the bearer token. */
export const signIn = (portal: Portal, email: string): Promise<string> => signInThroughOutbox(client(portal.baseUrl), email);

export interface Draft {
  applicationId: string;
  sectionId: string;
  /** Amount questions a save fills together (save n writes n into each): after any fault they must still agree. */
  questionIds: string[];
}

/** New drafts of Lakeview (org.admin's organization), each with the section holding three amount questions (Budget & Match). */
export async function createDrafts(portal: Portal, token: string, count: number): Promise<Draft[]> {
  const me = await portal.call('/api/v1/users/me', { token });
  const lakeview = me.body.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative');
  const programId = (await portal.call('/api/v1/program/all', { token })).body[0].id;
  const area = (await portal.call('/api/v1/project-area/all', { token })).body[0].name;
  const drafts: Draft[] = [];
  for (let i = 0; i < count; i++) {
    const created = await portal.call(`/api/v1/applications/create?organizationId=${lakeview.id}`, {
      token,
      body: { programId, projectLocation: area, technologyType: 'Fiber to the premises' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const applicationId: string = created.body.applicationId;
    const sections = (await portal.call(`/api/v1/applications/${applicationId}/sections-status`, { token })).body as any[];
    for (const section of sections.filter((s) => !s.isEntityProfile)) {
      const view = await portal.call(`/api/v1/applications/${applicationId}/sections/${section.sectionId}`, { token });
      const amounts = (view.body.questions as any[]).filter((q) => q.type === 'Text' && q.responseType === 'Currency' && !q.readOnly && !q.dependentSystemNo);
      if (amounts.length >= 3) {
        drafts.push({ applicationId, sectionId: section.sectionId, questionIds: amounts.slice(0, 3).map((q) => q.id) });
        break;
      }
    }
  }
  expect(drafts).toHaveLength(count);
  return drafts;
}

const valueOf = (save: number) => `${save}.00`;

export interface StormResult {
  /** Every answer the portal gave to a save: status → count (0 = no answer at all). */
  statuses: Record<number, number>;
  /** Per draft, the number of the last save answered 200, and how many saves were tried. */
  lastAcknowledged: number[];
  tried: number[];
  /** Bodies of answers other than 200 and 503, for the failure message. */
  unexpected: unknown[];
}

/**
 * One writer per draft, each saving its questions over and over (save n writes the same value n into all
 * of them), until stopped. The first `quitAtFault` writers stop at their first answer other than 200, so
 * their drafts keep exactly what was saved before the fault. `onAnswer` sees each status as it comes.
 */
export function saveStorm(portal: Portal, token: string, drafts: Draft[], opts: { quitAtFault?: number; onAnswer?: (status: number) => void } = {}) {
  let running = true;
  const result: StormResult = { statuses: {}, lastAcknowledged: drafts.map(() => 0), tried: drafts.map(() => 0), unexpected: [] };
  const writers = drafts.map(async (draft, worker) => {
    for (let n = 1, faulted = false; running && !faulted; n++) {
      result.tried[worker] = n;
      const res = await portal.call(`/api/v1/applications/${draft.applicationId}/sections/${draft.sectionId}/answers`, {
        token,
        body: { answers: draft.questionIds.map((questionId) => ({ questionId, value: valueOf(n) })) },
      });
      result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
      if (res.status === 200) result.lastAcknowledged[worker] = n;
      else if (res.status !== 503) result.unexpected.push({ status: res.status, body: res.body });
      faulted = res.status !== 200 && worker < (opts.quitAtFault ?? 0);
      opts.onAnswer?.(res.status);
    }
  });
  return {
    result,
    async stop(): Promise<StormResult> {
      running = false;
      await Promise.all(writers);
      return result;
    },
  };
}

/**
 * After the storm: each draft holds one whole save (all its questions the same value), and that save is
 * the last one acknowledged or a later one (committed, its answer lost with the connection).
 */
export async function expectEverySaveKept(portal: Portal, token: string, drafts: Draft[], storm: StormResult) {
  for (const [worker, draft] of drafts.entries()) {
    const view = await portal.call(`/api/v1/applications/${draft.applicationId}/sections/${draft.sectionId}`, { token });
    expect(view.status).toBe(200);
    const answers = draft.questionIds.map((id) => (view.body.questions as any[]).find((q) => q.id === id)?.answer);
    expect(new Set(answers).size, `draft ${worker}: a save was half-written: ${JSON.stringify(answers)}`).toBe(1);
    const save = Number(answers[0]);
    expect(Number.isInteger(save), `draft ${worker} holds ${JSON.stringify(answers[0])}`).toBe(true);
    expect(storm.lastAcknowledged[worker]).toBeGreaterThan(0);
    expect(save).toBeGreaterThanOrEqual(storm.lastAcknowledged[worker]!);
    expect(save).toBeLessThanOrEqual(storm.tried[worker]!);
  }
}

/** Resolves once `check` holds, polling every 100 ms (a condition the test waits for, not a fixed sleep). */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Child {
  process: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited(): boolean;
}

/** Runs tests/faults/serve-api.ts (the portal API over DATA_DIR or DATABASE_URL) in a child process. */
export function serveApi(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/faults/serve-api.ts'], {
    env: { ...process.env, NODE_ENV: 'test', SESSION_SECRET: 'fault-test-secret-fault-test-secret', OTP_EMAIL_LIMIT: '100', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  return { process: child, output: () => text, exited: () => child.exitCode !== null || child.signalCode !== null };
}

export async function stopChild(child: Child | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!child || child.exited()) return;
  const gone = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill(signal);
  await gone;
}
