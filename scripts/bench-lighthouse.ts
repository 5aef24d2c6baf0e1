// npm run bench:lighthouse — Lighthouse 12 (mobile preset: emulated mid-range phone, simulated slow 4G and CPU
// throttling) on the production build, printing performance and accessibility for the sign-in page, the
// applications list and an application form page (signed in through the development outbox, as the e2e
// fixtures do). Chromium: /usr/bin/chromium (CHROME_PATH to change). Targets (issue 8): performance >= 97,
// accessibility 100. Prints figures and exits 1 when a page misses a target (RUNS=n takes the median of n runs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { cookieHeader, freePort, signIn, start, stop } from './first-visit';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 1);
const TARGET = { performance: 97, accessibility: 100 };

const PAGES: { label: string; path: string; signedIn: boolean }[] = [
  { label: 'sign-in', path: '/org/login', signedIn: false },
  { label: 'applications list', path: '/org/applications', signedIn: true },
  { label: 'application form', path: '/org/applications/bead-applcn/GA-SMT001', signedIn: true },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Run npm run build first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await start(dataDir, port);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  let missed = 0;
  try {
    const cookie = cookieHeader(await signIn(base, 'summit.admin@example.org'));
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${RUNS} run(s) a page (median)`);
    for (const page of PAGES) {
      const perf: number[] = [];
      const a11y: number[] = [];
      const metrics: Record<string, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [] };
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(base + page.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
        });
        const lhr = result!.lhr;
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        metrics.FCP!.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
        metrics.LCP!.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        metrics.TBT!.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        metrics.CLS!.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      }
      const p = median(perf);
      const a = median(a11y);
      const ok = p >= TARGET.performance && a >= TARGET.accessibility;
      if (!ok) missed++;
      const ms = (k: string) => `${k} ${Math.round(median(metrics[k]!))} ms`;
      console.log(
        `${page.label.padEnd(18)} ${page.path.padEnd(42)} performance ${String(p).padStart(3)}  accessibility ${String(a).padStart(3)}  ` +
          `(${ms('FCP')}, ${ms('LCP')}, ${ms('TBT')}, CLS ${median(metrics.CLS!).toFixed(3)})${ok ? '' : '  BELOW TARGET'}${RUNS > 1 ? `  runs: ${perf.join('/')}` : ''}`,
      );
    }
  } finally {
    await chrome.kill();
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
