// What the benchmark scripts share (npm run bench, npm run bench:load): a JSON client of the API,
// the dev-outbox sign-in, the load generator (autocannon in a worker thread) and the plain-text tables they print.
// Loopback only.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { THREAD_NAMES } from '../api/worker-thread';

export interface Client {
  baseUrl: string;
  token?: string;
  call<T = any>(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }>;
}

export function client(baseUrl: string): Client {
  const c: Client = {
    baseUrl,
    async call(p, init = {}) {
      const headers: Record<string, string> = {};
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      if (c.token) headers.Authorization = `Bearer ${c.token}`;
      const res = await fetch(baseUrl + p, {
        method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body };
    },
  };
  return c;
}

export function expectStatus(what: string, res: { status: number; body: unknown }, status = 200) {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
}

/** The newest sign-in code mailed to this address, from the development outbox (loopback only). */
export async function outboxCode(api: Client, email: string): Promise<string> {
  const outbox = await api.call<{ text: string }[]>(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  const otp = /code is (\d{6})/.exec(outbox.body?.[0]?.text ?? '')?.[1];
  if (!otp) throw new Error(`No sign-in code in the outbox for ${email}`);
  return otp;
}

/** The harness's sign-in: send a code, read it from the dev outbox, verify it. */
export async function signIn(api: Client, email: string): Promise<string> {
  expectStatus('send-login-otp', await api.call('/api/v1/send-login-otp', { body: { email } }));
  const otp = await outboxCode(api, email);
  const verified = await api.call<{ token: string }>('/api/v1/verify-otp', { body: { email, otp } });
  expectStatus('verify-otp', verified);
  return verified.body.token;
}

/** A browser with JavaScript off, as the UI sees it: a cookie jar, redirects not followed, forms posted urlencoded. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string, private timeoutMs = 60_000) {}

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(p: string, form?: Record<string, string> | [string, string][]): Promise<{ status: number; body: string; location: string | null }> {
    const headers: Record<string, string> = { Cookie: this.cookieHeader(), ...(process.env.BENCH_IDENTITY ? { 'Accept-Encoding': 'identity' } : {}) };
    if (form) Object.assign(headers, { 'Content-Type': 'application/x-www-form-urlencoded', Origin: this.baseUrl });
    const res = await fetch(this.baseUrl + p, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return { status: res.status, body: await res.text(), location: res.headers.get('location') };
  }
}

/** Signs a browser in through the UI's own forms (code from the dev outbox read by `api`), then picks the organization. */
export async function signInBrowser(browser: Browser, api: Client, email: string, organizationId?: string): Promise<void> {
  const sent = await browser.request('/org/login', { intent: 'send-code', email });
  if (sent.status !== 302) throw new Error(`UI send-code: HTTP ${sent.status}`);
  const verified = await browser.request('/org/login?step=code', { intent: 'verify', code: await outboxCode(api, email) });
  if (verified.status !== 302) throw new Error(`UI verify: HTTP ${verified.status}`);
  if (organizationId) {
    const picked = await browser.request('/org/select-organization', { organizationId });
    if (picked.status !== 302) throw new Error(`UI select-organization: HTTP ${picked.status}`);
  }
}

/** The value at percentile p (nearest rank) of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : 0;
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_h, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  return [line(cells[0]!), `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`, ...cells.slice(1).map(line)].join('\n');
}

export interface LoadFigures {
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
  /** Seconds the run took (autocannon's own count, from its first request to its end). */
  duration: number;
  /**
   * loadInTurns, when the server runs in this process (npm run bench): this process's main thread (the server's; the
   * load runs in a worker thread) over the run: its CPU a request, and the share of the run's time it was busy.
   */
  mainThread?: { msPerRequest: number; busy: number };
  /** loadInTurns: the same for this process's named threads (nameThisThread: PGlite's, the render threads), by name. */
  threads?: Record<string, { msPerRequest: number; busy: number }>;
  /**
   * loadInTurns: latency beyond queueing, each slice against its own throughput. At `connections` connections a
   * response's latency from queueing alone is connections ÷ throughput; a slice's throughput is its own, since the
   * machine's speed drifts from one slice to the next, and one p95 over slices of different speeds measured the
   * drift. `p95Ratio`: the p95 of each response's latency ÷ its slice's connections ÷ throughput (issue 8: ≤ 1.3).
   */
  queueing?: { p95Ratio: number; slices: { requestsPerSec: number; p95: number }[] };
}

/** A process's main thread's time on a CPU so far (ns; Linux's schedstat): this process's by default, 0 where none. */
export function mainThreadNs(pid = process.pid): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
}

/** The time on a CPU so far (ns) of this process's threads named by nameThisThread (api/worker-thread.ts), by name. */
export function namedThreadsNs(names: readonly string[]): Record<string, number> {
  const total = Object.fromEntries(names.map((name) => [name, 0]));
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return total;
  }
  for (const task of tasks) {
    try {
      const name = fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim();
      if (name in total) total[name]! += Number(fs.readFileSync(`/proc/self/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the two reads.
    }
  }
  return total;
}

/** autocannon in a worker thread (scripts/load-worker.mjs), with exact latency percentiles. */
export function loadTest(url: string, headers: Record<string, string>, connections: number, duration: number): Promise<LoadFigures> {
  return runLoad(url, headers, connections, duration, false);
}

/**
 * The one load worker of this process, started with its first run and kept for the next ones (warm: it primes itself
 * once, scripts/load-worker.mjs); it holds the process open only while a run is waiting.
 */
let worker: { thread: Worker; waiting: Map<number, { resolve: (m: any) => void; reject: (e: Error) => void }>; next: number } | undefined;

function loadWorker(): NonNullable<typeof worker> {
  if (worker) return worker;
  const thread = new Worker(new URL('./load-worker.mjs', import.meta.url));
  const started = { thread, waiting: new Map<number, { resolve: (m: any) => void; reject: (e: Error) => void }>(), next: 0 };
  const fail = (err: Error) => {
    worker = undefined;
    for (const { reject } of started.waiting.values()) reject(err);
    started.waiting.clear();
  };
  thread.on('message', (m: { id: number; error?: string; figures?: LoadFigures }) => {
    const call = started.waiting.get(m.id);
    started.waiting.delete(m.id);
    if (started.waiting.size === 0) thread.unref();
    if (m.error) call?.reject(new Error(m.error));
    else call?.resolve(m.figures);
  });
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the load worker stopped (exit code ${code})`)));
  thread.unref();
  worker = started;
  return started;
}

