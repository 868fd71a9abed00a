import { settingsEndpoints } from '@agora/contract';
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

/** Every save needs a passed second step (DOMAIN §1.4, §3.10). */
const save = { twoStep: true, important: true } as const;

export const settingsRoutes = [
  route(settingsEndpoints.site, { handler: ({ ctx }) => readSite(ctx) }),
  route(settingsEndpoints.saveSite, { ...save, log: '修改站点设置', handler: ({ body, ctx }) => saveSite(ctx, body) }),
  route(settingsEndpoints.point, { handler: ({ ctx }) => readPoint(ctx) }),
  route(settingsEndpoints.savePoint, { ...save, log: '修改积分设置', handler: ({ body, ctx }) => savePoint(ctx, body) }),
  route(settingsEndpoints.account, { handler: ({ ctx }) => readAccount(ctx) }),
  route(settingsEndpoints.saveAccount, { ...save, log: '修改账户安全设置', handler: ({ body, ctx }) => saveAccount(ctx, body) }),
  route(settingsEndpoints.newComerCoupon, { handler: ({ ctx }) => readNewComerCoupon(ctx) }),
  route(settingsEndpoints.saveNewComerCoupon, { ...save, log: '修改新人优惠券设置', handler: ({ body, ctx }) => saveNewComerCoupon(ctx, body) }),
];
