import type { NotificationChannel, ReceiverType } from '@agora/contract';
import type { Db } from '../db/client.js';
import type { Transaction } from '../db/sql.js';
import { notificationsSent } from '../modules/sale/tables.js';

export interface SentNotification {
  channel: NotificationChannel;
  receiverType: ReceiverType;
  receiverId?: number;
  /** as addressed: a member's or shop's name, a mobile, an email address */
  receiver: string;
  title?: string;
  content: string;
  /** when it was sent (now unless given: the demo data's history) */
  at?: Date;
}

/**
 * Records what the platform sent (the notification history, DOMAIN §2.30). Senders call it in the
 * transaction of the change that caused the message, so history and change commit together.
 */
export async function recordNotifications(db: Db | Transaction, sent: SentNotification[]): Promise<void> {
  if (sent.length === 0) return;
  await db.insert(notificationsSent).values(
    sent.map((row) => ({
      channel: row.channel,
      receiverType: row.receiverType,
      receiverId: row.receiverId ?? 0,
      receiver: row.receiver.slice(0, 100),
      title: (row.title ?? '').slice(0, 100),
      content: row.content.slice(0, 1000),
      ...(row.at ? { createdAt: row.at } : {}),
    })),
  );
}

/** A site message (站内信) to a member or a shop, recorded as sent. */
export function sendStationMessages(db: Db | Transaction, messages: { receiverType: 'MEMBER' | 'SHOP'; receiverId: number; receiver: string; title: string; content: string }[]) {
  return recordNotifications(db, messages.map((message) => ({ ...message, channel: 'STATION' as const })));
}
