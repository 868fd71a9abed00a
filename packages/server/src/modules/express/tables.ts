import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { WaybillFormItem } from '@agora/contract';
import { createdAt } from '../../db/columns.js';

/** Logistics companies (DOMAIN §2.29). Shipments name their carrier (`shipments.logi_name`). */
export const logiCompanies = pgTable('logi_companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull(),
  code: varchar('code', { length: 20 }).notNull(),
  kdcode: varchar('kdcode', { length: 20 }).notNull().default(''),
  isWaybill: smallint('is_waybill').notNull().default(0),
  formItems: jsonb('form_items').$type<WaybillFormItem[]>().notNull().default([]),
  disabled: varchar('disabled', { length: 5 }).notNull().default('OPEN'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('logi_companies_name_uq').on(t.name),
  uniqueIndex('logi_companies_code_uq').on(t.code),
  uniqueIndex('logi_companies_kdcode_uq').on(t.kdcode).where(sql`${t.kdcode} <> ''`),
  index('logi_companies_disabled_idx').on(t.disabled, t.id),
]);
