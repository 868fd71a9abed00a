import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../platform/xlsx-export.js';
import { exportAndRead, exportStatus, listedIds } from '../../test/exports.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertShop } from '../../test/marketplace-fixtures.js';
import { goods } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

describe('goods exports', () => {
  it('write exactly the rows the goods list and the audit queue show under their filters and sort, across batches; behind the second step and the lists’ permissions', async () => {
    const shop = await insertShop(t.ctx);
    const other = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    // 1 300 goods of one shop (two batches), prices with many ties, every third waiting for audit; 50 of another shop.
    const rows = Array.from({ length: 1300 }, (_, i) => ({
      shopId: shop.id,
      shopName: shop.shopName,
      categoryId: category.id,
      categoryPath: category.path,
      goodsName: `导出商品${i}`,
      sn: `EX${String(i).padStart(6, '0')}`,
      priceCents: (i % 7) * 1000,
      isAuth: i % 3 === 0 ? 0 : 1,
      marketEnable: i % 5 === 0 ? 0 : 1,
      createdAt: new Date(Date.UTC(2026, 4, 1) + (i % 40) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insert(goods).values(rows.slice(i, i + 500));
    await t.ctx.db.insert(goods).values(Array.from({ length: 50 }, (_, i) => ({ ...rows[i], shopId: other.id, shopName: other.shopName, sn: `OT${i}` })));

    const operator = await t.adminWithPermissions(founder, ['goodsList', 'goodsAudit', 'deriveRecord']);
    const filter = { seller_id: shop.id, sort: 'price', order: 'asc' };
    // DOMAIN §1.4: the goods export asks for the second step first.
    expect(await exportStatus(t, operator.session, 'admin/goods/export', filter)).toBe(428);
    await t.verifiedSession(operator.session);

    const listed = await listedIds(t, operator.session, 'admin/goods', filter, 'goods_id');
    expect(listed.length).toBe(1300);
    expect(listed.length).toBeGreaterThan(EXPORT_BATCH);
    const exported = await exportAndRead(t, operator.session, 'admin/goods/export', { ...filter, page_no: 4, page_size: 10 });
    expect(exported.ids).toEqual(listed);
    expect(exported.rows[0][1]).toBe('商品名称');
    expect(exported.record).toMatchObject({ kind: 'goods.export', result_rows: 1300, filter_summary: `店铺：${shop.shopName}；按价格升序` });

    // The audit queue: always is_auth=0 (whatever the body says), oldest first as the page asks.
    const queue = { seller_id: shop.id, sort: 'create_time', order: 'asc' };
    const waiting = await listedIds(t, operator.session, 'admin/goods', { ...queue, is_auth: 0 }, 'goods_id');
    expect(waiting.length).toBe(434);
    const audit = await exportAndRead(t, operator.session, 'admin/goods/audit/export', { ...queue, is_auth: 1 });
    expect(audit.ids).toEqual(waiting);
    expect(audit.record).toMatchObject({ kind: 'goods.audit-export', filter_summary: `店铺：${shop.shopName}；按发布时间升序` });
    expect(new Set(audit.rows.slice(1).map((row) => row[11]))).toEqual(new Set(['待审核']));
  });

  it('refuses a role without the list’s permission', async () => {
    const auditor = await t.adminWithPermissions(founder, ['goodsAudit', 'deriveRecord']);
    const seller = await t.adminWithPermissions(founder, ['goodsList', 'deriveRecord']);
    expect(await exportStatus(t, auditor.session, 'admin/goods/export')).toBe(403);
    expect(await exportStatus(t, seller.session, 'admin/goods/audit/export')).toBe(403);
  });
});
