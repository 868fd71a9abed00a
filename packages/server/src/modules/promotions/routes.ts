import { couponEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { cancelClaim, createCoupon, deleteCoupon, getCoupon, listClaims, listCoupons, updateCoupon, voidCoupon } from './coupons.js';

export const promotionRoutes = [
  route(couponEndpoints.list, { handler: ({ query, ctx }) => listCoupons(ctx, query) }),
  route(couponEndpoints.detail, { handler: ({ params, ctx }) => getCoupon(ctx, params.id) }),
  route(couponEndpoints.create, { log: '添加优惠券', handler: ({ body, ctx }) => createCoupon(ctx, body) }),
  route(couponEndpoints.update, { log: '编辑优惠券', handler: ({ params, body, ctx }) => updateCoupon(ctx, params.id, body) }),
  route(couponEndpoints.void, { log: '作废优惠券', important: true, handler: ({ params, ctx }) => voidCoupon(ctx, params.id) }),
  route(couponEndpoints.remove, { log: '删除优惠券', important: true, handler: ({ params, ctx }) => deleteCoupon(ctx, params.id) }),
  route(couponEndpoints.claims, { handler: ({ query, ctx }) => listClaims(ctx, query) }),
  route(couponEndpoints.cancelClaim, { log: '作废会员优惠券', important: true, handler: ({ params, body, admin, ctx }) => cancelClaim(ctx, admin, params.id, body.reason) }),
];
