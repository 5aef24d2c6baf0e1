// The S3 storage backend against a real Ceph radosgw (DESIGN 8: it checks signatures, unlike s3rver):
// put/get/remove, presigned links (and that tampered or expired ones are refused), and the documents
// API end to end on STORAGE_URL=s3://…. Needs TEST_S3_STORAGE_URL; scripts/test.sh starts radosgw with
// scripts/start-radosgw.sh and sets it. Run alone:
//   eval "$(scripts/start-radosgw.sh)" && TEST_S3_STORAGE_URL="$STORAGE_URL" npx vitest run --project storage-s3
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { parseS3StorageUrl, s3Storage, type S3StorageConfig } from '../../api/storage/s3';
import { signDownload, StorageNotFoundError, type Storage } from '../../api/storage';
import { contentDisposition } from '../../api/routes/documents';
import { startTestApi, type TestApi } from '../api/harness';
import { documents } from '../../api/db/schema';
import { DOCUMENT_MSG } from '../../domain/messages';
import { VALIDATION_MSG } from '../../domain/validation';

const STORAGE_URL = process.env.TEST_S3_STORAGE_URL;
/** Every run writes under its own prefix of the bucket, and removes it afterwards. */
const RUN = `run-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
const withPrefix = (url: string, prefix: string) => {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/${RUN}/${prefix}`;
  return u.toString();
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A plain SDK client on the same endpoint, to look at the bucket behind the backend's back. */
function rawClient(config: S3StorageConfig, credentials = config.credentials) {
  return new S3Client({
    endpoint: config.endpoint, region: config.region, credentials, forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function keysUnder(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

/** Flips one hex digit of the signature. */
function tamperSignature(link: string): string {
  const u = new URL(link);
  const sig = u.searchParams.get('X-Amz-Signature')!;
  u.searchParams.set('X-Amz-Signature', (sig[0] === '0' ? '1' : '0') + sig.slice(1));
  return u.toString();
}

describe.skipIf(!STORAGE_URL)('S3 storage on Ceph radosgw', () => {
  let config: S3StorageConfig;
  let storage: Storage;
  let client: S3Client;

  beforeAll(() => {
    config = parseS3StorageUrl(withPrefix(STORAGE_URL!, 'backend'));
    storage = s3Storage(config);
    client = rawClient(config);
  });
  afterAll(async () => {
    const left = client ? await keysUnder(client, config.bucket, `${RUN}/`) : [];
    if (left.length) await client.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: left.map((Key) => ({ Key })) } }));
    client?.destroy();
  });

  it('puts a buffer, gets it back with its type, removes it (twice is fine)', async () => {
    expect(await storage.put('org-a/doc-1', PDF, { contentType: 'application/pdf' })).toEqual({ size: PDF.length });
    const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: `${config.prefix}org-a/doc-1` }));
    expect(head).toMatchObject({ ContentType: 'application/pdf', ContentLength: PDF.length });
    expect(await readAll(await storage.get('org-a/doc-1'))).toEqual(PDF);
    await storage.remove('org-a/doc-1');
    await storage.remove('org-a/doc-1');
    await expect(storage.get('org-a/doc-1')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('streams a 10 MB upload of unknown length in and out, byte for byte, leaving no spool file', async () => {
    const spoolsBefore = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('portal-upload-')).length;
    const chunk = crypto.randomBytes(64 * 1024);
    const total = 160; // 160 × 64 KiB = 10 MiB
    const hash = crypto.createHash('sha256');
    const body = Readable.from((function* () {
      for (let i = 0; i < total; i++) {
        const piece = Buffer.from(chunk.map((b) => b ^ i));
        hash.update(piece);
        yield piece;
      }
    })());
    expect(await storage.put('org-a/big', body, { contentType: 'application/pdf' })).toEqual({ size: total * chunk.length });
    const back = await readAll(await storage.get('org-a/big'));
    expect(back.length).toBe(total * chunk.length);
    expect(sha256(back)).toBe(hash.digest('hex'));
    expect(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('portal-upload-')).length).toBe(spoolsBefore);
  });

  it('stores nothing when the upload stream fails half-way', async () => {
    const body = Readable.from((async function* () {
      yield Buffer.alloc(256 * 1024, 1);
      throw new Error('client went away');
    })());
    await expect(storage.put('org-a/cut-short', body, { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    await expect(storage.get('org-a/cut-short')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('is refused with a wrong secret key (radosgw checks signatures)', async () => {
    const wrong = s3Storage({ ...config, credentials: { accessKeyId: config.credentials!.accessKeyId, secretAccessKey: 'not-the-secret' } });
    await expect(wrong.put('org-a/forged', PDF, { contentType: 'application/pdf' })).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 },
    });
    await expect(storage.get('org-a/forged')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('presigns a GET the browser can open, with the name, type and disposition; tampering is refused', async () => {
    await storage.put('org-a/doc-2', PDF, { contentType: 'application/pdf' });
    const disposition = contentDisposition('attachment', 'Coverage map – Lakeview.pdf');
    const link = await storage.presignedGetUrl!('org-a/doc-2', { contentType: 'application/pdf', contentDisposition: disposition, expiresInSeconds: 600 });

    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);

    const tampered = await fetch(tamperSignature(link));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('SignatureDoesNotMatch');

    // The disposition is part of what was signed: turning the download into inline display is refused.
    const inline = new URL(link);
    inline.searchParams.set('response-content-disposition', contentDisposition('inline', 'Coverage map – Lakeview.pdf'));
    expect((await fetch(inline)).status).toBe(403);

    // Another object under the same signature: refused.
    const other = new URL(link);
    other.pathname = other.pathname.replace('doc-2', 'doc-3');
    expect((await fetch(other)).status).toBe(403);
  });

  it('refuses a presigned link once it has expired', async () => {
    await storage.put('org-a/doc-4', PDF, { contentType: 'application/pdf' });
    const command = new GetObjectCommand({ Bucket: config.bucket, Key: `${config.prefix}org-a/doc-4` });
    const expired = await getSignedUrl(client, command, { expiresIn: 60, signingDate: new Date(Date.now() - 10 * 60 * 1000) });
    const res = await fetch(expired);
    expect(res.status).toBe(403);
    const fresh = await getSignedUrl(client, command, { expiresIn: 60 });
    expect((await fetch(fresh)).status).toBe(200);
  });
});

describe.skipIf(!STORAGE_URL)('documents API on STORAGE_URL=s3://… (radosgw)', () => {
  const SECRET = 'test-secret-test-secret-test-secret';
  let api: TestApi;
  let config: S3StorageConfig;
  let client: S3Client;
  let admin: { token: string; user: any };
  let lakeviewId: string;
  let programId: string;
  let sectionId: string;

  beforeAll(async () => {
    const storageUrl = withPrefix(STORAGE_URL!, 'api');
    config = parseS3StorageUrl(storageUrl);
    client = rawClient(config);
    api = await startTestApi({ OTP_EMAIL_LIMIT: '100', SESSION_SECRET: SECRET, MAX_UPLOAD_MB: '1', STORAGE_URL: storageUrl });
    admin = await api.signIn('org.admin@example.org');
    lakeviewId = admin.user.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative').id;
    programId = (await api.call('/api/v1/program/all', { token: admin.token })).body[0].id;
    sectionId = (await api.call('/api/v1/section/all', { token: admin.token })).body[0].id;
  });
  afterAll(async () => {
    await api?.close();
    const left = client ? await keysUnder(client, config.bucket, `${RUN}/`) : [];
    if (left.length) await client.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: left.map((Key) => ({ Key })) } }));
    client?.destroy();
  });

  async function upload(fileName: string, bytes: Uint8Array) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ organizationId: lakeviewId, programId, sectionId, fileName, description: 'Over S3' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
    const res = await fetch(`${api.baseUrl}/api/v1/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
    return { status: res.status, body: await res.json() };
  }

  it('uploads into the bucket and answers a presigned link that serves the file', async () => {
    expect(api.env.STORAGE_URL).toMatch(/^s3:\/\//);
    const res = await upload('coverage-map.pdf', PDF);
    expect(res.status).toBe(201);
    const doc = res.body.document;
    const [row] = await api.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.storageKey).toBe(`${lakeviewId}/${doc.id}`);
    const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: `${config.prefix}${row!.storageKey}` }));
    expect(head).toMatchObject({ ContentType: 'application/pdf', ContentLength: PDF.length });

    const view = await api.call(`/api/v1/documents/${doc.id}/signed-url?organizationId=${lakeviewId}`, { token: admin.token });
    expect(view.status).toBe(200);
    const link = new URL(view.body.signedUrl);
    expect(link.origin).toBe(config.endpoint);
    expect(link.pathname).toBe(`/${config.bucket}/${config.prefix}${row!.storageKey}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('600');
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-disposition')).toBe(contentDisposition('inline', 'coverage-map.pdf'));
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PDF);
    expect((await fetch(tamperSignature(link.toString()))).status).toBe(403);

    const download = await api.call(`/api/v1/documents/${doc.id}/signed-url?organizationId=${lakeviewId}&toDownload=true`, { token: admin.token });
    const saved = await fetch(download.body.signedUrl);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toBe(contentDisposition('attachment', 'coverage-map.pdf'));
    await saved.arrayBuffer();
  });

  it('still serves the API\'s own HMAC download link, streaming from the bucket', async () => {
    const { body } = await upload('budget.pdf', PDF);
    const expires = Math.floor(Date.now() / 1000) + 60;
    const signature = signDownload(SECRET, body.document.id, expires, 'inline');
    const res = await fetch(`${api.baseUrl}/api/v1/documents/download/${body.document.id}?expires=${expires}&signature=${signature}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
  });

  it('keeps nothing in the bucket when an upload is over the limit', async () => {
    const before = await keysUnder(client, config.bucket, config.prefix);
    const res = await upload('huge.pdf', Buffer.alloc(Math.round(1.2 * 1024 * 1024), 7));
    expect(res).toMatchObject({ status: 413, body: { message: VALIDATION_MSG.fileTooLarge } });
    expect(await keysUnder(client, config.bucket, config.prefix)).toEqual(before);
  });

  it('answers not found for a document another organization asks about', async () => {
    const { body } = await upload('private.pdf', PDF);
    const summit = await api.signIn('summit.admin@example.org');
    const summitId = summit.user.organizations.find((o: any) => o.name === 'Summit Rural Telephone').id;
    const res = await api.call(`/api/v1/documents/${body.document.id}/signed-url?organizationId=${summitId}`, { token: summit.token });
    expect(res).toMatchObject({ status: 404, body: { message: DOCUMENT_MSG.notFound } });
  });
});
