import { generatePath } from 'react-router-dom';
import { ROUTE_BY_NAME } from '@agora/contract';

const routePath = (name: string) => ROUTE_BY_NAME.get(name)?.path ?? '/';
export const COUPON_LIST_PATH = routePath('couponList');
export const COUPON_ADD_PATH = routePath('coupon');
/** couponUpdate has no path parameter (spec §2): the coupon travels in the query, as the original console sent it. */
export const couponEditPath = (id: number) => `${routePath('couponUpdate')}?id=${id}`;
export const receiveListPath = (id: number) => generatePath(routePath('receiveList'), { id: String(id) });
