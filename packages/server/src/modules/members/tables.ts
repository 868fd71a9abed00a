/** Members (buyers), their levels and the ledger of every balance and points change. */
import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, bigCents, createdAt, trigramIndex } from '../../db/columns.js';

export const memberLevels = pgTable('member_levels', {
  id: serial('id').primaryKey(),
  levelName: varchar('level_name', { length: 20 }).notNull(),
  levelIcon: varchar('level_icon', { length: 500 }).notNull().default(''),
  /** the price members of this level pay, in percent (95 = 5% off) */
  benefitRatio: smallint('benefit_ratio').notNull().default(100),
  /** the shop's share of that discount, in percent */
  allocationRatio: smallint('allocation_ratio').notNull().default(0),
  /** level points from which (inclusive) and up to which (exclusive; null = no ceiling) this level applies */
  minPoint: integer('min_point').notNull().default(0),
  maxPoint: integer('max_point'),
  description: varchar('description', { length: 200 }).notNull().default(''),
  isDefault: smallint('is_default').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('member_levels_name_uq').on(t.levelName)]);

export const members = pgTable('members', {
  id: serial('id').primaryKey(),
  uname: varchar('uname', { length: 20 }).notNull(),
  passwordHash: varchar('password_hash', { length: 200 }).notNull().default(''),
  nickname: varchar('nickname', { length: 30 }).notNull().default(''),
  face: varchar('face', { length: 500 }).notNull().default(''),
  /** with country code prefix for foreign numbers (+44…); domestic numbers are bare */
  mobile: varchar('mobile', { length: 20 }).notNull(),
  email: varchar('email', { length: 100 }).notNull().default(''),
  /** 1 male, 0 female */
  sex: smallint('sex').notNull().default(1),
  birthday: date('birthday', { mode: 'string' }),
  /**
   * Where the member lives (spec §3 Region selection): a country; for the domestic one the region
   * ids from the province down, for another its state and city — ids when chosen from the data,
   * names only when typed. `region` is the whole as shown ('广东省 深圳市 南山区', '美国 Texas Houston'); an older
   * member may have only that text (region_country '').
   */
  regionCountry: varchar('region_country', { length: 2 }).notNull().default(''),
  regionIds: integer('region_ids').array().notNull().default(sql`'{}'::integer[]`),
  regionStateId: integer('region_state_id'),
  regionState: varchar('region_state', { length: 120 }).notNull().default(''),
  regionCityId: integer('region_city_id'),
  regionCity: varchar('region_city', { length: 120 }).notNull().default(''),
  region: varchar('region', { length: 400 }).notNull().default(''),
  address: varchar('address', { length: 200 }).notNull().default(''),
  tel: varchar('tel', { length: 30 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  levelId: integer('level_id'),
  /** level points (earned, decide the level) */
  gradePoint: integer('grade_point').notNull().default(0),
  /** spendable points */
  consumPoint: integer('consum_point').notNull().default(0),
  /** pre-deposit (wallet) balance */
  balanceCents: bigCents('balance_cents'),
  /** 0 normal, -1 in the recycle bin (signed out everywhere, cannot sign in) */
  disabled: smallint('disabled').notNull().default(0),
  /** PC, WAP, APP, MINI, ADMIN */
  registerSource: varchar('register_source', { length: 10 }).notNull().default('PC'),
  registerIp: varchar('register_ip', { length: 64 }).notNull().default(''),
  loginCount: integer('login_count').notNull().default(0),
  lastLoginAt: at('last_login_at'),
  haveShop: smallint('have_shop').notNull().default(0),
  shopId: integer('shop_id'),
  /** bumped to end every session of the member (password reset, recycle) */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('members_uname_uq').on(t.uname),
  uniqueIndex('members_mobile_uq').on(t.mobile),
  index('members_disabled_created_idx').on(t.disabled, t.createdAt),
  index('members_created_idx').on(t.createdAt),
  index('members_level_idx').on(t.levelId),
  index('members_sex_idx').on(t.sex),
  index('members_email_idx').on(t.email),
  // the list's sorts, within the member list or the recycle bin
  index('members_disabled_login_idx').on(t.disabled, t.lastLoginAt),
  // last login newest first, those who never signed in last (the index above serves oldest first)
  index('members_disabled_login_desc_idx').on(t.disabled, t.lastLoginAt.desc().nullsLast()),
  index('members_disabled_point_idx').on(t.disabled, t.consumPoint),
  index('members_disabled_balance_idx').on(t.disabled, t.balanceCents),
  // keyword on name, mobile, nickname, email (member list, recycle bin, pickers, chat)
  trigramIndex('members_uname_trgm_idx', t.uname),
  trigramIndex('members_mobile_trgm_idx', t.mobile),
  trigramIndex('members_nickname_trgm_idx', t.nickname),
  trigramIndex('members_email_trgm_idx', t.email),
]);

/**
 * Every change of a member's balance or points, never a silent overwrite.
 * kind: BALANCE (cents), POINT (spendable points), GRADE_POINT (level points).
 */
export const memberLedger = pgTable('member_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: integer('member_id').notNull().references(() => members.id),
  kind: varchar('kind', { length: 12 }).notNull(),
  /** signed change */
  amount: bigCents('amount'),
  /** the value after the change */
  balanceAfter: bigCents('balance_after'),
  reason: varchar('reason', { length: 200 }).notNull(),
  /** ADMIN, ORDER, SYSTEM */
  operatorType: varchar('operator_type', { length: 10 }).notNull(),
  operatorId: integer('operator_id'),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  /** the order, refund or adjustment this change belongs to */
  refSn: varchar('ref_sn', { length: 40 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  index('member_ledger_member_idx').on(t.memberId, t.kind, t.createdAt),
  // every member's balance movements, newest first (the pre-deposit log)
  index('member_ledger_kind_created_idx').on(t.kind, t.createdAt),
]);
