// What the state asked for when it returned an application for revision (issue 10 item 4): the comments and the
// sections it reopened, from the newest history entry that moved the application to REVISION_NEEDED (written by the
// move executor, api/services/application-moves.ts, with details.sectionIds). One statement on the history's
// (application_id, created_at, seq) index, read backwards; asked for only while the application is REVISION_NEEDED.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loggedActions } from '../db/schema';

export interface RevisionRequest {
  comments: string | null;
  /** The sections reopened for changes (application_sections.unlocked says which are open now). */
  sectionIds: string[];
  /** When the state asked (ISO). */
  requestedAt: string;
}

export async function latestRevisionRequest(db: Db, applicationId: string): Promise<RevisionRequest | null> {
  const [row] = await db
    .select({ comments: loggedActions.comments, details: loggedActions.details, createdAt: loggedActions.createdAt })
    .from(loggedActions)
    .where(and(eq(loggedActions.applicationId, applicationId), eq(loggedActions.toStatus, 'REVISION_NEEDED')))
    .orderBy(desc(loggedActions.createdAt), desc(loggedActions.seq))
    .limit(1);
  if (!row) return null;
  const ids = (row.details as { sectionIds?: unknown } | null)?.sectionIds;
  return {
    comments: row.comments,
    sectionIds: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    requestedAt: new Date(row.createdAt).toISOString(),
  };
}
