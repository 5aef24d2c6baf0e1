// A new embedded database starts from a template made by the build: PGlite's initdb, run once at build
// time and migrated, dumped to build/pglite-template.tar.gz. Loading it takes about a second where a
// new PGlite directory takes 4 to 10 s on a 2-core machine (docs/decisions/019). The demo data is not in
// it: its dates are relative to the day of the start, so each start seeds its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const TEMPLATE = 'pglite-template.tar.gz';

/**
 * The PGlite release a template was made with, as the portal's package.json pins it exactly (docs/dependencies.md): a
 * template of another release is not used. Read from the working directory (npm start, npm test run there).
 */
function pgliteVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return pkg.dependencies['@electric-sql/pglite'] ?? 'unknown';
}

/** build/pglite-template.tar.gz, found from the working directory or from the bundle in build/server. */
export function templateCandidates(): string[] {
  return [path.resolve(process.cwd(), 'build', TEMPLATE), path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', TEMPLATE)];
}

interface Stamp {
  pglite: string;
  /** The migrations journal the template was migrated to: a build with the same one keeps the template. */
  journal: string;
}

const readStamp = (file: string): Partial<Stamp> => {
  try {
    return JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Partial<Stamp>;
  } catch {
    return {};
  }
};

/**
 * Makes the template (a new in-memory PGlite, migrated, dumped next to its stamp), unless the one in
 * place was made by this PGlite release with these migrations. Returns whether it made one.
 */
export async function makePgliteTemplate(outFile: string, migrationsFolder: string): Promise<boolean> {
  const stamp: Stamp = { pglite: pgliteVersion(), journal: fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8') };
  const current = readStamp(outFile);
  if (fs.existsSync(outFile) && current.pglite === stamp.pglite && current.journal === stamp.journal) return false;
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    fs.writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(`${outFile}.json`, JSON.stringify(stamp));
    return true;
  } finally {
    await client.close();
  }
}

/**
 * The template to load into `dir`, when `dir` holds no database yet and a template made by this PGlite
 * release exists; otherwise undefined (PGlite runs its own initdb).
 */
export function pgliteTemplateFor(dir: string): Blob | undefined {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  for (const file of templateCandidates()) {
    if (!fs.existsSync(file) || readStamp(file).pglite !== pgliteVersion()) continue;
    return new Blob([fs.readFileSync(file)]);
  }
  return undefined;
}
