import { eq, gte, lte } from 'drizzle-orm';
import type { NotificationChannel, NotificationListQuery, NotificationRow, Page, ReceiverType } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { listPage } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { notificationsSent } from './tables.js';

/** What the platform sent, newest first: by receiver (as addressed), channel and time. */
export function listNotifications(ctx: AppContext, query: NotificationListQuery): Promise<Page<NotificationRow>> {
  return listPage(ctx.db, {
    query,
    table: notificationsSent,
    id: notificationsSent.id,
    where: [
      query.receiver ? eq(notificationsSent.receiver, query.receiver) : undefined,
      query.channel ? eq(notificationsSent.channel, query.channel) : undefined,
      query.start_time === undefined ? undefined : gte(notificationsSent.createdAt, fromUnixSeconds(query.start_time)),
      query.end_time === undefined ? undefined : lte(notificationsSent.createdAt, fromUnixSeconds(query.end_time)),
    ],
    sorts: { create_time: notificationsSent.createdAt },
    statement: 'sale/notifications.listNotifications',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(notificationsSent).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row): NotificationRow => ({
      id: row.id,
      channel: row.channel as NotificationChannel,
      receiver_type: row.receiverType as ReceiverType,
      receiver: row.receiver,
      title: row.title,
      content: row.content,
      create_time: unixSeconds(row.createdAt),
    }),
    idOf: (row) => row.id,
  });
}
