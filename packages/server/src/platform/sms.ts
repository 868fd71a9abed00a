import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { smsOutbox } from '../db/tables.js';

export interface SmsMessage {
  mobile: string;
  scene: string;
  content: string;
}

/** Sends a text message. A real gateway driver arrives with the SMS-gateway settings. */
export interface SmsDriver {
  send(message: SmsMessage): Promise<void>;
}

/** Development driver: every message lands in the outbox table (readable by operators) and the log. */
export function outboxSmsDriver(db: Db, log: FastifyBaseLogger): SmsDriver {
  return {
    async send(message) {
      await db.insert(smsOutbox).values(message);
      log.info({ mobile: message.mobile, scene: message.scene }, `SMS (outbox): ${message.content}`);
    },
  };
}
