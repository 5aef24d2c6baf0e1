// `npm run scan:existing` (issue 44 part 1; docs/decisions/097): scans the files stored before virus scanning was turned
// on, with the portal's own settings (CLAMAV_URL, STORAGE_URL, DATABASE_URL or DATA_DIR). Streams each file through
// clamd, prints a progress bar, and resumes where it stopped (the state file under DATA_DIR); --restart starts over.
// A virus: the file is removed and its uploader told (as a held file found infected). Exit 1 when clamd could not scan
// a file (run again once it is back).
import path from 'node:path';
import { readEnv } from '../server/env';
import { apiContext, sessionSecret } from '../server/portal';
import { openDatabase } from '../api/db/client';
import { progressBar, scanExistingFiles } from '../api/services/scan-existing';

const env = readEnv({ SCANNING: 'on', ...process.env });
if (!env.CLAMAV_URL) {
  console.error('CLAMAV_URL is not set: say where clamd listens (tcp://host:3310 or unix:///run/clamav/clamd.ctl).');
  process.exit(1);
}
const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
await database.migrate();
const ctx = apiContext({ ...env, SCANNING: 'on' }, database, sessionSecret(env));
const stateFile = path.join(env.DATA_DIR, 'scan-existing.json');
const tty = process.stderr.isTTY;
let lastShown = -1;
try {
  const result = await scanExistingFiles(ctx, {
    stateFile,
    restart: process.argv.includes('--restart'),
    onProgress: (p) => {
      const percent = p.total ? Math.floor((p.done / p.total) * 100) : 100;
      if (tty) process.stderr.write(`\r${progressBar(p)}`);
      else if (percent >= lastShown + 5 || p.done === p.total) {
        lastShown = percent;
        process.stderr.write(`${progressBar(p)}\n`);
      }
    },
  });
  if (tty) process.stderr.write('\n');
  if (result.stoppedAt) {
    console.error(`Stopped: clamd could not scan ${result.stoppedAt.fileName} (${result.stoppedAt.reason}). Run again to resume from there.`);
    process.exitCode = 1;
  } else {
    console.log(`Scanned ${result.done} files (${(result.bytes / 2 ** 20).toFixed(1)} MB): ${result.clean} clean, ${result.removed} removed for a virus, ${result.missing} missing from the storage.`);
  }
} finally {
  await database.close();
}
