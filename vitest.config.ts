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
    ],
  },
});
