// A worker thread of the portal's (the embedded database's, decision 076; a render thread, decision 078), started
// from the module beside the one asking. In the build it is the bundled `name.js` beside the server bundle
// (scripts/build-server.mjs). Run from source (tsx: the bench; vitest), it is `name.ts`, loaded through tsx's loader,
// which a thread does not inherit.
import { Worker } from 'node:worker_threads';

/** The thread running `name` beside `from` (the asking module's import.meta.url), given `workerData`. */
export function startThread(from: string, name: string, workerData: unknown): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from), { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const script = JSON.stringify(new URL(`./${name}.ts`, from).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${script}); })`, { eval: true, workerData });
}
