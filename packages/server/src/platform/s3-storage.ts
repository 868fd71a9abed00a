import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type aws4Type from 'aws4';
import { lazyRequire } from './lazy.js';
import { assertSafeKey, keyUnder, type StorageDriver } from './storage.js';

const aws4 = lazyRequire<typeof aws4Type>('aws4');

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

interface S3Response {
  status: number;
  body: Readable;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, OSS, COS…), path-style, signed with
 * AWS Signature V4. Bodies are streamed with an unsigned payload, so a big video never sits
 * in memory; the connection's TLS protects it in transit.
 */
export function s3Driver(config: S3Config): StorageDriver {
  const endpoint = new URL(config.endpoint);
  const transport = endpoint.protocol === 'https:' ? https : http;
  const basePath = endpoint.pathname.replace(/\/$/, '');
  const publicBase = config.publicUrl.replace(/\/$/, '');
  const credentials = { accessKeyId: config.accessKey, secretAccessKey: config.secretKey };

  function send(method: 'GET' | 'PUT' | 'DELETE', key: string, upload?: { body: Buffer | Readable; contentType: string; size: number }): Promise<S3Response> {
    assertSafeKey(key);
    const request = aws4().sign(
      {
        host: endpoint.host,
        path: `${basePath}/${config.bucket}/${key}`,
        method,
        service: 's3',
        region: config.region,
        headers: {
          'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
          ...(upload ? { 'content-type': upload.contentType, 'content-length': String(upload.size) } : {}),
        },
      },
      credentials,
    );
    return new Promise((resolve, reject) => {
      const outgoing = transport.request(
        { protocol: endpoint.protocol, hostname: endpoint.hostname, port: endpoint.port, path: request.path, method, headers: request.headers },
        (response) => resolve({ status: response.statusCode ?? 0, body: response }),
      );
      outgoing.on('error', reject);
      if (!upload) outgoing.end();
      else if (Buffer.isBuffer(upload.body)) outgoing.end(upload.body);
      else {
        upload.body.on('error', (error) => outgoing.destroy(error));
        upload.body.pipe(outgoing);
      }
    });
  }

  async function expectOk(method: string, key: string, response: S3Response, alsoFine: number[] = []): Promise<void> {
    if ((response.status >= 200 && response.status < 300) || alsoFine.includes(response.status)) {
      response.body.resume();
      return;
    }
    let text = '';
    for await (const chunk of response.body) text += String(chunk);
    throw new Error(`S3 ${method} ${key}: ${response.status} ${text.slice(0, 300)}`);
  }

  const url = (key: string) => `${publicBase}/${key}`;
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      await expectOk('PUT', key, await send('PUT', key, { body: bytes, contentType, size: bytes.length }));
      return { key, url: url(key) };
    },
    async putStream(key, body, contentType, size) {
      await expectOk('PUT', key, await send('PUT', key, { body, contentType, size }));
      return { key, url: url(key) };
    },
    async delete(key) {
      await expectOk('DELETE', key, await send('DELETE', key), [404]);
    },
    async read(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        response.body.resume();
        return null;
      }
      if (response.status >= 300) await expectOk('GET', key, response);
      return response.body;
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
