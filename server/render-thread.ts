// A render thread (decision 078): renders pages for the process's main thread, which runs everything else of a page
// (Express, the loaders and the API they call, the session) and sends each finished page's render here as a job
// (server/render-job.ts). It imports the same Remix build and renders with the build's own entry (`renderPage` in
// app/entry.server.tsx), so a page is the same bytes from either thread. It answers { id, html, failed }, or
// { id, error } when the render threw (the main thread then renders that page itself, and reports what fails).
import { parentPort, workerData } from 'node:worker_threads';
import type { EntryContext, ServerBuild } from '@remix-run/node';
import { rememberRouteMatches } from './route-matching';
import { rememberRouteTrees } from './route-trees';
import { entryContextOf, type PageJob } from './render-job';
import { nameThisThread, THREAD_NAMES } from '../api/worker-thread';

type RenderPage = (context: EntryContext, url: string, nonce: string) => Promise<{ html: string; failed: boolean }>;

nameThisThread(THREAD_NAMES.render);
const port = parentPort!;
try {
  // The same remembered route trees and matches as the main thread's renders (decisions 040, 062).
  rememberRouteMatches();
  rememberRouteTrees();
  const build = (await import((workerData as { buildUrl: string }).buildUrl)) as ServerBuild;
  const renderPage = (build.entry.module as unknown as { renderPage?: RenderPage }).renderPage;
  if (typeof renderPage !== 'function') throw new Error('The build has no renderPage in its entry.server');
  // One object for every page, as Remix's own (remembered) route modules are: the route trees are found by identity.
  const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route.module])) as EntryContext['routeModules'];
  port.on('message', async ({ id, job }: { id: number; job: PageJob }) => {
    try {
      const { html, failed } = await renderPage(entryContextOf(job, build, routeModules), job.url, job.nonce);
      port.postMessage({ id, html, failed });
    } catch (err) {
      port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  port.postMessage({ id: 0 });
} catch (err) {
  port.postMessage({ id: 0, error: err instanceof Error ? err.message : String(err) });
}
