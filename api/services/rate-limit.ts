// Sliding-window rate limits kept in the database (shared by every app process).
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitEvents } from '../db/schema';

/**
 * True when (bucket, key) already had `max` events in the window; otherwise records one more.
 * A transaction-level advisory lock on the pair makes count-then-insert atomic across connections
 * and processes, so at most `max` concurrent callers ever pass.
 */
export async function hitRateLimit(db: Db, bucket: string, key: string, max: number, windowSeconds: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${bucket}\n${key}`}, 0))`);
    const since = new Date(Date.now() - windowSeconds * 1000);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
    if ((row?.n ?? 0) >= max) return true;
    await tx.insert(rateLimitEvents).values({ bucket, key });
    return false;
  });
}

export async function pruneRateLimits(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanSeconds * 1000)));
}
