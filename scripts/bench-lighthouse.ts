// npm run bench:lighthouse — Lighthouse 12 (mobile preset: emulated mid-range phone, simulated slow 4G and CPU
// throttling) on the production build, printing performance and accessibility for the sign-in page, the
// applications list, an application form page and the state's dashboard and applications list (signed in through
// the development outbox, as the e2e fixtures do), with each page's total blocking time and the scripts that cost
// the most main-thread time (Lighthouse's bootup-time audit: scripting, parse and compile per script). Chromium: /usr/bin/chromium (CHROME_PATH to change). Targets (issue 8): performance >= 97,
// accessibility 100. Prints figures and exits 1 when a page misses a target (RUNS=n takes the median of n runs;
// LH_PAGES=list,form runs only the pages whose label holds one of those words; LH_SAVE=dir keeps every run's report).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { cookieHeader, freePort, signIn, start, stop } from './first-visit';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 1);
const TARGET = { performance: 97, accessibility: 100 };

const PAGES: { label: string; path: string; signedIn: false | 'org' | 'state' }[] = [
  { label: 'sign-in', path: '/org/login', signedIn: false },
  { label: 'applications list', path: '/org/applications', signedIn: 'org' },
  { label: 'application form', path: '/org/applications/bead-applcn/GA-SMT001', signedIn: 'org' },
  { label: 'state dashboard', path: '/state/dashboard', signedIn: 'state' },
  { label: 'state list', path: '/state/applications', signedIn: 'state' },
  { label: 'state review', path: '/state/applications/review-application/GA-LKV002', signedIn: 'state' },
];

const only = (process.env.LH_PAGES ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const SAVE = process.env.LH_SAVE;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Run npm run build first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await start(dataDir, port);
  // A fresh browser (its own profile) for each run: every signed-in page answers with a refreshed session cookie,
  // which the browser keeps, so the state's pages would otherwise be asked for with the organization's session.
  const launch = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
  let missed = 0;
  try {
    const cookies = {
      org: cookieHeader(await signIn(base, 'summit.admin@example.org')),
      state: cookieHeader(await signIn(base, 'state.admin@example.gov', 'state')),
    };
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${RUNS} run(s) a page (median)`);
    if (SAVE) fs.mkdirSync(SAVE, { recursive: true });
    for (const page of PAGES.filter((p) => !only.length || only.some((w) => p.label.includes(w)))) {
      const perf: number[] = [];
      const a11y: number[] = [];
      const metrics: Record<string, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [] };
      let scripts = '';
      for (let i = 0; i < RUNS; i++) {
        // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is taken again, twice at most.
        let lhr;
        for (let attempt = 1; ; attempt++) {
          const chrome = await launch();
          const result = await lighthouse(base + page.path, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            extraHeaders: page.signedIn ? { Cookie: cookies[page.signedIn] } : undefined,
          }).finally(() => chrome.kill());
          lhr = result!.lhr;
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`${page.path}: Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        }
        if (SAVE) fs.writeFileSync(path.join(SAVE, `${page.label.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        metrics.FCP!.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
        metrics.LCP!.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        metrics.TBT!.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        metrics.CLS!.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
        scripts = costliestScripts(lhr.audits['bootup-time']?.details, base);
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
      if (scripts) console.log(`${''.padEnd(19)}main-thread time by script (last run, simulated CPU): ${scripts}`);
    }
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
}

/** The three scripts that cost the page most main-thread time (bootup-time: total, of it scripting), short names. */
function costliestScripts(details: unknown, base: string): string {
  const items = ((details as { items?: { url: string; total: number; scripting: number }[] } | undefined)?.items ?? []).filter((i) => i.url.startsWith('http'));
  return [...items]
    .sort((a, b) => b.total - a.total)
    .slice(0, 3)
    .map((i) => `${i.url.startsWith(base) ? i.url.slice(base.length) : i.url} ${Math.round(i.total)} ms (scripting ${Math.round(i.scripting)})`)
    .join(', ');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
