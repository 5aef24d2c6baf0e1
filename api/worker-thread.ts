// A worker thread of the portal's (the embedded database's, decision 076; a render thread, decision 078), started
// from the module beside the one asking. In the build it is the bundled `name.js` beside the server bundle
// (scripts/build-server.mjs). Run from source (tsx: the bench; vitest), it is `name.ts`, loaded through tsx's loader,
// which a thread does not inherit.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/** The thread running `name` beside `from` (the asking module's import.meta.url), given `workerData`. */
export function startThread(from: string, name: string, workerData: unknown): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from), { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const script = JSON.stringify(new URL(`./${name}.ts`, from).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${script}); })`, { eval: true, workerData });
}

/**
 * Names the calling thread for the operating system (Linux: at most 15 characters), as `top -H` and `ps -L` show it
 * and the bench reads its CPU by (scripts/bench-support.ts). Elsewhere, or where /proc cannot be written, nothing.
 */
export function nameThisThread(name: string): void {
  try {
    fs.writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // Not Linux, or a /proc that is read-only: the thread keeps Node's name.
  }
}

/** The names given by nameThisThread to the portal's threads. */
export const THREAD_NAMES = { pglite: 'portal-pglite', render: 'portal-render' } as const;
