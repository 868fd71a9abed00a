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
export const SIGN_ACTIVITY_LIST_PATH = routePath('signActivityList');
export const SIGN_ACTIVITY_ADD_PATH = routePath('signActivity');
/** signActivity is the add and the edit page: the activity edited travels in the query, as couponUpdate's does. */
export const signActivityEditPath = (id: number) => `${routePath('signActivity')}?id=${id}`;
export const signRecordPath = (activityId: number) => `${routePath('signRecord')}?activity_id=${activityId}`;
