import { cleanDataEndpoints, settingsEndpoints } from '@agora/contract';
import { auditIn } from '../../platform/audit.js';
import { cleanAll } from './clean.js';
import { route } from '../../platform/http.js';
import {
  readAccount,
  readNewComerCoupon,
  readPoint,
  readSite,
  saveAccount,
  saveNewComerCoupon,
  savePoint,
  saveSite,
} from './service.js';

/** Every save is important; the contract declares each behind the second step (DOMAIN §1.4, §3.10). */
const save = { important: true } as const;

export const settingsRoutes = [
  route(settingsEndpoints.site, { handler: ({ ctx }) => readSite(ctx) }),
  route(settingsEndpoints.saveSite, { ...save, log: { zh: '修改站点设置', en: 'Edit site settings' }, handler: ({ body, ctx }) => saveSite(ctx, body) }),
  route(settingsEndpoints.point, { handler: ({ ctx }) => readPoint(ctx) }),
  route(settingsEndpoints.savePoint, { ...save, log: { zh: '修改积分设置', en: 'Edit points settings' }, handler: ({ body, ctx }) => savePoint(ctx, body) }),
  route(settingsEndpoints.account, { handler: ({ ctx }) => readAccount(ctx) }),
  route(settingsEndpoints.saveAccount, { ...save, log: { zh: '修改账户安全设置', en: 'Edit account security settings' }, handler: ({ body, ctx }) => saveAccount(ctx, body) }),
  route(settingsEndpoints.newComerCoupon, { handler: ({ ctx }) => readNewComerCoupon(ctx) }),
  // Destructive: behind the second step, written to the system log as important in the clearing's own transaction.
  route(cleanDataEndpoints.cleanAll, { ...save, log: { zh: '清除所有业务数据', en: 'Clear all business data' }, handler: ({ ctx, req }) => cleanAll(ctx, auditIn(req)) }),
  route(settingsEndpoints.saveNewComerCoupon, { ...save, log: { zh: '修改新人优惠券设置', en: 'Edit newcomer coupon settings' }, handler: ({ body, ctx }) => saveNewComerCoupon(ctx, body) }),
];
