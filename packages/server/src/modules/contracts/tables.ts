import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from '../../db/columns.js';

/**
 * Shop contracts (contract/contracts.ts): one shop's signed agreement with the platform, in force
 * from start_date to end_date (platform days, both included) unless terminated.
 */
export const shopContracts = pgTable('shop_contracts', {
  id: serial('id').primaryKey(),
  contractNo: varchar('contract_no', { length: 32 }).notNull(),
  shopId: integer('shop_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  fileUrl: varchar('file_url', { length: 500 }).notNull(),
  fileName: varchar('file_name', { length: 200 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  terminatedAt: at('terminated_at'),
  terminateReason: varchar('terminate_reason', { length: 200 }).notNull().default(''),
  terminatedBy: varchar('terminated_by', { length: 50 }).notNull().default(''),
  /** when the shop was told its contract ends soon: once */
  expiryNoticeAt: at('expiry_notice_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('shop_contracts_no_uq').on(t.contractNo),
  index('shop_contracts_shop_end_idx').on(t.shopId, t.endDate, t.id),
  index('shop_contracts_end_idx').on(t.endDate, t.id),
  index('shop_contracts_created_idx').on(t.createdAt, t.id),
  // the daily expiry notice reads only the contracts not yet told
  index('shop_contracts_notice_idx').on(t.endDate).where(sql`${t.expiryNoticeAt} is null and ${t.terminatedAt} is null`),
]);
