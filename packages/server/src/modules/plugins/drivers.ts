import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { S3_STORAGE_PLUGIN, SMS_HTTP_PLUGIN, SMS_SIGNATURE_HEADERS } from '@agora/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { recordNotifications } from '../../platform/notifications.js';
import { outboxSmsDriver, type SmsDriver, type SmsMessage } from '../../platform/sms.js';
import { checkedLookup, foreignFailure, isOutboundRefusal, OutboundFailure, outboundRequest, type Outbound, type OutboundAllow, type OutboundAnswer } from '../../platform/outbound.js';
import { s3Driver, s3FailureSummary, type S3Config } from '../../platform/s3-storage.js';
import type { LocalDiskDriver, StorageDriver } from '../../platform/storage.js';
import { onPluginChange, readOpenPlugin, registerOpenCheck, type OpenPlugin } from './service.js';

// ─── SMS: the open gateway decides where every text goes ────────────────────

/** The signature a gateway checks: hex HMAC-SHA256 with the app secret over timestamp, nonce and body. */
export const smsSignature = (secret: string, timestamp: string, nonce: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');

/**
 * A signed POST to the configured HTTP gateway (the send URL, or a provider path beside it: see
 * docs/sms.md; the translation platform signs the same way) under the outbound policy; answers the
 * response text. A target the policy refuses is the operator's 400; anything but a 2xx is a failure
 * the caller hears under its own message, with the status only (the answer goes to the debug log).
 */
export async function signedGatewayPost(
  out: Outbound,
  values: Record<string, string>,
  url: string,
  body: string,
  failure: 'SMS_GATEWAY_FAILED' | 'TRANSLATION_PLATFORM_FAILED' = 'SMS_GATEWAY_FAILED',
): Promise<string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomUUID();
  let answer: OutboundAnswer;
  try {
    answer = await outboundRequest(out, url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SMS_SIGNATURE_HEADERS.appKey]: values.app_key,
        [SMS_SIGNATURE_HEADERS.timestamp]: timestamp,
        [SMS_SIGNATURE_HEADERS.nonce]: nonce,
        [SMS_SIGNATURE_HEADERS.signature]: smsSignature(values.app_secret, timestamp, nonce, body),
      },
      body,
    });
  } catch (error) {
    if (error instanceof OutboundFailure) throw new AppError(502, failure, { reason: error.reason });
    throw error;
  }
  if (!answer.ok) throw new AppError(502, failure, { reason: foreignFailure(out, failure === 'SMS_GATEWAY_FAILED' ? 'the SMS gateway' : 'the translation platform', answer) });
  return answer.text;
}

/** Posts the message to the configured HTTP gateway, signed, under the message's own signature when it has one. */
async function sendThroughGateway(out: Outbound, values: Record<string, string>, message: SmsMessage): Promise<void> {
  const body = JSON.stringify({ mobile: message.mobile, content: message.content, sign_name: message.signName ?? values.sign_name ?? '', scene: message.scene });
  await signedGatewayPost(out, values, values.url, body);
}

/**
 * The SMS driver of the running server: the development outbox or the HTTP gateway, whichever
 * plugin is open when a message is sent (read each time, so every instance follows a switch).
 */
export function pluginSmsDriver(db: Db, log: FastifyBaseLogger, config: Outbound['config']): SmsDriver {
  const outbox = outboxSmsDriver(db, log);
  return {
    async send(message) {
      const open = await readOpenPlugin(db, 'SMS');
      if (open.pluginId !== SMS_HTTP_PLUGIN) return outbox.send(message);
      await sendThroughGateway({ config, log }, open.values, message);
      const { mobile, scene, content, receiverType = 'ADMIN', receiverId, secret } = message;
      await recordNotifications(db, [
        { channel: 'SMS', receiverType, receiverId, receiver: mobile, title: scene, content: secret ? content.replaceAll(secret, '*'.repeat(secret.length)) : content },
      ]);
      log.info({ mobile, scene }, 'SMS sent through the HTTP gateway');
    },
  };
}

// ─── Storage: local disk, or the S3-compatible bucket once that plugin is open ──

const s3ConfigOf = (values: Record<string, string>): S3Config => ({
  endpoint: values.endpoint,
  bucket: values.bucket,
  accessKey: values.access_key,
  secretKey: values.secret_key,
  publicUrl: values.public_url,
  region: values.region || 'us-east-1',
});

