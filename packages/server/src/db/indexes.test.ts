import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.js';
import { planWithoutSeqScan } from '../test/plans.js';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const plan = (query: SQL) => planWithoutSeqScan(t.ctx.db, query);

describe('indexes for the lists', () => {
  it.each([
    ['goods_name_trgm_idx', sql`select id from goods where goods_name ilike '%蓝牙耳机%'`],
    ['goods_sn_trgm_idx', sql`select id from goods where sn ilike '%000355%'`],
    ['goods_shop_name_trgm_idx', sql`select id from goods where shop_name ilike '%旗舰店%'`],
    ['members_uname_trgm_idx', sql`select id from members where uname ilike '%wu000%'`],
    ['members_mobile_trgm_idx', sql`select id from members where mobile ilike '%8857%'`],
    ['members_nickname_trgm_idx', sql`select id from members where nickname ilike '%然欣%'`],
    ['members_email_trgm_idx', sql`select id from members where email ilike '%foxmail%'`],
    ['shops_name_trgm_idx', sql`select id from shops where shop_name ilike '%旗舰店%'`],
    ['shops_member_name_trgm_idx', sql`select id from shops where member_name ilike '%wang%'`],
    ['system_logs_detail_trgm_idx', sql`select id from system_logs where operate_detail ilike '%店铺%'`],
    // the member list and the recycle bin: each sort within `disabled`, newest or largest first and back
    ['members_disabled_created_idx', sql`select id from members where disabled = 0 order by created_at desc, id desc limit 20`],
    ['members_disabled_login_desc_idx', sql`select id from members where disabled = 0 order by last_login_at desc nulls last, id desc limit 20`],
    ['members_disabled_login_idx', sql`select id from members where disabled = -1 order by last_login_at asc nulls last, id asc limit 20`],
    ['members_disabled_point_idx', sql`select id from members where disabled = 0 order by consum_point desc, id desc limit 20`],
    ['members_disabled_balance_idx', sql`select id from members where disabled = 0 order by balance_cents asc, id asc limit 20`],
    ['members_sex_idx', sql`select id from members where sex = 0`],
    ['members_level_idx', sql`select id from members where level_id = 2`],
    ['member_ledger_kind_created_idx', sql`select id from member_ledger where kind = 'BALANCE' order by created_at desc, id desc limit 20`],
    ['member_ledger_member_idx', sql`select id from member_ledger where member_id = 1 and kind in ('POINT', 'GRADE_POINT') order by created_at desc, id desc limit 20`],
    ['goods_quantity_idx', sql`select id from goods order by quantity desc limit 20`],
    ['goods_type_created_idx', sql`select id from goods where goods_type = 'POINT' order by created_at desc limit 20`],
    ['goods_on_sale_idx', sql`select count(*) from goods where market_enable = 1 and is_auth = 1 and disabled = 1`],
    ['resources_name_trgm_idx', sql`select id from resources where resource_name ilike '%海报%'`],
    ['resources_type_created_idx', sql`select id from resources where group_type = 'IMAGE' order by created_at desc, id desc limit 15`],
    // whether a logistics company is in use: shipments grow with the orders
    ['shipments_logi_name_idx', sql`select 1 from shipments where logi_name = '顺丰速运' limit 1`],
    // the chat's conversation list: latest message first, never-written ones last
    ['im_conversations_last_idx', sql`select id from im_conversations order by last_message_at desc nulls last, id desc limit 20`],
    ['currencies_enabled_sort_idx', sql`select id from currencies where enabled = 1 order by sort, id limit 20`],
    ['logi_companies_disabled_idx', sql`select id from logi_companies where disabled = 'OPEN' order by id desc limit 20`],
    ['pages_name_trgm_idx', sql`select id from pages where page_name ilike '%会场%'`],
    ['pages_client_index_created_idx', sql`select id from pages where client_type = 'PC' order by is_index desc, created_at desc, id desc limit 20`],
    ['pages_client_publish_index_created_idx', sql`select id from pages where client_type = 'PC' and publish_status = 'YES' order by is_index desc, created_at desc, id desc limit 20`],
  ])('a keyword, filter or sort reads %s', async (name, query) => {
    expect(await plan(query)).toContain(name);
  });
});
