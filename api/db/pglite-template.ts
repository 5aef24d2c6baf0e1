// A new embedded database starts from a template made by the build: PGlite's initdb, run once at build
// time and migrated, dumped to build/pglite-template.tar.gz. Loading it takes about a second where a
// new PGlite directory takes 4 to 10 s on a 2-core machine (docs/decisions/019). The demo data is not in
// it: its dates are relative to the day of the start, so each start seeds its own.
// The build also opens that dump once in a directory and closes it (build/pglite-template.dir): a new database is
// then a copy of that closed data directory, as one copies a cleanly stopped PostgreSQL cluster, which takes a
// fraction of unpacking the dump into PGlite (decision 102: copy and open 1.4 s, load 3.6-4.4 s, on a loaded machine).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const TEMPLATE = 'pglite-template.tar.gz';
/** The dump opened once and closed: a data directory to copy (next to the dump, with the same stamp). */
const templateDirOf = (file: string) => file.replace(/\.tar\.gz$/, '.dir');

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
 * Makes the template (a new in-memory PGlite, migrated, dumped and opened once in a directory, next to its stamp),
 * unless the one in place, both parts, was made by this PGlite release with these migrations. Returns whether it made
 * one.
 */
export async function makePgliteTemplate(outFile: string, migrationsFolder: string): Promise<boolean> {
  const stamp: Stamp = { pglite: pgliteVersion(), journal: fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8') };
  const current = readStamp(outFile);
  const whole = fs.existsSync(outFile) && fs.existsSync(path.join(templateDirOf(outFile), 'PG_VERSION'));
  if (whole && current.pglite === stamp.pglite && current.journal === stamp.journal) return false;
  const client = await PGlite.create();
  let dump: Blob;
  try {
    await migrate(drizzle(client), { migrationsFolder });
    dump = await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.rmSync(`${outFile}.json`, { force: true }); // no stamp while the two are being written
  fs.writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
  // The same database as a closed data directory, written beside and renamed into place whole.
  const dir = templateDirOf(outFile);
  const making = `${dir}.${process.pid}`;
  fs.rmSync(making, { recursive: true, force: true });
  const opened = await PGlite.create(making, { loadDataDir: dump });
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(making, dir);
  fs.writeFileSync(`${outFile}.json`, JSON.stringify(stamp));
  return true;
}

/**
 * Prepares `dir` for PGlite when it holds no database yet, from a template made by this PGlite release: a copy of the
 * template's closed data directory when there is one (nothing left to load: undefined), else the dump to load.
 * Undefined also when `dir` holds a database, or no template fits (PGlite then runs its own initdb).
 */
export function pgliteTemplateFor(dir: string, candidates = templateCandidates()): Blob | undefined {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  for (const file of candidates) {
    if (!fs.existsSync(file) || readStamp(file).pglite !== pgliteVersion()) continue;
    if (copyTemplateDir(templateDirOf(file), dir)) return undefined;
    return new Blob([fs.readFileSync(file)]);
  }
  return undefined;
}

/**
 * Copies the template's data directory into `dir` (empty: it holds no PG_VERSION), whole or not at all: into a
 * sibling first, then renamed over the empty `dir`, so that a start stopped half-way leaves no half database.
 */
function copyTemplateDir(template: string, dir: string): boolean {
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (fs.readdirSync(dir).length > 0) return false; // not ours to replace: load the dump into it as before
  const copying = `${dir}.copying-${process.pid}`;
  fs.rmSync(copying, { recursive: true, force: true });
  try {
    fs.cpSync(template, copying, { recursive: true });
    fs.renameSync(copying, dir);
    return true;
  } catch (err) {
    fs.rmSync(copying, { recursive: true, force: true });
    throw err;
  }
}