/** Before S3 opens (or its open config changes): a probe object goes in and out, or the switch is refused. */
async function probeBucket(plugin: OpenPlugin, allow: OutboundAllow): Promise<void> {
  let driver: StorageDriver;
  try {
    driver = s3Driver(s3ConfigOf(plugin.values), { lookup: checkedLookup(allow) });
    const key = `probe/${crypto.randomUUID()}.txt`;
    await driver.put(key, Buffer.from('agora storage probe'), 'text/plain');
    await driver.delete(key);
  } catch (error) {
    const refusal = [error, (error as Error).cause].find(isOutboundRefusal);
    if (refusal) throw refusal;
    // the status and the service's error name only: nothing of a foreign answer's text reaches the operator
    throw new AppError(400, 'PLUGIN_STORAGE_UNREACHABLE', { reason: s3FailureSummary(error) });
  }
}
registerOpenCheck('STORAGE', S3_STORAGE_PLUGIN, (ctx, plugin) => probeBucket(plugin, ctx.config.outboundAllow));

/** How often an instance asks the database which storage is open (a switch elsewhere reaches it within this time). */
const STORAGE_RECHECK_MS = 5_000;

/**
 * The storage of the running server when no S3_* environment is set: new files go where the open
 * storage plugin says; files stored before a switch stay readable and removable where they are.
 *
 * Which plugin is open is read at start (`refresh`, awaited by buildApp), again at once after a
 * switch in this instance, and every STORAGE_RECHECK_MS in the background (`watch`) — never on the
 * way of a put or a read: a file stored inside a transaction (the demo seed's pictures) would wait
 * for that read, which on the embedded database waits for the transaction: both for ever.
 */
export function pluginStorageDriver(db: Db, local: LocalDiskDriver, log: FastifyBaseLogger, allow: OutboundAllow): StorageDriver & { refresh(): Promise<void>; watch(): () => void; readonly local: LocalDiskDriver } {
  let active: StorageDriver = local;
  let bucket: StorageDriver | null = null;
  let configKey = '';

  async function refresh(): Promise<void> {
    const open = await readOpenPlugin(db, 'STORAGE');
    if (open.pluginId !== S3_STORAGE_PLUGIN) {
      active = local;
      return;
    }
    const key = JSON.stringify(open.values);
    if (key !== configKey || !bucket) {
      bucket = s3Driver(s3ConfigOf(open.values), { lookup: checkedLookup(allow) });
      configKey = key;
    }
    active = bucket;
  }
  const current = () => active;
  // one read at a time: ticks during a long transaction on the embedded database wait behind it, and must not pile up
  let reading: Promise<void> | null = null;
  const refreshLogged = () =>
    (reading ??= refresh()
      .catch((error: unknown) => log.warn({ err: error }, 'reading the open storage plugin failed'))
      .finally(() => {
        reading = null;
      }));
  /** Follows the open plugin until the returned stop is called (the app's close). */
  function watch(): () => void {
    // a switch in this instance applies before its answer is sent (the listener runs after the commit)
    // (after a read already under way, which may have seen the plugin as it was)
    const unlisten = onPluginChange('STORAGE', async () => {
      await reading;
      await refreshLogged();
    });
    const timer = setInterval(refreshLogged, STORAGE_RECHECK_MS);
    timer.unref();
    return () => {
      unlisten();
      clearInterval(timer);
    };
  }
  const others = () => [active, local, bucket].filter((driver, index, all): driver is StorageDriver => driver !== null && all.indexOf(driver) === index);

  return {
    get name() {
      return active.name;
    },
    refresh,
    watch,
    /** the built-in local disk, whichever plugin is open (what the files served under /files/ come from) */
    local,
    async put(key, bytes, contentType) {
      return current().put(key, bytes, contentType);
    },
    async putStream(key, body, contentType, size) {
      return current().putStream(key, body, contentType, size);
    },
    async delete(key) {
      for (const driver of others()) {
        await driver.delete(key).catch((error: unknown) => log.warn({ err: error, key, driver: driver.name }, 'removing a stored file failed'));
      }
    },
    async read(key) {
      for (const driver of others()) {
        const stream = await driver.read(key).catch(() => null);
        if (stream) return stream;
      }
      return null;
    },
    url: (key) => active.url(key),
    keyOf: (address) => {
      for (const driver of others()) {
        const key = driver.keyOf(address);
        if (key) return key;
      }
      return null;
    },
  };
}
