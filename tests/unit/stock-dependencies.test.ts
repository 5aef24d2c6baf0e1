// Speed on stock dependencies (issue 42, decision 096): nothing in the portal's own code replaces, wraps or
// re-implements a dependency's internals, reads its private paths or fields, or depends on how a package is compiled;
// every package the code imports is declared; the packages the portal relies on in detail are pinned exactly; and the
// UI's build imports nothing of the server's. The patterns are written here by hand from the list.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['app', 'server', 'api', 'domain'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The code without its comments (a comment may name what the code no longer does). */
function codeOf(file: string): string {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Each pattern, and what it finds. */
const FORBIDDEN: [RegExp, string][] = [
  [/\breplaceExport\b/, 'export replacement of a library function'],
  [/\bcreateRequire\b/, 'createRequire into a package'],
  [/['"`][^'"`\n]*\/dist\/[^'"`\n]*['"`]/, 'a /dist/ path of a package'],
  [/node_modules\//, 'a node_modules/ path'],
  [/\bUNSAFE_[A-Z][a-z]/, "a framework's UNSAFE_ export"],
  [/\b(renderMeta|serverHandoffStream|streamCache|staticHandlerContext|__remixContext|__reactRouterContext)\b/, "Remix's private render state"],
  [/\bsetPrototypeOf\b|__proto__|\.prototype\s*=[^=]|\bapp\.(request|response)\s*=[^=]/, 'prototype reassignment'],
  [/Object\.defineProperties?\(\s*[\w.]*\bprototype\b/, "a class's prototype redefined"],
  [/\._(header|hasBody|headers|events|readableState|writableState|config|global)\b/, "a dependency's private field"],
  [/\bSymbol\.for\(/, 'a module bridged to its copy in another build (Symbol.for)'],
  [/\bRemixBrowser\s*(\(|as\b)/, 'a Remix component called as a function'],
];

const files = SCANNED.flatMap(filesUnder);

describe('the portal runs on its dependencies as they are documented', () => {
  it('scans the code it means to', () => {
    // A scan of nothing passes anything: the tree has these, written by hand.
    for (const file of ['server/portal.ts', 'server/api-transport.ts', 'app/entry.server.tsx', 'app/entry.client.tsx', 'api/db/pglite-thread.ts', 'domain/workflow.ts']) {
      expect(files).toContain(file);
    }
  });

  it('no file in app/, server/, api/ or domain/ reaches into a dependency', () => {
    const found: string[] = [];
    for (const file of files) {
      const code = codeOf(file);
      for (const [pattern, what] of FORBIDDEN) {
        const match = pattern.exec(code);
        if (match) found.push(`${file}: ${what} (${match[0].trim()})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the patterns find what they are for', () => {
    // Each line a sample of what the issue names; each must be found by at least one pattern.
    const samples = [
      "replaceExport(router, 'matchRoutes', fast)",
      "const require = createRequire(import.meta.url);",
      "import { sendRemixResponse } from '@remix-run/express/dist/server.js';",
      "export { badgeRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/badge.js';",
      "import { UNSAFE_RemixContext } from '@remix-run/react';",
      "context.renderMeta.streamCache = cache;",
      "Object.setPrototypeOf(req, app.request);",
      "app.response = AppResponse.prototype;",
      "Object.defineProperties(AppRequest.prototype, descriptors);",
      "const head = res._header;",
      "const KEY = Symbol.for('broadband-portal.document-body');",
      "(RemixBrowser as (props: object) => unknown)({});",
    ];
    for (const sample of samples) expect(FORBIDDEN.some(([pattern]) => pattern.test(sample)), sample).toBe(true);
    // …and not what is the portal's own.
    for (const sample of ["const UNSAFE_CHARS = /[\\\\]/;", "if (a === b) return c;", "res.setHeader('Cache-Control', 'no-store');"]) {
      expect(FORBIDDEN.some(([pattern]) => pattern.test(sample)), sample).toBe(false);
    }
  });

  it("the UI's build imports nothing of server/", () => {
    const found = filesUnder('app').filter((file) => /from\s+['"](\.\.\/)+server\//.test(codeOf(file)) || /import\(['"](\.\.\/)+server\//.test(codeOf(file)));
    expect(found).toEqual([]);
  });
});

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The package a bare specifier names ('@scope/name/x' → '@scope/name', 'name/x' → 'name'). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('every package the code imports is declared', () => {
  it('in package.json, for app/, server/, api/, domain/, scripts/ and tests/', () => {
    const missing = new Set<string>();
    const importFrom = /^\s*(?:import|export)\s[^;'"]*?\bfrom\s+['"]([^'"./][^'"]*)['"]|^\s*import\s+['"]([^'"./][^'"]*)['"]|\bimport\(\s*['"]([^'"./][^'"]*)['"]\s*\)/gm;
    for (const file of [...files, ...filesUnder('scripts'), ...filesUnder('tests'), 'server.ts', 'remix.config.js', 'vitest.config.ts', 'playwright.config.ts']) {
      if (!fs.existsSync(path.join(root, file))) continue;
      for (const match of codeOf(file).matchAll(importFrom)) {
        const specifier = (match[1] ?? match[2] ?? match[3])!;
        if (builtins.has(specifier) || builtins.has(specifier.split('/')[0]!) || specifier.startsWith('node:') || specifier.startsWith('~/')) continue;
        if (!declared.has(packageOf(specifier))) missing.add(`${packageOf(specifier)} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('the packages the portal relies on in detail are pinned exactly (docs/dependencies.md says how to upgrade each)', () => {
    const pinned = ['@remix-run/node', '@remix-run/react', '@remix-run/express', '@remix-run/serve', '@remix-run/dev', 'express', '@electric-sql/pglite', '@chakra-ui/react', 'react', 'react-dom'];
    const loose = pinned.filter((name) => !/^\d+\.\d+\.\d+$/.test(pkg.dependencies[name] ?? pkg.devDependencies[name] ?? ''));
    expect(loose).toEqual([]);
    const notes = fs.readFileSync(path.join(root, 'docs/dependencies.md'), 'utf8');
    for (const name of pinned) expect(notes, name).toContain(`\`${name}\``);
  });
});
