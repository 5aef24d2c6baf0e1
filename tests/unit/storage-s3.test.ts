// The S3 storage backend's pure parts: STORAGE_URL parsing, object keys, presigned links (signed
// locally, no server needed). tests/storage/s3.test.ts runs the backend against a real Ceph radosgw.
import { describe, expect, it } from 'vitest';
import { parseS3StorageUrl, s3ObjectKey, s3Storage } from '../../api/storage/s3';
import { storageFromEnv } from '../../api/storage';
import { contentDisposition } from '../../api/routes/documents';

describe('parseS3StorageUrl', () => {
  it('reads keys, endpoint, bucket, prefix, region and tls', () => {
    expect(parseS3StorageUrl('s3://AKIA123:s3cr%2Fet%2Bkey@127.0.0.1:7480/portal-files?region=us-east-1&tls=false')).toEqual({
      endpoint: 'http://127.0.0.1:7480',
      publicEndpoint: 'http://127.0.0.1:7480',
      region: 'us-east-1',
      bucket: 'portal-files',
      prefix: '',
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 's3cr/et+key' },
    });
  });

  it('defaults to TLS and us-east-1, keeps a key prefix and leaves credentials to the SDK when absent', () => {
    expect(parseS3StorageUrl('s3://s3.us-east-2.amazonaws.com/grants-portal/prod/files')).toEqual({
      endpoint: 'https://s3.us-east-2.amazonaws.com',
      publicEndpoint: 'https://s3.us-east-2.amazonaws.com',
      region: 'us-east-1',
      bucket: 'grants-portal',
      prefix: 'prod/files/',
      credentials: undefined,
    });
  });

  it('takes a public endpoint for the links browsers open', () => {
    const config = parseS3StorageUrl('s3://k:s@ceph:7480/portal?tls=false&publicEndpoint=https%3A%2F%2Ffiles.example.gov');
    expect(config.endpoint).toBe('http://ceph:7480');
    expect(config.publicEndpoint).toBe('https://files.example.gov');
  });

  it.each([
    ['s3://k:s@host:7480/', 'bucket'],
    ['s3://k:s@host:7480/Upper_Case', 'bucket'],
    ['s3://k:s@host:7480/ab', 'bucket'],
    ['s3://k:s@host:7480/portal/../x', 'prefix'],
    ['s3://k:s@host:7480/portal/-x', 'prefix'],
    ['s3://k:s@host:7480/portal?tls=no', 'tls must be true or false'],
    ['s3://k:s@host:7480/portal?region=US%20East', 'region'],
    ['s3://k:s@host:7480/portal?bucket=x', 'unknown parameter "bucket"'],
    ['s3://k:s@host:7480/portal?publicEndpoint=ftp%3A%2F%2Fx', 'publicEndpoint'],
    ['s3://k:s@host:7480/portal?publicEndpoint=https%3A%2F%2Fx%2Fpath', 'publicEndpoint'],
    ['s3://k@host:7480/portal', 'both the access key and the secret key'],
    ['s3:///portal', 'host'],
  ])('refuses %s', (url, why) => {
    expect(() => parseS3StorageUrl(url)).toThrow(why);
  });

  it('never repeats the secret in its errors', () => {
    expect(() => parseS3StorageUrl('s3://KEY:VERYSECRET@host/portal?tls=maybe')).toThrow(expect.objectContaining({
      message: expect.not.stringContaining('VERYSECRET'),
    }));
  });
});

describe('s3ObjectKey', () => {
  it('puts the prefix before safe keys and refuses unsafe ones', () => {
    expect(s3ObjectKey({ prefix: '' }, 'org/doc')).toBe('org/doc');
    expect(s3ObjectKey({ prefix: 'prod/' }, 'org/doc')).toBe('prod/org/doc');
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', '', 'a b']) {
      expect(() => s3ObjectKey({ prefix: '' }, key)).toThrow('Unsafe storage key');
    }
  });
});

describe('storageFromEnv', () => {
  it('answers the S3 backend for s3:// and disk otherwise', () => {
    expect(storageFromEnv({ storageUrl: 's3://k:s@127.0.0.1:7480/portal?tls=false', dataDir: '/tmp' }).kind).toBe('s3');
    expect(storageFromEnv({ dataDir: '/tmp' }).kind).toBe('disk');
    expect(storageFromEnv({ dataDir: '/tmp' }).presignedGetUrl).toBeUndefined();
    expect(() => storageFromEnv({ storageUrl: 's3://k:s@127.0.0.1:7480/NO?tls=false', dataDir: '/tmp' })).toThrow('bucket');
    expect(() => storageFromEnv({ storageUrl: 'gs://bucket', dataDir: '/tmp' })).toThrow('STORAGE_URL must be');
  });
});

describe('presigned GET links', () => {
  const storage = s3Storage(parseS3StorageUrl('s3://AKIDEXAMPLE:secret@127.0.0.1:7480/portal/prod?tls=false'));
  const disposition = contentDisposition('attachment', 'Coverage map – Lakeview.pdf');

  it('name the object path-style and carry the expiry and the response headers', async () => {
    const link = new URL(await storage.presignedGetUrl!('org-1/doc-1', {
      contentType: 'application/pdf', contentDisposition: disposition, expiresInSeconds: 600,
    }));
    expect(link.origin).toBe('http://127.0.0.1:7480');
    expect(link.pathname).toBe('/portal/prod/org-1/doc-1');
    const q = link.searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(q.get('X-Amz-Expires')).toBe('600');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('response-content-type')).toBe('application/pdf');
    expect(q.get('response-content-disposition')).toBe(disposition);
    expect(q.get('response-cache-control')).toBe('private, no-store');
    // No checksum mode parameter: radosgw would not know it (requestChecksumCalculation WHEN_REQUIRED).
    expect(q.has('x-amz-checksum-mode')).toBe(false);
  });

  it('are signed for the public endpoint when one is set', async () => {
    const behindProxy = s3Storage(parseS3StorageUrl('s3://k:s@ceph:7480/portal?tls=false&publicEndpoint=https%3A%2F%2Ffiles.example.gov'));
    const link = new URL(await behindProxy.presignedGetUrl!('org/doc', { contentType: 'image/png', contentDisposition: 'inline', expiresInSeconds: 60 }));
    expect(link.origin).toBe('https://files.example.gov');
    expect(link.pathname).toBe('/portal/org/doc');
  });

  it('refuse unsafe keys before signing anything', async () => {
    await expect(storage.presignedGetUrl!('../other-bucket/x', { contentType: 'a/b', contentDisposition: 'inline', expiresInSeconds: 60 }))
      .rejects.toThrow('Unsafe storage key');
  });
});
