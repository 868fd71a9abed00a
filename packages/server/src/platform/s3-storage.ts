import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, keyUnder, type StorageDriver } from './storage.js';

export interface S3Config {
  /** the service's base URL, e.g. https://oss-cn-hangzhou.aliyuncs.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** where browsers fetch the objects: a CDN or the bucket's public URL; an object's URL is this + / + key */
  publicUrl: string;
  region: string;
}

/** Tries per request, the first included: a throttled or briefly unreachable bucket costs a pause, not a failed upload. */
const MAX_ATTEMPTS = 4;
const CONNECT_TIMEOUT_MS = 5_000;
/** How long a socket may stay silent (not the whole transfer: a 1 GB video takes what it takes). */
const IDLE_TIMEOUT_MS = 60_000;
/** Bodies above one part go up as a multipart upload, two parts at a time: at most 16 MB of a stream in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** S3's limit on the parts of one upload: a bigger file gets bigger parts. */
const MAX_PARTS = 10_000;
/** What the local disk's /files/ answers too: an object never changes under its key. */
const CACHE_CONTROL = 'public, max-age=2592000, immutable';

/** `S3 PUT key: 503 SlowDown: …`, from whatever the SDK threw (a service answer, a timeout, a refused connection). */
function failure(method: string, key: string, error: unknown): Error {
  const answer = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = answer.$metadata?.httpStatusCode;
  return new Error(`S3 ${method} ${key}: ${status ?? 'no answer'} ${answer.name ?? 'Error'}: ${(answer.message ?? String(error)).slice(0, 300)}`, { cause: error });
}

/** What an operator may hear of a failure: the status and the service's error name, never its text. */
export function s3FailureSummary(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const answer = cause as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = answer.$metadata?.httpStatusCode;
  return status ? `HTTP ${status} ${answer.name ?? ''}`.trim() : 'no answer';
}

const notFound = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, OSS, COS…) through the official SDK:
 * path-style addressing, the SDK's retries with back-off, and lib-storage's Upload, which sends
 * a body above one part (a stream of unknown length too) as a multipart upload, so a big video
 * never sits in memory. The SDK is loaded on the first call (platform/lazy.ts: a console that
 * never uses a bucket never holds it). Request checksums only where S3 requires them: most
 * S3-compatible services do not know the newer checksum headers and chunked trailers.
 */
export function s3Driver(config: S3Config, options: { lookup?: net.LookupFunction } = {}): StorageDriver {
  // An endpoint an operator entered connects only where the outbound policy allows (platform/outbound.ts).
  const agents = options.lookup
    ? { httpAgent: new http.Agent({ keepAlive: true, lookup: options.lookup }), httpsAgent: new https.Agent({ keepAlive: true, lookup: options.lookup }) }
    : {};
  const publicBase = config.publicUrl.replace(/\/$/, '');
  let loading: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); Upload: typeof import('@aws-sdk/lib-storage').Upload; client: S3Client }> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([sdk, { Upload }]) => ({
      sdk,
      Upload,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
        maxAttempts: MAX_ATTEMPTS,
        retryMode: 'standard',
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS, ...agents },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));

  const url = (key: string) => `${publicBase}/${key}`;

  async function upload(key: string, body: Buffer | Readable, contentType: string, size: number) {
    assertSafeKey(key);
    const { Upload, client } = await load();
    try {
      await new Upload({
        client,
        params: { Bucket: config.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: CACHE_CONTROL },
        partSize: Math.max(PART_SIZE, Math.ceil(size / MAX_PARTS)),
        queueSize: PARTS_AT_ONCE,
      }).done();
    } catch (error) {
      throw failure('PUT', key, error);
    }
    return { key, url: url(key) };
  }

  return {
    name: 's3',
    put: (key, bytes, contentType) => upload(key, bytes, contentType, bytes.length),
    putStream: (key, body, contentType, size) => upload(key, body, contentType, size),
    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await load();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
      } catch (error) {
        if (!notFound(error)) throw failure('DELETE', key, error);
      }
    },
    async read(key) {
      assertSafeKey(key);
      const { sdk, client } = await load();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        // In Node the body is the response itself, streamed as it arrives.
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || notFound(error)) return null;
        throw failure('GET', key, error);
      }
    },
    url,
    keyOf: (address) => keyUnder(`${publicBase}/`, address),
  };
}

/** S3_* from the environment: all of endpoint, bucket, keys and public URL, or none (local disk). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_PUBLIC_URL'] as const;
  const given = names.filter((name) => env[name]);
  if (given.length === 0) return null;
  if (given.length < names.length) {
    throw new Error(`S3 storage needs ${names.join(', ')}; missing ${names.filter((name) => !env[name]).join(', ')}`);
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
    publicUrl: env.S3_PUBLIC_URL!,
    region: env.S3_REGION || 'us-east-1',
  };
}
