// Every Remix route of app/routes as a URL, read from the file names (Remix flat routes), so tests that
// walk the UI cover a new route without listing it.
import fs from 'node:fs';
import path from 'node:path';

export interface UiRoute {
  file: string;
  /** A concrete URL: params filled with `values` or a placeholder. */
  url: string;
}

export function uiRoutes(values: Record<string, string> = {}): UiRoute[] {
  const dir = path.resolve('app/routes');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    // A route is a file, or a folder holding route.tsx (its other files are the route's parts).
    .filter((e) => (e.isFile() ? /\.tsx?$/.test(e.name) : ['route.tsx', 'route.ts'].some((f) => fs.existsSync(path.join(dir, e.name, f)))))
    .map((e) => e.name)
    .map((file) => {
      const segments = file
        .replace(/\.tsx?$/, '')
        .split('.')
        .filter((s) => s !== '_index' && !s.startsWith('_'))
        .map((s) => s.replace(/_$/, ''))
        .map((s) => (s === '$' ? 'no-such-page' : s.startsWith('$') ? (values[s.slice(1)] ?? 'x') : s));
      return { file, url: `/${segments.join('/')}` };
    });
}
