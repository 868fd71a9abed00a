/** Shops, their company details, earnest money (margin) and settlement bills. */
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, bigCents, createdAt, trigramIndex, updatedAt } from '../../db/columns.js';

export const shops = pgTable('shops', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  /** APPLYING, APPLY, OPEN, CLOSED, REFUSED (contract SHOP_STATUS) */
  status: varchar('status', { length: 10 }).notNull(),
  selfOperated: smallint('self_operated').notNull().default(0),
  logo: varchar('logo', { length: 500 }).notNull().default(''),
  banner: varchar('banner', { length: 500 }).notNull().default(''),
  description: varchar('description', { length: 200 }).notNull().default(''),
  regionIds: integer('region_ids').array().notNull().default(sql`'{}'::integer[]`),
  region: varchar('region', { length: 100 }).notNull().default(''),
  address: varchar('address', { length: 200 }).notNull().default(''),
  /** platform commission in percent, two decimals */
  commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(5),
  /** days of the month a bill is cut, e.g. {15,25} (1–31, at most 5) */
  settlementDays: smallint('settlement_days').array().notNull().default(sql`'{1}'::smallint[]`),
  /** which orders a bill takes (contract SETTLEMENT_STATUS): PAID once paid, COMPLETE once completed, SERVICE_EXPIRED once the after-sale window closed */
  settlementStatus: varchar('settlement_status', { length: 16 }).notNull().default('PAID'),
  /** top-level category ids the shop may sell in */
  goodsCategoryIds: integer('goods_category_ids').array().notNull().default(sql`'{}'::integer[]`),
  remainingMarginCents: bigCents('remaining_margin_cents'),
  goodsNum: integer('goods_num').notNull().default(0),
  /** application step reached (1–4) while APPLYING */
  step: smallint('step').notNull().default(4),
  auditRemark: varchar('audit_remark', { length: 200 }).notNull().default(''),
  /** the themes (shop_themes) its PC and WAP sites are drawn with, set when it opens */
  pcThemeId: integer('pc_theme_id'),
  wapThemeId: integer('wap_theme_id'),
  /** when the application was made */
  createdAt: createdAt(),
  /** when the shop opened (shop_createtime) and last closed (shop_endtime) */
  openedAt: at('opened_at'),
  closedAt: at('closed_at'),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('shops_name_uq').on(t.shopName),
  // the shop list: a state and/or the creation-day range, newest first (the id breaks ties for keyset pages)
  index('shops_status_created_idx').on(t.status, t.createdAt, t.id),
  index('shops_member_idx').on(t.memberId),
  // a theme in use cannot be deleted: the check counts its shops
  index('shops_pc_theme_idx').on(t.pcThemeId),
  index('shops_wap_theme_idx').on(t.wapThemeId),
  index('shops_created_idx').on(t.createdAt, t.id),
  // keyword on shop and owner names (shop list, margin flows, shop select)
  trigramIndex('shops_name_trgm_idx', t.shopName),
  trigramIndex('shops_member_name_trgm_idx', t.memberName),
]);

/** What the application form collects: company, legal person, licence, bank. */
export const shopDetails = pgTable('shop_details', {
  shopId: integer('shop_id').primaryKey().references(() => shops.id),
  companyName: varchar('company_name', { length: 100 }).notNull().default(''),
  companyAddress: varchar('company_address', { length: 200 }).notNull().default(''),
  companyPhone: varchar('company_phone', { length: 30 }).notNull().default(''),
  companyEmail: varchar('company_email', { length: 100 }).notNull().default(''),
  employeeNum: integer('employee_num').notNull().default(0),
  /** registered capital, in 10 000 yuan */
  regMoney: integer('reg_money').notNull().default(0),
  linkName: varchar('link_name', { length: 30 }).notNull().default(''),
  linkPhone: varchar('link_phone', { length: 20 }).notNull().default(''),
  legalName: varchar('legal_name', { length: 30 }).notNull().default(''),
  legalId: varchar('legal_id', { length: 30 }).notNull().default(''),
  legalImg: varchar('legal_img', { length: 500 }).notNull().default(''),
  licenseNum: varchar('license_num', { length: 50 }).notNull().default(''),
  /** the licence's region: ids from the province down (regions), its names in license_region */
  licenseRegionIds: integer('license_region_ids').array().notNull().default(sql`'{}'::integer[]`),
  licenseRegion: varchar('license_region', { length: 100 }).notNull().default(''),
  licenseAddress: varchar('license_address', { length: 200 }).notNull().default(''),
  establishDate: date('establish_date', { mode: 'string' }),
  licenceStart: date('licence_start', { mode: 'string' }),
  licenceEnd: date('licence_end', { mode: 'string' }),
  scope: varchar('scope', { length: 500 }).notNull().default(''),
  licenceImg: varchar('licence_img', { length: 500 }).notNull().default(''),
  bankAccountName: varchar('bank_account_name', { length: 50 }).notNull().default(''),
  bankNumber: varchar('bank_number', { length: 40 }).notNull().default(''),
  bankName: varchar('bank_name', { length: 50 }).notNull().default(''),
  bankRegionIds: integer('bank_region_ids').array().notNull().default(sql`'{}'::integer[]`),
  bankRegion: varchar('bank_region', { length: 100 }).notNull().default(''),
  bankImg: varchar('bank_img', { length: 500 }).notNull().default(''),
  updatedAt: updatedAt(),
});
