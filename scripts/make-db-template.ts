// Build step (scripts/build-server.mjs): the template a new embedded database starts from (api/db/pglite-template.ts).
import path from 'node:path';
import { migrationsFolder } from '../api/db/client';
import { makePgliteTemplate } from '../api/db/pglite-template';

const out = path.resolve('build/pglite-template.tar.gz');
const began = performance.now();
if (await makePgliteTemplate(out, migrationsFolder())) {
  console.log(`Made the new-database template ${path.relative(process.cwd(), out)} in ${Math.round(performance.now() - began)} ms.`);
}
