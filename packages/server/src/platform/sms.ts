import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { ReceiverType } from '@agora/contract';
import { smsOutbox } from '../db/tables.js';
import { recordNotifications } from './notifications.js';

export interface SmsMessage {
  mobile: string;
  scene: string;
  content: string;
  /** who the number belongs to, for the notification history (default: an administrator, as the codes are) */
  receiverType?: ReceiverType;
  receiverId?: number;
  /** a one-time code inside `content`: the notification history shows it masked */
  secret?: string;
  /** the signature the gateway puts on it (an SMS-centre task's); default: the gateway's configured one */
  signName?: string;
}

/** Sends a text message. A real gateway driver arrives with the SMS-gateway settings. */
export interface SmsDriver {
  send(message: SmsMessage): Promise<void>;
}

/** Development driver: every message lands in the outbox table (readable by operators) and the log. */
export function outboxSmsDriver(db: Db, log: FastifyBaseLogger): SmsDriver {
  return {
    async send(message) {
      const { mobile, scene, content, receiverType = 'ADMIN', receiverId, secret } = message;
      await db.insert(smsOutbox).values({ mobile, scene, content });
      await recordNotifications(db, [
        { channel: 'SMS', receiverType, receiverId, receiver: mobile, title: scene, content: secret ? content.replaceAll(secret, '*'.repeat(secret.length)) : content },
      ]);
      log.info({ mobile: message.mobile, scene: message.scene }, `SMS (outbox): ${message.content}`);
    },
  };
}
