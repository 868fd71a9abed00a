import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../platform/xlsx-export.js';
import { exportAndRead, exportStatus, listedIds } from '../../test/exports.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { members } from '../members/tables.js';
import { shops } from '../shops/tables.js';
import { marginFlows } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const chunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
};

describe('shop and margin flow exports', () => {
  it('write exactly the rows the shop list and the margin flow lists show under their filters, across batches', async () => {
    const [owner] = await t.ctx.db.insert(members).values({ uname: 'exportowner', mobile: '13800138000' }).returning();
    // 1 200 open shops created in 30 shared minutes (ties on the sort), 300 closed ones.
    const at = Date.UTC(2026, 3, 1);
    await chunks(
      Array.from({ length: 1500 }, (_, i) => ({
        memberId: owner.id,
        memberName: owner.uname,
        shopName: `导出店铺${i}`,
        status: i < 1200 ? 'OPEN' : 'CLOSED',
        createdAt: new Date(at + (i % 30) * 60_000),
      })),
      (chunk) => t.ctx.db.insert(shops).values(chunk),
    );
    const operator = await t.adminWithPermissions(founder, ['shopList', 'examineList', 'commitRecord', 'deriveRecord']);

    const shopFilter = { shop_disable: 'OPEN', keyword: '导出店铺', order: 'asc' };
    const listedShops = await listedIds(t, operator.session, 'admin/shops', shopFilter, 'shop_id');
    expect(listedShops.length).toBe(1200);
    const shopFile = await exportAndRead(t, operator.session, 'admin/shops/export', shopFilter);
    expect(shopFile.ids).toEqual(listedShops);
    expect(shopFile.rows[1][3]).toBe('开启中');
    expect(shopFile.record).toMatchObject({ kind: 'shop.export', result_rows: 1200, filter_summary: '状态：开启中；关键字：导出店铺；按申请时间升序' });

    // Margin flows: 1 100 audited of the first shops, 200 waiting.
    const shopIds = listedShops.slice(0, 50);
    await chunks(
      Array.from({ length: 1300 }, (_, i) => ({
        shopId: shopIds[i % 50],
        type: i % 2,
        amountCents: 10_000 + i,
        totalAfterCents: i < 1100 ? 50_000 : null,
        authStatus: i < 1100 ? (i % 4 === 0 ? 'REFUSE_AUDIT' : 'PASS_AUDIT') : 'WAIT_AUDIT',
        createdAt: new Date(at + (i % 60) * 1000),
      })),
      (chunk) => t.ctx.db.insert(marginFlows).values(chunk),
    );
    const flowFilter = { auth_status: 'AUDITED', shop_name: '导出店铺' };
    const listedFlows = await listedIds(t, operator.session, 'admin/shops/margin-flow', flowFilter, 'id');
    expect(listedFlows.length).toBe(1100);
    expect(listedFlows.length).toBeGreaterThan(EXPORT_BATCH);
    const flowFile = await exportAndRead(t, operator.session, 'admin/shops/margin-flow/export', flowFilter);
    expect(flowFile.ids).toEqual(listedFlows);
    expect(flowFile.record).toMatchObject({ kind: 'margin.export', result_rows: 1100, filter_summary: '状态：已审核；店铺名称：导出店铺；按时间降序' });
  });

  it('refuses a role without the list’s permission', async () => {
    const other = await t.adminWithPermissions(founder, ['goodsList', 'deriveRecord']);
    expect(await exportStatus(t, other.session, 'admin/shops/export')).toBe(403);
    expect(await exportStatus(t, other.session, 'admin/shops/margin-flow/export')).toBe(403);
    // The shop audit page's permission reads applications, not the shop list's export.
    const auditor = await t.adminWithPermissions(founder, ['shopAudit', 'deriveRecord']);
    expect(await exportStatus(t, auditor.session, 'admin/shops/export')).toBe(403);
  });

  it('exports the audit queue: only applications whatever the body asks, to shopAudit, after the second step', async () => {
    const [owner] = await t.ctx.db.insert(members).values({ uname: 'applicant', mobile: '13800138001' }).returning();
    const at = Date.UTC(2026, 4, 1);
    await t.ctx.db.insert(shops).values(
      (['APPLY', 'APPLY', 'APPLY', 'OPEN', 'REFUSED'] as const).map((status, i) => ({ memberId: owner.id, memberName: owner.uname, shopName: `申请店铺${i}`, status, createdAt: new Date(at + i * 60_000) })),
    );
    const auditor = await t.adminWithPermissions(founder, ['shopAudit', 'deriveRecord']);
    // Shop records (owners, phones, addresses) leave the console only after the second step.
    expect(await exportStatus(t, auditor.session, 'admin/shops/audit/export', { keyword: '申请店铺' })).toBe(428);
    const listed = await listedIds(t, auditor.session, 'admin/shops', { shop_disable: 'APPLY', keyword: '申请店铺' }, 'shop_id');
    expect(listed).toHaveLength(3);
    const file = await exportAndRead(t, auditor.session, 'admin/shops/audit/export', { keyword: '申请店铺', shop_disable: 'OPEN' });
    expect(file.ids).toEqual(listed);
    expect(new Set(file.rows.slice(1).map((row) => row[3]))).toEqual(new Set(['待审核']));
    expect(file.record).toMatchObject({ kind: 'shop.export', result_rows: 3 });
    expect(file.record.filter_summary).toContain('关键字：申请店铺');
    const lister = await t.adminWithPermissions(founder, ['shopList', 'deriveRecord']);
    expect(await exportStatus(t, lister.session, 'admin/shops/audit/export')).toBe(403);
  });
});
