// `npm run import:areas -- file.csv`: replaces the sample project areas with the office's own list.
// CSV header: name,unserved,underserved,served,cai. Areas already named in applications are updated, not removed.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { readEnv } from '../server/env';
import { prepareDatabase } from '../server/portal';
import { parseProjectAreasCsv } from '../api/seed';
import { loggedActions, projectAreas } from '../api/db/schema';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run import:areas -- path/to/project-areas.csv');
  process.exit(1);
}
const rows = parseProjectAreasCsv(fs.readFileSync(file, 'utf8'));
const env = readEnv();
const database = await prepareDatabase(env);
await database.db.transaction(async (tx) => {
  await tx.delete(projectAreas).where(eq(projectAreas.isSample, true));
  for (const row of rows) {
    await tx
      .insert(projectAreas)
      .values({ ...row, isSample: false })
      .onConflictDoUpdate({
        target: projectAreas.name,
        set: {
          unservedLocationsCount: sql`excluded.unserved_locations_count`,
          underservedLocationsCount: sql`excluded.underserved_locations_count`,
          servedLocationsCount: sql`excluded.served_locations_count`,
          caiCount: sql`excluded.cai_count`,
          isSample: false,
        },
      });
  }
  await tx.insert(loggedActions).values({ action: 'PROJECT_AREAS_IMPORTED', entity: 'project_area', details: { file, count: rows.length } });
});
await database.close();
console.log(`Imported ${rows.length} project areas from ${file}.`);
