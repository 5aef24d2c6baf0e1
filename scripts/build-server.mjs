// Bundles server.ts (and api/, domain/, server/) into build/server/index.js for a fast start, the UI's
// remix-serve build (server/serve-ui.ts), and makes the template a new embedded database starts from (scripts/make-db-template.ts).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' };
await build({ ...common, entryPoints: ['server.ts'], outfile: 'build/server/index.js', sourcemap: true });
// The embedded database's thread (decision 076), found by api/db/pglite-remote.ts next to the bundle.
await build({ ...common, entryPoints: ['api/db/pglite-thread.ts'], outfile: 'build/server/pglite-thread.js', sourcemap: true });
// The UI alone for remix-serve (npm run serve:ui): a server build around build/index.js.
await build({ ...common, entryPoints: ['server/serve-ui.ts'], outfile: 'build/ui/index.js', sourcemap: true });
await build({ ...common, entryPoints: ['scripts/make-db-template.ts'], outfile: 'build/server/make-db-template.js' });
await import(new URL('../build/server/make-db-template.js', import.meta.url).href);
