// The first-load budget (issue 8, docs/decisions/014): the last step of `npm run build`.
// For every page route it sums, gzipped, the JavaScript a first visit loads: the client entry, the route
// manifest and, for the root, each parent layout and the page itself, their module and every chunk they
// import (from public/build/manifest-*.js). Pages above their budget fail the build, naming the page and the
// packages that weigh most on it (from build/metafile.js.json; a package's share of a chunk is scaled by that
// chunk's gzip ratio, so the per-package figures are estimates, the page totals are exact).
// Usage: node scripts/check-budget.mjs [--print]   (--print lists every page even when all fit)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** KB = 1000 bytes, as issue 8 measured them (login 203 KB). */
const KB = 1000;
/**
 * Budgets in KB, gzipped, and in files fetched. The sign-in pages have the tightest one: they are every visitor's
 * first page. Each file is a request, a round trip on HTTP/1.1 before first paint (decision 102): a page over its file
 * budget most likely has a route module or a lazily loaded module that does not import its pages' shared file
 * (app/chunks/).
 */
export const BUDGETS = [
  { match: /^routes\/(org|state)_\.login$/, kb: 110, files: 12, label: 'sign-in pages' },
  { match: /.*/, kb: 150, files: 26, label: 'every other page' },
];

/**
 * Pages allowed above their budget for a while, each with a ceiling it may not grow past: the build fails above
 * the ceiling, and says when a page has come down enough for its ceiling to be lowered or removed. Empty since
 * decision 026 (no page loads Chakra's runtime; the form 153.9 → 113.1 KB, the profile 152.6 → 112.1 KB): every
 * page is held to its budget. Add an entry only with a decision record that says when it goes.
 * @type {Record<string, number>}
 */
export const CEILINGS = {};

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(root, 'public/build');

function readManifest() {
  const file = fs.readdirSync(buildDir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (!file) throw new Error('public/build has no manifest: run the Remix build first');
  const text = fs.readFileSync(path.join(buildDir, file), 'utf8');
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  return { href: `/build/${file}`, manifest: JSON.parse(json) };
}

const gzipCache = new Map();
function sizes(href) {
  let s = gzipCache.get(href);
  if (!s) {
    const body = fs.readFileSync(path.join(root, 'public', href));
    s = { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
    gzipCache.set(href, s);
  }
  return s;
}

/** Package name of a bundled input ('node_modules/@chakra-ui/react/dist/…' → '@chakra-ui/react'; app code → 'app'). */
function packageOf(input) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (m) return m[1];
  if (input.startsWith('app/')) return 'app';
  if (input.startsWith('domain/')) return 'domain';
  return 'other';
}

export function measure() {
  const { href: manifestHref, manifest } = readManifest();
  const metafile = JSON.parse(fs.readFileSync(path.join(root, 'build/metafile.js.json'), 'utf8'));
  const outputs = new Map(Object.entries(metafile.outputs).map(([k, v]) => ['/' + k.replace(/^public\//, ''), v]));
  const routes = manifest.routes;
  const children = new Set(Object.values(routes).map((r) => r.parentId).filter(Boolean));
  const isPage = (r) => {
    const out = outputs.get(r.module);
    return out?.exports.includes('default') && !children.has(r.id) && r.id !== 'root';
  };
  const pages = [];
  for (const route of Object.values(routes)) {
    if (!isPage(route)) continue;
    const chain = [];
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports, manifestHref]);
    for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
    let raw = 0;
    let gzip = 0;
    const byPackage = new Map();
    for (const f of files) {
      const s = sizes(f);
      raw += s.raw;
      gzip += s.gzip;
      const out = outputs.get(f);
      if (!out) continue;
      const ratio = s.gzip / Math.max(1, s.raw);
      for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
        const pkg = packageOf(input);
        byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput * ratio);
      }
    }
    const budget = BUDGETS.find((b) => b.match.test(route.id));
    const ceiling = CEILINGS[route.id];
    pages.push({
      id: route.id,
      files: files.size,
      raw,
      gzip,
      maxFiles: budget.files,
      target: budget.kb * KB,
      budget: (ceiling ?? budget.kb) * KB,
      packages: [...byPackage].sort((a, b) => b[1] - a[1]),
    });
  }
  return pages.sort((a, b) => b.gzip - a.gzip);
}

const kib = (n) => `${(n / KB).toFixed(1)} KB`;
export function formatPage(p, top = 6) {
  const pkgs = p.packages
    .slice(0, top)
    .map(([name, bytes]) => `${name} ${kib(bytes)}`)
    .join(', ');
  const limit = p.budget > p.target ? `ceiling ${kib(p.budget)}, target ${kib(p.target)}` : `budget ${kib(p.budget)}`;
  return `${p.id}: ${kib(p.gzip)} gzip (${kib(p.raw)} raw, ${p.files} files of ${p.maxFiles}; ${limit})\n    top packages (≈gzip): ${pkgs}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = measure();
  const over = pages.filter((p) => p.gzip > p.budget);
  const tooMany = pages.filter((p) => p.files > p.maxFiles);
  if (process.argv.includes('--print') || over.length || tooMany.length) for (const p of pages) console.log(formatPage(p));
  if (over.length) console.error(`\nFirst-load budget exceeded on ${over.length} page(s): ${over.map((p) => `${p.id} ${kib(p.gzip)} > ${kib(p.budget)}`).join('; ')}`);
  if (tooMany.length) console.error(`\nFirst-load files over budget on ${tooMany.length} page(s): ${tooMany.map((p) => `${p.id} ${p.files} > ${p.maxFiles} files`).join('; ')}`);
  if (over.length || tooMany.length) process.exit(1);
  const heaviest = pages[0];
  const most = pages.reduce((a, b) => (b.files > a.files ? b : a));
  console.log(`first-load budget: ${pages.length} pages within budget (heaviest ${heaviest.id} ${kib(heaviest.gzip)} gzip; most files ${most.id} ${most.files})`);
  for (const p of pages.filter((q) => q.budget > q.target)) {
    const note = p.gzip <= p.target ? 'now within the target: remove its ceiling' : p.gzip < p.budget - 2 * KB ? 'lower its ceiling' : 'above the target';
    console.log(`  ${p.id}: ${kib(p.gzip)}, ceiling ${kib(p.budget)} (${note})`);
  }
}
