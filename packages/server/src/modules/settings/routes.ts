import { accountSettingsBody, newComerCouponSettingsBody, pointSettingsBody, siteSettingsBody } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
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

/** Spec §7 "Settings"; DOMAIN §2.29. Every save needs a passed second step (DOMAIN §1.4, §3.10). */
const PERMISSION = 'systemSettings';

export const settingsRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/settings/site',
    permission: PERMISSION,
    handler: ({ ctx }) => readSite(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/settings/site',
    permission: PERMISSION,
    twoStep: true,
    body: siteSettingsBody,
    log: '修改站点设置',
    important: true,
    handler: ({ body, ctx }) => saveSite(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/settings/point',
    permission: PERMISSION,
    handler: ({ ctx }) => readPoint(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/settings/point',
    permission: PERMISSION,
    twoStep: true,
    body: pointSettingsBody,
    log: '修改积分设置',
    important: true,
    handler: ({ body, ctx }) => savePoint(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/settings/account',
    permission: PERMISSION,
    handler: ({ ctx }) => readAccount(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/settings/account',
    permission: PERMISSION,
    twoStep: true,
    body: accountSettingsBody,
    log: '修改账户安全设置',
    important: true,
    handler: ({ body, ctx }) => saveAccount(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/settings/new-comer-coupon',
    permission: PERMISSION,
    handler: ({ ctx }) => readNewComerCoupon(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/settings/new-comer-coupon',
    permission: PERMISSION,
    twoStep: true,
    body: newComerCouponSettingsBody,
    log: '修改新人优惠券设置',
    important: true,
    handler: ({ body, ctx }) => saveNewComerCoupon(ctx, body),
  }),
];
