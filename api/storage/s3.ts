// The S3-compatible storage adapter (DESIGN 2, 8): STORAGE_URL=s3://ACCESS:SECRET@host:port/bucket[/prefix]
// with ?region=…&tls=false&publicEndpoint=…; path-style requests; presigned GET links for downloads.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { isSafeStorageKey, StorageNotFoundError, type Storage } from './types';

export interface S3StorageConfig {
  /** Where the API sends its requests, e.g. http://127.0.0.1:7480. */
  endpoint: string;
  /** The origin put into presigned links when browsers reach the store under another name than the API. */
  publicEndpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every key: '' or 'segment/…/'. */
  prefix: string;
  /** From the URL; absent = the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const S3_PARAMS = new Set(['region', 'tls', 'publicEndpoint']);
/** S3 bucket names: 3-63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;

/** Reads an s3:// STORAGE_URL; throws (without echoing the secret) when something is missing or unknown. */
export function parseS3StorageUrl(storageUrl: string): S3StorageConfig {
  const url = new URL(storageUrl);
  const fail = (why: string) => new Error(`STORAGE_URL (s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=…&tls=false): ${why}`);
  if (url.protocol !== 's3:') throw fail(`expected s3://, got ${url.protocol}//`);
  if (!url.hostname) throw fail('the host of the S3 endpoint is missing');
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMS.has(name)) throw fail(`unknown parameter "${name}" (known: ${[...S3_PARAMS].join(', ')})`);
  }

  const [bucket = '', ...prefixParts] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!BUCKET.test(bucket)) throw fail('the bucket (first path segment) must be a valid S3 bucket name');
  const prefix = prefixParts.length ? `${prefixParts.join('/')}/` : '';
  if (prefix && !isSafeStorageKey(prefix.slice(0, -1))) throw fail('the key prefix may hold only letters, digits, ".", "_" and "-" per segment');

  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw fail('region must look like us-east-1');
  const tls = url.searchParams.get('tls') ?? 'true';
  if (tls !== 'true' && tls !== 'false') throw fail('tls must be true or false');
  const endpoint = `${tls === 'true' ? 'https' : 'http'}://${url.host}`;

  let publicEndpoint = endpoint;
  const publicParam = url.searchParams.get('publicEndpoint');
  if (publicParam !== null) {
    let parsed: URL;
    try {
      parsed = new URL(publicParam);
    } catch {
      throw fail('publicEndpoint must be an http(s) origin such as https://files.example.gov');
    }
    if (!/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.username) {
      throw fail('publicEndpoint must be an http(s) origin such as https://files.example.gov');
    }
    publicEndpoint = parsed.origin;
  }

  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw fail('give both the access key and the secret key, or neither');
  const credentials = accessKeyId ? { accessKeyId, secretAccessKey } : undefined;

  return { endpoint, publicEndpoint, region, bucket, prefix, credentials };
}

/** The object key for a storage key: the prefix plus the key, which must be a safe storage key. */
export function s3ObjectKey(config: Pick<S3StorageConfig, 'prefix'>, key: string): string {
  if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  return config.prefix + key;
}

type Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

/** The SDK is loaded on first use, so a portal on disk storage does not pay for it at boot. */
let sdkLoading: Promise<{ sdk: Sdk; presigner: Presigner }> | null = null;
function loadSdk() {
  sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([sdk, presigner]) => ({ sdk, presigner }));
  return sdkLoading;
}

function isMissingObject(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration error, not a missing file.
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket');
}

export function s3Storage(config: S3StorageConfig): Storage {
  const { bucket: Bucket } = config;
  let clients: Promise<{ sdk: Sdk; presigner: Presigner; client: S3Client; signer: S3Client }> | null = null;

  function ready() {
    clients ??= loadSdk().then(({ sdk, presigner }) => {
      const make = (endpoint: string) => new sdk.S3Client({
        endpoint,
        region: config.region,
        credentials: config.credentials,
        forcePathStyle: true,
        // radosgw, MinIO and friends reject the SDK's default trailing CRC checksums (aws-chunked uploads).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 10_000 },
      });
      const client = make(config.endpoint);
      return { sdk, presigner, client, signer: config.publicEndpoint === config.endpoint ? client : make(config.publicEndpoint) };
    });
    return clients;
  }

  return {
    kind: 's3',

    async put(key, body, meta) {
      const Key = s3ObjectKey(config, key);
      const { sdk, client } = await ready();
      if (Buffer.isBuffer(body)) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length, ContentType: meta.contentType }));
        return { size: body.length };
      }
      // Spooled to a temporary file first: the length is known (one plain PUT, no multipart), a slow
      // client does not hold a connection to the store open, and a cut-short upload never reaches it.
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-upload-'));
      const spool = path.join(dir, 'body');
      try {
        await pipeline(body, fs.createWriteStream(spool, { flags: 'wx', mode: 0o600 }));
        const { size } = await fsp.stat(spool);
        await client.send(new sdk.PutObjectCommand({
          Bucket, Key, Body: fs.createReadStream(spool), ContentLength: size, ContentType: meta.contentType,
        }));
        return { size };
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    },

    async get(key) {
      const Key = s3ObjectKey(config, key);
      const { sdk, client } = await ready();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        return object.Body as Readable;
      } catch (err) {
        if (isMissingObject(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },

    async remove(key) {
      const Key = s3ObjectKey(config, key);
      const { sdk, client } = await ready();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },

    async presignedGetUrl(key, opts) {
      const Key = s3ObjectKey(config, key);
      const { sdk, presigner, signer } = await ready();
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key,
        ResponseContentType: opts.contentType,
        ResponseContentDisposition: opts.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return presigner.getSignedUrl(signer, command, { expiresIn: opts.expiresInSeconds });
    },
  };
}
