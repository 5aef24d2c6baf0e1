// The template a new embedded database starts from (api/db/pglite-template.ts, decisions 019 and 102): the build
// writes the migrated database both as a dump and as a closed data directory; an empty data directory becomes a
// copy of that directory, whole (nothing to load), and the dump is the way when the directory is missing or the
// data directory is not empty. A data directory that holds a database is never touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from '../../api/db/client';
import { makePgliteTemplate, pgliteTemplateFor } from '../../api/db/pglite-template';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-test-'));
const template = path.join(root, 'build', 'pglite-template.tar.gz');
const templateDir = path.join(root, 'build', 'pglite-template.dir');
/** The migrations the journal lists: the template holds every one of them. */
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

/** A fresh directory under the test's own. */
const newDir = (name: string) => {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

/** What a database opened on `dir` (or loaded from `dump`) holds: its migrations and the applications table. */
async function contentsOf(dir: string, dump?: Blob) {
  const db = await PGlite.create(dir, dump ? { loadDataDir: dump } : {});
  try {
    const migrations = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const table = await db.query<{ name: string | null }>(`select to_regclass('public.applications')::text as name`);
    return { migrations: migrations.rows[0]!.n, applications: table.rows[0]!.name };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  expect(await makePgliteTemplate(template, migrationsFolder())).toBe(true);
}, 120_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the build', () => {
  it('writes the dump, the closed data directory and the stamp, and keeps them while the migrations are the same', async () => {
    expect(fs.statSync(template).size).toBeGreaterThan(1_000_000);
    expect(fs.existsSync(path.join(templateDir, 'PG_VERSION'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(`${template}.json`, 'utf8')).pglite).toMatch(/^\d+\.\d+\.\d+$/);
    // Nothing half-written is left beside them.
    expect(fs.readdirSync(path.dirname(template)).sort()).toEqual(['pglite-template.dir', 'pglite-template.tar.gz', 'pglite-template.tar.gz.json']);
    expect(await makePgliteTemplate(template, migrationsFolder())).toBe(false);
  });

  it('makes both again when the directory is missing (a build from before it)', async () => {
    const older = path.join(root, 'older-build', 'pglite-template.tar.gz');
    fs.mkdirSync(path.dirname(older), { recursive: true });
    fs.copyFileSync(template, older);
    fs.copyFileSync(`${template}.json`, `${older}.json`);
    expect(await makePgliteTemplate(older, migrationsFolder())).toBe(true);
    expect(fs.existsSync(path.join(path.dirname(older), 'pglite-template.dir', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});

describe('a new data directory', () => {
  it('is a copy of the closed directory: nothing is left to load, and it holds every migration', async () => {
    const dir = newDir('copied');
    expect(pgliteTemplateFor(dir, [template])).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(root).filter((name) => name.includes('.copying-'))).toEqual([]);
    expect(await contentsOf(dir)).toEqual({ migrations: journal.entries.length, applications: 'applications' });
  });

  it('does not share its files with the template: a write to the copy leaves the template as built', async () => {
    const dir = newDir('written');
    expect(pgliteTemplateFor(dir, [template])).toBeUndefined();
    const db = await PGlite.create(dir);
    await db.exec('create table only_in_the_copy (id int)');
    await db.close();
    const again = await PGlite.create(templateDir);
    try {
      expect((await again.query<{ name: string | null }>(`select to_regclass('public.only_in_the_copy')::text as name`)).rows[0]!.name).toBeNull();
    } finally {
      await again.close();
    }
    // The template was opened above: its copy is as good as before.
    const next = newDir('after');
    expect(pgliteTemplateFor(next, [template])).toBeUndefined();
    expect(await contentsOf(next)).toEqual({ migrations: journal.entries.length, applications: 'applications' });
  });

  it('loads the dump when the template has no directory (a build from before it), with the same contents', async () => {
    const onlyDump = path.join(root, 'old-build', 'pglite-template.tar.gz');
    fs.mkdirSync(path.dirname(onlyDump), { recursive: true });
    fs.copyFileSync(template, onlyDump);
    fs.copyFileSync(`${template}.json`, `${onlyDump}.json`);
    const dir = newDir('loaded');
    const dump = pgliteTemplateFor(dir, [onlyDump]);
    expect(dump).toBeInstanceOf(Blob);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await contentsOf(dir, dump)).toEqual({ migrations: journal.entries.length, applications: 'applications' });
  });

  it('is not replaced when something is already in it: the dump is loaded into it instead', () => {
    const dir = newDir('occupied');
    fs.writeFileSync(path.join(dir, 'note.txt'), 'mine');
    expect(pgliteTemplateFor(dir, [template])).toBeInstanceOf(Blob);
    expect(fs.readdirSync(dir)).toEqual(['note.txt']);
  });
});

describe('a data directory that holds a database', () => {
  it('is left alone, and so is one whose template another PGlite release made', () => {
    const dir = newDir('existing');
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(pgliteTemplateFor(dir, [template])).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual(['PG_VERSION']);

    const otherRelease = path.join(root, 'other-release', 'pglite-template.tar.gz');
    fs.mkdirSync(path.dirname(otherRelease), { recursive: true });
    fs.copyFileSync(template, otherRelease);
    fs.writeFileSync(`${otherRelease}.json`, JSON.stringify({ pglite: '0.0.1', journal: '' }));
    fs.cpSync(templateDir, otherRelease.replace(/\.tar\.gz$/, '.dir'), { recursive: true });
    const empty = newDir('empty-other');
    expect(pgliteTemplateFor(empty, [otherRelease])).toBeUndefined();
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});
