// The seed fills the entity profiles of Lakeview and Summit (issue 9 item 23). Tests of an incomplete profile
// start from the one they were written for: Lakeview's legal name, organization id, entity type and website
// (1, 3, 4, 9) only, and no Summit profile.
import { sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';

export async function partlyFilledProfiles(database: Database): Promise<void> {
  await database.db.execute(sql`
    delete from profile_answers
    where organization_id <> (select id from organizations where legal_name = 'Lakeview Fiber Cooperative')
       or question_id in (select id from questions where system_no not in ('1', '3', '4', '9'))`);
}
