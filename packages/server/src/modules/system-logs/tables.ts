import { bigserial, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndex } from '../../db/columns.js';

/** Who did what, when and from where: one row per admin write (platform/audit.ts writes them). */
export const systemLogs = pgTable('system_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: integer('operator_id').notNull(),
  operatorName: varchar('operator_name', { length: 50 }).notNull(),
  operateDetail: varchar('operate_detail', { length: 200 }).notNull(),
  /** the same line in English (rows written before it existed have none: the Chinese shows) */
  operateDetailEn: varchar('operate_detail_en', { length: 200 }),
  operateIp: varchar('operate_ip', { length: 64 }).notNull(),
  level: varchar('level', { length: 10 }).notNull(),
  method: varchar('method', { length: 10 }).notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  params: text('params').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  index('system_logs_created_idx').on(t.createdAt),
  index('system_logs_level_created_idx').on(t.level, t.createdAt),
  index('system_logs_operator_idx').on(t.operatorName),
  // keyword on who, what and from where: the log grows with every write
  trigramIndex('system_logs_operator_trgm_idx', t.operatorName),
  trigramIndex('system_logs_detail_trgm_idx', t.operateDetail),
  trigramIndex('system_logs_detail_en_trgm_idx', t.operateDetailEn),
  trigramIndex('system_logs_ip_trgm_idx', t.operateIp),
]);
