// Starts a real PostgreSQL server (or uses TEST_POSTGRES_URL), migrates and seeds a template database.
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../api/db/client';
import { seedDatabase } from '../../api/seed';
import { startPostgres } from '../support/postgres';

export default async function setup(project: TestProject) {
  const server = process.env.TEST_POSTGRES_URL ? null : await startPostgres();
  const adminUrl = process.env.TEST_POSTGRES_URL ?? server!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists portal_template');
  await admin.query('create database portal_template');
  await admin.end();
  const templateUrl = withDatabase(adminUrl, 'portal_template');
  const database = await openDatabase({ dataDir: '/tmp', databaseUrl: templateUrl });
  await database.migrate();
  await seedDatabase(database.db);
  await database.close();
  project.provide('postgresUrl', adminUrl);
  return () => server?.stop();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
