// Bundles server.ts (and api/, domain/, server/) into build/server/index.js for a fast start.
import { build } from 'esbuild';

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
