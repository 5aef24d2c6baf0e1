// The plan of a list's one statement (decisions 020, 028, 081, 083, 086), as the tests of the org and state lists read it.
import { expect } from 'vitest';
import type { TestApi } from './harness';

type Query = (q: string, p?: unknown[]) => Promise<{ rows: Record<string, string>[] }>;

/**
 * Runs `call` past PostgreSQL's five custom plans of a prepared statement, records its count-and-page statement, and
 * answers its `EXPLAIN` with the statement's own parameters. Scans are forced to indexes (the small test table would
 * be read whole), and the statistics and visibility map are as autovacuum would leave them, so the plan is the same
 * on every run (on the small table their timing once decided between two indexes: a CI run failed on it).
 */
export async function planOfList(api: TestApi, call: () => Promise<{ status: number }>): Promise<string> {
  for (let run = 0; run < 6; run++) expect((await call()).status).toBe(200);
  const recording = api.database.statements.record();
  const res = await call();
  recording.stop();
  expect(res.status).toBe(200);
  const at = recording.statements.findIndex((q) => q.includes('left join lateral'));
  expect(at).toBeGreaterThanOrEqual(0);
  const client = (api.database.db as unknown as { $client: { query: Query; connect?: () => Promise<{ query: Query; release(): void }> } }).$client;
  await client.query('vacuum analyze applications');
  const explain = async (query: Query) => {
    await query('begin');
    try {
      await query('set local enable_seqscan = off');
      await query('set local enable_bitmapscan = off');
      return (await query(`explain (costs off) ${recording.statements[at]}`, recording.params[at])).rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await query('rollback');
    }
  };
  if (api.database.kind === 'postgres' && client.connect) {
    const connection = await client.connect();
    try {
      return await explain((q, p) => connection.query(q, p));
    } finally {
      connection.release();
    }
  }
  return explain((q, p) => client.query(q, p));
}

/** The count's part of a list's plan (it comes first: an Aggregate), and the page's (from its Limit). */
export function splitListPlan(plan: string): { count: string; page: string } {
  const at = plan.indexOf('Limit');
  return { count: plan.slice(0, at), page: plan.slice(at) };
}

/**
 * Whether the page's rows are limited before its joins (decision 086): a join node stands between the statement's top
 * (the count joined to the page) and the page's Limit, and none below that Limit.
 */
export function joinsAfterLimit(plan: string): boolean {
  const lines = plan.split('\n');
  const limit = lines.findIndex((line) => /^\s*(->\s+)?Limit\b/.test(line));
  if (limit <= 0) return false;
  const join = /\b(Nested Loop|(Hash|Merge)\b[\w ]* Join)\b/;
  const depth = (line: string) => line.search(/\S/);
  const limitDepth = depth(lines[limit]!);
  const after = lines.slice(limit + 1);
  const end = after.findIndex((line) => depth(line) <= limitDepth);
  const below = end < 0 ? after : after.slice(0, end);
  return lines.slice(1, limit).some((line) => join.test(line)) && !below.some((line) => join.test(line));
}
