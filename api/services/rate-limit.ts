// Sliding-window rate limits kept in the database (shared by every app process).
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitEvents } from '../db/schema';

export async function hitRateLimit(db: Db, bucket: string, key: string, max: number, windowSeconds: number): Promise<boolean> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  if ((row?.n ?? 0) >= max) return true;
  await db.insert(rateLimitEvents).values({ bucket, key });
  return false;
}

export async function pruneRateLimits(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanSeconds * 1000)));
}
