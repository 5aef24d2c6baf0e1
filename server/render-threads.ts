// Render threads (decision 078): a process renders its pages' HTML on threads of its own, beside the main thread
// that runs everything else of a page (Express, the session, the loaders and the API they call, the answer).
//
// React's render of a list page was about half of the main thread's time on a page (issue 8's profiles), and one
// thread is one core: a process answered pages at the speed of one core while its database (PostgreSQL's processes,
// or PGlite's own thread, decision 076) left the other idle. With a render thread the two halves of a page run on
// two cores, and the main thread stays free for the API calls, sign-ins and uploads that come in meanwhile.
//
// A page goes to a thread only when it can be rendered there the same: no route errors (those keep Remix's own
// second render pass) and data that copies to another thread. Otherwise, and whenever no thread is ready (starting,
// or lost and not yet replaced), the page is rendered on the main thread as before: a thread can only make a page
// faster, never fail it.
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { EntryContext } from '@remix-run/node';
import { processCount, type Env } from './env';
import { pageJob, type PageJob } from './render-job';
import { startThread } from '../api/worker-thread';

export type RenderedPage = { html: string; failed: boolean };

export type RenderThreadOptions = {
  /** Where a thread's trouble is told (console.error). */
  log?: (message: string) => void;
  /** How long a lost thread waits before it is started again. */
  restartMs?: number;
};

/**
 * How many render threads a process runs: RENDER_THREADS when set; otherwise one in production when the machine has a
 * core that neither the main thread nor the database keeps busy, else none. The main thread takes one core, and the
 * database another: PGlite on a thread of its own (decision 076), PostgreSQL in its own processes, on the same machine
 * in the portal's one-machine setups. With one portal process per core (WEB_CONCURRENCY) the processes take them all.
 * So from three cores, with either engine. On two, a render thread made more pages a second and a slower tail: the
 * main thread then waited for a core while the render thread, the database and V8's helpers ran (decision 082).
 */
export function renderThreadCount(env: Env, cores = os.availableParallelism()): number {
  if (env.RENDER_THREADS !== undefined) return env.RENDER_THREADS;
  if (env.NODE_ENV !== 'production') return 0;
  if (processCount(env, cores).count > 1) return 0;
  return cores > 2 ? 1 : 0;
}

/**
 * Page reads a process runs at once (decision 057): PAGE_CONCURRENCY for each thread that works on pages, the main
 * thread and each render thread. A page spends part of its time on each, so with a render thread the same few pages
 * at once would leave one of them waiting for work.
 */
export function pagesAtOnce(env: Env): number {
  return env.PAGE_CONCURRENCY * (1 + renderThreadCount(env));
}

class RenderThread {
  #worker: Worker | undefined;
  #ready = false;
  #closed = false;
  #next = 1;
  #pending = new Map<number, (page: RenderedPage | null) => void>();
  #restart: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly buildUrl: string,
    private readonly log: (message: string) => void,
    private readonly restartMs: number,
  ) {
    this.#start();
  }

  get ready() {
    return this.#ready;
  }

  get load() {
    return this.#pending.size;
  }

  #start() {
    // build/server/render-thread.js in the build, server/render-thread.ts from source.
    const worker = startThread(import.meta.url, 'render-thread', { buildUrl: this.buildUrl });
    // The process ends when its server does: a render thread does not hold it open.
    worker.unref();
    worker.on('message', (message: { id: number; html?: string; failed?: boolean; error?: string }) => {
      if (message.id === 0) {
        if (message.error !== undefined) {
          this.log(`A render thread could not start (${message.error}); pages are rendered on the main thread.`);
          this.#closed = true;
          void worker.terminate();
          return;
        }
        this.#ready = true;
        return;
      }
      const settle = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      settle?.(typeof message.html === 'string' ? { html: message.html, failed: Boolean(message.failed) } : null);
    });
    worker.on('error', (err) => this.log(`A render thread stopped: ${err.message}`));
    worker.on('exit', () => this.#lost(worker));
    this.#worker = worker;
  }

  /** The thread is gone: its pages are rendered on the main thread, and a new thread starts a little later. */
  #lost(worker: Worker) {
    if (this.#worker !== worker) return;
    this.#ready = false;
    this.#worker = undefined;
    for (const settle of this.#pending.values()) settle(null);
    this.#pending.clear();
    if (this.#closed) return;
    this.#restart = setTimeout(() => this.#start(), this.restartMs);
    this.#restart.unref();
  }

  /** The page rendered on this thread, or null when it was not (its data does not copy, or the thread was lost). */
  render(job: PageJob): Promise<RenderedPage | null> {
    const worker = this.#worker;
    if (!worker || !this.#ready) return Promise.resolve(null);
    const id = this.#next++;
    try {
      worker.postMessage({ id, job });
    } catch {
      // Data a structured clone cannot copy (a function, a promise): rendered where it is.
      return Promise.resolve(null);
    }
    return new Promise((resolve) => this.#pending.set(id, resolve));
  }

  async close() {
    this.#closed = true;
    clearTimeout(this.#restart);
    const worker = this.#worker;
    if (worker) await worker.terminate();
  }
}

export class RenderThreads {
  readonly #threads: RenderThread[];
  /** Pages rendered on these threads so far. */
  rendered = 0;

  private constructor(threads: RenderThread[]) {
    this.#threads = threads;
  }

  /** `count` threads rendering with the Remix build at `buildUrl` (the same build this process serves). */
  static start(buildUrl: string, count: number, { log = (m) => console.error(m), restartMs = 5_000 }: RenderThreadOptions = {}): RenderThreads {
    return new RenderThreads(Array.from({ length: count }, () => new RenderThread(buildUrl, log, restartMs)));
  }

  /** Whether some thread is ready for pages. */
  get ready(): boolean {
    return this.#threads.some((t) => t.ready);
  }

  /**
   * The page's document, rendered on the ready thread with the fewest pages waiting; null when this page is to be
   * rendered on the main thread (see the top of this file).
   */
  render(context: EntryContext, url: string, nonce: string): Promise<RenderedPage | null> {
    let thread: RenderThread | undefined;
    for (const t of this.#threads) if (t.ready && (!thread || t.load < thread.load)) thread = t;
    if (!thread) return Promise.resolve(null);
    const job = pageJob(context, url, nonce);
    if (!job) return Promise.resolve(null);
    return thread.render(job).then((page) => {
      if (page) this.rendered++;
      return page;
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.#threads.map((t) => t.close()));
  }
}
