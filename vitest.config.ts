import { defineConfig } from 'vitest/config';

// The API suite runs over HTTP on both engines, and through the UI's in-process transport on PGlite
// (TEST_TRANSPORT, tests/api/harness.ts; docs/decisions/011).
// What an in-process run would only repeat: the socket itself (edge: headers, slow clients, time limits),
// raw bytes a browser's UI never sends (fuzz), pages driven over HTTP whose UI picks its own transport
// (statements-page, transport-page), and the in-process transport's own tests (transport).
const INHERENTLY_HTTP = ['tests/api/edge.test.ts', 'tests/api/fuzz.test.ts', 'tests/api/statements-page.test.ts', 'tests/api/transport-page.test.ts', 'tests/api/transport.test.ts'];

// No retry inside a run (decision 094): in CI, scripts/test.sh runs a failed test's file once more in a new Vitest
// process, from a fresh copy of the seeded database; one that passes only then fails the run unless
// tests/known-flaky.md names it with its cause (scripts/test-summary.mjs).
const retry = 0;

const api = (db: 'pglite' | 'postgres', transport: 'http' | 'inprocess' = 'http') => ({
  test: {
    name: transport === 'http' ? `api-${db}` : `api-${db}-${transport}`,
    include: ['tests/api/**/*.test.ts'],
    exclude: transport === 'http' ? [] : INHERENTLY_HTTP,
    env: { TEST_DB: db, TEST_TRANSPORT: transport },
    globalSetup: [`tests/api/setup-${db}.ts`],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
    // Files in a worker share its modules (decision 065): a file restores what it mocks or fakes, and reads no
    // environment at import.
    isolate: false,
    retry,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], retry } },
      api('pglite'),
      api('postgres'),
      api('pglite', 'inprocess'),
      {
        // Database faults (issue 7 item 2): each file starts its own PostgreSQL or PGlite portal to break.
        test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, pool: 'forks' as const, retry },
      },
      {
        // Several production processes at once (issue 8 item 5, serve:ui): the API and the UI apart, two portals on one database.
        test: { name: 'multiprocess', include: ['tests/multiprocess/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 240_000, pool: 'forks' as const, retry },
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
          retry,
        },
      },
    ],
  },
});
