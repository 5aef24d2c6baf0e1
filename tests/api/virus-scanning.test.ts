// Virus scanning on a real clamd, the disk storage (issue 44 part 1; docs/decisions/097): the scenario is
// tests/support/virus-scanning.ts (the storage-s3 project runs it on a real radosgw). Runs in every API project; the
// other API tests run without CLAMAV_URL (no scanning), as they did before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { describeVirusScanning } from '../support/virus-scanning';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-virus-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Every file under DATA_DIR/files, as storage keys ('org/uuid'). */
function keys(dir = path.join(dataDir, 'files'), prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? keys(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

describeVirusScanning('virus scanning on the disk storage (clamd over its Unix socket)', async () => ({ dataDir, keys: async () => keys() }));
