import { and, count, desc, eq, gte, ilike, lte, ne, or, type SQL } from 'drizzle-orm';
import { maskPhone, type Page, type ShopListQuery, type ShopRow, type ShopStatus } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { unixSeconds } from '../../platform/time.js';
import { recordNewShop } from '../dashboard/rollup.js';
import { goods } from '../goods/tables.js';
import { members } from '../members/tables.js';
import { shopDetails, shops } from './tables.js';
import { escapeLike, type Transaction as Tx } from '../../db/sql.js';


export async function listShops(ctx: AppContext, query: ShopListQuery): Promise<Page<ShopRow>> {
  const filters: (SQL | undefined)[] = [
    // "All" is every shop the platform deals with; an application still being filled in is the member's.
    query.shop_disable === 'ALL' ? ne(shops.status, 'APPLYING') : eq(shops.status, query.shop_disable),
  ];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(shops.shopName, pattern), ilike(shops.memberName, pattern)));
  }
  if (query.start_time !== undefined) filters.push(gte(shops.createdAt, new Date(query.start_time * 1000)));
  if (query.end_time !== undefined) filters.push(lte(shops.createdAt, new Date(query.end_time * 1000)));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ shop: shops, detail: shopDetails })
      .from(shops)
      .leftJoin(shopDetails, eq(shopDetails.shopId, shops.id))
      .where(where)
      .orderBy(desc(shops.createdAt), desc(shops.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(shops).where(where),
  ]);
  return {
    data: rows.map(({ shop, detail }) => ({
      shop_id: shop.id,
      shop_name: shop.shopName,
      member_id: shop.memberId,
      member_name: shop.memberName,
      shop_disable: shop.status as ShopStatus,
      self_operated: shop.selfOperated === 1 ? 1 : 0,
      logo: shop.logo,
      region: shop.region,
      link_phone: detail?.linkPhone ? maskPhone(detail.linkPhone) : '',
      company_name: detail?.companyName ?? '',
      goods_num: shop.goodsNum,
      audit_remark: shop.auditRemark,
      create_time: unixSeconds(shop.createdAt),
      open_time: shop.openedAt ? unixSeconds(shop.openedAt) : null,
    })),
    page_no: query.page_no,
    page_size: query.page_size,
    data_total: total.n,
  };
}


async function lockShop(tx: Tx, id: number) {
  const [shop] = await tx.select().from(shops).where(eq(shops.id, id)).for('update');
  if (!shop) throw new AppError(404, 'SHOP_NOT_FOUND');
  return shop;
}

/** OPEN → CLOSED: every goods item of the shop goes off sale (DOMAIN §2.13). */
export async function closeShop(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status !== 'OPEN') throw badRequest('SHOP_NOT_OPEN');
    const now = new Date();
    await tx.update(shops).set({ status: 'CLOSED', closedAt: now, updatedAt: now }).where(eq(shops.id, id));
    await tx
      .update(goods)
      .set({ marketEnable: 0, underMessage: '店铺关闭，商品下架', updatedAt: now })
      .where(and(eq(goods.shopId, id), eq(goods.marketEnable, 1)));
  });
}

/** CLOSED → OPEN: the goods stay off sale until the seller lists them again. */
export async function reopenShop(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status !== 'CLOSED') throw badRequest('SHOP_NOT_CLOSED');
    await tx.update(shops).set({ status: 'OPEN', updatedAt: new Date() }).where(eq(shops.id, id));
  });
}

/** The audit of an application: APPLY → OPEN (the member now has a shop) or REFUSED with the reason. */
export async function auditShop(ctx: AppContext, id: number, pass: number, remark: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const shop = await lockShop(tx, id);
    if (shop.status !== 'APPLY') throw badRequest('SHOP_NOT_APPLYING');
    const now = new Date();
    if (pass !== 1) {
      await tx.update(shops).set({ status: 'REFUSED', auditRemark: remark, updatedAt: now }).where(eq(shops.id, id));
      return;
    }
    await tx.update(shops).set({ status: 'OPEN', auditRemark: remark, openedAt: now, updatedAt: now }).where(eq(shops.id, id));
    await tx.update(members).set({ haveShop: 1, shopId: id }).where(eq(members.id, shop.memberId));
    await recordNewShop(tx, now);
  });
}
