import { date, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/**
 * SMTP accounts (DOMAIN §2.29 "SMTP"): mail goes out through the least recently used account still
 * below its daily maximum; send_count counts the sends of send_day (a new day starts from zero).
 */
export const smtpAccounts = pgTable('smtp_accounts', {
  id: serial('id').primaryKey(),
  host: varchar('host', { length: 100 }).notNull(),
  port: integer('port').notNull(),
  username: varchar('username', { length: 100 }).notNull(),
  /** write-only: never answered */
  password: varchar('password', { length: 200 }).notNull().default(''),
  openSsl: smallint('open_ssl').notNull().default(0),
  maxCount: integer('max_count').notNull(),
  mailFrom: varchar('mail_from', { length: 100 }).notNull(),
  sendCount: integer('send_count').notNull().default(0),
  sendDay: date('send_day', { mode: 'string' }),
  lastSendTime: timestamp('last_send_time', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('smtp_accounts_last_send_idx').on(t.lastSendTime)]);
