// The history: one entry per change, who made it and when (logged_actions).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loggedActions } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  action: string;
  entity: string;
  userId: string | null;
  applicationId?: string | null;
  organizationId?: string | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  comments?: string | null;
  details?: Record<string, unknown> | null;
}

export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(loggedActions).values({
    action: entry.action,
    entity: entry.entity,
    userId: entry.userId,
    applicationId: entry.applicationId ?? null,
    organizationId: entry.organizationId ?? null,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    comments: entry.comments ?? null,
    details: entry.details ?? null,
    // The statement's own time, not the transaction's: entries written by one transaction keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}
