import { couponEndpoints, pintuanEndpoints, pointsMallEndpoints, seckillEndpoints, signInEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditApplies, closeSeckill, createSeckill, deleteSeckill, getSeckill, listApplies, listSeckills, publishSeckill, updateSeckill } from './seckills.js';
import { getPintuan, listPintuans, openClosePintuan } from './pintuans.js';
import { addExchangeGoods, createExchangeCat, deleteExchangeCat, exchangeCatTree, listExchangeGoods, removeExchangeGoods, updateExchangeCat, updateExchangeGoods } from './exchange.js';
import { listExchangeOrders, memberExchange } from './exchange-orders.js';
import { exchangeOrderExport } from './jobs.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { closeSignActivity, createSignActivity, deleteSignActivity, getSignActivity, listSignActivities, listSignRecords, memberSignIn, signCouponOptions, updateSignActivity } from './sign-in.js';
import { cancelClaim, createCoupon, deleteCoupon, getCoupon, listClaims, listCoupons, updateCoupon, voidCoupon } from './coupons.js';

export const promotionRoutes = [
  route(couponEndpoints.list, { handler: ({ query, ctx }) => listCoupons(ctx, query) }),
  route(couponEndpoints.detail, { handler: ({ params, ctx }) => getCoupon(ctx, params.id) }),
  route(couponEndpoints.create, { log: { zh: '添加优惠券', en: 'Add a coupon' }, handler: ({ body, ctx }) => createCoupon(ctx, body) }),
  route(couponEndpoints.update, { log: { zh: '编辑优惠券', en: 'Edit a coupon' }, handler: ({ params, body, ctx }) => updateCoupon(ctx, params.id, body) }),
  route(couponEndpoints.void, { log: { zh: '作废优惠券', en: 'Void a coupon' }, important: true, handler: ({ params, ctx }) => voidCoupon(ctx, params.id) }),
  route(couponEndpoints.remove, { log: { zh: '删除优惠券', en: 'Delete a coupon' }, important: true, handler: ({ params, ctx }) => deleteCoupon(ctx, params.id) }),
  route(couponEndpoints.claims, { handler: ({ query, ctx }) => listClaims(ctx, query) }),
  route(couponEndpoints.cancelClaim, { log: { zh: '作废会员优惠券', en: 'Void a member\'s coupon' }, important: true, handler: ({ params, body, admin, ctx }) => cancelClaim(ctx, admin, params.id, body.reason) }),
  route(seckillEndpoints.list, { handler: ({ query, ctx }) => listSeckills(ctx, query) }),
  route(seckillEndpoints.detail, { handler: ({ params, ctx }) => getSeckill(ctx, params.id) }),
  route(seckillEndpoints.create, { log: (req) => ((req.body as { publish?: number })?.publish === 1 ? { zh: '添加并发布限时抢购', en: 'Add and publish a flash sale' } : { zh: '添加限时抢购', en: 'Add a flash sale' }), handler: ({ body, ctx }) => createSeckill(ctx, body) }),
  route(seckillEndpoints.update, { log: { zh: '编辑限时抢购', en: 'Edit a flash sale' }, handler: ({ params, body, ctx }) => updateSeckill(ctx, params.id, body) }),
  route(seckillEndpoints.publish, { log: { zh: '发布限时抢购', en: 'Publish a flash sale' }, handler: ({ params, ctx }) => publishSeckill(ctx, params.id) }),
  route(seckillEndpoints.close, { log: { zh: '关闭限时抢购', en: 'Close a flash sale' }, important: true, handler: ({ params, ctx }) => closeSeckill(ctx, params.id) }),
  route(seckillEndpoints.remove, { log: { zh: '删除限时抢购', en: 'Delete a flash sale' }, important: true, handler: ({ params, ctx }) => deleteSeckill(ctx, params.id) }),
  route(seckillEndpoints.applies, { handler: ({ query, ctx }) => listApplies(ctx, query) }),
  route(seckillEndpoints.audit, {
    log: (req) => ((req.body as { status?: string })?.status === 'PASS' ? { zh: '审核通过限时抢购商品', en: 'Pass flash-sale goods' } : { zh: '审核拒绝限时抢购商品', en: 'Refuse flash-sale goods' }),
    important: true,
    handler: ({ body, admin, ctx }) => auditApplies(ctx, admin, body.apply_ids, body.status, body.fail_reason),
  }),
  route(pintuanEndpoints.list, { handler: ({ query, ctx }) => listPintuans(ctx, query) }),
  route(pintuanEndpoints.detail, { handler: ({ params, ctx }) => getPintuan(ctx, params.id) }),
  route(pintuanEndpoints.openClose, {
    log: (req) => ((req.params as { opera_type?: string }).opera_type === 'open' ? { zh: '开启拼团活动', en: 'Open a group buy' } : { zh: '关闭拼团活动', en: 'Close a group buy' }),
    important: true,
    handler: ({ params, ctx }) => openClosePintuan(ctx, params.id, params.opera_type),
  }),
  route(pointsMallEndpoints.cats, { handler: ({ ctx }) => exchangeCatTree(ctx) }),
  route(pointsMallEndpoints.createCat, { log: { zh: '添加积分分类', en: 'Add an exchange category' }, handler: ({ body, ctx }) => createExchangeCat(ctx, body) }),
  route(pointsMallEndpoints.updateCat, { log: { zh: '编辑积分分类', en: 'Edit an exchange category' }, handler: ({ params, body, ctx }) => updateExchangeCat(ctx, params.id, body) }),
  route(pointsMallEndpoints.removeCat, { log: { zh: '删除积分分类', en: 'Delete an exchange category' }, important: true, handler: ({ params, ctx }) => deleteExchangeCat(ctx, params.id) }),
  route(pointsMallEndpoints.goods, { handler: ({ query, ctx }) => listExchangeGoods(ctx, query) }),
  route(pointsMallEndpoints.addGoods, { log: { zh: '设置积分商品', en: 'Set exchange goods' }, handler: ({ body, ctx }) => addExchangeGoods(ctx, body) }),
  route(pointsMallEndpoints.updateGoods, { log: { zh: '编辑积分商品', en: 'Edit an exchange goods item' }, handler: ({ params, body, ctx }) => updateExchangeGoods(ctx, params.id, body) }),
  route(pointsMallEndpoints.orders, { handler: ({ query, ctx }) => listExchangeOrders(ctx, query) }),
  route(pointsMallEndpoints.exportOrders, exportRoute(exchangeOrderExport, { contents: 'records', log: { zh: '导出兑换订单', en: 'Export exchange orders' }, important: true })),
  route(pointsMallEndpoints.removeGoods, { log: { zh: '移除积分商品', en: 'Remove exchange goods' }, important: true, handler: ({ params, ctx }) => removeExchangeGoods(ctx, params.ids) }),
  route(signInEndpoints.list, { handler: ({ query, ctx }) => listSignActivities(ctx, query) }),
  route(signInEndpoints.detail, { handler: ({ params, ctx }) => getSignActivity(ctx, params.id) }),
  route(signInEndpoints.create, { log: { zh: '添加签到活动', en: 'Add a sign-in activity' }, handler: ({ body, ctx }) => createSignActivity(ctx, body) }),
  route(signInEndpoints.update, { log: { zh: '编辑签到活动', en: 'Edit a sign-in activity' }, handler: ({ params, body, ctx }) => updateSignActivity(ctx, params.id, body) }),
  route(signInEndpoints.close, { log: { zh: '关闭签到活动', en: 'Close a sign-in activity' }, important: true, handler: ({ params, ctx }) => closeSignActivity(ctx, params.id) }),
  route(signInEndpoints.remove, { log: { zh: '删除签到活动', en: 'Delete a sign-in activity' }, important: true, handler: ({ params, ctx }) => deleteSignActivity(ctx, params.id) }),
  route(signInEndpoints.coupons, { handler: ({ ctx }) => signCouponOptions(ctx) }),
  route(signInEndpoints.records, { handler: ({ query, ctx }) => listSignRecords(ctx, query) }),
  route(pointsMallEndpoints.exchange, { handler: ({ body, req, ctx }) => memberExchange(ctx, { ...body, ip: req.ip }) }),
  route(signInEndpoints.checkIn, { handler: ({ body, req, ctx }) => memberSignIn(ctx, { ...body, ip: req.ip }) }),
];
