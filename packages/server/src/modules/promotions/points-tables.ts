/** The points mall and sign-in activities (DOMAIN §2.19). */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, trigramIndex } from '../../db/columns.js';
import { goods } from '../goods/tables.js';
import { members } from '../members/tables.js';

/** Two levels; a name is unique among its siblings. */
export const exchangeCats = pgTable('exchange_cats', {
  id: serial('id').primaryKey(),
  /** 0 at the top */
  parentId: integer('parent_id').notNull().default(0),
  name: varchar('name', { length: 20 }).notNull(),
  sort: smallint('sort').notNull().default(0),
  image: varchar('image', { length: 500 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('exchange_cats_parent_name_uq').on(t.parentId, t.name)]);

/** A goods item sold for points (and a cash part); its row goes when the goods leave the shelf. */
export const exchangeGoods = pgTable('exchange_goods', {
  id: serial('id').primaryKey(),
  goodsId: integer('goods_id').notNull().references(() => goods.id),
  catId: integer('cat_id').notNull().references(() => exchangeCats.id),
  exchangePoint: integer('exchange_point').notNull(),
  exchangeMoneyCents: cents('exchange_money_cents'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('exchange_goods_goods_uq').on(t.goodsId),
  index('exchange_goods_cat_created_idx').on(t.catId, t.createdAt),
  index('exchange_goods_created_idx').on(t.createdAt),
  check('exchange_goods_point_positive', sql`${t.exchangePoint} > 0`),
]);

/** The stored status moves WAIT → OPEN → FINISH by the clock (scheduled task, and read through `signStatus`); CLOSE by the operator. */
export const signActivities = pgTable('sign_activities', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 30 }).notNull(),
  startAt: at('start_at').notNull(),
  endAt: at('end_at').notNull(),
  status: varchar('status', { length: 6 }).notNull().default('WAIT'),
  /** [{ reward_type, point, coupon_id }], the n-th consecutive day's reward */
  rewards: jsonb('rewards').notNull(),
  description: varchar('description', { length: 500 }).notNull().default(''),
  signNum: integer('sign_num').notNull().default(0),
  closedAt: at('closed_at'),
  createdAt: createdAt(),
}, (t) => [
  index('sign_activities_created_idx').on(t.createdAt),
  index('sign_activities_status_created_idx').on(t.status, t.createdAt),
  index('sign_activities_status_end_idx').on(t.status, t.endAt),
  trigramIndex('sign_activities_title_trgm_idx', t.title),
  check('sign_activities_window', sql`${t.startAt} < ${t.endAt}`),
]);

/** One check-in: a member signs in once per platform day. Kept when its activity is deleted (the title is copied). */
export const signRecords = pgTable('sign_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: integer('activity_id').notNull(),
  activityTitle: varchar('activity_title', { length: 30 }).notNull(),
  memberId: integer('member_id').notNull().references(() => members.id),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  /** the platform day, YYYY-MM-DD */
  signDay: varchar('sign_day', { length: 10 }).notNull(),
  continuousDays: integer('continuous_days').notNull(),
  /** POINT or COUPON */
  rewardType: varchar('reward_type', { length: 6 }).notNull(),
  point: integer('point').notNull().default(0),
  couponId: integer('coupon_id'),
  couponTitle: varchar('coupon_title', { length: 20 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('sign_records_member_day_uq').on(t.memberId, t.signDay),
  index('sign_records_created_idx').on(t.createdAt),
  index('sign_records_activity_created_idx').on(t.activityId, t.createdAt),
  index('sign_records_member_created_idx').on(t.memberId, t.createdAt),
]);
