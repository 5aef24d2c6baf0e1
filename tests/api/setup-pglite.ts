// Migrates and seeds one PGlite database, dumps it; every test file starts from a copy (fast).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../../api/db/client';
import { seedDatabase } from '../../api/seed';

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  const client = await PGlite.create();
  const database = fromPglite(client);
  await database.migrate();
  await seedDatabase(database.db);
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
  }
}
