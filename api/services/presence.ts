// Presence on an application's form (issue 43 part 3, decision 101): one operation, a heartbeat. It records where the
// caller is (one row per person and application, replaced by each beat) and answers who else has the application
// open within the presence window, with the section they are on. Leaving removes the caller's row.
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { presence, sections, users } from '../db/schema';
import { PRESENCE_WINDOW_MS, type Presence } from '../../domain/presence';

export interface Beat {
  userId: string;
  applicationId: string;
  sectionId: string;
  editing: boolean;
  now: Date;
}

/** Records the caller's beat and answers the others present on the same application (never the caller). */
export async function heartbeat(db: Db, beat: Beat): Promise<Presence[]> {
  await db
    .insert(presence)
    .values({ userId: beat.userId, applicationId: beat.applicationId, sectionId: beat.sectionId, editing: beat.editing, seenAt: beat.now })
    .onConflictDoUpdate({ target: [presence.userId, presence.applicationId], set: { sectionId: beat.sectionId, editing: beat.editing, seenAt: beat.now } });
  const rows = await db
    .select({ firstName: users.firstName, lastName: users.lastName, sectionName: sections.name, editing: presence.editing })
    .from(presence)
    .innerJoin(users, eq(users.id, presence.userId))
    .innerJoin(sections, eq(sections.id, presence.sectionId))
    .where(and(
      eq(presence.applicationId, beat.applicationId),
      ne(presence.userId, beat.userId),
      gt(presence.seenAt, new Date(beat.now.getTime() - PRESENCE_WINDOW_MS)),
    ))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ name: `${r.firstName} ${r.lastName}`.trim(), sectionName: r.sectionName, editing: r.editing }));
}

/** The caller left the application's form (the page was closed or left). */
export async function leave(db: Db, userId: string, applicationId: string): Promise<void> {
  await db.delete(presence).where(and(eq(presence.userId, userId), eq(presence.applicationId, applicationId)));
}