function runLoad<K extends boolean>(
  url: string, headers: Record<string, string>, connections: number, duration: number, keepLatencies: K,
): Promise<K extends true ? LoadFigures & { latencies: number[] } : LoadFigures> {
  const w = loadWorker();
  const id = w.next++;
  return new Promise((resolve, reject) => {
    w.waiting.set(id, { resolve, reject });
    w.thread.ref();
    w.thread.postMessage({ id, run: { url, connections, duration, headers, keepLatencies } });
  });
}

/** A pause between slices, after the requests a slice left running have ended. */
const SLICE_GAP_MS = 200;

/**
 * Waits for the requests a slice left running when its connections closed: one more request to the same URL, which
 * the server answers after them (PGlite's pages take long enough for 32 of them to outlast a fixed pause).
 */
async function drained(target: { url: string; headers: Record<string, string> }): Promise<void> {
  try {
    await (await fetch(target.url, { headers: target.headers })).arrayBuffer();
  } catch {
    // A failed request drains too; the slices count their own errors.
  }
}

/**
 * Several URLs under the same load in turns, for figures that are compared with each other (a page and its API call):
 * `slices` slices of duration ÷ slices seconds each, in the order A B, B A, A B, …; between slices, one more request
 * waits for the requests a slice left running, then a short pause. A machine that speeds up or slows down during the
 * run (a shared 2-core one moves by ±15% within a minute) then weighs on each URL alike, where one URL after the other
 * put the whole drift between them. Each URL's figures are over all its slices: requests ÷ the slices' seconds, percentiles of every
 * latency; and its latency beyond queueing, each slice against its own throughput (`queueing`).
 */
export async function loadInTurns(
  targets: { url: string; headers: Record<string, string> }[], connections: number, duration: number, slices: number, warmUpSeconds = 0,
): Promise<LoadFigures[]> {
  // Unmeasured: the portal's first seconds under load are slower than the rest (its code and heap settle under
  // concurrency, which requests one at a time do not bring about), and would count as latency beyond queueing.
  for (const target of warmUpSeconds > 0 ? targets : []) {
    await runLoad(target.url, target.headers, connections, warmUpSeconds, false);
    await drained(target);
    await new Promise((r) => setTimeout(r, SLICE_GAP_MS));
  }
  const named = Object.values(THREAD_NAMES);
  const runs = targets.map(() => [] as (LoadFigures & { latencies: number[]; mainThreadNs: number; threadsNs: Record<string, number> })[]);
  for (let slice = 0; slice < slices; slice++) {
    const order = targets.map((_t, i) => i);
    if (slice % 2 === 1) order.reverse();
    for (const i of order) {
      const before = mainThreadNs();
      const threadsBefore = namedThreadsNs(named);
      const run = await runLoad(targets[i]!.url, targets[i]!.headers, connections, duration / slices, true);
      const threadsAfter = namedThreadsNs(named);
      const threadsNs = Object.fromEntries(named.map((name) => [name, threadsAfter[name]! - threadsBefore[name]!]));
      runs[i]!.push({ ...run, mainThreadNs: mainThreadNs() - before, threadsNs });
      await drained(targets[i]!);
      await new Promise((r) => setTimeout(r, SLICE_GAP_MS));
    }
  }
  return runs.map((parts) => {
    const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
    const requests = parts.reduce((n, p) => n + p.requests, 0);
    const seconds = parts.reduce((n, p) => n + p.duration, 0);
    const sum = (k: 'errors' | 'timeouts' | 'non2xx') => parts.reduce((n, p) => n + p[k], 0);
    const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
    const busyNs = parts.reduce((n, p) => n + p.mainThreadNs, 0);
    const cpu = (ns: number) => ({ msPerRequest: ns / 1e6 / requests, busy: ns / 1e9 / seconds });
    const threads = Object.fromEntries(named.map((name) => [name, parts.reduce((n, p) => n + p.threadsNs[name]!, 0)] as const).filter(([, ns]) => ns > 0).map(([name, ns]) => [name, cpu(ns)]));
    const ratios = parts.flatMap((p) => p.latencies.map((ms) => (ms * p.requestsPerSec) / (connections * 1000))).sort((a, b) => a - b);
    return {
      queueing: { p95Ratio: Math.round(percentile(ratios, 95) * 100) / 100, slices: parts.map((p) => ({ requestsPerSec: p.requestsPerSec, p95: p.p95 })) },
      requests, requestsPerSec: requests / seconds, duration: seconds,
      mainThread: cpu(busyNs),
      threads,
      p50: at(50), p90: at(90), p95: at(95), p99: at(99), max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
      errors: sum('errors'), timeouts: sum('timeouts'), non2xx: sum('non2xx'),
    };
  });
}
