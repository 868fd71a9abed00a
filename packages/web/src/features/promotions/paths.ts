import { generatePath } from 'react-router-dom';
import { ROUTE_BY_NAME } from '@agora/contract';

const routePath = (name: string) => ROUTE_BY_NAME.get(name)?.path ?? '/';
export const COUPON_LIST_PATH = routePath('couponList');
export const COUPON_ADD_PATH = routePath('coupon');
/** couponUpdate has no path parameter (spec §2): the coupon travels in the query, as the original console sent it. */
export const couponEditPath = (id: number) => `${routePath('couponUpdate')}?id=${id}`;
export const receiveListPath = (id: number) => generatePath(routePath('receiveList'), { id: String(id) });
export const SECKILL_LIST_PATH = routePath('seckillList');
export const seckillAuditPath = (id: number) => generatePath(routePath('seckillAuditGoodsList'), { id: String(id) });
export const seckillPassPath = (id: number) => generatePath(routePath('seckillPassGoodsList'), { id: String(id) });
