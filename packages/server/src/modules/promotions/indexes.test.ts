import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.js';
import { planWithoutSeqScan } from '../../test/plans.js';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

describe('indexes for the promotion lists', () => {
  it.each([
    ['coupons_type_created_idx', sql`select id from coupons where coupon_type = 'NORMAL' order by created_at desc, id desc limit 20`],
    ['coupons_title_trgm_idx', sql`select id from coupons where title ilike '%满减%'`],
    ['member_coupons_coupon_created_idx', sql`select id from member_coupons where coupon_id = 2 order by created_at desc, id desc limit 20`],
    ['seckills_created_idx', sql`select id from seckills where deleted_at is null order by created_at desc, id desc limit 20`],
    ['seckill_applies_seckill_idx', sql`select id from seckill_applies where seckill_id = 2 and status = 'APPLY' order by time_line asc, id asc limit 20`],
    ['pintuans_created_idx', sql`select id from pintuans order by created_at desc, id desc limit 20`],
    ['pintuans_name_trgm_idx', sql`select id from pintuans where name ilike '%拼团%'`],
    ['pintuan_groups_forming_idx', sql`select pintuan_id from pintuan_groups where status = 'FORMING' and pintuan_id in (1, 2)`],
    ['promotion_goods_goods_idx', sql`select id from promotion_goods where goods_id = 5 and start_at < now() and end_at > now()`],
    ['exchange_goods_created_idx', sql`select id from exchange_goods order by created_at desc, id desc limit 20`],
    ['exchange_goods_cat_created_idx', sql`select id from exchange_goods where cat_id = 3 order by created_at desc, id desc limit 20`],
    ['sign_activities_created_idx', sql`select id from sign_activities order by created_at desc, id desc limit 20`],
    ['sign_activities_title_trgm_idx', sql`select id from sign_activities where title ilike '%签到%'`],
    ['sign_records_activity_created_idx', sql`select id from sign_records where activity_id = 2 order by created_at desc, id desc limit 20`],
    ['sign_records_member_created_idx', sql`select id from sign_records where member_id in (1, 2) order by created_at desc, id desc limit 20`],
    ['sign_records_created_idx', sql`select id from sign_records order by created_at desc, id desc limit 20`],
  ])('a filter or sort reads %s', async (name, query) => {
    expect(await planWithoutSeqScan(t.ctx.db, query)).toContain(name);
  });
});
