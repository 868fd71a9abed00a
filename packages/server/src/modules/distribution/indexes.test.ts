import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.js';
import { planWithoutSeqScan } from '../../test/plans.js';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

describe('indexes for the distribution lists', () => {
  it.each([
    ['distributors_created_idx', sql`select member_id from distributors order by created_at desc, member_id desc limit 20`],
    ['distributors_can_rebate_idx', sql`select member_id from distributors order by can_rebate_cents desc, member_id desc limit 20`],
    ['distributors_status_created_idx', sql`select member_id from distributors where status = 0 order by created_at desc, member_id desc limit 20`],
    ['distributors_name_trgm_idx', sql`select member_id from distributors where member_name ilike '%张%'`],
    ['distributors_parent_idx', sql`select parent_id, count(*) from distributors where parent_id in (1, 2) group by parent_id`],
    ['distribution_orders_created_idx', sql`select id from distribution_orders order by created_at desc, id desc limit 20`],
    ['distribution_orders_status_created_idx', sql`select id from distribution_orders where status = 'WAIT' order by created_at desc, id desc limit 20`],
    ['distribution_orders_lv1_created_idx', sql`select id from distribution_orders where lv1_id = 3 or lv2_id = 3`],
    ['distribution_orders_sn_trgm_idx', sql`select id from distribution_orders where order_sn ilike '%2026%'`],
    ['commission_records_member_created_idx', sql`select id from commission_records where member_id = 3 order by created_at desc, id desc limit 20`],
    ['commission_records_status_created_idx', sql`select id from commission_records where status = 'RETURN' order by created_at desc, id desc limit 20`],
    ['commission_records_due_idx', sql`select id from commission_records where status = 'WAIT' and settle_at <= now() order by settle_at limit 500`],
    ['distribution_bills_start_idx', sql`select id from distribution_bills order by start_at desc, id desc limit 20`],
    ['distribution_bills_member_period_uq', sql`select id from distribution_bills where member_id = 3 order by start_at desc, id desc limit 20`],
    ['withdraw_applies_status_created_idx', sql`select id from withdraw_applies where status = 'WAIT_AUDIT' order by created_at desc, id desc limit 20`],
    ['withdraw_applies_member_name_trgm_idx', sql`select id from withdraw_applies where member_name ilike '%李%'`],
    ['distribution_ledger_member_idx', sql`select id from distribution_ledger where member_id = 3 order by id desc limit 20`],
  ])('a filter or sort reads %s', async (name, query) => {
    expect(await planWithoutSeqScan(t.ctx.db, query)).toContain(name);
  });
});
