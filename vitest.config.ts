import { defineConfig } from 'vitest/config';

const api = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DB: db },
    globalSetup: [`tests/api/setup-${db}.ts`],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      api('pglite'),
      api('postgres'),
      {
        // Database faults (issue 7 item 2): each file starts its own PostgreSQL or PGlite portal to break.
        test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, pool: 'forks' as const },
      },
      {
        // Several production processes at once (issue 8 item 5, serve:ui): the API and the UI apart, two portals on one database.
        test: { name: 'multiprocess', include: ['tests/multiprocess/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 240_000, pool: 'forks' as const },
      },
      {
        // Against a real Ceph radosgw (scripts/start-radosgw.sh; scripts/test.sh sets TEST_S3_STORAGE_URL).
        // Without the variable the tests are skipped, and the database template is not even built.
        test: {
          name: 'storage-s3',
          include: ['tests/storage/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: process.env.TEST_S3_STORAGE_URL ? ['tests/api/setup-pglite.ts'] : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks' as const,
        },
      },
    ],
  },
});
