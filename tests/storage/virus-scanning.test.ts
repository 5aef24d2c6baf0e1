// Virus scanning on a real clamd with the S3 storage on a real Ceph radosgw (issue 44 part 1; docs/decisions/097): the
// scenario of tests/support/virus-scanning.ts (the API projects run it on disk), clamd reached over TCP here. Needs
// TEST_S3_STORAGE_URL (scripts/test.sh starts radosgw and sets it); skipped without it, as the other S3 tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe } from 'vitest';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { parseS3StorageUrl } from '../../api/storage/s3';
import { describeVirusScanning } from '../support/virus-scanning';

const STORAGE_URL = process.env.TEST_S3_STORAGE_URL;
const RUN = `virus-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-virus-s3-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(!STORAGE_URL)('S3 storage', () => {
  describeVirusScanning('virus scanning on the S3 storage (clamd over TCP)', async () => {
    const u = new URL(STORAGE_URL!);
    u.pathname = `${u.pathname.replace(/\/$/, '')}/${RUN}`;
    const storageUrl = u.toString();
    const config = parseS3StorageUrl(storageUrl);
    const client = new S3Client({
      endpoint: config.endpoint, region: config.region, credentials: config.credentials, forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return {
      storageUrl,
      dataDir,
      async keys() {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix }));
        return (listed.Contents ?? []).map((o) => o.Key!.slice(config.prefix.length)).sort();
      },
    };
  }, { transport: 'tcp' });
});
