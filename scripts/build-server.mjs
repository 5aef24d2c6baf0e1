// Bundles server.ts (and api/, domain/, server/) into build/server/index.js for a fast start, and makes
// the template a new embedded database starts from (scripts/make-db-template.ts).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' };
await build({ ...common, entryPoints: ['server.ts'], outfile: 'build/server/index.js', sourcemap: true });
await build({ ...common, entryPoints: ['scripts/make-db-template.ts'], outfile: 'build/server/make-db-template.js' });
await import(new URL('../build/server/make-db-template.js', import.meta.url).href);
